import { adminCreateUserSchema } from '@brigade/domain/user';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CheckboxField, SelectField } from '../../components/choice-fields';
import { DialogFormFooter } from '../../components/dialog-form-footer';
import { Form, FormError, FormRow } from '../../components/form';
import { TextField } from '../../components/form-fields';
import { roleOptions } from '../../components/labels';
import { applyServerErrors } from '../../components/server-errors';
import { useToast } from '../../components/toast';
import { useZodForm } from '../../components/use-zod-form';
import { type TenantRow, useCreateUser } from '../../queries';

const FORM_ID = 'create-user-form';

function CreateUserFields({ tenants }: { tenants: readonly TenantRow[] }) {
  return (
    <>
      <FormRow>
        <TextField name="firstName" label="First name" autoComplete="off" autoFocus />
        <TextField name="lastName" label="Last name" autoComplete="off" />
      </FormRow>
      <FormRow>
        <TextField name="email" label="Email" type="email" autoComplete="off" />
        <TextField name="password" label="Password" type="password" autoComplete="new-password" />
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

/** Create a user with a password (spec 01 §6), optionally straight into a tenant with a role. */
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
