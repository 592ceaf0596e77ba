import type { Executor } from '@brigade/db/database';
import {
  merchantAccounts,
  paymentIdempotencyKeys,
  paymentTransactionEvents,
  paymentTransactions,
} from '@brigade/db/schema/payments';
import type { RefundAllocation } from '@brigade/domain/ordering/refund-lines';
import { and, asc, desc, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { recordSale } from '../ledger/index';
import { tenantIs } from '../tenant-scope';

/**
 * The payments tables (docs/behaviour/payments.md): merchant accounts, transactions with their step-by-step
 * events, and idempotency keys. Every query names its tenant (tenant-scope.ts) besides the database's wall.
 */

export type MerchantAccountRow = typeof merchantAccounts.$inferSelect;
export type TransactionRow = typeof paymentTransactions.$inferSelect;
export type NewTransactionRow = typeof paymentTransactions.$inferInsert;
export type TransactionEventRow = typeof paymentTransactionEvents.$inferSelect;
export type IdempotencyRow = typeof paymentIdempotencyKeys.$inferSelect;

export interface RestaurantScope {
  tenantId: number;
  restaurantId: number;
}

const accountOf = (scope: RestaurantScope) =>
  and(
    tenantIs(merchantAccounts.tenantId, scope.tenantId),
    eq(merchantAccounts.restaurantId, scope.restaurantId),
  );

export async function findMerchantAccount(ex: Executor, scope: RestaurantScope) {
  const [row] = await ex.select().from(merchantAccounts).where(accountOf(scope));
  return row ?? null;
}

export async function upsertMerchantAccount(
  ex: Executor,
  row: typeof merchantAccounts.$inferInsert,
): Promise<MerchantAccountRow> {
  const { tenantId: _t, restaurantId: _r, createdAt: _c, ...changes } = row;
  const [saved] = await ex
    .insert(merchantAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: [merchantAccounts.tenantId, merchantAccounts.restaurantId],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return saved!;
}

export async function recordMerchantTest(
  ex: Executor,
  scope: RestaurantScope,
  result: { ok: boolean; message: string },
): Promise<void> {
  await ex
    .update(merchantAccounts)
    .set({ lastTestedAt: sql`now()`, lastTestOk: result.ok, lastTestMessage: result.message })
    .where(accountOf(scope));
}

const transactionIn = (scope: RestaurantScope, transactionId: string) =>
  and(
    tenantIs(paymentTransactions.tenantId, scope.tenantId),
    eq(paymentTransactions.restaurantId, scope.restaurantId),
    eq(paymentTransactions.transactionId, transactionId),
  );

export async function findTransaction(ex: Executor, scope: RestaurantScope, transactionId: string) {
  const [row] = await ex.select().from(paymentTransactions).where(transactionIn(scope, transactionId));
  return row ?? null;
}

/** The transaction, locked until the end of the caller's transaction (two captures never interleave). */
export async function lockTransaction(ex: Executor, scope: RestaurantScope, transactionId: string) {
  const [row] = await ex
    .select()
    .from(paymentTransactions)
    .where(transactionIn(scope, transactionId))
    .for('update');
  return row ?? null;
}

/**
 * What refunds of `original` hold without an answer yet (`pending`, or `unknown` after a lost answer): refunds
 * that may still go through, so a new refund may not count the same cents (refund.ts).
 */
export async function reservedRefundAmount(
  ex: Executor,
  original: Pick<TransactionRow, 'tenantId' | 'restaurantId' | 'transactionId'>,
): Promise<number> {
  const [row] = await ex
    .select({ reserved: sql<number>`coalesce(sum(${paymentTransactions.amount}), 0)::int` })
    .from(paymentTransactions)
    .where(refundsIn(original, ['pending', 'unknown']));
  return Number(row?.reserved ?? 0);
}

/** The refunds of `original` in `statuses`. */
const refundsIn = (
  original: Pick<TransactionRow, 'tenantId' | 'restaurantId' | 'transactionId'>,
  statuses: TransactionRow['status'][],
) =>
  and(
    tenantIs(paymentTransactions.tenantId, original.tenantId),
    eq(paymentTransactions.restaurantId, original.restaurantId),
    eq(paymentTransactions.parentTransactionId, original.transactionId),
    eq(paymentTransactions.kind, 'refund'),
    inArray(paymentTransactions.status, statuses),
  );

/**
 * The lines given back by refunds of `original` that went through or may still (pending, unknown): what a
 * refund of chosen lines counts as already returned (ordering/order-refunds.ts).
 */
export async function refundAllocationsOf(
  ex: Executor,
  original: Pick<TransactionRow, 'tenantId' | 'restaurantId' | 'transactionId'>,
): Promise<RefundAllocation[]> {
  const rows = await ex
    .select({ allocation: paymentTransactions.refundAllocation })
    .from(paymentTransactions)
    .where(refundsIn(original, ['captured', 'pending', 'unknown']));
  return rows.flatMap((row) => (row.allocation ? [row.allocation] : []));
}

export async function insertTransaction(ex: Executor, row: NewTransactionRow): Promise<TransactionRow> {
  const [saved] = await ex.insert(paymentTransactions).values(row).returning();
  return saved!;
}

const MONEY_STATUSES = new Set(['captured', 'voided', 'refunded', 'partially_refunded']);

/**
 * Changes a transaction. A change that moves money (captured, voided, refunded) also stamps when (a void
 * keeps what it gave back) and brings the sales ledger up to date in the same transaction (decision 050).
 */
export async function updateTransaction(
  ex: Executor,
  scope: RestaurantScope,
  transactionId: string,
  changes: Partial<NewTransactionRow>,
): Promise<TransactionRow> {
  const t = paymentTransactions;
  const stamps: { capturedAt?: SQL; voidedAmount?: SQL; voidedAt?: SQL } = {};
  if (changes.status === 'captured' && changes.capturedAt === undefined)
    stamps.capturedAt = sql`coalesce(${t.capturedAt}, now())`;
  if (changes.status === 'voided') {
    // the right-hand sides read the row as it was: what the void gave back is what was captured
    stamps.voidedAmount = sql`case when ${t.voidedAt} is null then ${t.capturedAmount} else ${t.voidedAmount} end`;
    stamps.voidedAt = sql`coalesce(${t.voidedAt}, now())`;
  }
  const [saved] = await ex
    .update(t)
    .set({ ...changes, ...stamps, updatedAt: sql`now()` })
    .where(transactionIn(scope, transactionId))
    .returning();
  if (saved && movesMoney(changes)) await recordSale(ex, saved, { transaction: saved });
  return saved!;
}

const movesMoney = (changes: Partial<NewTransactionRow>) =>
  (changes.status !== undefined && MONEY_STATUSES.has(changes.status)) ||
  (changes.capturedAt !== undefined && changes.capturedAt !== null) ||
  (changes.capturedAmount ?? 0) > 0;

export async function addEvent(
  ex: Executor,
  event: typeof paymentTransactionEvents.$inferInsert,
): Promise<void> {
  await ex.insert(paymentTransactionEvents).values(event);
}

/** Steps on a recorded transaction that never overlap: one at a time per transaction (claimAction). */
export const EXCLUSIVE_STEPS = ['capture', 'void', 'void_by_order'] as const;

/**
 * The exclusive step in flight on a transaction: its latest exclusive event is `requested` (its outcome not
 * recorded yet) and younger than `seconds`, after which a crashed request no longer holds the transaction.
 */
export async function stepInFlight(
  ex: Executor,
  row: Pick<TransactionRow, 'tenantId' | 'transactionId'>,
  seconds: number,
): Promise<string | null> {
  const e = paymentTransactionEvents;
  const [latest] = await ex
    .select({
      step: e.step,
      outcome: e.outcome,
      recent: sql<boolean>`${e.occurredAt} > now() - make_interval(secs => ${seconds})`,
    })
    .from(e)
    .where(
      and(
        tenantIs(e.tenantId, row.tenantId),
        eq(e.transactionId, row.transactionId),
        inArray(e.step, [...EXCLUSIVE_STEPS]),
      ),
    )
    .orderBy(desc(e.eventId))
    .limit(1);
  return latest?.outcome === 'requested' && latest.recent ? latest.step : null;
}

export async function eventsOf(ex: Executor, scope: RestaurantScope, transactionId: string) {
  return ex
    .select()
    .from(paymentTransactionEvents)
    .where(
      and(
        tenantIs(paymentTransactionEvents.tenantId, scope.tenantId),
        eq(paymentTransactionEvents.transactionId, transactionId),
      ),
    )
    .orderBy(asc(paymentTransactionEvents.eventId));
}

export async function refundsOf(ex: Executor, scope: RestaurantScope, transactionId: string) {
  return ex
    .select()
    .from(paymentTransactions)
    .where(
      and(
        tenantIs(paymentTransactions.tenantId, scope.tenantId),
        eq(paymentTransactions.restaurantId, scope.restaurantId),
        eq(paymentTransactions.parentTransactionId, transactionId),
      ),
    )
    .orderBy(asc(paymentTransactions.createdAt));
}

/** Transactions in one settlement batch's retrefs, to link a batch's lines to their transactions. */
export async function transactionIdsByRetref(ex: Executor, scope: RestaurantScope, merchantId: string) {
  const rows = await ex
    .select({
      transactionId: paymentTransactions.transactionId,
      processorReference: paymentTransactions.processorReference,
    })
    .from(paymentTransactions)
    .where(
      and(
        tenantIs(paymentTransactions.tenantId, scope.tenantId),
        eq(paymentTransactions.restaurantId, scope.restaurantId),
        eq(paymentTransactions.merchantId, merchantId),
      ),
    );
  return new Map(
    rows.filter((r) => r.processorReference).map((r) => [r.processorReference!, r.transactionId]),
  );
}

// --- Idempotency keys -------------------------------------------------------------------------------------

export interface IdempotencyClaim {
  scope: RestaurantScope;
  key: string;
  endpoint: string;
  requestHash: string;
  actor: string;
  ttlSeconds: number;
}

/** The key's claim: one insert that does nothing when the key is taken, answering the key when it is not. */
const claimInsert = (ex: Executor, claim: IdempotencyClaim) =>
  ex
    .insert(paymentIdempotencyKeys)
    .values({
      tenantId: claim.scope.tenantId,
      restaurantId: claim.scope.restaurantId,
      key: claim.key,
      endpoint: claim.endpoint,
      requestHash: claim.requestHash,
      actor: claim.actor,
      state: 'in_progress',
      expiresAt: sql`now() + make_interval(secs => ${claim.ttlSeconds})`,
    })
    .onConflictDoNothing()
    .returning({ key: paymentIdempotencyKeys.key });

/** Claims a key: null when this request is the first with it, else the row that holds it. */
export async function claimIdempotencyKey(
  ex: Executor,
  claim: IdempotencyClaim,
): Promise<IdempotencyRow | null> {
  const k = paymentIdempotencyKeys;
  const inserted = await claimInsert(ex, claim);
  if (inserted.length > 0) return null;
  const [existing] = await ex
    .select()
    .from(k)
    .where(
      and(
        tenantIs(k.tenantId, claim.scope.tenantId),
        eq(k.restaurantId, claim.scope.restaurantId),
        eq(k.key, claim.key),
      ),
    );
  return existing ?? null;
}

export interface KeyCompletion {
  scope: RestaurantScope;
  key: string;
  response: { status: number; body: unknown };
}

const completeUpdate = (ex: Executor, { scope, key, response }: KeyCompletion) => {
  const k = paymentIdempotencyKeys;
  return ex
    .update(k)
    .set({ state: 'done', responseStatus: response.status, responseBody: response.body })
    .where(and(tenantIs(k.tenantId, scope.tenantId), eq(k.restaurantId, scope.restaurantId), eq(k.key, key)));
};

export async function completeIdempotencyKey(
  ex: Executor,
  scope: RestaurantScope,
  key: string,
  response: { status: number; body: unknown },
): Promise<void> {
  await completeUpdate(ex, { scope, key, response });
}

// --- A payment's first and last writes in one statement each (decision 023; fewer round trips) ------------

/**
 * Claims the key, writes the pending payment (`row`, every column given) and its first event, in one
 * statement. False when the key was taken: the payment and event were written anyway, so the caller must roll
 * the transaction back (and take the key's slow path, which tells a repeat, a conflict and a reuse apart).
 */
export async function claimAndInsertPending(
  ex: Executor,
  claim: IdempotencyClaim,
  row: TransactionRow,
  first: typeof paymentTransactionEvents.$inferInsert,
): Promise<boolean> {
  // getSQL(): a builder put in sql`` directly would be wrapped in parentheses, which a WITH item refuses
  const result = await ex.execute(sql`with claimed as (${claimInsert(ex, claim).getSQL()}),
    pending as (${ex.insert(paymentTransactions).values(row).getSQL()}),
    first_event as (${ex.insert(paymentTransactionEvents).values(first).getSQL()})
    select count(*)::int as claimed from claimed`);
  const [answer] = (result as unknown as { rows: { claimed: number }[] }).rows;
  return Number(answer?.claimed) === 1;
}

/**
 * Records a gateway's answer in one statement: the transaction's changes (the row becomes `saved`, whose
 * `updatedAt` the caller chose), its event, and the key's completion when there is one.
 */
export async function recordAnswerRows(
  ex: Executor,
  saved: TransactionRow,
  changes: Partial<NewTransactionRow>,
  answerEvent: typeof paymentTransactionEvents.$inferInsert,
  completion?: KeyCompletion,
): Promise<void> {
  const update = ex
    .update(paymentTransactions)
    .set({ ...changes, updatedAt: saved.updatedAt })
    .where(transactionIn(saved, saved.transactionId));
  const done = completion ? sql`, completed as (${completeUpdate(ex, completion).getSQL()})` : sql``;
  await ex.execute(sql`with saved as (${update.getSQL()}),
    answer_event as (${ex.insert(paymentTransactionEvents).values(answerEvent).getSQL()})${done}
    select 1`);
  // a sale captured as it is authorised (the virtual terminal) is in the ledger from that moment
  if (movesMoney(changes)) await recordSale(ex, saved, { transaction: saved });
}

/** A key as stored (its state and, once done, the answer it keeps), or null when it was never claimed. */
export async function findIdempotencyKey(
  ex: Executor,
  scope: RestaurantScope,
  key: string,
): Promise<IdempotencyRow | null> {
  const k = paymentIdempotencyKeys;
  const [row] = await ex
    .select()
    .from(k)
    .where(and(tenantIs(k.tenantId, scope.tenantId), eq(k.restaurantId, scope.restaurantId), eq(k.key, key)));
  return row ?? null;
}

/** Lets the key be used again: the request it held did nothing at the gateway. */
export async function releaseIdempotencyKey(
  ex: Executor,
  scope: RestaurantScope,
  key: string,
): Promise<void> {
  const k = paymentIdempotencyKeys;
  await ex
    .delete(k)
    .where(and(tenantIs(k.tenantId, scope.tenantId), eq(k.restaurantId, scope.restaurantId), eq(k.key, key)));
}

/** Housekeeping: keys past their 24 hours. */
export async function deleteExpiredIdempotencyKeys(ex: Executor): Promise<number> {
  const rows = await ex
    .delete(paymentIdempotencyKeys)
    .where(lt(paymentIdempotencyKeys.expiresAt, sql`now()`))
    .returning({ key: paymentIdempotencyKeys.key });
  return rows.length;
}
