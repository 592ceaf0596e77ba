import { z } from 'zod';
import { queryTime } from '../query-dates';

/**
 * The daily sales summary of online orders (docs/behaviour/ordering.md#orders-in-management): what the day
 * sold, hour by hour on the restaurant's clock, read from the sales ledger — the orders accepted that day —
 * and apart, what went back that day (refunds, orders cancelled after acceptance). Amounts in cents.
 */

export const summaryQuerySchema = z.strictObject({
  /** The business date (YYYY-MM-DD, the restaurant's clock); today when absent. */
  date: queryTime('date', 'date', 'date must be YYYY-MM-DD').optional(),
});

export const salesSummarySchema = z.object({
  businessDate: z.string(),
  currency: z.string(),
  orders: z.number(),
  /** Totals charged (tax, service charge and tip included). */
  sales: z.number(),
  subtotal: z.number(),
  tax: z.number(),
  serviceCharge: z.number(),
  tips: z.number(),
  /** Orders with money given back that day, and how much (not in the figures above). */
  returned: z.object({ orders: z.number(), amount: z.number() }),
  /** Orders accepted in each local hour that had any, with their sales. */
  hours: z.array(z.object({ hour: z.number(), orders: z.number(), sales: z.number() })),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;
