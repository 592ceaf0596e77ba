import { z } from 'zod';
import { requiredText, text } from '../text';
import { displayNumberSchema, entityIdSchema, guidSchema, percentRate, timestampFields } from './fields';

/** Tax rate: type Percent (default) | Fixed | 'Tax Table'. */
export const TAX_RATE_TYPES = ['Percent', 'Fixed', 'Tax Table'] as const;
export type TaxRateType = (typeof TAX_RATE_TYPES)[number];

/** Rounding options, 'Half Even Rounding' by default. */
export const TAX_ROUNDING_OPTIONS = [
  'Half Even Rounding',
  'Half Up Rounding',
  'Always Round Down',
  'Always Round Up',
] as const;
export type TaxRoundingOption = (typeof TAX_ROUNDING_OPTIONS)[number];

const typeSchema = z.enum(TAX_RATE_TYPES, { error: "Type must be Percent, Fixed or 'Tax Table'" });
const roundingSchema = z.enum(TAX_ROUNDING_OPTIONS, { error: 'Invalid rounding option' });
// A rate is a percent (8.875), or for a Fixed rate an amount per item, in currency units: 0 to 100, at most
// 4 decimals (docs/behaviour/catalogue.md#money-and-rates). A stored one is read as it was written.
const rateSchema = percentRate('Rate');
const takeoutRateSchema = percentRate('Takeout tax rate');
const storedRate = (label: string) =>
  z.number({ error: `${label} must be a number` }).min(0, `${label} cannot be negative`);

// The editable fields without defaults, so that a partial update fills nothing in.
const editableFields = {
  number: displayNumberSchema,
  name: requiredText('Tax rate name cannot be empty'),
  importId: text().optional(),
  type: typeSchema,
  disabled: z.boolean(),
  rate: rateSchema,
  // the restaurant's default tax rate
  default: z.boolean(),
  takeoutTaxEnabled: z.boolean(),
  // spelled with a lower-case "r", as the field has always been named
  takeoutTaxrate: takeoutRateSchema.optional(),
  roundingOptions: roundingSchema,
};

// A tax rate's defaults.
const defaultedFields = {
  type: typeSchema.default('Percent'),
  disabled: z.boolean().default(false),
  rate: rateSchema.default(0),
  default: z.boolean().default(false),
  takeoutTaxEnabled: z.boolean().default(false),
  roundingOptions: roundingSchema.default('Half Even Rounding'),
};

/** A stored tax rate. */
export const taxRateSchema = z.object({
  ...editableFields,
  ...defaultedFields,
  rate: storedRate('Rate').default(0),
  takeoutTaxrate: storedRate('Takeout tax rate').optional(),
  taxRateId: entityIdSchema('Tax rate ID'),
  guid: guidSchema,
  ...timestampFields,
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/** taxRateId and guid are used when both are supplied, otherwise the counter issues them. */
export const createTaxRateInputSchema = z.object({
  ...editableFields,
  ...defaultedFields,
  taxRateId: entityIdSchema('Tax rate ID').optional(),
  guid: guidSchema.optional(),
});
export type CreateTaxRateInput = z.input<typeof createTaxRateInputSchema>;
export type CreateTaxRateData = z.output<typeof createTaxRateInputSchema>;

export const updateTaxRateInputSchema = z.object(editableFields).partial();
export type UpdateTaxRateInput = z.input<typeof updateTaxRateInputSchema>;
export type UpdateTaxRateData = z.output<typeof updateTaxRateInputSchema>;
