import type { Executor } from '@brigade/db/database';
import {
  paymentIdempotencyKeys,
  paymentTransactionEvents,
  paymentTransactions,
} from '@brigade/db/schema/payments';
import { and, asc, eq, gt, inArray, like, lt, or, sql } from 'drizzle-orm';
import { EXCLUSIVE_STEPS, type IdempotencyRow, type TransactionRow } from './payment-repository';

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

/** A step is looked for as interrupted for a day after it was asked; keys live 24 hours anyway. */
const INTERRUPTED_HORIZON_MS = 24 * 60 * 60 * 1000;

/**
 * Transactions whose latest capture or void (an exclusive step) was asked before `before` and never answered:
 * the process that asked died between the claim and the answer (interrupted-steps.ts). Read from the
 * `requested` events of the last day (partial index payment_transaction_events_requested_idx).
 */
export async function findInterruptedSteps(
  ex: Executor,
  before: Date,
  limit: number,
): Promise<{ row: TransactionRow; step: string; eventId: number }[]> {
  const e = paymentTransactionEvents;
  const later = sql`not exists (select 1 from ${e} as later where later.transaction_id = ${e.transactionId}
    and later.step in ${sql.raw(`('${EXCLUSIVE_STEPS.join("', '")}')`)} and later.event_id > ${e.eventId})`;
  const found = await ex
    .select({ row: paymentTransactions, step: e.step, eventId: e.eventId })
    .from(e)
    .innerJoin(paymentTransactions, eq(paymentTransactions.transactionId, e.transactionId))
    .where(
      and(
        eq(e.outcome, 'requested'),
        lt(e.occurredAt, before),
        gt(e.occurredAt, new Date(before.getTime() - INTERRUPTED_HORIZON_MS)),
        inArray(e.step, ['capture', 'void']),
        later,
      ),
    )
    .orderBy(asc(e.eventId))
    .limit(limit);
  return found;
}

/** The latest exclusive event of a transaction, read under its row lock (the claim of interrupted-steps.ts). */
export async function latestExclusiveEvent(ex: Executor, row: TransactionRow) {
  const e = paymentTransactionEvents;
  const [latest] = await ex
    .select({ eventId: e.eventId, outcome: e.outcome })
    .from(e)
    .where(and(eq(e.transactionId, row.transactionId), inArray(e.step, [...EXCLUSIVE_STEPS])))
    .orderBy(sql`${e.eventId} desc`)
    .limit(1);
  return latest ?? null;
}

/** The operations whose keys the sweep settles when their request died (idempotency.ts names them so). */
export const KEYED_STEP_OPERATIONS = ['capturePayment', 'voidPayment', 'refundPayment'] as const;

/** Keys of capture, void and refund requests still `in_progress` since before `before` (their process died). */
export async function findAbandonedKeys(
  ex: Executor,
  before: Date,
  limit: number,
): Promise<IdempotencyRow[]> {
  const k = paymentIdempotencyKeys;
  return ex
    .select()
    .from(k)
    .where(
      and(
        eq(k.state, 'in_progress'),
        lt(k.createdAt, before),
        or(...KEYED_STEP_OPERATIONS.map((operation) => like(k.endpoint, `${operation}:%`))),
      ),
    )
    .orderBy(asc(k.createdAt))
    .limit(limit);
}

/** The refund a request with this key wrote (its `requested` event names the key), if it got that far. */
export async function refundOfKey(
  ex: Executor,
  key: IdempotencyRow,
  originalId: string,
): Promise<TransactionRow | null> {
  const e = paymentTransactionEvents;
  const t = paymentTransactions;
  const [found] = await ex
    .select({ row: t })
    .from(t)
    .innerJoin(e, eq(e.transactionId, t.transactionId))
    .where(
      and(
        eq(t.tenantId, key.tenantId),
        eq(t.parentTransactionId, originalId),
        eq(e.step, 'refund'),
        eq(e.outcome, 'requested'),
        sql`${e.details}->>'idempotencyKey' = ${key.key}`,
      ),
    )
    .limit(1);
  return found?.row ?? null;
}
