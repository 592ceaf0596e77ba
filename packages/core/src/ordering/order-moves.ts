import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { MoveOrderInput } from '@brigade/domain/ordering/api';
import {
  canMove,
  capturesOn,
  moveRefusedMessage,
  type OrderStatus,
} from '@brigade/domain/ordering/order-status';
import { paidAtCounter } from '@brigade/domain/pos/api';
import type { MenuTreeCache } from '../catalogue/index';
import type { PaymentDeps } from '../payments/index';
import { capturePayment, findTransaction, refundPayment, voidPayment } from '../payments/index';
import { userIdOf } from '../use-case';
import { ticketContextOf } from './kitchen-printing';
import { queueKitchenTickets } from './kitchen-tickets';
import { addOrderEvent, findOrder, type OrderRow, readSettings, updateOrder } from './ordering-repository';

/**
 * Moving an order through its life (docs/behaviour/ordering.md#an-orders-life) with the payment that goes
 * with each move: accepting captures (when the restaurant captures on accept), completing captures what is
 * not captured yet, cancelling voids an authorisation or refunds a capture, and refunding a completed order
 * refunds it. The gateway is called before the status changes, with an Idempotency-Key per order and move,
 * so a move that failed at the gateway leaves the order as it was and can simply be tried again.
 */

export const ORDER_NOT_FOUND = 'Order not found';
export const PAYMENT_NOT_RETURNABLE =
  'The payment can be neither voided nor refunded right now; check it on the transaction page';
export const captureDeclinedMessage = (processorText: string | null) =>
  `The card could not be charged${processorText ? ` (${processorText})` : ''}, so the order was not moved; contact the guest or cancel the order`;
export const ORDER_CHANGED = 'The order changed meanwhile; reload it and try again';
export const VOID_AT_REGISTER =
  'A register sale is given back by voiding it at a register, which hands back its cash';

/** What moving an order reaches: the payments module (its kitchen tickets are jobs, kitchen-tickets.ts). */
export interface OrderMoveDeps extends PaymentDeps {
  /** The kitchen's routing read once per restaurant version when an order is accepted. */
  menuCache?: MenuTreeCache | undefined;
}

export interface MoveOrderCall extends MoveOrderInput {
  tenantId: number;
  restaurantId: number;
  orderId: number;
}

export async function moveOrder(deps: OrderMoveDeps, actor: Actor, call: MoveOrderCall): Promise<OrderRow> {
  const { tenantId, restaurantId, orderId, ...move } = call;
  const row = await deps.transact((tx) => findOrder(tx, { tenantId, restaurantId }, orderId));
  if (!row || row.status === 'placing' || row.status === 'payment_failed')
    throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  return moveOrderAs(deps, actor, row, move, move.note ?? null);
}

/** Moves `row` (as read) to `move.status`, with its payment step; refuses if the order moved meanwhile. */
export async function moveOrderAs(
  deps: OrderMoveDeps,
  actor: Actor,
  row: OrderRow,
  move: Pick<MoveOrderInput, 'status' | 'readyInMinutes'>,
  note: string | null,
): Promise<OrderRow> {
  const to = move.status;
  if (!canMove(row.status, to))
    throw new BrigadeError('conflict', 'ORDER_MOVE_REFUSED', moveRefusedMessage(row.status, to));
  // its cash goes back with a refund tender from a drawer (pos/void.ts), never by a bare status change
  if (paidAtCounter(row.channel) && (to === 'cancelled' || to === 'refunded'))
    throw new BrigadeError('conflict', 'VOID_AT_REGISTER', VOID_AT_REGISTER);
  await paymentStep(deps, actor, row, to);
  const moved = await deps.transact(async (tx) => {
    const current = await findOrder(tx, row, row.orderId, true);
    if (!current || current.status !== row.status)
      throw new BrigadeError('conflict', 'ORDER_CHANGED', ORDER_CHANGED);
    const readyAt =
      to === 'accepted'
        ? move.readyInMinutes === undefined
          ? current.pickupAt
          : new Date(Date.now() + move.readyInMinutes * 60_000)
        : undefined;
    const changed = await updateOrder(tx, current, { status: to, ...(readyAt ? { readyAt } : {}) });
    await addOrderEvent(tx, changed, to, actor.kind === 'user' ? userIdOf(actor) : 'guest', note);
    // Accepted: the order reaches the kitchen, and its tickets are queued for the stations' printers.
    if (to === 'accepted')
      await queueKitchenTickets(
        tx,
        changed,
        undefined,
        undefined,
        await ticketContextOf(tx, changed, deps.menuCache),
      );
    return changed;
  });
  return moved;
}

async function paymentStep(deps: PaymentDeps, actor: Actor, row: OrderRow, to: OrderStatus): Promise<void> {
  // A register's card is the register's: taken at the sale, or waiting for the tip written on its receipt,
  // which the kitchen finishing the order must not capture without (decision 068).
  if (!row.transactionId || paidAtCounter(row.channel)) return;
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const payment = await deps.transact((tx) => findTransaction(tx, scope, row.transactionId!));
  if (!payment) return;
  const call = { ...scope, transactionId: payment.transactionId };
  const captured = payment.capturedAmount > 0;
  const settings = await deps.transact((tx) => readSettings(tx, scope));
  if (capturesOn(to, settings.captureOn) && !captured && payment.status === 'authorised') {
    // Keyed by the order's state: a retried request repeats this attempt, a new attempt after a decline
    // (which changes the order) asks the gateway again.
    // (base 36: a run of 13 digits could pass for a card number in the storage scan)
    const key = `order-${row.orderId}-capture-${row.updatedAt.getTime().toString(36)}`;
    const { transaction } = await capturePayment(deps, actor, { ...call, idempotencyKey: key });
    if (transaction.status !== 'captured')
      await refuseDeclinedCapture(deps, actor, row, transaction.processorText);
    return;
  }
  if (to !== 'cancelled' && to !== 'refunded') return;
  // Before settlement the money is taken back by a void (authorised or captured); after it, by a refund.
  if (['authorised', 'captured'].includes(payment.status) && payment.voidable !== false) {
    await voidPayment(deps, actor, { ...call, idempotencyKey: `order-${row.orderId}-void` });
  } else if (payment.refundable === true && payment.refundedAmount < payment.capturedAmount) {
    await refundPayment(deps, actor, { ...call, idempotencyKey: `order-${row.orderId}-refund` });
  } else if (!['voided', 'refunded', 'declined', 'failed'].includes(payment.status)) {
    throw new BrigadeError('conflict', 'PAYMENT_NOT_RETURNABLE', PAYMENT_NOT_RETURNABLE);
  }
}

/**
 * A capture the gateway declined: the order stays where it was, its history says why, and the move is
 * refused with that reason (issue 41: a declined capture never "accepts").
 */
async function refuseDeclinedCapture(
  deps: PaymentDeps,
  actor: Actor,
  row: OrderRow,
  processorText: string | null,
): Promise<never> {
  const message = captureDeclinedMessage(processorText);
  await deps.transact(async (tx) => {
    const changed = await updateOrder(tx, row, { paymentMessage: message });
    await addOrderEvent(tx, changed, row.status, actor.kind === 'user' ? userIdOf(actor) : 'system', message);
  });
  throw new BrigadeError('conflict', 'CAPTURE_DECLINED', message);
}
