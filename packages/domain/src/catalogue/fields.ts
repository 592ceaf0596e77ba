import { z } from 'zod';
import { INT32_MAX, int32MaxMessage } from '../integers';
import { text } from '../text';

/**
 * Field schemas and rules shared by the catalogue entities (items, modifier groups, menu groups,
 * courses, tags, prep stations, sales categories, tax rates, printers, cash drawers, job titles, employees).
 */

/** Every entity carries a guid (UUID). Same wording as the tenancy schemas. */
export const guidSchema = z.uuid({ error: 'Invalid GUID format' });

/** A numeric entity id as issued by the restaurant's counters (from 1 per restaurant). */
export const entityIdSchema = (label: string) => {
  const message = `${label} must be a positive integer`;
  return z.number({ error: message }).int(message).positive(message).max(INT32_MAX, int32MaxMessage(label));
};

/** Id list fields (prepStationIds, taxRateIds, tagIds, ...): ids of other entities. */
export const idListSchema = (label: string) => {
  const message = `${label} must be a list of positive integer IDs`;
  return z.array(
    z.number({ error: message }).int(message).positive(message).max(INT32_MAX, int32MaxMessage(label)),
    { error: message },
  );
};

/** A number that may not be negative (prices, calories, wages, balances). */
export const nonNegativeNumber = (label: string) =>
  z.number({ error: `${label} must be a number` }).min(0, `${label} cannot be negative`);

/**
 * Bounds of money and rates sent to the catalogue (docs/behaviour/catalogue.md#money-and-rates, decision
 * 040): a price, amount, balance or wage is 0 to 999,999.99 in whole cents; a percent rate is 0 to 100 with
 * at most 4 decimals (8.875). Beyond them a value is a typo or an attack: 1e308 has no cents, and a total
 * built from it overflows what the payment and order columns hold. Stored records are read with the rules
 * they were written under (plain non-negative numbers), so an older record stays readable.
 */
export const MONEY_MAX = 999_999.99;
export const MONEY_DECIMALS = 2;
export const PERCENT_MAX = 100;
export const PERCENT_DECIMALS = 4;

/** Decimal places of a number as JSON writes it (12.5 → 1, 1e-7 → 7). */
export function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

/** A money field's upper bound and cents: at most 999,999.99, at most 2 decimals. */
export const withMoneyBounds = (schema: z.ZodNumber, label: string) =>
  schema
    .max(MONEY_MAX, `${label} cannot exceed 999,999.99`)
    .refine((value) => decimalPlaces(value) <= MONEY_DECIMALS, `${label} can have at most 2 decimal places`);

/** A price, amount, balance or wage sent to the catalogue: 0 to 999,999.99, at most 2 decimals. */
export const moneyAmount = (label: string) => withMoneyBounds(nonNegativeNumber(label), label);

/** A percent sent to the catalogue: 0 to 100, at most 4 decimals. `negative` is the field's own wording. */
export const percentRate = (label: string, negative = `${label} cannot be negative`) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, negative)
    .max(PERCENT_MAX, `${label} cannot exceed 100`)
    .refine(
      (value) => decimalPlaces(value) <= PERCENT_DECIMALS,
      `${label} can have at most 4 decimal places`,
    );

/** A whole number that may not be negative (selection counts, positions). */
export const nonNegativeInteger = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(INT32_MAX, int32MaxMessage(label));

/**
 * Most entities have a `number` whose meaning is not fixed; it is kept as optional free
 * text (a POS or display number such as ITEM-12), since any numbering can be written as text.
 */
export const displayNumberSchema = text().optional();

/** createdAt and updatedAt, set by the server's clock on create. */
export const timestampFields = {
  createdAt: z.date(),
  updatedAt: z.date(),
};

/**
 * If both itemId and guid (or the entity's equivalent) are supplied, they are used; otherwise a new id and
 * guid pair comes from the counter service. Returns the supplied pair, or null when a new pair
 * must be issued. An id of 0 or less is "not generated yet" (a job title's jobId defaults to 0).
 */
export function takeSuppliedIdentity(
  id: number | undefined,
  guid: string | undefined,
): { id: number; guid: string } | null {
  if (id === undefined || guid === undefined || id <= 0) return null;
  return { id, guid };
}

/** A rule between fields of one entity, with the message the spec gives for it. */
export interface CrossFieldRule<T> {
  /** Every field the rule reads. In a partial update the rule runs only when the update sends all of them. */
  reads: readonly (keyof T & string)[];
  /** Where the issue is reported. */
  path: keyof T & string;
  message: string;
  holds: (value: T) => boolean;
}

interface IssueSink {
  addIssue: (issue: { code: 'custom'; message: string; path: PropertyKey[] }) => void;
}

/**
 * Applies cross-field rules in a zod superRefine. 'whole' checks a complete entity (create input, stored
 * record). 'patch' checks an update: a rule whose fields are not all sent cannot be decided from the patch
 * alone, so it is skipped there; the use-case validates the merged record with the stored schema.
 */
export function checkRules<T>(rules: readonly CrossFieldRule<T>[], mode: 'whole' | 'patch') {
  return (value: T | Partial<T>, ctx: IssueSink): void => {
    for (const rule of rules) {
      if (mode === 'patch' && rule.reads.some((field) => (value as Partial<T>)[field] === undefined))
        continue;
      if (!rule.holds(value as T)) ctx.addIssue({ code: 'custom', message: rule.message, path: [rule.path] });
    }
  };
}
