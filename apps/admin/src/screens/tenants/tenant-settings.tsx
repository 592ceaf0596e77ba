import { planChangeRefusal, updateTenantInputSchema } from '@brigade/domain/tenant';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { Form, FormError, FormRow } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { planOptions, statusOptions } from '../../components/labels';
import { type TenantRow, useTenantMutations } from '../../queries';

const schema = updateTenantInputSchema.pick({ displayName: true, plan: true, status: true });

/**
 * Display name, plan and status (only site administrators change plan and status). A plan whose cap is below
 * the tenant's restaurant count is refused here as the server refuses it.
 */
export function TenantSettingsForm({
  tenant,
  restaurantCount,
}: {
  tenant: TenantRow;
  restaurantCount?: number;
}) {
  const form = useZodForm(schema, {
    defaultValues: { displayName: tenant.displayName, plan: tenant.plan, status: tenant.status },
  });
  const { update } = useTenantMutations();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <section className="ui-card admin-section" aria-labelledby="tenant-settings-title">
      <h2 id="tenant-settings-title" className="admin-section__title">
        Plan and status
      </h2>
      <Form
        form={form}
        label="Plan and status"
        onSubmit={(body) => {
          const refusal = body.plan && planChangeRefusal(body.plan, restaurantCount ?? 0);
          if (refusal) {
            form.setError('plan', { message: refusal });
            return;
          }
          update.mutate(
            { tenantId: tenant.tenantId, ...body },
            {
              onSuccess: () => toast.success('Tenant saved'),
              onError: (error) => setFormError(applyServerErrors(error, form)),
            },
          );
        }}
      >
        <FormError message={formError} />
        <TextField name="displayName" label="Display name" />
        <FormRow>
          <SelectField name="plan" label="Plan" options={planOptions} />
          <SelectField name="status" label="Status" options={statusOptions} />
        </FormRow>
        <div className="admin-form-actions">
          <Button type="submit" loading={update.isPending} loadingText="Saving...">
            Save tenant
          </Button>
        </div>
      </Form>
    </section>
  );
}
