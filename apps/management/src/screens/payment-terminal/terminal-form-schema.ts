import { text } from '@brigade/domain/text';
import { z } from 'zod';
import type { CardEntryState } from '../../payments-kit/card-frame';
import { toMinor } from '../../payments-kit/format';
import type { AuthoriseBody } from '../../payments-kit/payments-api';
import { dollars } from '../../payments-kit/schemas';

/*
 * The virtual terminal's form: amounts typed in dollars (the API takes cents), the same limits and messages
 * as the API's authorise schema. The card is either typed into the hosted frame (which gives its token, not
 * part of the form) or a stored customer profile chosen in the form (`storedCard`: "profileId/acctId").
 */

export const terminalFormSchema = z.object({
  amount: dollars('Amount', 0.01),
  tipAmount: dollars('Tip', 0).optional(),
  orderReference: text().trim().max(50, 'Order reference cannot exceed 50 characters').optional(),
  name: text().trim().max(30, 'Name cannot exceed 30 characters').optional(),
  postal: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9 -]{1,10}$/, 'Postal code must be 1-10 letters, digits, spaces or hyphens')
    .optional(),
  mode: z.enum(['sale', 'authorise']),
  source: z.enum(['card', 'profile']),
  storedCard: z.string().optional(),
});

export type TerminalFormInput = z.input<typeof terminalFormSchema>;
export type TerminalFormValues = z.output<typeof terminalFormSchema>;

export const TERMINAL_DEFAULTS: TerminalFormInput = {
  amount: undefined as unknown as number,
  tipAmount: undefined,
  orderReference: '',
  name: '',
  postal: '',
  mode: 'sale',
  source: 'card',
  storedCard: undefined,
};

export const CHOOSE_STORED_CARD = 'Choose a stored card';

/** The stored account chosen in the form ("profileId/acctId"), or null. */
export function storedCardOf(values: TerminalFormValues): { profileId: string; acctId: string } | null {
  const [profileId, acctId] = values.storedCard?.split('/') ?? [];
  return values.source === 'profile' && profileId && acctId ? { profileId, acctId } : null;
}

/** The authorise request of the form's values and the card: the frame's token, or a stored profile. */
export function authoriseBodyOf(
  values: TerminalFormValues,
  card: Extract<CardEntryState, { kind: 'token' }> | { profileId: string; acctId: string },
): AuthoriseBody {
  const body: AuthoriseBody = {
    amount: toMinor(values.amount),
    capture: values.mode === 'sale',
    ...('token' in card
      ? { token: card.token, expiry: card.expiry }
      : { profile: { profileId: card.profileId, acctId: card.acctId } }),
  };
  if (values.tipAmount) body.tipAmount = toMinor(values.tipAmount);
  if (values.orderReference) body.orderReference = values.orderReference;
  if (values.name) body.name = values.name;
  if (values.postal) body.postal = values.postal;
  return body;
}
