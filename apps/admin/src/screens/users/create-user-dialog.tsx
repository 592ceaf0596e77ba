import { adminCreateUserSchema } from '@brigade/domain/user';
import { CheckboxField, SelectField } from '@brigade/ui/app-kit/choice-fields';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError, FormRow, useFieldValue } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Dialog } from '@brigade/ui/components/dialog';
import { PasswordStrength } from '@brigade/ui/components/password-strength';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { roleOptions } from '../../components/labels';
import { type TenantRow, useCreateUser } from '../../queries';

const FORM_ID = 'create-user-form';

function CreateUserFields({ tenants }: { tenants: readonly TenantRow[] }) {
  const password = useFieldValue<string | undefined>('password') ?? '';
  const ownWords = [
    useFieldValue<string | undefined>('email'),
    useFieldValue<string | undefined>('firstName'),
    useFieldValue<string | undefined>('lastName'),
  ].filter((word): word is string => Boolean(word));
  return (
    <>
      <FormRow>
        <TextField name="firstName" label="First name" autoComplete="off" autoFocus />
        <TextField name="lastName" label="Last name" autoComplete="off" />
      </FormRow>
      <FormRow>
        <TextField name="email" label="Email" type="email" autoComplete="off" />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={<PasswordStrength password={password} ownWords={ownWords} />}
        />
      </FormRow>
      <FormRow>
        <SelectField
          name="tenantId"
          label="Tenant"
          hint="Optional: assign them to a tenant at once."
          placeholder="No tenant"
          options={tenants.map((t) => ({ value: t.tenantId, label: `${t.displayName} (${t.tenantId})` }))}
        />
        <SelectField
          name="tenantRole"
          label="Role in the tenant"
          placeholder="No role"
          options={roleOptions}
        />
      </FormRow>
      <CheckboxField name="isActive" label="Active" />
      <CheckboxField name="emailVerified" label="Email verified" />
      <CheckboxField name="isSiteAdmin" label="Site administrator" />
    </>
  );
}

/** Create a user with a password, optionally straight into a tenant with a role. */
export function CreateUserDialog({
  tenants,
  onClose,
}: {
  tenants: readonly TenantRow[];
  onClose: () => void;
}) {
  const form = useZodForm(adminCreateUserSchema, {
    defaultValues: {
      email: '',
      password: '',
      firstName: '',
      lastName: '',
      isSiteAdmin: false,
      isActive: true,
      emailVerified: false,
    },
  });
  const create = useCreateUser();
  const toast = useToast();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Create user"
      description="They sign in with this email and password; share the password with them safely."
      size="lg"
      footer={
        <DialogFormFooter
          formId={FORM_ID}
          onCancel={onClose}
          pending={create.isPending}
          submitLabel="Create user"
        />
      }
    >
      <Form
        form={form}
        id={FORM_ID}
        label="Create user"
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: (user) => {
              toast.success(`${user.displayName || user.email} created`);
              onClose();
              navigate(`/users/${encodeURIComponent(user.uid)}`);
            },
            onError: (error) => setFormError(applyServerErrors(error, form)),
          })
        }
      >
        <FormError message={formError} />
        <CreateUserFields tenants={tenants} />
      </Form>
    </Dialog>
  );
}
