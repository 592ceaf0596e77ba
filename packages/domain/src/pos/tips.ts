import { z } from 'zod';
import { INT32_MAX, int32MaxMessage } from '../integers';
import { minorUnits } from '../payments/api';
import { MAX_TENDERED } from './api';

/** Tips written on the receipt (docs/behaviour/pos.md#tips-on-the-receipt, decision 068). */

export const addTipSchema = z.strictObject({
  /** The card tender whose receipt carries the tip. */
  tenderId: z
    .number({ error: 'Choose the card to add the tip to' })
    .int('Choose the card to add the tip to')
    .positive('Choose the card to add the tip to')
    .max(INT32_MAX, int32MaxMessage('Tender ID')),
  tip: minorUnits('Tip', 0).max(MAX_TENDERED, 'Tip is too large'),
});
export type AddTipInput = z.input<typeof addTipSchema>;
export const NO_TIP_PENDING = 'This card has no tip waiting to be added';
export const TIP_TENDER_NOT_FOUND = 'This sale has no such card';
