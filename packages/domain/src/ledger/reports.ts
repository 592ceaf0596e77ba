import { z } from 'zod';
import { queryTime } from '../query-dates';

/**
 * The sales report (docs/behaviour/reports.md#sales): what a range of business days sold, read from the sales
 * ledger only. Amounts in cents. Definitions, the same on every screen and export:
 * - gross sales: items (and payments taken without items) as sold;
 * - returns: what of them went back (refunds, voids of captured money, orders cancelled after acceptance);
 * - net sales: gross sales less returns, less the tax inside tax-inclusive prices;
 * - tax: added tax plus the tax inside prices; tips and service charges apart;
 * - total collected: net sales + tax + tips + service charges = what guests paid and kept paid.
 */

/** The longest range one report covers: two years and a day (a leap year). */
export const REPORT_MAX_DAYS = 731;
export const REPORT_RANGE_ORDER = 'from must be on or before to';
export const REPORT_RANGE_TOO_LONG = `A report covers at most ${REPORT_MAX_DAYS} days`;

export const salesReportQuerySchema = z
  .strictObject({
    /** First business day (YYYY-MM-DD, the restaurant's clock); today when absent. */
    from: queryTime('from', 'date', 'from must be YYYY-MM-DD').optional(),
    /** Last business day, included; `from` when absent. */
    to: queryTime('to', 'date', 'to must be YYYY-MM-DD').optional(),
    /** `previous`: also the same number of days just before, to compare with. */
    compare: z.enum(['previous', 'none'], { error: 'compare must be previous or none' }).optional(),
  })
  .superRefine((query, context) => {
    if (!query.from || !query.to) return;
    checkDayRange(query.from, query.to, context);
  });
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/**
 * A range of business days asked for: `to` not before `from`, and at most `maxDays` days (a report's, unless
 * another is said), the refusal on `to`.
 */
export function checkDayRange(
  from: string,
  to: string,
  context: z.RefinementCtx,
  limit: { maxDays: number; message: string } = { maxDays: REPORT_MAX_DAYS, message: REPORT_RANGE_TOO_LONG },
): void {
  const days = daysBetween(from, to);
  if (days < 0) context.addIssue({ code: 'custom', path: ['to'], message: REPORT_RANGE_ORDER });
  else if (days + 1 > limit.maxDays)
    context.addIssue({ code: 'custom', path: ['to'], message: limit.message });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

export const addDaysTo = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The same number of days just before the range. */
export function previousRange(from: string, to: string) {
  const length = daysBetween(from, to) + 1;
  return { from: addDaysTo(from, -length), to: addDaysTo(from, -1) };
}

export const salesTotalsSchema = z.object({
  /** Sales recognised in the range (orders accepted, terminal payments captured). */
  sales: z.number(),
  grossSales: z.number(),
  returns: z.number(),
  netSales: z.number(),
  tax: z.number(),
  includedTax: z.number(),
  tips: z.number(),
  serviceCharges: z.number(),
  totalCollected: z.number(),
});
export type SalesTotals = z.infer<typeof salesTotalsSchema>;

const money = z.number();

export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  totals: salesTotalsSchema,
  previous: z.object({ from: z.string(), to: z.string(), totals: salesTotalsSchema }).nullable(),
  /**
   * The restaurants the report covers (one, or every restaurant of the tenant), each with its own figures;
   * items, sales categories and menu groups of several restaurants are one row per name.
   */
  restaurants: z.array(
    z.object({
      restaurantId: z.number(),
      name: z.string(),
      sales: z.number(),
      netSales: money,
      totalCollected: money,
    }),
  ),
  channels: z.array(
    z.object({ channel: z.string(), sales: z.number(), netSales: money, totalCollected: money }),
  ),
  days: z.array(z.object({ date: z.string(), sales: z.number(), netSales: money })),
  hours: z.array(z.object({ hour: z.number(), sales: z.number(), netSales: money })),
  items: z.array(
    z.object({
      itemId: z.number().nullable(),
      name: z.string(),
      quantity: z.number(),
      netSales: money,
      /** Percent of the range's item sales (one decimal). */
      share: z.number(),
    }),
  ),
  categories: z.array(
    z.object({
      salesCategoryId: z.number().nullable(),
      name: z.string(),
      quantity: z.number(),
      netSales: money,
    }),
  ),
  menuGroups: z.array(z.object({ menuGroupId: z.number().nullable(), name: z.string(), netSales: money })),
  taxes: z.array(
    z.object({ taxRateId: z.number().nullable(), name: z.string(), tax: money, includedTax: money }),
  ),
  payments: z.array(
    z.object({
      method: z.string(),
      cardBrand: z.string().nullable(),
      taken: money,
      returned: money,
      net: money,
    }),
  ),
});
export type SalesReport = z.infer<typeof salesReportSchema>;

/** Cents of one figure as a share of another, one decimal. */
export const shareOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10;

/**
 * The daily journal (docs/behaviour/reports.md#daily-journal): per business day, what an accountant books —
 * sales, tax and tips payable, service charges, what the guests paid, and what the card took and gave back.
 */
export const journalQuerySchema = z
  .strictObject({
    from: queryTime('from', 'date', 'from must be YYYY-MM-DD'),
    to: queryTime('to', 'date', 'to must be YYYY-MM-DD'),
  })
  .superRefine((query, context) => {
    checkDayRange(query.from, query.to, context);
  });

export const journalDaySchema = salesTotalsSchema.extend({
  date: z.string(),
  cardTaken: z.number(),
  cardReturned: z.number(),
  cardNet: z.number(),
  /** Cash the registers took for sales (docs/behaviour/pos.md). */
  cashTaken: z.number(),
  /** Processing fees the card processor kept from the deposits of this date (positive; stored funding). */
  fees: z.number(),
  /** The card processor's net deposits of this date (negative for a debit; stored funding). */
  deposits: z.number(),
});
export const journalSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  /** Days with any line or any stored funding, oldest first. */
  days: z.array(journalDaySchema),
});
export type Journal = z.infer<typeof journalSchema>;
