import { z } from 'zod';
import { text } from '../text';
import { displayNumberSchema, entityIdSchema, guidSchema, moneyAmount, nonNegativeNumber } from './fields';

/** Cash drawer: reset balance type Automatic (default) | Manual. */
export const RESET_BALANCE_TYPES = ['Automatic', 'Manual'] as const;
export type ResetBalanceType = (typeof RESET_BALANCE_TYPES)[number];

/** A cash drawer name is at most 30 characters. */
export const CASH_DRAWER_NAME_MAX = 30;

const resetTypeSchema = z.enum(RESET_BALANCE_TYPES, {
  error: 'Reset balance type must be Automatic or Manual',
});
// The spec only says "numbers"; a drawer cannot start with less than nothing in it. What is sent is bounded
// (docs/behaviour/catalogue.md#money-and-rates); a stored balance is read as it was written.
const startingBalanceSchema = moneyAmount('Starting balance');
const storedBalanceSchema = nonNegativeNumber('Starting balance');

// The editable fields without defaults, so that a partial update fills nothing in. The spec does not make
// the name required, only short.
const editableFields = {
  name: text()
    .trim()
    .max(CASH_DRAWER_NAME_MAX, `Cash drawer name cannot be longer than ${CASH_DRAWER_NAME_MAX} characters`)
    .optional(),
  primaryStartingBalance: startingBalanceSchema,
  secondaryStartingBalance: startingBalanceSchema,
  primaryResetBalanceType: resetTypeSchema,
  secondaryResetBalanceType: resetTypeSchema,
};

// A new cash drawer's defaults.
const defaultedFields = {
  primaryStartingBalance: startingBalanceSchema.default(0),
  secondaryStartingBalance: startingBalanceSchema.default(0),
  primaryResetBalanceType: resetTypeSchema.default('Automatic'),
  secondaryResetBalanceType: resetTypeSchema.default('Automatic'),
};

/**
 * A cash drawer's settings without its identity: what a printer with one or two drawers carries as its
 * cashDrawer details (see printer.ts). "secondary" is the second drawer of a 'Two Cash Drawers' printer.
 */
export const cashDrawerDetailsSchema = z.object({ ...editableFields, ...defaultedFields });
export type CashDrawerDetails = z.infer<typeof cashDrawerDetailsSchema>;
export type CashDrawerDetailsInput = z.input<typeof cashDrawerDetailsSchema>;

/** The details as stored: balances read as they were written. */
export const storedCashDrawerDetailsSchema = cashDrawerDetailsSchema.extend({
  primaryStartingBalance: storedBalanceSchema.default(0),
  secondaryStartingBalance: storedBalanceSchema.default(0),
});

/**
 * A stored cash drawer (id, guid, number and the settings; no timestamps of its own). There
 * is no cash-drawer counter, so a create without an id gets one from the use-case.
 */
export const cashDrawerSchema = storedCashDrawerDetailsSchema.extend({
  id: entityIdSchema('Cash drawer ID'),
  guid: guidSchema,
  number: displayNumberSchema,
});
export type CashDrawer = z.infer<typeof cashDrawerSchema>;

/** Id and guid are used when both are supplied. */
export const createCashDrawerInputSchema = cashDrawerDetailsSchema.extend({
  id: entityIdSchema('Cash drawer ID').optional(),
  guid: guidSchema.optional(),
  number: displayNumberSchema,
});
export type CreateCashDrawerInput = z.input<typeof createCashDrawerInputSchema>;
export type CreateCashDrawerData = z.output<typeof createCashDrawerInputSchema>;

export const updateCashDrawerInputSchema = z
  .object({ ...editableFields, number: displayNumberSchema })
  .partial();
export type UpdateCashDrawerInput = z.input<typeof updateCashDrawerInputSchema>;
export type UpdateCashDrawerData = z.output<typeof updateCashDrawerInputSchema>;
