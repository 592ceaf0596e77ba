import { PLAN_RESTAURANT_CAPS, type TenantPlan } from '@brigade/domain/tenant';
import { seedTenantInputSchema } from '@brigade/domain/tenant-seed';
import { SelectField } from '@brigade/ui/app-kit/choice-fields';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError, FormRow, FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { planOptions, statusOptions } from '../../components/labels';
import { useTenantMutations } from '../../queries';

const FORM_ID = 'seed-tenant-form';
// The API's own body schema: the spec's tenant and restaurant messages, restaurants named by position.
const schema = seedTenantInputSchema;

const blankRestaurant = () => ({
  name: '',
  concept: '',
  address: { street: '', city: '', state: '', zipCode: '', country: 'US' },
  contact: { phone: '', email: '' },
});

function RestaurantFields({ index, onRemove }: { index: number; onRemove: () => void }) {
  const at = (field: string) => `restaurants.${index}.${field}`;
  return (
    <FormSection title={`Restaurant ${index + 1}`}>
      <FormRow>
        <TextField name={at('name')} label="Name" autoComplete="off" />
        <TextField name={at('concept')} label="Concept" hint="e.g. Seafood, Noodles." />
      </FormRow>
      <TextField name={at('address.street')} label="Street" />
      <FormRow>
        <TextField name={at('address.city')} label="City" />
        <TextField name={at('address.state')} label="State" />
        <TextField name={at('address.zipCode')} label="ZIP code" />
      </FormRow>
      <FormRow>
        <TextField name={at('contact.phone')} label="Phone" type="tel" />
        <TextField name={at('contact.email')} label="Email" type="email" />
      </FormRow>
      <div>
        <Button variant="ghost" size="sm" onClick={onRemove}>
          Remove restaurant {index + 1}
        </Button>
      </div>
    </FormSection>
  );
}

/** "Up to n restaurants": the chosen plan's cap next to the count, as the server checks it. */
function CapNote({ count }: { count: number }) {
  const plan = useFieldValue<TenantPlan>('tenant.plan');
  const cap = PLAN_RESTAURANT_CAPS[plan];
  return (
    <p className="admin-note" role="status">
      {count} of up to {cap} restaurant{cap === 1 ? '' : 's'} on this plan.
    </p>
  );
}

/**
 * Seed a tenant with restaurants: the tenant and every restaurant in one go, all or nothing;
 * the plan's cap applies to the number of restaurants.
 */
export function SeedTenantDialog({ onClose }: { onClose: () => void }) {
  const form = useZodForm(schema, {
    defaultValues: {
      tenant: { name: '', displayName: '', plan: 'professional', status: 'active' },
      restaurants: [blankRestaurant()],
    },
  });
  const restaurants = useFieldArray({ control: form.control, name: 'restaurants' });
  const { seed } = useTenantMutations();
  const toast = useToast();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <Dialog
      open
      size="lg"
      onClose={onClose}
      title="Seed tenant with restaurants"
      description="The tenant and its restaurants are created together: if one is refused, none is created."
      footer={
        <DialogFormFooter
          formId={FORM_ID}
          onCancel={onClose}
          pending={seed.isPending}
          submitLabel="Create tenant and restaurants"
          pendingLabel="Creating..."
        />
      }
    >
      <Form
        form={form}
        id={FORM_ID}
        label="Seed tenant with restaurants"
        onSubmit={(body) =>
          seed.mutate(body, {
            onSuccess: ({ tenant, restaurants: created }) => {
              toast.success(
                `${tenant.displayName} created with ${created.length} restaurant${created.length === 1 ? '' : 's'}`,
              );
              onClose();
              navigate(`/tenants/${tenant.tenantId}`);
            },
            onError: (error) => setFormError(applyServerErrors(error, form)),
          })
        }
      >
        <FormError message={formError} />
        <FormSection title="Tenant">
          <FormRow>
            <TextField name="tenant.name" label="Business name" autoComplete="off" />
            <TextField name="tenant.displayName" label="Display name" autoComplete="off" />
          </FormRow>
          <FormRow>
            <SelectField name="tenant.plan" label="Plan" options={planOptions} />
            <SelectField name="tenant.status" label="Status" options={statusOptions} />
          </FormRow>
        </FormSection>
        {restaurants.fields.map((field, index) => (
          <RestaurantFields key={field.id} index={index} onRemove={() => restaurants.remove(index)} />
        ))}
        <CapNote count={restaurants.fields.length} />
        <div>
          <Button variant="secondary" onClick={() => restaurants.append(blankRestaurant())}>
            Add restaurant
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
