import { profileContact, profileName } from '@brigade/domain/payments/api-profiles';
import { FormError, FormRow, FormSection } from '@brigade/ui/app-kit/form';
import { TextField } from '@brigade/ui/app-kit/form-fields';
import { Alert } from '@brigade/ui/components/alert';
import { useState } from 'react';
import { type CardEntryState, CardFrame } from '../../payments-kit/card-frame';

/*
 * What the profile dialogs share (store a card, add a card to a profile, edit a stored card): the customer's
 * fields with the API's limits and messages, the hosted card frame, and the problem shown under the form.
 */

/** The name (required for a new profile; `.optional()` on a second card or an edit) and contact fields. */
export { profileContact as profileContactFields, profileName };

/** The given optional fields of a form's values, without the empty ones. */
export function filledOf<K extends string>(
  values: Partial<Record<K, string | undefined>>,
  names: readonly K[],
): Partial<Record<K, string>> {
  const filled: Partial<Record<K, string>> = {};
  for (const name of names) {
    const value = values[name];
    if (value) filled[name] = value;
  }
  return filled;
}

export const CONTACT_NAMES = ['postal', 'email', 'phone'] as const;

/** Name (required or optional), email, phone and ZIP code. */
export function ProfileContactSection({ nameHint }: { nameHint?: string }) {
  return (
    <FormSection title="Customer">
      <TextField name="name" label="Name" hint={nameHint} maxLength={30} autoComplete="off" />
      <FormRow>
        <TextField name="email" label="Email" hint="Optional" type="email" autoComplete="off" />
        <TextField name="phone" label="Phone" hint="Optional" type="tel" autoComplete="off" />
      </FormRow>
      <TextField name="postal" label="ZIP code" hint="Optional" autoComplete="off" />
    </FormSection>
  );
}

export type CardToken = Extract<CardEntryState, { kind: 'token' }>;

/** The card typed into the hosted frame: `tokenOrComplain()` gives its token, or shows why there is none. */
export function useHostedCard() {
  const [card, setCard] = useState<CardEntryState>({ kind: 'empty' });
  const [cardError, setCardError] = useState<string | null>(null);
  const tokenOrComplain = (): CardToken | null => {
    if (card.kind === 'token') return card;
    setCardError(card.kind === 'invalid' ? card.message : 'Enter the card details in the card box first');
    return null;
  };
  const section = (
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
  );
  return { tokenOrComplain, section };
}

export interface Problem {
  text: string;
  unanswered: boolean;
}

/** The answer that did not come (safe to try again with the same key), or the refusal. */
export function ProfileProblem({ problem, title }: { problem: Problem | null; title: string }) {
  return problem?.unanswered ? (
    <Alert tone="warning" title="No answer yet">
      {problem.text} Trying again is safe: it is sent with the same key.
    </Alert>
  ) : (
    <FormError message={problem?.text ?? null} title={title} />
  );
}
