import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { type BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import type { RefundAllocation } from '@brigade/domain/ordering/refund-lines';
import type { RefundInput, TransactionView } from '@brigade/domain/payments/api';
import { generateOrderId } from '@brigade/domain/payments/order-id';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import { userIdOf } from '../use-case';
import { event, outcomeOf } from './answer-records';
import { safeText } from './gateway-text';
import { idempotent } from './idempotency';
import type { PaymentDeps } from './payment-deps';
import {
  addEvent,
  insertTransaction,
  lockTransaction,
  reservedRefundAmount,
  type TransactionRow,
  updateTransaction,
} from './payment-repository';
import { call_, refuse, TRANSACTION_NOT_FOUND, type TransactionCall, target } from './transaction-actions';
import { answerDetails, transactionView } from './transaction-view';

export const NOT_REFUNDABLE_MESSAGE =
  'This transaction cannot be refunded now; a payment is refundable once it settles (check its status)';
export const REFUND_TOO_LARGE_MESSAGE = 'The refund is more than what is left to refund';
export const REFUND_IN_PROGRESS_MESSAGE =
  'Refunds still in progress already cover what is left to refund; check their status in a moment';

/**
 * Refunds a settled payment, in full or in part (docs/behaviour/payments.md#the-payments-api). The refund is a
 * transaction of its own, written pending under its own order id before the gateway hears of it — in the same
 * database transaction that locks the original's row and counts what refunds without an answer already hold,
 * so concurrent refunds never promise the same cents (a declined or failed one gives them back).
 */
export async function refundPayment(
  deps: PaymentDeps,
  actor: Actor,
  call: TransactionCall & RefundInput & { allocation?: RefundAllocation | undefined },
): Promise<{ transaction: TransactionView }> {
  const operation = `refundPayment:${call.transactionId}`;
  const body = { amount: call.amount };
  return idempotent(deps, actor, { scope: call, key: call.idempotencyKey, operation, body }, async () => {
    const { row: found, account } = await target(deps, call);
    const { row, refund, amount } = await deps.transact((tx) =>
      reserveRefund(deps, actor, tx, found, {
        asked: call.amount,
        key: call.idempotencyKey ?? '',
        allocation: call.allocation ?? null,
      }),
    );
    const answer = await call_(deps, actor, row, 'refund', amount, () =>
      deps.provider(account).refund({
        processorReference: row.processorReference!,
        amount,
        paymentOrderId: refund.paymentOrderId,
      }),
    ).catch(async (error: BrigadeError) => {
      // No answer: the refund may exist at the gateway (it stays reserved as `unknown`); a status check tells.
      const unknown =
        error.kind === 'gateway_timeout' || ['GATEWAY_ERROR', 'GATEWAY_BAD_ANSWER'].includes(error.code);
      await deps.transact((tx) =>
        updateTransaction(tx, refund, refund.transactionId, {
          status: unknown ? 'unknown' : 'failed',
          processorText: error.message.slice(0, 200),
        }),
      );
      throw error;
    });
    const saved = await recordRefund(deps, actor, { original: row, refund, amount, answer });
    return { transaction: transactionView(saved) };
  });
}

/** Under the original's row lock: what is free to refund, checked, and the pending refund that takes it. */
async function reserveRefund(
  deps: PaymentDeps,
  actor: Actor,
  tx: Executor,
  found: TransactionRow,
  { asked, key, allocation }: { asked: number | undefined; key: string; allocation: RefundAllocation | null },
) {
  const row = await lockTransaction(tx, found, found.transactionId);
  if (!row) throw notFound(TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND');
  const left = row.capturedAmount - row.refundedAmount;
  if (row.refundable !== true || left <= 0 || !row.processorReference)
    throw refuse('NOT_REFUNDABLE', NOT_REFUNDABLE_MESSAGE);
  const free = left - (await reservedRefundAmount(tx, row));
  if (free <= 0) throw refuse('REFUND_IN_PROGRESS', REFUND_IN_PROGRESS_MESSAGE);
  if (asked !== undefined && asked > free)
    throw validationError(REFUND_TOO_LARGE_MESSAGE, [{ path: 'amount', message: REFUND_TOO_LARGE_MESSAGE }]);
  const amount = asked ?? free;
  const refund = await insertTransaction(tx, {
    ...pendingRefund(deps, actor, row, amount),
    refundAllocation: allocation,
  });
  // The key names the refund, so that a sweep can answer it when this request's process dies (interrupted-steps.ts).
  await addEvent(tx, event(refund, actor, 'refund', 'requested', amount, { idempotencyKey: key }));
  return { row, refund, amount };
}

const pendingRefund = (deps: PaymentDeps, actor: Actor, row: TransactionRow, amount: number) => ({
  tenantId: row.tenantId,
  restaurantId: row.restaurantId,
  parentTransactionId: row.transactionId,
  kind: 'refund' as const,
  status: 'pending' as const,
  merchantId: row.merchantId,
  paymentOrderId: generateOrderId(deps.randomBytes(16)),
  orderReference: row.orderReference,
  amount,
  lastFour: row.lastFour,
  cardBrand: row.cardBrand,
  createdBy: userIdOf(actor),
});

/** Records a refund's answer; an approved one adds to the original's refunded amount under its row lock. */
export async function recordRefund(
  deps: PaymentDeps,
  actor: Actor,
  refunded: {
    original: TransactionRow;
    refund: TransactionRow;
    amount: number;
    answer: ProcessorAnswer;
  },
  step = 'refund',
): Promise<TransactionRow> {
  const { original, refund, amount, answer } = refunded;
  const approved = answer.approval === 'approved';
  return deps.transact(async (tx) => {
    const done = await updateTransaction(tx, refund, refund.transactionId, {
      status: approved ? 'captured' : answer.approval === 'declined' ? 'declined' : 'failed',
      processorReference: safeText(answer.processorReference),
      capturedAmount: approved ? amount : 0,
      approval: answer.approval,
      processorCode: safeText(answer.processorCode),
      processorText: safeText(answer.processorText),
      processorPlatform: safeText(answer.processorPlatform),
    });
    const outcome = outcomeOf(answer);
    await addEvent(tx, event(refund, actor, step, outcome, amount, answerDetails(answer)));
    if (approved) {
      const locked = (await lockTransaction(tx, original, original.transactionId)) ?? original;
      const total = locked.refundedAmount + amount;
      await updateTransaction(tx, original, original.transactionId, {
        refundedAmount: total,
        status: total >= locked.capturedAmount ? 'refunded' : 'partially_refunded',
        refundable: total < locked.capturedAmount,
      });
    }
    return done;
  });
}
