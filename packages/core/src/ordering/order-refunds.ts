import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import type { OrderLine } from '@brigade/domain/ordering/api';
import {
  ORDER_NOT_SETTLED,
  ORDER_NOT_SOLD,
  REFUNDS_ALREADY_SCHEDULED,
  type RefundOrderInput,
  scheduledRefundNote,
} from '@brigade/domain/ordering/api';
import type { OrderStatus } from '@brigade/domain/ordering/order-status';
import { refundReceiptOf } from '@brigade/domain/ordering/receipt';
import {
  priceRefundLines,
  type RefundAllocation,
  type RefundLineAsk,
  returnedQuantities,
} from '@brigade/domain/ordering/refund-lines';
import { formatAmount } from '@brigade/domain/payments/amount';
import { insertOutboxEmail } from '../identity/index';
import { cardPartsOf } from '../ledger/index';
import type { PaymentDeps } from '../payments/index';
import {
  findIdempotencyKey,
  findTransaction,
  lockTransaction,
  REFUND_TOO_LARGE_MESSAGE,
  refreshTransaction,
  refundAllocationsOf,
  refundPayment,
  type TransactionRow,
} from '../payments/index';
import { findRestaurant } from '../tenancy/index';
import { userIdOf } from '../use-case';
import { ORDER_NOT_FOUND } from './order-moves';
import { liveNumber } from './order-number';
import {
  addOrderEvent,
  findOrder,
  type OrderRow,
  orderEventsOf,
  type RestaurantScope,
  updateOrder,
} from './ordering-repository';
import {
  findScheduledRefundByKey,
  heldByScheduledRefunds,
  insertScheduledRefund,
  scheduledAllocationsOf,
} from './scheduled-refund-repository';

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
 * A captured payment the gateway has not settled yet: it refunds only settled payments and voids a captured
 * one only whole, so a refund of part of it waits for the settlement (scheduled-refunds.ts).
 */
export const awaitsSettlement = (payment: TransactionRow): boolean =>
  payment.status === 'captured' &&
  payment.refundable !== true &&
  payment.capturedAmount > payment.refundedAmount;

/**
 * Refunds part of an order, or what is left of it, with a reason (docs/behaviour/ordering.md#refunds-from-the-order).
 * A settled payment is refunded at once (payments' own refund, keyed by the caller's Idempotency-Key), with a
 * line in the order's history and the guest's email of it; an order picked up and now refunded in full
 * becomes `refunded`. Before the payment settles the gateway is asked whether it has (a payment learns it
 * only when asked); if not, the refund is scheduled for when it does, holding its amount. The sales ledger
 * takes a refund from the payment, in the same transaction that records it.
 */
export const PAID_BY_SEVERAL_CARDS =
  'Several cards paid this check: refund each card from its payment on the Payments screen';

export async function refundOrder(deps: PaymentDeps, actor: Actor, call: RefundOrderCall): Promise<OrderRow> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const row = await deps.transact((tx) => findOrder(tx, scope, call.orderId));
  if (!row || row.status === 'placing' || row.status === 'payment_failed')
    throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  if (!SOLD.includes(row.status) || !row.transactionId)
    throw new BrigadeError('conflict', 'ORDER_NOT_SOLD', ORDER_NOT_SOLD);
  // a check several cards paid (decision 070): each card is refunded from its own payment
  if ((await deps.transact((tx) => cardPartsOf(tx, row))).length > 0)
    throw new BrigadeError('conflict', 'PAID_BY_SEVERAL_CARDS', PAID_BY_SEVERAL_CARDS);
  const transactionId = row.transactionId;
  let payment = await deps.transact((tx) => findTransaction(tx, scope, transactionId));
  if (payment && awaitsSettlement(payment)) payment = await learnSettlement(deps, actor, scope, payment);
  // a request repeated with its key is priced as it was: what it gave back itself is not counted against it
  const repeated = call.idempotencyKey !== undefined && (await keyUsed(deps, row, call.idempotencyKey));
  const byLine = call.lines && payment ? await priceLines(deps, row, payment, call.lines, repeated) : null;
  const asked = { amount: byLine?.amount ?? call.amount, allocation: byLine?.allocation ?? null };
  if (payment && awaitsSettlement(payment)) return scheduleRefund(deps, actor, { row, payment, call, asked });
  if (payment?.refundable !== true)
    throw new BrigadeError('conflict', 'ORDER_NOT_SETTLED', ORDER_NOT_SETTLED);
  const held = await deps.transact((tx) => heldByScheduledRefunds(tx, scope, row.orderId));
  const { order } = await refundSettledOrder(deps, actor, {
    order: row,
    amount: amountBeside(payment, held, asked.amount),
    allocation: asked.allocation,
    reason: call.reason,
    key: call.idempotencyKey,
    by: userIdOf(actor),
  });
  return order;
}

/** A refund of chosen lines priced against what earlier refunds (made or scheduled) gave back of each. */
async function priceLines(
  deps: PaymentDeps,
  row: OrderRow,
  payment: TransactionRow,
  lines: readonly RefundLineAsk[],
  repeated: boolean,
): Promise<{ amount: number; allocation: RefundAllocation }> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const earlier = repeated
    ? []
    : await deps.transact(async (tx) => [
        ...(await refundAllocationsOf(tx, payment)),
        ...(await scheduledAllocationsOf(tx, scope, row.orderId)),
      ]);
  const priced = priceRefundLines(
    { lines: row.lines as OrderLine[], totals: row.totals as { subtotal: number; tax: number } },
    returnedQuantities(earlier),
    lines,
  );
  if ('errors' in priced) throw validationError(LINES_REFUSED, priced.errors);
  return priced;
}

const LINES_REFUSED = 'These lines cannot be refunded as asked';

/** Whether the caller's key already made a refund of this order, scheduled or at the gateway. */
async function keyUsed(deps: PaymentDeps, row: OrderRow, key: string): Promise<boolean> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  return deps.transact(
    async (tx) =>
      (await findScheduledRefundByKey(tx, scope, row.orderId, key)) !== null ||
      (await findIdempotencyKey(tx, scope, paymentKeyOf(row, key))) !== null,
  );
}

/** The payments' key of an order's refund: the caller's key, made the order's own. */
const paymentKeyOf = (row: Pick<OrderRow, 'orderId'>, key: string) => `order-${row.orderId}-${key}`;

/** "for 1× Burger, 2× Fries": what a refund of chosen lines gave back, for the order's history. */
export function linesPhrase(row: Pick<OrderRow, 'lines'>, allocation: RefundAllocation | null): string {
  if (!allocation) return '';
  const lines = row.lines as OrderLine[];
  return ` for ${allocation.lines.map((entry) => `${entry.quantity}× ${lines[entry.line]?.name ?? 'an item'}`).join(', ')}`;
}

/** The payment as the gateway sees it now; as it was when the gateway does not answer. */
export async function learnSettlement(
  deps: PaymentDeps,
  actor: Actor,
  scope: RestaurantScope,
  payment: TransactionRow,
): Promise<TransactionRow> {
  try {
    await refreshTransaction(deps, actor, { ...scope, transactionId: payment.transactionId });
  } catch {
    return payment;
  }
  return (await deps.transact((tx) => findTransaction(tx, scope, payment.transactionId))) ?? payment;
}

/** The amount a refund may take beside what scheduled refunds hold (undefined: what is left, as payments count it). */
function amountBeside(payment: TransactionRow, held: number, asked: number | undefined): number | undefined {
  return held === 0 ? asked : withinFree(payment, held, asked);
}

/** What is left of the payment beside what scheduled refunds hold: `asked` checked against it, or all of it. */
function withinFree(payment: TransactionRow, held: number, asked: number | undefined): number {
  const free = payment.capturedAmount - payment.refundedAmount - held;
  if (free <= 0) throw new BrigadeError('conflict', 'REFUNDS_ALREADY_SCHEDULED', REFUNDS_ALREADY_SCHEDULED);
  if (asked !== undefined && asked > free) throw tooLarge();
  return asked ?? free;
}

const tooLarge = () =>
  validationError(REFUND_TOO_LARGE_MESSAGE, [{ path: 'amount', message: REFUND_TOO_LARGE_MESSAGE }]);

/**
 * Schedules the refund for when the payment settles: under the order's and the payment's locks, what is left
 * (captured, less refunded, less what other scheduled refunds hold) is checked, the refund is written with
 * the caller's key (the same key again answers the same order) and the order's history says so.
 */
async function scheduleRefund(
  deps: PaymentDeps,
  actor: Actor,
  {
    row,
    payment,
    call,
    asked,
  }: {
    row: OrderRow;
    payment: TransactionRow;
    call: RefundOrderCall;
    asked: { amount: number | undefined; allocation: RefundAllocation | null };
  },
): Promise<OrderRow> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const key = call.idempotencyKey ?? Buffer.from(deps.randomBytes(16)).toString('hex');
  return deps.transact(async (tx) => {
    const current = (await findOrder(tx, scope, row.orderId, true)) ?? row;
    if (await findScheduledRefundByKey(tx, scope, row.orderId, key)) return current;
    const locked = (await lockTransaction(tx, scope, payment.transactionId)) ?? payment;
    const amount = withinFree(locked, await heldByScheduledRefunds(tx, scope, row.orderId), asked.amount);
    const by = userIdOf(actor);
    await insertScheduledRefund(tx, {
      ...scope,
      orderId: row.orderId,
      transactionId: payment.transactionId,
      amount,
      allocation: asked.allocation,
      reason: call.reason,
      requestedBy: by,
      idempotencyKey: key,
    });
    const what = `${formatAmount(amount)} ${current.currency}${linesPhrase(current, asked.allocation)}`;
    await addOrderEvent(tx, current, current.status, by, scheduledRefundNote(what, call.reason));
    return current;
  });
}

export interface SettledRefund {
  order: OrderRow;
  amount?: number | undefined;
  /** A refund of chosen lines: what it gives back (the sales ledger gives back exactly that). */
  allocation?: RefundAllocation | null | undefined;
  reason: string;
  /** The caller's key; the payments' key is made of it and the order. */
  key: string | undefined;
  /** Who the order's history names. */
  by: string;
}

/**
 * Refunds the order's settled payment (payments' own refund and its ledger lines), then writes the history
 * line and the guest's email once per key; a picked-up order refunded in full becomes `refunded`. A declined
 * refund is a 409 with the card's words.
 */
export async function refundSettledOrder(
  deps: PaymentDeps,
  actor: Actor,
  { order: row, amount, allocation, reason, key, by }: SettledRefund,
): Promise<{ order: OrderRow; refundTransactionId: string }> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const transactionId = row.transactionId!;
  const { transaction: refund } = await refundPayment(deps, actor, {
    ...scope,
    transactionId,
    ...(amount === undefined ? {} : { amount }),
    allocation: allocation ?? undefined,
    idempotencyKey: key === undefined ? undefined : paymentKeyOf(row, key),
  });
  if (refund.status !== 'captured')
    throw new BrigadeError(
      'conflict',
      'REFUND_DECLINED',
      refundDeclinedMessage(refund.processorText ?? null),
    );
  const note = `Refunded ${formatAmount(refund.amount)} ${refund.currency} (${refund.transactionId.slice(0, 8)})${linesPhrase(row, allocation ?? null)}: ${reason}`;
  const order = await deps.transact(async (tx) => {
    const current = (await findOrder(tx, scope, row.orderId, true))!;
    // a repeated request (same key) answers the refund it made: its line is written once
    const events = await orderEventsOf(tx, current);
    if (events.some((e) => e.note === note)) return current;
    const after = await findTransaction(tx, scope, transactionId);
    const whole = after !== null && after.refundedAmount >= after.capturedAmount;
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
  return { order, refundTransactionId: refund.transactionId };
}
