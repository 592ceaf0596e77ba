import type { Actor } from '@brigade/domain/access';
import type { ProcessorInquiry } from '@brigade/domain/payments/provider-port';
import { SYSTEM } from '../use-case';
import { event } from './answer-records';
import { safeText } from './gateway-text';
import { openMerchantAccount } from './merchant-account-service';
import type { PaymentDeps } from './payment-deps';
import {
  addEvent,
  completeIdempotencyKey,
  type IdempotencyRow,
  lockTransaction,
  type NewTransactionRow,
  releaseIdempotencyKey,
  type TransactionRow,
  updateTransaction,
} from './payment-repository';
import { STALE_AFTER_SECONDS } from './reconcile-stale';
import { findAbandonedKeys, findInterruptedSteps, latestExclusiveEvent, refundOfKey } from './stale-payments';
import { answerDetails, transactionView } from './transaction-view';

/**
 * Captures, voids and refunds whose process died between asking the gateway and recording its answer
 * (docs/behaviour/payments.md "Reconciliation"; issue 41). Without this, the capture's `requested` claim held
 * the transaction for two minutes and its Idempotency-Key stayed "still being processed" for 24 hours, so an
 * order whose Accept was cut off could not be accepted again.
 *
 * The checkout sweep runs it every minute, after the stale-payment sweep:
 * 1. A capture or void still `requested` after the quiet time is looked up at the gateway (inquire by its
 *    reference) and what the gateway did is recorded: captured, voided, or not done (`interrupted`, which ends
 *    the claim so the step can be asked again). Without an answer it waits for the next sweep.
 * 2. The request's Idempotency-Key then gets the answer its request would have given (the transaction, when the
 *    step was done), or is given back when nothing was done, so a retry with the same key runs. A refund's key is
 *    answered from the refund it wrote, once the stale-payment sweep has settled that refund.
 * Both claim under the transaction's row lock, so sweeps that overlap settle nothing twice.
 */

export interface InterruptedStepResult {
  /** Steps found interrupted, by what the gateway had done: captured, voided, not_done; or unanswered. */
  steps: Record<string, number>;
  /** Keys answered (the step was done) and released (nothing was done). */
  keys: { answered: number; released: number };
}

const BATCH = 100;

export async function recoverInterruptedSteps(
  deps: PaymentDeps,
  actor: Actor = SYSTEM,
  options: { olderThanSeconds?: number; now?: Date } = {},
): Promise<InterruptedStepResult> {
  const seconds = options.olderThanSeconds ?? STALE_AFTER_SECONDS;
  const before = new Date((options.now ?? new Date()).getTime() - seconds * 1000);
  const result: InterruptedStepResult = { steps: {}, keys: { answered: 0, released: 0 } };
  const found = await deps.transact((tx) => findInterruptedSteps(tx, before, BATCH));
  for (const { row, step, eventId } of found) {
    const outcome = await recoverStep(deps, actor, row, step, eventId).catch(() => 'unanswered');
    result.steps[outcome] = (result.steps[outcome] ?? 0) + 1;
  }
  const keys = await deps.transact((tx) => findAbandonedKeys(tx, before, BATCH));
  for (const key of keys) {
    const settled = await settleKey(deps, key).catch(() => null);
    if (settled) result.keys[settled] += 1;
  }
  return result;
}

/** One interrupted capture or void: what the gateway did, recorded; `skipped` when another sweep took it. */
async function recoverStep(
  deps: PaymentDeps,
  actor: Actor,
  found: TransactionRow,
  step: string,
  eventId: number,
): Promise<string> {
  const scope = { tenantId: found.tenantId, restaurantId: found.restaurantId };
  const { account } = await openMerchantAccount(deps, scope);
  if (!found.processorReference) return 'unanswered';
  // Asked first, outside any transaction (the gateway may take seconds); an error leaves it to the next sweep.
  const answer = await deps.provider(account).inquire(found.processorReference);
  return deps.transact(async (tx) => {
    const row = await lockTransaction(tx, scope, found.transactionId);
    const latest = row && (await latestExclusiveEvent(tx, row));
    if (!row || latest?.eventId !== eventId) return 'skipped';
    const { outcome, changes } = whatTheGatewayDid(row, step, answer);
    await addEvent(
      tx,
      event(row, actor, step, 'interrupted', null, { ...answerDetails(answer), found: outcome }),
    );
    if (changes) await updateTransaction(tx, row, row.transactionId, changes);
    return outcome;
  });
}

/** What an inquiry says the cut-off step did, and the row's changes if it did it. */
function whatTheGatewayDid(
  row: TransactionRow,
  step: string,
  answer: ProcessorInquiry,
): { outcome: string; changes: Partial<NewTransactionRow> | null } {
  const flags = {
    settlementStatus: safeText(answer.settlementStatus) ?? row.settlementStatus,
    voidable: answer.voidable ?? row.voidable,
    refundable: answer.refundable ?? row.refundable,
  };
  if (answer.settlementStatus === 'Voided' && row.status !== 'voided')
    return {
      outcome: 'voided',
      changes: { ...flags, status: 'voided', voidable: false, refundable: false, capturedAmount: 0 },
    };
  const captured = answer.capturedAt !== null || answer.settlementStatus === 'Queued for Capture';
  if (step === 'capture' && captured && row.status === 'authorised')
    return {
      outcome: 'captured',
      changes: {
        ...flags,
        status: 'captured',
        capturedAmount: answer.amount ?? row.authorisedAmount ?? row.amount,
        capturedAt: new Date(),
      },
    };
  return { outcome: 'not_done', changes: null };
}

/**
 * A capture's, void's or refund's key whose request died: answered with the transaction when its step was done
 * since the key was taken, given back when nothing was done, left alone while that is not known yet.
 */
async function settleKey(deps: PaymentDeps, key: IdempotencyRow): Promise<'answered' | 'released' | null> {
  const scope = { tenantId: key.tenantId, restaurantId: key.restaurantId };
  const [operation, transactionId = ''] = key.endpoint.split(':');
  return deps.transact(async (tx) => {
    const original = await lockTransaction(tx, scope, transactionId);
    if (!original) {
      await releaseIdempotencyKey(tx, scope, key.key);
      return 'released';
    }
    let done: TransactionRow | null = null;
    if (operation === 'refundPayment') {
      const refund = await refundOfKey(tx, key, transactionId);
      if (refund && ['pending', 'unknown'].includes(refund.status)) return null; // the stale sweep settles it first
      done = refund?.status === 'captured' ? refund : null;
    } else {
      const latest = await latestExclusiveEvent(tx, original);
      if (latest?.outcome === 'requested') return null; // the step itself is not settled yet
      const wanted = operation === 'capturePayment' ? ['captured', 'settled'] : ['voided'];
      const since = original.updatedAt >= key.createdAt;
      done = wanted.includes(original.status) && since ? original : null;
    }
    if (!done) {
      await releaseIdempotencyKey(tx, scope, key.key);
      return 'released';
    }
    await completeIdempotencyKey(tx, scope, key.key, {
      status: 200,
      body: { transaction: transactionView(done) },
    });
    return 'answered';
  });
}
