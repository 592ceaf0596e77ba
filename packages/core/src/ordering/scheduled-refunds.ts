import { BrigadeError } from '@brigade/domain/errors';
import { formatAmount } from '@brigade/domain/payments/amount';
import type { PaymentDeps } from '../payments/index';
import { findTransaction } from '../payments/index';
import { SYSTEM } from '../use-case';
import { awaitsSettlement, learnSettlement, refundSettledOrder } from './order-refunds';
import { addOrderEvent, findOrder } from './ordering-repository';
import {
  endScheduledRefund,
  type ScheduledRefundRow,
  waitingScheduledRefunds,
} from './scheduled-refund-repository';

export interface ScheduledRefundsResult {
  examined: number;
  refunded: number;
  declined: number;
  cancelled: number;
  /** Still waiting: the payment has not settled, or the gateway did not answer (tried at the next run). */
  waiting: number;
}

/** At most this many refunds a run: the gateway's test system allows 20 calls a minute. */
const PER_RUN = 50;

/**
 * The `refund.scheduled` job (docs/behaviour/ordering.md#refunds-from-the-order): each refund still waiting
 * asks the gateway whether its payment has settled; once it has, the refund goes out through the payments'
 * own refund under a key of its own (`scheduled-<id>`), so a run cut off after the gateway answered and
 * the next run make one refund. The history line names who asked for it. A payment voided or refunded
 * in full meanwhile (the order was cancelled) ends the refund as `cancelled`; a decline ends it `declined`
 * with the card's words in the order's history. Any other failure leaves it waiting for the next run.
 */
export async function sendScheduledRefunds(deps: PaymentDeps): Promise<ScheduledRefundsResult> {
  const result: ScheduledRefundsResult = { examined: 0, refunded: 0, declined: 0, cancelled: 0, waiting: 0 };
  const rows = await deps.transact((tx) => waitingScheduledRefunds(tx, PER_RUN));
  for (const row of rows) {
    result.examined += 1;
    result[await sendOne(deps, row)] += 1;
  }
  return result;
}

type Outcome = 'refunded' | 'declined' | 'cancelled' | 'waiting';

async function sendOne(deps: PaymentDeps, row: ScheduledRefundRow): Promise<Outcome> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const [order, found] = [
    await deps.transact((tx) => findOrder(tx, scope, row.orderId)),
    await deps.transact((tx) => findTransaction(tx, scope, row.transactionId)),
  ];
  if (!order || !found) return end(deps, row, 'cancelled', 'The order or its payment is gone');
  const payment = awaitsSettlement(found) ? await learnSettlement(deps, SYSTEM, scope, found) : found;
  if (awaitsSettlement(payment)) return 'waiting';
  const left = payment.capturedAmount - payment.refundedAmount;
  if (payment.refundable !== true || left < row.amount)
    return end(
      deps,
      row,
      'cancelled',
      `The payment was ${payment.status.replace('_', ' ')} before it settled`,
    );
  try {
    const { refundTransactionId } = await refundSettledOrder(deps, SYSTEM, {
      order,
      amount: row.amount,
      allocation: row.allocation,
      reason: row.reason,
      key: `scheduled-${row.scheduledRefundId}`,
      by: row.requestedBy,
    });
    await deps.transact((tx) => endScheduledRefund(tx, row, { status: 'refunded', refundTransactionId }));
    return 'refunded';
  } catch (error) {
    if (error instanceof BrigadeError && error.code === 'REFUND_DECLINED')
      return end(deps, row, 'declined', error.message);
    return 'waiting';
  }
}

/** Ends the refund without money moving, and says so in the order's history. */
async function end(
  deps: PaymentDeps,
  row: ScheduledRefundRow,
  status: 'declined' | 'cancelled',
  outcome: string,
): Promise<Outcome> {
  await deps.transact(async (tx) => {
    const ended = await endScheduledRefund(tx, row, { status, outcome });
    const order = ended ? await findOrder(tx, row, row.orderId) : null;
    if (!order) return;
    const what = `The refund of ${formatAmount(row.amount)} ${order.currency} scheduled for when the payment settles`;
    const note =
      status === 'declined' ? `${what} did not go through: ${outcome}` : `${what} was dropped: ${outcome}`;
    await addOrderEvent(tx, order, order.status, 'system', note);
  });
  return status;
}
