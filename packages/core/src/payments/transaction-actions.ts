import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import { captureKind } from '@brigade/domain/payments/amount-kinds';
import {
  type CaptureInput,
  overMaximumMessage,
  type TransactionView,
  type VoidInput,
} from '@brigade/domain/payments/api';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import { allowedVoids } from '@brigade/domain/payments/transaction-state';
import { event, outcomeOf } from './answer-records';
import { safeText } from './gateway-text';
import { idempotent } from './idempotency';
import { openMerchantAccount } from './merchant-account-service';
import { gatewayProblem, type PaymentDeps } from './payment-deps';
import {
  addEvent,
  findTransaction,
  lockTransaction,
  type RestaurantScope,
  stepInFlight,
  type TransactionRow,
  updateTransaction,
} from './payment-repository';
import { answerDetails, transactionView } from './transaction-view';

/** Capture, void and refund of a recorded transaction (docs/behaviour/payments.md#after-the-payment). */

export interface TransactionCall extends RestaurantScope {
  transactionId: string;
  idempotencyKey: string | undefined;
}

export const TRANSACTION_NOT_FOUND = 'Transaction not found';
export const TIP_OVER_LIMIT_MESSAGE =
  'A tip over 25% of the authorised amount needs a new authorisation: void this one and take the payment again';

export async function target(deps: PaymentDeps, call: TransactionCall) {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const row = await deps.transact((tx) => findTransaction(tx, scope, call.transactionId));
  if (!row) throw notFound(TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND');
  const { account, row: merchant } = await openMerchantAccount(deps, scope);
  if (account.merchantId !== row.merchantId)
    throw new BrigadeError(
      'conflict',
      'MERCHANT_CHANGED',
      'This transaction belongs to another merchant account',
    );
  return { scope, row, account, maxTransactionAmount: merchant.maxTransactionAmount };
}

export const refuse = (code: string, message: string) => new BrigadeError('conflict', code, message);

export const STEP_IN_PROGRESS_MESSAGE =
  'Another capture or void of this transaction is in progress; check its status in a moment';
/** How long a `requested` step holds its transaction when its outcome never comes (a crash). */
const IN_FLIGHT_SECONDS = 120;

/**
 * Claims a recorded transaction for one capture or void (decision 023: never twice at the gateway), in one
 * short transaction under its row lock: refused (409 STEP_IN_PROGRESS) while another such step is in flight,
 * `plan` checks the locked row (its refusals roll the claim back) and says the amount, and a `requested`
 * event marks the claim. The gateway call's outcome event (call_) ends it.
 */
export async function claimStep<P extends { amount: number }>(
  deps: PaymentDeps,
  actor: Actor,
  found: TransactionRow,
  step: string,
  plan: (row: TransactionRow) => P,
): Promise<{ row: TransactionRow; plan: P }> {
  return deps.transact(async (tx) => {
    const row = await lockTransaction(tx, found, found.transactionId);
    if (!row) throw notFound(TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND');
    if (await stepInFlight(tx, row, IN_FLIGHT_SECONDS))
      throw refuse('STEP_IN_PROGRESS', STEP_IN_PROGRESS_MESSAGE);
    const planned = plan(row);
    await addEvent(tx, event(row, actor, step, 'requested', planned.amount));
    return { row, plan: planned };
  });
}

/**
 * What a capture sends: the total (base + tip) and the tip; refused when not capturable, over the tip limit
 * or over the restaurant's maximum per payment (docs/behaviour/payments.md#limits-on-amounts).
 */
function capturePlan(
  row: TransactionRow,
  amount: number | undefined,
  tipAmount: number | undefined,
  max: number,
) {
  if (row.status !== 'authorised' || row.kind !== 'authorisation')
    throw refuse('NOT_CAPTURABLE', 'Only an authorisation that is not captured yet can be captured');
  const authorised = row.authorisedAmount ?? row.amount;
  const base = amount ?? authorised - row.tipAmount;
  const tip = tipAmount ?? row.tipAmount;
  const total = base + tip;
  if (captureKind(authorised, total) === 'tip_adjustment_over_limit')
    throw validationError(TIP_OVER_LIMIT_MESSAGE, [{ path: 'tipAmount', message: TIP_OVER_LIMIT_MESSAGE }]);
  // What was authorised can always be captured (the maximum may have been lowered since); a tip may not pass it.
  if (total > max && total > authorised) {
    const message = overMaximumMessage(max);
    throw validationError(message, [{ path: tipAmount !== undefined ? 'tipAmount' : 'amount', message }]);
  }
  return { amount: total, tip };
}

/**
 * Captures an authorisation, with a tip when given. `onCaptured` writes what the caller's own records say of
 * the capture (a register sale's tip from its receipt) in the transaction that records it, before the ledger
 * reads them.
 */
export async function capturePayment(
  deps: PaymentDeps,
  actor: Actor,
  call: TransactionCall & CaptureInput,
  onCaptured?: (tx: Executor, tip: number) => Promise<unknown>,
): Promise<{ transaction: TransactionView }> {
  const { amount, tipAmount } = call;
  const operation = `capturePayment:${call.transactionId}`;
  return idempotent(
    deps,
    actor,
    { scope: call, key: call.idempotencyKey, operation, body: { amount, tipAmount } },
    async () => {
      const { row: found, account, maxTransactionAmount } = await target(deps, call);
      const { row, plan } = await claimStep(deps, actor, found, 'capture', (row) =>
        capturePlan(row, amount, tipAmount, maxTransactionAmount),
      );
      const { amount: total, tip } = plan;
      const saved = await call_(
        deps,
        actor,
        row,
        'capture',
        total,
        () =>
          deps.provider(account).capture({
            processorReference: row.processorReference!,
            token: row.token,
            amount: total,
          }),
        async (tx, answer) => {
          if (answer.approval === 'approved') await onCaptured?.(tx, tip);
          return updateTransaction(
            tx,
            row,
            row.transactionId,
            answer.approval === 'approved'
              ? {
                  status: 'captured',
                  capturedAmount: answer.amount ?? total,
                  tipAmount: tip,
                  settlementStatus: safeText(answer.settlementStatus),
                  capturedAt: new Date(),
                  voidable: true,
                }
              : {
                  processorText: safeText(answer.processorText),
                  processorCode: safeText(answer.processorCode),
                },
          );
        },
      );
      return { transaction: transactionView(saved) };
    },
  );
}

/** What a void takes back: the amount asked or all the transaction holds; refused when it cannot be voided. */
function voidPlan(row: TransactionRow, amount: number | undefined) {
  if (!['authorised', 'captured'].includes(row.status) || row.voidable === false || !row.processorReference)
    throw refuse('NOT_VOIDABLE', 'This transaction can no longer be voided; refund it once it settles');
  const allowed = allowedVoids(
    row.settlementStatus ?? (row.status === 'authorised' ? 'Authorized' : 'Queued for Capture'),
  );
  if (amount !== undefined && !allowed.includes('partial'))
    throw refuse(
      'PARTIAL_VOID_NOT_ALLOWED',
      'Only the whole amount can be voided once the payment is queued for capture',
    );
  const held = row.status === 'captured' ? row.capturedAmount : (row.authorisedAmount ?? row.amount);
  if (amount !== undefined && amount > held)
    throw validationError('The amount is more than the transaction holds', [
      { path: 'amount', message: 'The amount is more than the transaction holds' },
    ]);
  return { amount: amount ?? held, held };
}

export async function voidPayment(
  deps: PaymentDeps,
  actor: Actor,
  call: TransactionCall & VoidInput,
): Promise<{ transaction: TransactionView }> {
  const operation = `voidPayment:${call.transactionId}`;
  return idempotent(
    deps,
    actor,
    { scope: call, key: call.idempotencyKey, operation, body: { amount: call.amount } },
    async () => {
      const { row: found, account } = await target(deps, call);
      const { row, plan } = await claimStep(deps, actor, found, 'void', (row) => voidPlan(row, call.amount));
      const { held } = plan;
      const partial = call.amount !== undefined && call.amount < held;
      const saved = await call_(
        deps,
        actor,
        row,
        'void',
        plan.amount,
        () =>
          deps.provider(account).void({ processorReference: row.processorReference!, amount: call.amount }),
        async (tx, answer) => {
          if (!answer.voided) return safeText(answer.processorText) ?? 'no reason given';
          return updateTransaction(
            tx,
            row,
            row.transactionId,
            partial
              ? { authorisedAmount: held - call.amount! }
              : { status: 'voided', voidable: false, refundable: false, capturedAmount: 0 },
          );
        },
      );
      if (typeof saved === 'string') throw refuse('VOID_REFUSED', `The gateway refused the void: ${saved}`);
      return { transaction: transactionView(saved) };
    },
  );
}

export const NOT_UNKNOWN_MESSAGE =
  'Only a payment whose outcome is unknown is voided by its order id; use Void or Refund for the others';

/**
 * Staff's last resort for a payment left `unknown` (no answer, reconciliation found nothing for sure): void
 * whatever stands under its order id. Voided → nobody is charged; nothing there → it was never charged.
 */
export async function voidPaymentByOrder(
  deps: PaymentDeps,
  actor: Actor,
  call: TransactionCall,
): Promise<{ transaction: TransactionView }> {
  const operation = `voidPaymentByOrder:${call.transactionId}`;
  return idempotent(deps, actor, { scope: call, key: call.idempotencyKey, operation, body: {} }, async () => {
    const { row: found, account } = await target(deps, call);
    const { row } = await claimStep(deps, actor, found, 'void_by_order', (row) => {
      if (row.status !== 'unknown' && row.status !== 'pending')
        throw refuse('NOT_UNKNOWN', NOT_UNKNOWN_MESSAGE);
      return { amount: row.amount };
    });
    const saved = await call_(
      deps,
      actor,
      row,
      'void_by_order',
      row.amount,
      () => deps.provider(account).voidByOrder(row.paymentOrderId),
      (tx, answer) =>
        updateTransaction(
          tx,
          row,
          row.transactionId,
          answer.voided
            ? {
                status: 'voided',
                voidable: false,
                refundable: false,
                capturedAmount: 0,
                reconciliation: 'Voided by its order id: the card is not charged',
              }
            : { status: 'failed', reconciliation: 'Nothing stands under its order id: nothing was charged' },
        ),
    );
    return { transaction: transactionView(saved) };
  });
}

/**
 * One gateway call on an existing transaction, recorded as an event either way. No answer to a capture,
 * void or refund is reported (504 and an event) rather than retried: each is safe to ask again with the same
 * Idempotency-Key only after a status check, which the transaction page offers. `record` writes what the
 * answer changes in the same transaction as its outcome event, so a step claimed by claimStep is never seen
 * finished before its transaction row says so.
 */
export async function call_<T extends ProcessorAnswer, R = T>(
  deps: PaymentDeps,
  actor: Actor,
  row: TransactionRow,
  step: string,
  amount: number,
  send: () => Promise<T>,
  record: (tx: Executor, answer: T) => Promise<R> = async (_tx, answer) => answer as unknown as R,
): Promise<R> {
  let answer: T;
  try {
    answer = await send();
  } catch (error) {
    const problem = gatewayProblem(error);
    await deps.transact((tx) =>
      addEvent(tx, event(row, actor, step, 'failed', amount, { code: problem.code })),
    );
    throw problem;
  }
  const outcome = outcomeOf(answer);
  const details = answerDetails(answer);
  return deps.transact(async (tx) => {
    await addEvent(tx, event(row, actor, step, outcome, amount, details));
    return record(tx, answer);
  });
}
