import type { Executor } from '@brigade/db/database';
import { paymentTransactions } from '@brigade/db/schema/payments';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { TransactionRow } from './payment-repository';

/**
 * Housekeeping's queries of payments (reconcile-stale.ts). They run as the system, outside any tenant's walls:
 * the sweep settles every tenant's stale rows, each afterwards updated through its own tenant's scope.
 */

/**
 * Transactions left `pending` or `unknown` since before `before`, oldest first. The literal status list
 * matches the predicate of the partial index `payment_transactions_unknown_idx`, so the planner uses it.
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
    .where(and(sql`${t.status} in ('pending', 'unknown')`, lt(t.updatedAt, before)))
    .orderBy(asc(t.updatedAt))
    .limit(limit);
}

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
      ),
    )
    .returning();
  return claimed ?? null;
}
