import type { Executor } from '@brigade/db/database';
import { paymentTransactions } from '@brigade/db/schema/payments';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';
import type { RestaurantScope } from './payment-repository';

const t = paymentTransactions;
const columns = {
  transactionId: t.transactionId,
  parentTransactionId: t.parentTransactionId,
  retref: t.retref,
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
