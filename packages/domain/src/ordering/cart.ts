import { z } from 'zod';
import { minorUnits } from '../payments/api';
import { multilineText } from '../text';

/**
 * A guest's cart as the browser sends it (docs/behaviour/ordering.md#the-cart): only what was chosen — item,
 * size, modifiers, quantities, notes. Prices never come from the browser; the server prices every line from
 * the catalogue at the moment of the order.
 */

export const MAX_LINES = 50;
export const MAX_QUANTITY = 99;
export const MAX_MODIFIER_QUANTITY = 10;

const int = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} cannot exceed ${max}`);

const id = (label: string) => int(label, 1, 2_147_483_647);

export const cartModifierSchema = z.strictObject({
  modifierGroupId: id('Modifier group ID'),
  modifierId: id('Modifier ID'),
  quantity: int('Modifier quantity', 1, MAX_MODIFIER_QUANTITY).default(1),
});

export const cartLineSchema = z.strictObject({
  itemId: id('Item ID'),
  sizeId: id('Size ID').optional(),
  quantity: int('Quantity', 1, MAX_QUANTITY),
  modifiers: z.array(cartModifierSchema).max(100, 'Too many modifiers on one line').default([]),
  notes: multilineText().trim().max(200, 'Notes cannot exceed 200 characters').optional(),
});
export type CartLineData = z.output<typeof cartLineSchema>;
export type CartLineInput = z.input<typeof cartLineSchema>;

export const cartLinesSchema = z
  .array(cartLineSchema, { error: 'Lines must be a list' })
  .min(1, 'The cart is empty')
  .max(MAX_LINES, `An order cannot have more than ${MAX_LINES} lines`);

export const tipChoiceSchema = z.union([
  z.strictObject({ percent: z.number({ error: 'Tip percent must be a number' }) }),
  z.strictObject({ amount: minorUnits('Tip', 0) }),
]);
export type TipChoice = z.output<typeof tipChoiceSchema>;
