import { z } from 'zod';
import { toLocalMoment } from '../catalogue/menu-availability';
import { queryTime } from '../query-dates';
import type { OrderStatus } from './order-status';

/**
 * The daily sales summary of online orders (docs/behaviour/ordering.md#orders-in-management): what the day
 * sold, hour by hour on the restaurant's clock. Sales count every order the restaurant took and did not give
 * the money back for (new to picked up); cancelled and refunded orders are counted apart. Amounts in cents.
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
  /** Cancelled and refunded orders (not in the figures above). */
  returned: z.object({ orders: z.number(), amount: z.number() }),
  /** Orders placed in each local hour that had any, with their sales. */
  hours: z.array(z.object({ hour: z.number(), orders: z.number(), sales: z.number() })),
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

export interface SummaryRow {
  status: OrderStatus;
  createdAt: Date;
  total: number;
  totals: { subtotal?: number; tax?: number; serviceCharge?: number; tip?: number };
}

const RETURNED: readonly OrderStatus[] = ['cancelled', 'refunded'];

export function summariseOrders(
  rows: readonly SummaryRow[],
  context: { businessDate: string; currency: string; timezone: string },
): SalesSummary {
  const summary: SalesSummary = {
    businessDate: context.businessDate,
    currency: context.currency,
    orders: 0,
    sales: 0,
    subtotal: 0,
    tax: 0,
    serviceCharge: 0,
    tips: 0,
    returned: { orders: 0, amount: 0 },
    hours: [],
  };
  const hours = new Map<number, { hour: number; orders: number; sales: number }>();
  for (const row of rows) {
    if (RETURNED.includes(row.status)) {
      summary.returned.orders += 1;
      summary.returned.amount += row.total;
      continue;
    }
    summary.orders += 1;
    summary.sales += row.total;
    summary.subtotal += row.totals.subtotal ?? 0;
    summary.tax += row.totals.tax ?? 0;
    summary.serviceCharge += row.totals.serviceCharge ?? 0;
    summary.tips += row.totals.tip ?? 0;
    const hour = Math.floor(toLocalMoment(row.createdAt.toISOString(), context.timezone).minutes / 60);
    const slot = hours.get(hour) ?? { hour, orders: 0, sales: 0 };
    slot.orders += 1;
    slot.sales += row.total;
    hours.set(hour, slot);
  }
  summary.hours = [...hours.values()].sort((a, b) => a.hour - b.hour);
  return summary;
}
