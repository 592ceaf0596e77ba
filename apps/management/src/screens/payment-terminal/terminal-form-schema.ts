import { text } from '@brigade/domain/text';
import { z } from 'zod';
import type { CardEntryState } from '../../payments-kit/card-frame';
import { toMinor } from '../../payments-kit/format';
import type { AuthoriseBody } from '../../payments-kit/payments-api';
import { dollars } from '../../payments-kit/schemas';

/*
 * The virtual terminal's form: amounts typed in dollars (the API takes cents), the same limits and messages
 * as the API's authorise schema. The card is not part of the form: the hosted frame gives its token.
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
};

/** The authorise request of the form's values and the frame's card token. */
export function authoriseBodyOf(
  values: TerminalFormValues,
  card: Extract<CardEntryState, { kind: 'token' }>,
): AuthoriseBody {
  const body: AuthoriseBody = {
    amount: toMinor(values.amount),
    capture: values.mode === 'sale',
    token: card.token,
    expiry: card.expiry,
  };
  if (values.tipAmount) body.tipAmount = toMinor(values.tipAmount);
  if (values.orderReference) body.orderReference = values.orderReference;
  if (values.name) body.name = values.name;
  if (values.postal) body.postal = values.postal;
  return body;
}
