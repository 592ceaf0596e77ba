import { text } from '@brigade/domain/text';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError, FormRow, FormSection } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Alert } from '@brigade/ui/components/alert';
import { Dialog } from '@brigade/ui/components/dialog';
import { useId, useState } from 'react';
import { z } from 'zod';
import { type CardEntryState, CardFrame } from '../../payments-kit/card-frame';
import { isUnanswered, useIdempotentAttempts } from '../../payments-kit/idempotency';
import { type ProfileCreateBody, useCreateProfile } from '../../payments-kit/profiles-api';

/** The customer's details, with the API's limits and messages; the card comes from the hosted frame. */
export const profileFormSchema = z.object({
  name: text({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(30, 'Name cannot exceed 30 characters'),
  postal: z
    .string()
    .trim()
    .regex(/^\d{5}(-?\d{4})?$/, 'Postal code must be 5 digits or 5+4')
    .optional(),
  email: z
    .email({ error: 'Email must be an email address' })
    .max(64, 'Email cannot exceed 64 characters')
    .optional(),
  phone: z
    .string()
    .trim()
    .regex(/^[0-9 ()+.-]{1,15}$/, 'Phone must be up to 15 digits, spaces, dashes, parentheses, plus or dots')
    .optional(),
});
type ProfileFormValues = z.output<typeof profileFormSchema>;
const DEFAULTS = { name: '', postal: '', email: '', phone: '' };

export function profileBodyOf(
  values: ProfileFormValues,
  card: Extract<CardEntryState, { kind: 'token' }>,
): ProfileCreateBody {
  const body: ProfileCreateBody = { token: card.token, expiry: card.expiry, name: values.name };
  if (values.postal) body.postal = values.postal;
  if (values.email) body.email = values.email;
  if (values.phone) body.phone = values.phone;
  return body;
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
  const [card, setCard] = useState<CardEntryState>({ kind: 'empty' });
  const [cardError, setCardError] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ text: string; unanswered: boolean } | null>(null);

  const submit = async (values: ProfileFormValues) => {
    setProblem(null);
    if (card.kind !== 'token') {
      setCardError(card.kind === 'invalid' ? card.message : 'Enter the card details in the card box first');
      return;
    }
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
        <FormSection title="Customer">
          <TextField name="name" label="Name" maxLength={30} autoComplete="off" />
          <FormRow>
            <TextField name="email" label="Email" hint="Optional" type="email" autoComplete="off" />
            <TextField name="phone" label="Phone" hint="Optional" type="tel" autoComplete="off" />
          </FormRow>
          <TextField name="postal" label="ZIP code" hint="Optional" autoComplete="off" />
        </FormSection>
        <FormSection title="Card">
          <CardFrame
            state={card}
            generation={0}
            error={cardError}
            onChange={(state) => {
              setCard(state);
              if (state.kind === 'token') setCardError(null);
            }}
          />
        </FormSection>
        {problem?.unanswered ? (
          <Alert tone="warning" title="No answer yet">
            {problem.text} Trying again is safe: it is sent with the same key.
          </Alert>
        ) : (
          <FormError message={problem?.text ?? null} title="The card was not stored" />
        )}
      </Form>
    </Dialog>
  );
}
