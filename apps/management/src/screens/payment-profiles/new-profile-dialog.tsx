import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form } from '@brigade/ui/app-kit/form';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useState } from 'react';
import { z } from 'zod';
import { isUnanswered, useIdempotentAttempts } from '../../payments-kit/idempotency';
import { type ProfileCreateBody, useCreateProfile } from '../../payments-kit/profiles-api';
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

/** The customer's details, with the API's limits and messages; the card comes from the hosted frame. */
export const profileFormSchema = z.object({ name: profileName(), ...profileContactFields });
type ProfileFormValues = z.output<typeof profileFormSchema>;
const DEFAULTS = { name: '', postal: '', email: '', phone: '' };

export function profileBodyOf(values: ProfileFormValues, card: CardToken): ProfileCreateBody {
  return { token: card.token, expiry: card.expiry, name: values.name, ...filledOf(values, CONTACT_NAMES) };
}

/**
 * "Add a card": the customer's name and contact, and the card typed into the processor's hosted frame. A
 * retry after no answer reuses the attempt's Idempotency-Key, so the card is not stored twice.
 */
export function NewProfileDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const attempts = useIdempotentAttempts();
  const create = useCreateProfile(attempts);
  const form = useZodForm(profileFormSchema, { defaultValues: DEFAULTS });
  const hosted = useHostedCard();
  const [problem, setProblem] = useState<Problem | null>(null);

  const submit = async (values: ProfileFormValues) => {
    setProblem(null);
    const card = hosted.tokenOrComplain();
    if (!card) return;
    try {
      await create.mutateAsync(profileBodyOf(values, card));
      toast.success('Card stored');
      onClose();
    } catch (error) {
      const text = applyServerErrors(error, form);
      if (text) setProblem({ text, unanswered: isUnanswered(error) });
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Add a card"
      description="The card is stored by the card processor; Brigade keeps only its brand, last four digits and expiry."
      footer={
        <DialogFormFooter
          formId={formId}
          onCancel={onClose}
          pending={create.isPending}
          submitLabel={problem?.unanswered ? 'Try again' : 'Store card'}
          pendingLabel="Storing..."
        />
      }
    >
      <Form form={form} onSubmit={submit} id={formId} label="Add a card">
        <ProfileContactSection />
        {hosted.section}
        <ProfileProblem problem={problem} title="The card was not stored" />
      </Form>
    </Dialog>
  );
}
