import { CARD_BRANDS, PAYMENT_STATUSES } from '@brigade/domain/payments/api';
import { z } from 'zod';
import { toMinor } from '../../payments-kit/format';
import type { TransactionFilters } from '../../payments-kit/payments-api';

/*
 * The transactions list's filters. They live in the URL (?status=settled&minAmount=10), amounts in dollars
 * as typed, so a filtered list can be shared and survives a reload; the API gets cents.
 */

const day = (label: string) => z.iso.date({ error: `${label} must be a date` });
const dollars = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .min(0, `${label} cannot be negative`)
    .max(999_999_999.99, `${label} cannot exceed 999,999,999.99`);

const fields = {
  from: day('From').optional(),
  to: day('To').optional(),
  status: z.enum(PAYMENT_STATUSES, { error: 'Choose a status from the list' }).optional(),
  cardBrand: z.enum(CARD_BRANDS, { error: 'Choose a card brand from the list' }).optional(),
  minAmount: dollars('Minimum amount').optional(),
  maxAmount: dollars('Maximum amount').optional(),
  lastFour: z
    .string()
    .regex(/^\d{4}$/, 'Last four must be 4 digits')
    .optional(),
};

export const transactionFiltersSchema = z
  .object(fields)
  .refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    path: ['to'],
    message: 'To cannot be before From',
  })
  .refine(
    ({ minAmount, maxAmount }) =>
      minAmount === undefined || maxAmount === undefined || minAmount <= maxAmount,
    { path: ['maxAmount'], message: 'Maximum cannot be below the minimum' },
  );

export type ListFilters = z.output<typeof transactionFiltersSchema>;
export const FILTER_NAMES = Object.keys(fields) as (keyof typeof fields)[];

/** The filters of a URL query: each read on its own, an invalid one left out. */
export function filtersFromSearch(search: URLSearchParams): ListFilters {
  const filters: Record<string, unknown> = {};
  for (const name of FILTER_NAMES) {
    const raw = search.get(name);
    if (raw === null || raw.trim() === '') continue;
    const parsed = fields[name].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) filters[name] = parsed.data;
  }
  const result = transactionFiltersSchema.safeParse(filters);
  return result.success ? result.data : {};
}

export function searchFromFilters(filters: ListFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined) search.set(name, String(value));
  }
  return search;
}

export const activeFilterCount = (filters: ListFilters): number =>
  FILTER_NAMES.filter((name) => filters[name] !== undefined).length;

/** What the API is asked: the same names, amounts in cents. */
export function apiFiltersOf(filters: ListFilters): TransactionFilters {
  const query: TransactionFilters = {};
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  if (filters.status) query.status = filters.status;
  if (filters.cardBrand) query.cardBrand = filters.cardBrand;
  if (filters.minAmount !== undefined) query.minAmount = toMinor(filters.minAmount);
  if (filters.maxAmount !== undefined) query.maxAmount = toMinor(filters.maxAmount);
  if (filters.lastFour) query.lastFour = filters.lastFour;
  return query;
}

/** The form's values for a set of filters (text boxes hold '' for "not set"). */
export const formValuesOf = (filters: ListFilters) => ({
  from: filters.from ?? '',
  to: filters.to ?? '',
  status: filters.status,
  cardBrand: filters.cardBrand,
  minAmount: filters.minAmount,
  maxAmount: filters.maxAmount,
  lastFour: filters.lastFour ?? '',
});
