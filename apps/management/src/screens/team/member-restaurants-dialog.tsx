import { memberRestaurantsInputSchema } from '@brigade/domain/invitation';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError } from '@brigade/ui/app-kit/form';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import type { z } from 'zod';
import { type Member, useMemberMutations } from './queries';
import { RestaurantsPart } from './restaurants-part';

/** Where a manager or employee works (issue 45 item 15), changed by an owner or admin; it counts at once. */
export function MemberRestaurantsDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const { setRestaurants } = useMemberMutations();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(memberRestaurantsInputSchema, {
    defaultValues: { restaurantIds: member.restaurantIds },
  });
  const onSubmit = async (values: z.output<typeof memberRestaurantsInputSchema>) => {
    setFormError(null);
    try {
      await setRestaurants.mutateAsync({ uid: member.uid, restaurantIds: values.restaurantIds });
      toast.success(`${member.displayName}'s restaurants were saved`);
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Where ${member.displayName} works`}
      description="They see and change only these restaurants, from their next click."
      footer={
        <DialogFormFooter
          formId="member-restaurants"
          onCancel={onClose}
          pending={form.formState.isSubmitting}
          submitLabel="Save"
          pendingLabel="Saving..."
        />
      }
    >
      <Form form={form} onSubmit={onSubmit} id="member-restaurants">
        <FormError message={formError} />
        <RestaurantsPart scoped />
      </Form>
    </Dialog>
  );
}
