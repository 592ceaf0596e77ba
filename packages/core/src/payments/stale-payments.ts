import type { Executor } from '@brigade/db/database';
import { paymentTransactionEvents, paymentTransactions } from '@brigade/db/schema/payments';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { TransactionRow } from './payment-repository';

/**
 * Housekeeping's queries of payments (reconcile-stale.ts). They run as the system, outside any tenant's walls:
 * the sweep settles every tenant's stale rows, each afterwards updated through its own tenant's scope.
 */

/**
 * Transactions left `pending` or `unknown` since before `before`, oldest first. The literal status list
 * matches the predicate of the partial index `payment_transactions_unknown_idx`, so the planner uses it.
 * A row with an event since `before` is not stale: a request is still at work on it (each step of a payment
 * and of its reconciliation is an event, never more than a gateway timeout and a pause apart).
 */
export async function findStaleTransactions(
  ex: Executor,
  before: Date,
  limit: number,
): Promise<TransactionRow[]> {
  const t = paymentTransactions;
  return ex
    .select()
    .from(t)
    .where(and(sql`${t.status} in ('pending', 'unknown')`, lt(t.updatedAt, before), quietSince(before)))
    .orderBy(asc(t.updatedAt))
    .limit(limit);
}

const quietSince = (before: Date) => {
  const e = paymentTransactionEvents;
  return sql`not exists (select 1 from ${e} where ${e.transactionId} = ${paymentTransactions.transactionId} and ${e.occurredAt} >= ${before})`;
};

/**
 * Claims a stale row for one sweep: touches it only while it is still stale (same status, untouched since
 * `before`), so two server instances sweeping at once never settle the same row twice. Null when another
 * got there first.
 */
export async function claimStaleTransaction(
  ex: Executor,
  row: TransactionRow,
  before: Date,
): Promise<TransactionRow | null> {
  const t = paymentTransactions;
  const [claimed] = await ex
    .update(t)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(t.tenantId, row.tenantId),
        eq(t.transactionId, row.transactionId),
        eq(t.status, row.status),
        lt(t.updatedAt, before),
        quietSince(before),
      ),
    )
    .returning();
  return claimed ?? null;
}
