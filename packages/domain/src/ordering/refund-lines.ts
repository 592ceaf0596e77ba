import { z } from 'zod';
import type { FieldError } from '../errors';

/**
 * A refund of chosen lines of an order (docs/behaviour/ordering.md#refunds-from-the-order): each line's price
 * for the quantity given back, and the order's added tax in proportion to those prices. The allocation goes
 * with the refund, so the sales ledger gives back exactly those lines and quantities (ledger/projection.ts).
 */
const QUANTITY_MESSAGE = 'Quantity must be a whole number from 1 to 9999';
export const refundLineSchema = z.strictObject({
  /** The line's place on the order, from 0. */
  line: z
    .number({ error: 'Choose a line of the order' })
    .int('Choose a line of the order')
    .min(0, 'Choose a line of the order')
    .max(9999, 'Choose a line of the order'),
  quantity: z
    .number({ error: QUANTITY_MESSAGE })
    .int(QUANTITY_MESSAGE)
    .min(1, QUANTITY_MESSAGE)
    .max(9999, QUANTITY_MESSAGE),
});
export type RefundLineAsk = z.output<typeof refundLineSchema>;

/** What a refund gives back of the order: lines and quantities at their price, and the tax with them. */
export interface RefundAllocation {
  lines: { line: number; quantity: number; amount: number }[];
  tax: number;
}

export const refundAllocationSchema = z.object({
  lines: z.array(z.object({ line: z.number(), quantity: z.number(), amount: z.number() })),
  tax: z.number(),
});

export const LINE_NOT_ON_ORDER = (line: number) => `Line ${line + 1} is not on this order`;
export const LINE_ASKED_TWICE = 'Each line can be named once';
export const LINE_ALL_REFUNDED = (name: string) => `${name} has been refunded in full already`;
export const LINE_TOO_MANY = (left: number, name: string) => `Only ${left} of ${name} can still be refunded`;

interface PricedLine {
  name: string;
  quantity: number;
  lineTotal: number;
}

/** What is wrong with asking for `ask` of `line` (marking the line as asked for), or null. */
function problemOf(
  line: PricedLine | undefined,
  ask: RefundLineAsk,
  seen: Set<number>,
  returned: ReadonlyMap<number, number>,
): { field: 'line' | 'quantity'; message: string } | null {
  if (!line) return { field: 'line', message: LINE_NOT_ON_ORDER(ask.line) };
  if (seen.has(ask.line)) return { field: 'line', message: LINE_ASKED_TWICE };
  seen.add(ask.line);
  const left = line.quantity - (returned.get(ask.line) ?? 0);
  if (left <= 0) return { field: 'quantity', message: LINE_ALL_REFUNDED(line.name) };
  if (ask.quantity > left) return { field: 'quantity', message: LINE_TOO_MANY(left, line.name) };
  return null;
}

/** The quantities of each line given back so far (refunds made, and refunds waiting for settlement). */
export function returnedQuantities(allocations: readonly (RefundAllocation | null)[]): Map<number, number> {
  const returned = new Map<number, number>();
  for (const allocation of allocations)
    for (const entry of allocation?.lines ?? [])
      returned.set(entry.line, (returned.get(entry.line) ?? 0) + entry.quantity);
  return returned;
}

/**
 * Prices a refund of `asked` lines: the amount and its allocation, or the field errors (paths under `lines`).
 * A line's price for part of its quantity is its total in proportion, to the cent; the tax is the order's
 * added tax in proportion to the lines' prices over its subtotal.
 */
export function priceRefundLines(
  order: { lines: readonly PricedLine[]; totals: { subtotal: number; tax: number } },
  returned: ReadonlyMap<number, number>,
  asked: readonly RefundLineAsk[],
): { amount: number; allocation: RefundAllocation } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  const lines: RefundAllocation['lines'] = [];
  for (const [index, ask] of asked.entries()) {
    const problem = problemOf(order.lines[ask.line], ask, seen, returned);
    if (problem) {
      errors.push({ path: `lines.${index}.${problem.field}`, message: problem.message });
      continue;
    }
    const line = order.lines[ask.line]!;
    lines.push({
      line: ask.line,
      quantity: ask.quantity,
      amount: Math.round((line.lineTotal * ask.quantity) / line.quantity),
    });
  }
  if (errors.length > 0) return { errors };
  const prices = lines.reduce((sum, entry) => sum + entry.amount, 0);
  const { subtotal, tax: orderTax } = order.totals;
  const tax = subtotal > 0 ? Math.round((orderTax * prices) / subtotal) : 0;
  return { amount: prices + tax, allocation: { lines, tax } };
}
