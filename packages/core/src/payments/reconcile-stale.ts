import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import { SYSTEM } from '../use-case';
import { openMerchantAccount } from './merchant-account-service';
import { failureOf, type GatewayAccount, type PaymentDeps } from './payment-deps';
import {
  deleteExpiredIdempotencyKeys,
  findTransaction,
  type TransactionRow,
  updateTransaction,
} from './payment-repository';
import { note, settleByOrderId } from './reconcile';
import { recordRefund } from './refund';
import { claimStaleTransaction, findStaleTransactions } from './stale-payments';
import { answerDetails } from './transaction-view';

/**
 * Housekeeping's reconciliation sweep (docs/behaviour/payments.md "Reconciliation"; decision 023): settles
 * the transactions left `pending` (a crash between the gateway call and the record of its answer) or
 * `unknown` (no answer even to the reconciliation) for longer than a threshold, across tenants, by their
 * order id — exactly as a payment without an answer is settled (reconcile.ts): found approved → voided, so
 * the card is not charged; found declined → declined; not found → failed; no answer → voids by order id, and
 * still nothing → stays `unknown` for the next sweep. A refund is looked up by its own order id and what is
 * found is recorded (approved → the original's refunded amount grows under its row lock). Every step is an
 * event by the acting "system". Then idempotency keys past their 24 hours are deleted.
 */

/** Rows younger than this may still belong to a request waiting for the gateway (35 s per call). */
export const STALE_AFTER_SECONDS = 120;
/** At most this many rows per sweep; the rest wait for the next one (every 15 minutes). */
export const STALE_BATCH = 100;

export interface StaleSweepResult {
  /** Stale rows found. */
  examined: number;
  /** What the settled rows became, by status (voided, failed, declined, unknown, captured for refunds…). */
  settled: Record<string, number>;
  /** Rows left alone: another sweep took them, or their restaurant has no usable merchant account. */
  skipped: number;
  /** Rows whose settling failed unexpectedly; they are tried again next time. */
  errors: number;
  idempotencyKeys: number;
}

export async function reconcileStalePayments(
  deps: PaymentDeps,
  actor: Actor = SYSTEM,
  options: { olderThanSeconds?: number; now?: Date } = {},
): Promise<StaleSweepResult> {
  const seconds = options.olderThanSeconds ?? STALE_AFTER_SECONDS;
  const before = new Date((options.now ?? new Date()).getTime() - seconds * 1000);
  const rows = await deps.transact((tx) => findStaleTransactions(tx, before, STALE_BATCH));
  const result: StaleSweepResult = {
    examined: rows.length,
    settled: {},
    skipped: 0,
    errors: 0,
    idempotencyKeys: 0,
  };
  for (const row of rows) {
    try {
      const status = await sweepOne(deps, actor, row, before);
      if (status === null) result.skipped += 1;
      else result.settled[status] = (result.settled[status] ?? 0) + 1;
    } catch {
      result.errors += 1;
    }
  }
  result.idempotencyKeys = await deps.transact((tx) => deleteExpiredIdempotencyKeys(tx));
  return result;
}

/** One stale row settled: its new status, or null when it was left alone. */
async function sweepOne(
  deps: PaymentDeps,
  actor: Actor,
  row: TransactionRow,
  before: Date,
): Promise<string | null> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  let account: GatewayAccount;
  try {
    account = (await openMerchantAccount(deps, scope)).account;
  } catch (error) {
    // No account, or switched off: nothing can be asked; the row waits (and is shown as it is).
    if (error instanceof BrigadeError) return null;
    throw error;
  }
  const claimed = await deps.transact((tx) => claimStaleTransaction(tx, row, before));
  if (!claimed) return null;
  await note(deps, actor, claimed, 'sweep', 'stale', {
    status: row.status,
    since: row.updatedAt.toISOString(),
  });
  const settled =
    claimed.kind === 'refund'
      ? await settleRefund(deps, actor, claimed, account)
      : await settleByOrderId(deps, actor, { scope, account, row: claimed });
  if (settled.status === 'unknown')
    await note(deps, actor, settled, 'sweep', 'still_unknown', { reconciliation: settled.reconciliation });
  return settled.status;
}

/** A refund without a recorded answer: its own order id tells whether the gateway made it. */
async function settleRefund(
  deps: PaymentDeps,
  actor: Actor,
  refund: TransactionRow,
  account: GatewayAccount,
): Promise<TransactionRow> {
  let found: ProcessorAnswer[];
  try {
    found = await deps.provider(account).findByOrder(refund.paymentOrderId);
  } catch (error) {
    await note(deps, actor, refund, 'inquire_by_order', 'no_answer', { failure: failureOf(error) });
    return settle(deps, refund, {
      status: 'unknown',
      reconciliation: 'No answer to the refund nor to the inquiry by its order id',
    });
  }
  const approved = found.find((answer) => answer.approval === 'approved' && answer.processorReference);
  const declined = found.find((answer) => answer.approval === 'declined');
  const answer = approved ?? declined;
  if (answer && refund.parentTransactionId) {
    await note(deps, actor, refund, 'inquire_by_order', approved ? 'found_approved' : 'found_declined', {
      ...answerDetails(answer),
    });
    const original = await deps.transact((tx) => findTransaction(tx, refund, refund.parentTransactionId!));
    if (original) {
      const saved = await recordRefund(
        deps,
        actor,
        { original, refund, amount: refund.amount, answer },
        'reconcile',
      );
      return settle(deps, saved, {
        reconciliation: approved
          ? 'The refund was found made at the gateway (by its order id) and is now counted'
          : 'The gateway declined the refund (found by its order id)',
      });
    }
  }
  await note(deps, actor, refund, 'inquire_by_order', 'not_found', {});
  return settle(deps, refund, {
    status: 'failed',
    reconciliation: 'The gateway never received the refund: nothing was refunded, and it may be made again',
  });
}

const settle = (deps: PaymentDeps, row: TransactionRow, changes: Parameters<typeof updateTransaction>[3]) =>
  deps.transact((tx) => updateTransaction(tx, row, row.transactionId, changes));
