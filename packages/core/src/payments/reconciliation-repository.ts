import type { Executor } from '@brigade/db/database';
import { orders } from '@brigade/db/schema/ordering';
import { paymentTransactions } from '@brigade/db/schema/payments';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';
import type { RestaurantScope } from './payment-repository';

const t = paymentTransactions;
const columns = {
  transactionId: t.transactionId,
  parentTransactionId: t.parentTransactionId,
  processorReference: t.processorReference,
  kind: t.kind,
  orderReference: t.orderReference,
  cardBrand: t.cardBrand,
  lastFour: t.lastFour,
  voidedAt: t.voidedAt,
};
export type DayTransactionRow = { [K in keyof typeof columns]: (typeof t.$inferSelect)[K] };

/**
 * The gateway transactions a business day's reconciliation shows: those its card lines name, and those that
 * took money that day by our records (a capture or an approved refund in the restaurant's day), so one the
 * ledger missed is shown too.
 */
export async function dayTransactions(
  ex: Executor,
  scope: RestaurantScope,
  input: { date: string; timezone: string; named: readonly string[] },
): Promise<DayTransactionRow[]> {
  const capturedThatDay = and(
    isNotNull(t.capturedAt),
    sql`(${t.capturedAt} at time zone ${input.timezone})::date = ${input.date}::date`,
  );
  return ex
    .select(columns)
    .from(t)
    .where(
      and(
        tenantIs(t.tenantId, scope.tenantId),
        eq(t.restaurantId, scope.restaurantId),
        input.named.length > 0
          ? or(inArray(t.transactionId, [...input.named]), capturedThatDay)
          : capturedThatDay,
      ),
    )
    .orderBy(t.capturedAt, t.createdAt);
}

/** The day's numbers of these orders (the number people know an order by), by order id. */
export async function orderNumbers(
  ex: Executor,
  scope: RestaurantScope,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const found = await ex
    .select({ orderId: orders.orderId, number: orders.number })
    .from(orders)
    .where(
      and(
        tenantIs(orders.tenantId, scope.tenantId),
        eq(orders.restaurantId, scope.restaurantId),
        inArray(orders.orderId, [...orderIds]),
      ),
    );
  // an order whose payment failed took no number (orders_number_check): it is named by its id alone
  return new Map(found.flatMap((row) => (row.number === null ? [] : [[row.orderId, row.number] as const])));
}
