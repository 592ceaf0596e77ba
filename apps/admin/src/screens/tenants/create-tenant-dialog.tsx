import { createTenantInputSchema } from '@brigade/domain/tenant';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError, FormRow } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { planOptions, statusOptions } from '../../components/labels';
import { useTenantMutations } from '../../queries';

const FORM_ID = 'create-tenant-form';
// Name and display name required ("Business name is required", "Display name is required")
const schema = createTenantInputSchema.pick({ name: true, displayName: true, plan: true, status: true });

/** Create a tenant (plan default starter, status active, creation settings defaults). */
export function CreateTenantDialog({ onClose }: { onClose: () => void }) {
  const form = useZodForm(schema, {
    defaultValues: { name: '', displayName: '', plan: 'starter', status: 'active' },
  });
  const { create } = useTenantMutations();
  const toast = useToast();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <Dialog
      open
      onClose={onClose}
      title="Create tenant"
      description="Settings start at the defaults: America/New_York, USD, MM/DD/YYYY."
      footer={
        <DialogFormFooter
          formId={FORM_ID}
          onCancel={onClose}
          pending={create.isPending}
          submitLabel="Create tenant"
          pendingLabel="Creating..."
        />
      }
    >
      <Form
        form={form}
        id={FORM_ID}
        label="Create tenant"
        onSubmit={(body) =>
          create.mutate(body, {
            onSuccess: (tenant) => {
              toast.success(`${tenant.displayName} created`);
              onClose();
              navigate(`/tenants/${tenant.tenantId}`);
            },
            onError: (error) => setFormError(applyServerErrors(error, form)),
          })
        }
      >
        <FormError message={formError} />
        <TextField name="name" label="Business name" autoFocus autoComplete="off" />
        <TextField name="displayName" label="Display name" autoComplete="off" />
        <FormRow>
          <SelectField name="plan" label="Plan" options={planOptions} />
          <SelectField name="status" label="Status" options={statusOptions} />
        </FormRow>
      </Form>
    </Dialog>
  );
}
