import { z } from 'zod';
import { text } from '../text';
import { placePosOrderSchema } from './api';

/**
 * Card-present payments at the register (docs/behaviour/pos.md#paying-by-card): a manager pairs a CardPointe
 * terminal to a register by its hardware serial number (HSN) and the terminal API key (a secret: sealed,
 * never shown again); the register then sends a sale without a cash tender, and the server runs it on the
 * terminal.
 */

export const TERMINAL_HSN_MESSAGE = 'Terminal HSN must be 6 to 40 letters, digits or dashes';
export const TERMINAL_KEY_MESSAGE = 'Give the terminal API key (8 to 200 characters)';
export const NO_TERMINAL = 'This register has no card terminal; pair one in management';
export const TERMINAL_NOT_CONNECTED = 'The card terminal is not connected; check its power and network';
export const TERMINAL_BUSY = 'The card terminal is busy; try again in a moment';
export const TERMINAL_CANCELLED = 'The payment was cancelled on the terminal';
export const TERMINAL_TIMED_OUT = 'The card terminal timed out waiting for the card';
export const TERMINAL_REFUSED_KEY = 'The card terminal service refused the API key; check it in management';
export const TERMINAL_NO_ANSWER =
  'The card terminal did not answer; the payment is being checked, and the check stays open';
export const GATEWAY_NO_ANSWER =
  'The card gateway did not answer; the payment is being checked, and the check stays open';
export const TERMINAL_FAILED = 'The card terminal could not take the payment; try again';
export const PARTIAL_APPROVAL = 'The card approved only part of the amount; the charge was voided';
export const declinedMessage = (processorText: string | null | undefined) =>
  `The card was declined${processorText ? `: ${processorText}` : ''}`;

export const pairTerminalSchema = z.strictObject({
  hsn: text()
    .trim()
    .regex(/^[A-Za-z0-9-]{6,40}$/, TERMINAL_HSN_MESSAGE),
  apiKey: text({ error: TERMINAL_KEY_MESSAGE }).min(8, TERMINAL_KEY_MESSAGE).max(200, TERMINAL_KEY_MESSAGE),
});
export type PairTerminalInput = z.input<typeof pairTerminalSchema>;

/** A card sale: a register sale without a cash tender (the terminal takes the card). */
export const placePosCardOrderSchema = placePosOrderSchema.omit({ tender: true });
export type PlacePosCardOrderInput = z.input<typeof placePosCardOrderSchema>;
