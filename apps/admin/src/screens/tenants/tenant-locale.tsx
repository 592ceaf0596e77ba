import { tenantSettingsSchema } from '@brigade/domain/tenant';
import { Form, FormError, FormRow } from '@brigade/ui/app-kit/form';
import { TextField, TimeZoneField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { type TenantRow, useTenantMutations } from '../../queries';

/**
 * The tenant's settings: time zone (IANA), currency (3 letters) and date format; the feature
 * list is kept as it is. The settings are sent whole, as the API replaces them.
 */
export function TenantLocaleForm({ tenant }: { tenant: TenantRow }) {
  const form = useZodForm(tenantSettingsSchema, { defaultValues: tenant.settings });
  const { update } = useTenantMutations();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <section className="ui-card admin-section" aria-labelledby="tenant-locale-title">
      <h2 id="tenant-locale-title" className="admin-section__title">
        Settings
      </h2>
      <Form
        form={form}
        label="Tenant settings"
        onSubmit={(settings) =>
          update.mutate(
            {
              tenantId: tenant.tenantId,
              settings: { ...settings, currency: settings.currency.toUpperCase() },
            },
            {
              onSuccess: () => toast.success('Settings saved'),
              onError: (error) => setFormError(applyServerErrors(error, form)),
            },
          )
        }
      >
        <FormError message={formError} />
        <FormRow>
          <TimeZoneField
            name="timezone"
            label="Time zone"
            hint="Type a city to pick its zone, e.g. New York."
          />
          <TextField name="currency" label="Currency" hint="A 3-letter code, e.g. USD." />
          <TextField name="dateFormat" label="Date format" hint="e.g. MM/DD/YYYY." />
        </FormRow>
        <div className="admin-form-actions">
          <Button type="submit" loading={update.isPending} loadingText="Saving...">
            Save settings
          </Button>
        </div>
      </Form>
    </section>
  );
}
