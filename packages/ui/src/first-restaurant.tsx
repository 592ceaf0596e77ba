import { sendAdminMessage } from '@brigade/contracts/admin-messages';
import { ADMIN_MESSAGE_TEXT_MESSAGE } from '@brigade/domain/admin-messages';
import { PLANS_THAT_CAN_CREATE_RESTAURANTS } from '@brigade/domain/tenant';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { Form, FormError } from './app-kit/form';
import { TextareaField } from './app-kit/form-fields';
import { applyServerErrors } from './app-kit/server-errors';
import { useZodForm } from './app-kit/use-zod-form';
import { Alert } from './components/alert';
import { Button } from './components/button';
import { myRestaurantsKey } from './lib/queries';
import type { MyRestaurant, MyTenant } from './lib/types';
import { type CreatedRestaurant, NewRestaurantForm } from './new-restaurant-form';
import { usePlatform } from './platform';

/*
 * An organization with no restaurant yet (docs/behaviour/onboarding.md): its owner or admin creates the first
 * one here when the plan lets them (professional, enterprise), or asks the site administrators for it (a
 * starter plan's one restaurant is set up by them). Others see the empty state.
 */

const mine = (created: CreatedRestaurant): MyRestaurant => ({
  restaurantId: created.restaurantId,
  guid: created.guid,
  tenantId: created.tenantId,
  name: created.name,
  slug: created.slug,
  status: created.status,
  street: created.address.street,
  city: created.address.city,
});

export const canStartRestaurant = (tenant: MyTenant) => tenant.role === 'owner' || tenant.role === 'admin';

export function FirstRestaurant({
  tenant,
  onCreated,
}: {
  tenant: MyTenant;
  onCreated: (restaurant: MyRestaurant) => void;
}) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  if (!PLANS_THAT_CAN_CREATE_RESTAURANTS.includes(tenant.plan)) return <AskForRestaurant tenant={tenant} />;
  return (
    <section className="ui-first-restaurant" aria-labelledby="first-restaurant-title">
      <h3 id="first-restaurant-title" className="ui-first-restaurant__title">
        Create your first restaurant
      </h3>
      <p className="ui-first-restaurant__text">
        {tenant.displayName || tenant.name} has no restaurant yet. Add it to set up its menu, website and
        online ordering.
      </p>
      <NewRestaurantForm
        tenantId={tenant.tenantId}
        id="first-restaurant-form"
        onPendingChange={setPending}
        onCreated={(created) => {
          void queryClient.invalidateQueries({ queryKey: myRestaurantsKey(tenant.tenantId) });
          onCreated(mine(created));
        }}
        footer={
          <div className="form-footer">
            <Button type="submit" loading={pending} loadingText="Creating...">
              Create restaurant
            </Button>
          </div>
        }
      />
    </section>
  );
}

const requestSchema = z.object({
  text: z.string().trim().min(1, ADMIN_MESSAGE_TEXT_MESSAGE).max(2000, ADMIN_MESSAGE_TEXT_MESSAGE),
});

/** A message to the site administrators (the help link, or a starter plan's request for its restaurant). */
export function MessageAdmins({
  kind,
  tenantId,
  label,
  submitLabel,
  sentText,
  id,
}: {
  kind: 'help' | 'restaurant-request';
  tenantId?: number | undefined;
  label: string;
  submitLabel: string;
  sentText: string;
  id: string;
}) {
  const { client } = usePlatform();
  const form = useZodForm(requestSchema, { defaultValues: { text: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: async ({ text }: { text: string }) =>
      (await client.call(sendAdminMessage, { body: { kind, text, ...(tenantId ? { tenantId } : {}) } })).data,
    onError: (error) => setFormError(applyServerErrors(error, form)),
  });
  if (send.isSuccess)
    return (
      <Alert tone="success" title="Message sent">
        {sentText}
      </Alert>
    );
  return (
    <Form
      form={form}
      id={id}
      label="Message to the site administrators"
      onSubmit={(values) => send.mutate(values)}
    >
      <FormError message={formError} />
      <TextareaField name="text" label={label} rows={4} maxLength={2000} />
      <div className="form-footer">
        <Button type="submit" loading={send.isPending} loadingText="Sending...">
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function AskForRestaurant({ tenant }: { tenant: MyTenant }) {
  return (
    <section className="ui-first-restaurant" aria-labelledby="ask-restaurant-title">
      <h3 id="ask-restaurant-title" className="ui-first-restaurant__title">
        Ask for your restaurant
      </h3>
      <p className="ui-first-restaurant__text">
        On the starter plan, the site administrators set up {tenant.displayName || tenant.name}’s restaurant.
        Tell them its name, address and phone, and they will let you know when it is ready.
      </p>
      <MessageAdmins
        kind="restaurant-request"
        tenantId={tenant.tenantId}
        id="ask-restaurant-form"
        label="Your restaurant"
        submitLabel="Send request"
        sentText="The site administrators have your request and will set up your restaurant."
      />
    </section>
  );
}
