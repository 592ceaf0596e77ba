import type { Executor } from '@brigade/db/database';
import { scheduledRefunds } from '@brigade/db/schema/ordering';
import type { RefundAllocation } from '@brigade/domain/ordering/refund-lines';
import { and, asc, eq, sql } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';
import type { RestaurantScope } from './ordering-repository';

/** Refunds asked for before the order's payment settled (scheduled-refunds.ts); private to ordering. */
export type ScheduledRefundRow = typeof scheduledRefunds.$inferSelect;
type NewScheduledRefundRow = typeof scheduledRefunds.$inferInsert;

/** Writes the scheduled refund; null when the order already has one under this key. */
export async function insertScheduledRefund(
  ex: Executor,
  row: NewScheduledRefundRow,
): Promise<ScheduledRefundRow | null> {
  const [saved] = await ex.insert(scheduledRefunds).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function findScheduledRefundByKey(
  ex: Executor,
  scope: RestaurantScope,
  orderId: number,
  key: string,
): Promise<ScheduledRefundRow | null> {
  const [row] = await ex
    .select()
    .from(scheduledRefunds)
    .where(
      and(
        scopeWhere(scheduledRefunds, scope),
        eq(scheduledRefunds.orderId, orderId),
        eq(scheduledRefunds.idempotencyKey, key),
      ),
    );
  return row ?? null;
}

/** The order's refunds still waiting for settlement. */
const waitingOf = (scope: RestaurantScope, orderId: number) =>
  and(
    scopeWhere(scheduledRefunds, scope),
    eq(scheduledRefunds.orderId, orderId),
    eq(scheduledRefunds.status, 'scheduled'),
  );

/** What the order's refunds still waiting for settlement hold of what is left to refund (cents). */
export async function heldByScheduledRefunds(
  ex: Executor,
  scope: RestaurantScope,
  orderId: number,
): Promise<number> {
  const [row] = await ex
    .select({ held: sql<number>`coalesce(sum(${scheduledRefunds.amount}), 0)::bigint` })
    .from(scheduledRefunds)
    .where(waitingOf(scope, orderId));
  return Number(row?.held ?? 0);
}

/** What the order's refunds waiting for settlement give back by line. */
export async function scheduledAllocationsOf(
  ex: Executor,
  scope: RestaurantScope,
  orderId: number,
): Promise<RefundAllocation[]> {
  const rows = await ex
    .select({ allocation: scheduledRefunds.allocation })
    .from(scheduledRefunds)
    .where(waitingOf(scope, orderId));
  return rows.flatMap((row) => (row.allocation ? [row.allocation] : []));
}

/** The refunds still waiting, oldest first, of every tenant (the job acts for the platform). */
export async function waitingScheduledRefunds(ex: Executor, limit: number): Promise<ScheduledRefundRow[]> {
  return ex
    .select()
    .from(scheduledRefunds)
    .where(eq(scheduledRefunds.status, 'scheduled'))
    .orderBy(asc(scheduledRefunds.scheduledRefundId))
    .limit(limit);
}

/** Ends a waiting refund; null when it no longer waits (another run ended it first). */
export async function endScheduledRefund(
  ex: Executor,
  row: ScheduledRefundRow,
  end: Pick<NewScheduledRefundRow, 'status' | 'refundTransactionId' | 'outcome'>,
): Promise<ScheduledRefundRow | null> {
  const [saved] = await ex
    .update(scheduledRefunds)
    .set({ ...end, updatedAt: sql`now()` })
    .where(
      and(
        scopeWhere(scheduledRefunds, row),
        eq(scheduledRefunds.scheduledRefundId, row.scheduledRefundId),
        eq(scheduledRefunds.status, 'scheduled'),
      ),
    )
    .returning();
  return saved ?? null;
}
