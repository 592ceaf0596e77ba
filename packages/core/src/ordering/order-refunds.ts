import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { ORDER_NOT_SETTLED, ORDER_NOT_SOLD, type RefundOrderInput } from '@brigade/domain/ordering/api';
import type { OrderStatus } from '@brigade/domain/ordering/order-status';
import { refundReceiptOf } from '@brigade/domain/ordering/receipt';
import { formatAmount } from '@brigade/domain/payments/amount';
import { insertOutboxEmail } from '../identity/outbox-repository';
import type { PaymentDeps } from '../payments/payment-deps';
import { findTransaction } from '../payments/payment-repository';
import { refundPayment } from '../payments/refund';
import { findRestaurant } from '../tenancy/restaurant-repository';
import { userIdOf } from '../use-case';
import { ORDER_NOT_FOUND } from './order-moves';
import { liveNumber } from './order-number';
import { addOrderEvent, findOrder, type OrderRow, orderEventsOf, updateOrder } from './ordering-repository';

/** Statuses of an order the restaurant accepted: a sale, which can be refunded in part. */
const SOLD: readonly OrderStatus[] = ['accepted', 'in_preparation', 'ready', 'completed'];

export const refundDeclinedMessage = (processorText: string | null) =>
  `The card refused the refund${processorText ? ` (${processorText})` : ''}; nothing was refunded`;

export interface RefundOrderCall extends RefundOrderInput {
  tenantId: number;
  restaurantId: number;
  orderId: number;
  idempotencyKey: string | undefined;
}

/**
 * Refunds part of an order, or what is left of it, with a reason (docs/behaviour/ordering.md#refunds-from-the-order):
 * a refund of the order's settled payment (payments' own refund, keyed by the caller's Idempotency-Key), then a
 * line in the order's history and the guest's email of it; an order picked up and now refunded in full becomes
 * `refunded`. The sales ledger
 * takes the refund from the payment, in the same transaction that records it.
 */
export async function refundOrder(deps: PaymentDeps, actor: Actor, call: RefundOrderCall): Promise<OrderRow> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const row = await deps.transact((tx) => findOrder(tx, scope, call.orderId));
  if (!row || row.status === 'placing' || row.status === 'payment_failed')
    throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  if (!SOLD.includes(row.status) || !row.transactionId)
    throw new BrigadeError('conflict', 'ORDER_NOT_SOLD', ORDER_NOT_SOLD);
  const transactionId = row.transactionId;
  const payment = await deps.transact((tx) => findTransaction(tx, scope, transactionId));
  if (!payment || payment.refundable !== true)
    throw new BrigadeError('conflict', 'ORDER_NOT_SETTLED', ORDER_NOT_SETTLED);
  const { transaction: refund } = await refundPayment(deps, actor, {
    ...scope,
    transactionId,
    ...(call.amount === undefined ? {} : { amount: call.amount }),
    idempotencyKey:
      call.idempotencyKey === undefined ? undefined : `order-${row.orderId}-${call.idempotencyKey}`,
  });
  if (refund.status !== 'captured')
    throw new BrigadeError(
      'conflict',
      'REFUND_DECLINED',
      refundDeclinedMessage(refund.processorText ?? null),
    );
  const note = `Refunded ${formatAmount(refund.amount)} ${refund.currency} (${refund.transactionId.slice(0, 8)}): ${call.reason}`;
  return deps.transact(async (tx) => {
    const current = (await findOrder(tx, scope, row.orderId, true))!;
    // a repeated request (same key) answers the refund it made: its line is written once
    const events = await orderEventsOf(tx, current);
    if (events.some((e) => e.note === note)) return current;
    const after = await findTransaction(tx, scope, transactionId);
    const whole = after !== null && after.refundedAmount >= after.capturedAmount;
    const by = userIdOf(actor);
    // the guest's email of the refund, sent once this commits (the outbox's delivery job)
    const restaurant = await findRestaurant(tx, scope.tenantId, scope.restaurantId);
    const mail = refundReceiptOf({
      restaurantName: restaurant?.name ?? '',
      customerName: current.customer.name,
      number: liveNumber(current),
      currency: current.currency,
      amount: refund.amount,
      refundedSoFar: after?.refundedAmount ?? refund.amount,
      total: current.total,
      cardLastFour: after?.lastFour ?? null,
    });
    await insertOutboxEmail(tx, { to: current.customer.email, ...mail });
    if (whole && current.status === 'completed') {
      const moved = await updateOrder(tx, current, { status: 'refunded' });
      await addOrderEvent(tx, moved, 'refunded', by, note);
      return moved;
    }
    await addOrderEvent(tx, current, current.status, by, note);
    return current;
  });
}
