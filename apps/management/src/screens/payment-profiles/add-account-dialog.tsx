import { CheckboxField } from '@brigade/ui/app-kit/choice-fields';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormSection } from '@brigade/ui/app-kit/form';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useState } from 'react';
import { z } from 'zod';
import { cardLabel } from '../../payments-kit/format';
import { isUnanswered, useIdempotentAttempts } from '../../payments-kit/idempotency';
import {
  type ProfileAccountBody,
  type StoredProfile,
  useAddProfileAccount,
} from '../../payments-kit/profiles-api';
import {
  type CardToken,
  CONTACT_NAMES,
  filledOf,
  type Problem,
  ProfileContactSection,
  ProfileProblem,
  profileContactFields,
  profileName,
  useHostedCard,
} from './profile-form';

export const accountFormSchema = z.object({
  name: profileName().optional(),
  ...profileContactFields,
  defaultAccount: z.boolean(),
});
type AccountFormValues = z.output<typeof accountFormSchema>;

export function accountBodyOf(values: AccountFormValues, card: CardToken): ProfileAccountBody {
  return {
    token: card.token,
    expiry: card.expiry,
    ...filledOf(values, ['name', ...CONTACT_NAMES]),
    ...(values.defaultAccount ? { defaultAccount: true } : {}),
  };
}

/**
 * "Add another card" to a customer's profile: the card typed into the hosted frame, optionally its own name
 * and contact, and whether it becomes the profile's default. Retries reuse the attempt's Idempotency-Key.
 */
export function AddAccountDialog({ profile, onClose }: { profile: StoredProfile; onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const attempts = useIdempotentAttempts();
  const add = useAddProfileAccount(profile.profileId, attempts);
  const form = useZodForm(accountFormSchema, {
    defaultValues: { name: profile.name ?? '', postal: '', email: '', phone: '', defaultAccount: false },
  });
  const hosted = useHostedCard();
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = async (values: AccountFormValues) => {
    setProblem(null);
    const card = hosted.tokenOrComplain();
    if (!card) return;
    try {
      await add.mutateAsync(accountBodyOf(values, card));
      toast.success('Card added to the profile');
      onClose();
    } catch (error) {
      const text = applyServerErrors(error, form);
      if (text) setProblem({ text, unanswered: isUnanswered(error) });
    }
  };

  const who = profile.name ?? 'the customer';
  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Add another card"
      description={`Stored on ${who}’s profile, beside the ${cardLabel(profile.cardBrand, profile.lastFour)}.`}
      footer={
        <DialogFormFooter
          formId={formId}
          onCancel={onClose}
          pending={add.isPending}
          submitLabel={problem?.unanswered ? 'Try again' : 'Add card'}
          pendingLabel="Storing..."
        />
      }
    >
      <Form form={form} onSubmit={submit} id={formId} label="Add another card">
        <ProfileContactSection nameHint="Optional: the name on this card" />
        {hosted.section}
        <FormSection title="Default">
          <CheckboxField
            name="defaultAccount"
            label="Make this the profile’s default card"
            hint="The default card is the one charged when no card of the profile is chosen."
          />
        </FormSection>
        <ProfileProblem problem={problem} title="The card was not added" />
      </Form>
    </Dialog>
  );
}
