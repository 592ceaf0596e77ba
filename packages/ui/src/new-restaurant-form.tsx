import type { Jsonify } from '@brigade/api-client/client';
import { createRestaurant } from '@brigade/contracts/restaurants';
import { createRestaurantInputSchema, type Restaurant } from '@brigade/domain/restaurant';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { z } from 'zod';
import { CheckboxField } from './app-kit/choice-fields';
import { Form, FormError, FormRow, FormSection } from './app-kit/form';
import { TextField } from './app-kit/form-fields';
import { applyServerErrors } from './app-kit/server-errors';
import { useZodForm } from './app-kit/use-zod-form';
import { usePlatform } from './platform';

/*
 * A new restaurant (docs/behaviour/onboarding.md): the fields a restaurant needs to open its website and take
 * orders, validated with the API's own rules. Online orders are accepted automatically unless the owner
 * unticks it (issue 41: new restaurants auto-accept; the stored default of the setting stays false), and an
 * accepted order is promised ready after the ordering settings' lead time.
 */
const fields = createRestaurantInputSchema.pick({ name: true, concept: true, address: true, contact: true });
const schema = fields.extend({ autoAcceptOrders: z.boolean() });

export type CreatedRestaurant = Jsonify<Restaurant>;

const blank = {
  name: '',
  concept: 'Restaurant',
  address: { street: '', city: '', state: '', zipCode: '', country: 'US' },
  contact: { phone: '', email: '' },
  autoAcceptOrders: true,
};

export function NewRestaurantForm({
  tenantId,
  id,
  onCreated,
  footer,
  onPendingChange,
}: {
  tenantId: number;
  id: string;
  onCreated: (restaurant: CreatedRestaurant) => void;
  /** The submit button, when the form is not in a dialog whose footer has it. */
  footer?: ReactNode;
  onPendingChange?: (pending: boolean) => void;
}) {
  const { client } = usePlatform();
  const form = useZodForm(schema, { defaultValues: blank });
  const [formError, setFormError] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: async ({ autoAcceptOrders, ...restaurant }: z.output<typeof schema>) =>
      (
        await client.call(createRestaurant, {
          params: { tenantId },
          body: { ...restaurant, settings: { autoAcceptOrders } },
        })
      ).data.restaurant,
    onMutate: () => onPendingChange?.(true),
    onSettled: () => onPendingChange?.(false),
    onSuccess: onCreated,
    onError: (error) => setFormError(applyServerErrors(error, form)),
  });
  return (
    <Form form={form} id={id} label="New restaurant" onSubmit={(values) => create.mutate(values)}>
      <FormError message={formError} />
      <FormRow>
        <TextField name="name" label="Restaurant name" autoComplete="organization" />
        <TextField name="concept" label="Concept" hint="e.g. Seafood, Noodles, Café." />
      </FormRow>
      <FormSection title="Address">
        <TextField name="address.street" label="Street" autoComplete="address-line1" />
        <FormRow>
          <TextField name="address.city" label="City" autoComplete="address-level2" />
          <TextField name="address.state" label="State" autoComplete="address-level1" />
          <TextField name="address.zipCode" label="ZIP code" autoComplete="postal-code" />
        </FormRow>
      </FormSection>
      <FormRow>
        <TextField name="contact.phone" label="Phone" type="tel" autoComplete="tel" />
        <TextField name="contact.email" label="Email" type="email" autoComplete="email" />
      </FormRow>
      <CheckboxField
        name="autoAcceptOrders"
        label="Accept online orders automatically"
        hint="Orders go straight to the kitchen, promised ready after the lead time (20 minutes; change it in Ordering settings)."
      />
      {footer}
    </Form>
  );
}
