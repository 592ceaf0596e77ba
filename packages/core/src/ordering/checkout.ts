import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { BrigadeError, type FieldError, validationError } from '@brigade/domain/errors';
import type {
  GuestOrder,
  OrderingMenu,
  PickupChoice,
  PlaceOrderRequest,
  Quote,
  QuoteRequest,
} from '@brigade/domain/ordering/api';
import { CHECKOUT_LIMITS, type CheckoutLimits } from '@brigade/domain/ordering/checkout-limits';
import { type CartLine, type PricedLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import {
  asapPickup,
  type PickupProblem,
  pickupProblem,
  pickupSlots,
  slotOf,
} from '@brigade/domain/ordering/pickup';
import { computeTotals, type OrderTotals } from '@brigade/domain/ordering/totals';
import { groupedAmount, IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@brigade/domain/payments/api';
import type { MenuDeps } from '../catalogue/index';
import { insertOutboxEmail } from '../identity/index';
import { authorisePayment, getCardEntry, maxTransactionAmountOf, voidPayment } from '../payments/index';
import type { PublicSites } from '../qr/index';
import { requestHash } from '../request-hash';
import { SYSTEM } from '../use-case';
import { recordDecline, refuseAfterDeclines, takeCheckoutAttempt } from './checkout-limits';
import type { FunnelTally } from './funnel';
import { guestOrderOf, receiptWriter } from './guest-orders';
import { moveOrderAs, type OrderMoveDeps } from './order-moves';
import {
  closedReason,
  type OrderingPlace,
  openOrderingPlace,
  orderableMenusAt,
  orderingPaused,
  pickupRulesOf,
  totalsRulesOf,
} from './ordering-place';
import {
  addOrderEvent,
  findOrder,
  findOrderByKey,
  insertOrder,
  nextOrderNumber,
  type OrderRow,
  ordersPerSlot,
  updateOrder,
} from './ordering-repository';
import { queueUnacceptedChecks } from './unaccepted-orders';

/**
 * A guest's checkout (docs/behaviour/ordering.md#checkout): the ordering menu, a quote, and placing the order
 * — priced on the server, paid by authorising the card through the payments module, and only then shown to
 * the restaurant. One Idempotency-Key makes one order and one authorisation, however often it is sent.
 */
export interface OrderingDeps extends OrderMoveDeps, MenuDeps {
  /** The clock ordering decides by (tests set it). */
  now?: () => Date;
  /** Receipts go out through the outbox and its mail job; where the sites are, for their link. */
  receipts?: { sites: PublicSites } | undefined;
  /** The checkout's limits (docs/behaviour/ordering.md#checkout-limits); CHECKOUT_LIMITS unless given. */
  checkoutLimits?: CheckoutLimits | undefined;
  /** Counts menu views and quotes for the ordering funnel (docs/behaviour/reports.md#online-ordering-funnel). */
  funnel?: FunnelTally | undefined;
}

const nowOf = (deps: OrderingDeps) => deps.now?.() ?? new Date();
const limitsOf = (deps: OrderingDeps) => deps.checkoutLimits ?? CHECKOUT_LIMITS;

export const PICKUP_MESSAGES: Record<PickupProblem | 'asap_closed' | 'full', string> = {
  too_soon: 'That pickup time is too soon; choose a later one',
  closed: 'The restaurant is closed at that pickup time',
  too_far: 'That pickup time is too far ahead',
  asap_closed: 'The restaurant is not taking orders for pickup now; choose a pickup time',
  full: 'That pickup time is fully booked; choose another',
};
export const ORDER_INVALID = 'The order cannot be placed as it is';
export const KEY_REUSED = 'This Idempotency-Key was already used with a different order';
export const ORDER_IN_PROGRESS = 'This order is still being placed; retry shortly';
export const PAYMENT_NOT_CONFIRMED =
  'The payment could not be confirmed, so the order was not placed; any hold on your card will be released';
export const ORDER_SETTLED = 'The order was settled while its payment was still being taken';
export const NO_PAYMENTS = 'This restaurant is not taking online payments yet';
export const orderOverMaximumMessage = (max: number) =>
  `An online order cannot exceed ${groupedAmount(max)}; call the restaurant for a larger order`;

/** The ordering menu a guest's browser reads: what can be ordered now, and when it can be picked up. */
export async function getOrderingMenu(
  deps: OrderingDeps,
  _actor: Actor,
  input: { slug: string },
): Promise<OrderingMenu> {
  const place = await openOrderingPlace(deps, input.slug);
  const now = nowOf(deps);
  const rules = pickupRulesOf(place);
  const asap = asapPickup(rules, now);
  const slots = await openSlots(deps, place, now);
  const { sections } = await orderableMenusAt(deps, place, asap ?? slots[0] ?? now);
  const cardEntry = await getCardEntry(deps, SYSTEM, place.scope).catch(() => null);
  const closed =
    closedReason(place, now) ??
    (cardEntry ? null : NO_PAYMENTS) ??
    (asap !== null || slots.length > 0 ? null : 'Online ordering is closed right now');
  deps.funnel?.count(place.scope, place.resolved.timezone, 'menuViews', now);
  return {
    restaurantId: place.restaurant.restaurantId,
    restaurantName: place.restaurant.name,
    currency: place.restaurant.settings.currency,
    accepting: closed === null,
    closedMessage: closed,
    asapAt: asap,
    slots,
    allowTips: place.restaurant.settings.allowTips,
    tipPresets: place.settings.tipPresets,
    cardEntry,
    menus: sections,
  };
}

async function openSlots(deps: OrderingDeps, place: OrderingPlace, now: Date): Promise<Date[]> {
  const rules = pickupRulesOf(place);
  const all = pickupSlots(rules, now);
  const capacity = place.settings.slotCapacity;
  if (capacity === null || all.length === 0) return all;
  const taken = await ordersPerSlot(
    deps.db,
    place.scope,
    all[0]!,
    new Date(all.at(-1)!.getTime() + 15 * 60_000),
  );
  const full = new Set([...taken].filter(([, n]) => n >= capacity).map(([slot]) => slot));
  return all.filter((slot) => !full.has(slot.getTime()));
}

interface Priced {
  lines: PricedLine[];
  totals: OrderTotals;
  pickupAt: Date;
  asap: boolean;
}

/** Prices a cart for a pickup: every problem found at once, as one 400. */
async function priceOrder(
  deps: OrderingDeps,
  place: OrderingPlace,
  request: { lines: CartLine[]; pickup: PickupChoice; tip?: QuoteRequest['tip'] },
  now: Date,
): Promise<Priced> {
  const paused = closedReason(place, now);
  if (paused) throw orderingPaused(paused);
  const pickup = await pickupOf(deps, place, request.pickup, now);
  if ('error' in pickup) throw validationError(ORDER_INVALID, [pickup.error]);
  const { items } = await orderableMenusAt(deps, place, pickup.at);
  const errors: FieldError[] = [];
  const lines: PricedLine[] = [];
  request.lines.forEach((line, index) => {
    const priced = priceLine(line, items.get(line.itemId), `lines.${index}`);
    if ('errors' in priced) errors.push(...priced.errors);
    else lines.push(priced.line);
  });
  if (errors.length > 0) throw validationError(ORDER_INVALID, errors);
  const totals = computeTotals(lines, request.tip, totalsRulesOf(place));
  if ('errors' in totals) throw validationError(ORDER_INVALID, totals.errors);
  // docs/behaviour/payments.md#limits-on-amounts: refused here, before an order is written, not at the gateway
  const max = await maxTransactionAmountOf(deps, place.scope);
  if (max !== null && totals.totals.total > max)
    throw validationError(ORDER_INVALID, [{ path: '', message: orderOverMaximumMessage(max) }]);
  return { lines, totals: totals.totals, pickupAt: pickup.at, asap: 'asap' in request.pickup };
}

async function pickupOf(
  deps: OrderingDeps,
  place: OrderingPlace,
  choice: PickupChoice,
  now: Date,
): Promise<{ at: Date } | { error: FieldError }> {
  const rules = pickupRulesOf(place);
  let at: Date;
  if ('asap' in choice) {
    const asap = asapPickup(rules, now);
    if (!asap) return { error: { path: 'pickup', message: PICKUP_MESSAGES.asap_closed } };
    at = asap;
  } else {
    at = new Date(choice.at);
    const problem = pickupProblem(rules, at, now);
    if (problem) return { error: { path: 'pickup.at', message: PICKUP_MESSAGES[problem] } };
  }
  const capacity = place.settings.slotCapacity;
  if (capacity !== null) {
    const slot = slotOf(at);
    const taken = await ordersPerSlot(deps.db, place.scope, slot, new Date(slot.getTime() + 15 * 60_000));
    if ((taken.get(slot.getTime()) ?? 0) >= capacity)
      return { error: { path: 'asap' in choice ? 'pickup' : 'pickup.at', message: PICKUP_MESSAGES.full } };
  }
  return { at };
}

/** What the order would cost, priced exactly as placing it would be. */
export async function quoteOrder(
  deps: OrderingDeps,
  _actor: Actor,
  input: QuoteRequest & { slug: string },
): Promise<Quote> {
  const place = await openOrderingPlace(deps, input.slug);
  const priced = await priceOrder(deps, place, input, nowOf(deps));
  deps.funnel?.count(place.scope, place.resolved.timezone, 'quotes', nowOf(deps));
  return {
    lines: priced.lines.map(shownLine),
    totals: priced.totals,
    pickupAt: priced.pickupAt,
    currency: place.restaurant.settings.currency,
  };
}

/** A line as the order keeps it: the tax fields are the server's business. */
const shownLine = (line: PricedLine) => {
  const { taxRateIds: _t, taxInclusion: _i, takeoutTaxException: _e, ...shown } = line;
  return shown;
};

/**
 * Places an order: priced, written as `placing` under its Idempotency-Key, the card authorised (not yet
 * captured), then `new` for the restaurant — or `payment_failed`, which the restaurant never sees.
 */
export async function placeOrder(
  deps: OrderingDeps,
  actor: Actor,
  input: PlaceOrderRequest & {
    slug: string;
    idempotencyKey: string | undefined;
    /** The guest's address, which the checkout's limits count by ('unknown' outside a request). */
    client?: { ip?: string | undefined } | undefined;
  },
): Promise<GuestOrder> {
  const { slug, idempotencyKey, client, ...request } = input;
  const address = client?.ip ?? 'unknown';
  const key = idempotencyKeySchema.safeParse(idempotencyKey);
  if (!key.success)
    throw validationError(IDEMPOTENCY_KEY_MESSAGE, [
      { path: 'idempotency-key', message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  const place = await openOrderingPlace(deps, slug);
  const hash = requestHash('placeOrder', request);
  const earlier = await findOrderByKey(deps.db, place.scope, key.data);
  if (earlier) return replay(deps, place, earlier, hash);
  await refuseAfterDeclines(deps.db, limitsOf(deps), place.scope, address);
  const now = nowOf(deps);
  const priced = await priceOrder(deps, place, request, now);
  const placed = await deps.transact(async (tx) => {
    const businessDate = toLocalMoment(priced.pickupAt.toISOString(), place.resolved.timezone).date;
    // no number yet: it is taken when the card is authorised (goLive), so a declined card leaves no gap
    const row = await insertOrder(tx, {
      ...place.scope,
      token: Buffer.from(deps.randomBytes(16)).toString('base64url'),
      number: null,
      businessDate,
      status: 'placing',
      pickupAt: priced.pickupAt,
      asap: priced.asap,
      customer: request.customer,
      notes: request.notes || null,
      lines: priced.lines,
      totals: { ...priced.totals },
      total: priced.totals.total,
      currency: place.restaurant.settings.currency,
      idempotencyKey: key.data,
      requestHash: hash,
    });
    if (!row) return null;
    // counted with the order it lets through: a refusal rolls the order back, a repeated key counts once
    await takeCheckoutAttempt(tx, limitsOf(deps), place.scope, address);
    await addOrderEvent(tx, row, 'placing', 'guest');
    return row;
  });
  // Someone else's request with this key got there first (a double click): theirs is the order.
  if (!placed) return replay(deps, place, (await findOrderByKey(deps.db, place.scope, key.data))!, hash);
  const paid = await pay(deps, actor, { place, order: placed, address }, request);
  return guestOrderOf(deps, place, paid.row, { lastFour: paid.lastFour });
}

async function replay(
  deps: OrderingDeps,
  place: OrderingPlace,
  row: OrderRow,
  hash: string,
): Promise<GuestOrder> {
  if (row.requestHash !== hash) throw new BrigadeError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  if (row.status === 'placing') throw new BrigadeError('conflict', 'ORDER_IN_PROGRESS', ORDER_IN_PROGRESS);
  return guestOrderOf(deps, place, row);
}

/** Authorises the order's total on the guest's card and moves the order on by the answer. */
async function pay(
  deps: OrderingDeps,
  actor: Actor,
  { place, order, address }: { place: OrderingPlace; order: OrderRow; address: string },
  request: PlaceOrderRequest,
): Promise<{ row: OrderRow; lastFour: string | null }> {
  const tip = (order.totals as unknown as OrderTotals).tip;
  let transaction: Awaited<ReturnType<typeof authorisePayment>>['transaction'];
  try {
    ({ transaction } = await authorisePayment(deps, actor, {
      ...place.scope,
      idempotencyKey: `order-${order.orderId}`,
      amount: order.total - tip,
      tipAmount: tip,
      capture: false,
      token: request.payment.token,
      expiry: request.payment.expiry,
      ...(request.payment.postal ? { postal: request.payment.postal } : {}),
      name: request.customer.name.slice(0, 30),
      // the order's id: its day's number is given only once the card is authorised
      orderReference: `Online order ${order.orderId}`,
    }));
  } catch (error) {
    await failOrder(deps, order, null, async () => PAYMENT_NOT_CONFIRMED);
    throw error;
  }
  if (transaction.status !== 'authorised') {
    const declined = transaction.status === 'declined';
    const decline = { scope: place.scope, address, issuerText: transaction.processorText };
    const row = await failOrder(deps, order, transaction.transactionId, (tx) =>
      declined ? recordDecline(tx, limitsOf(deps), decline) : Promise.resolve(PAYMENT_NOT_CONFIRMED),
    );
    return { row, lastFour: transaction.lastFour };
  }
  return {
    row: await goLiveOrRelease(deps, actor, place, order, transaction),
    lastFour: transaction.lastFour,
  };
}

/**
 * The card is authorised: the order goes live (`new`, with its receipt), or — when that cannot be recorded —
 * the hold is voided and the order fails, so a guest's card is never held for an order the restaurant cannot
 * see. When the void cannot be confirmed either, the order stays `placing` and the stuck-order sweep
 * (stuck-orders.ts) settles it from what the payment became.
 */
async function goLiveOrRelease(
  deps: OrderingDeps,
  actor: Actor,
  place: OrderingPlace,
  order: OrderRow,
  transaction: { transactionId: string; lastFour: string | null },
): Promise<OrderRow> {
  let placed: OrderRow;
  try {
    placed = await goLive(deps, place, order, transaction);
  } catch (error) {
    await voidPayment(deps, SYSTEM, {
      ...place.scope,
      transactionId: transaction.transactionId,
      idempotencyKey: `order-${order.orderId}-release`,
    });
    await failOrder(deps, order, transaction.transactionId, async () => PAYMENT_NOT_CONFIRMED);
    throw error;
  }
  if (!place.restaurant.settings.autoAcceptOrders) return placed;
  // Auto-accept: the restaurant said yes to every order in advance (a restaurant setting). When that fails
  // (a capture on accept declined), the order is placed all the same and waits, `new`, for the restaurant.
  return moveOrderAs(deps, actor, placed, { status: 'accepted' }, 'auto-accept').catch(() => placed);
}

/**
 * `placing` → `new` with the authorised payment, the day's next order number and the guest's receipt, in one
 * transaction.
 */
export async function goLive(
  deps: OrderingDeps,
  place: OrderingPlace,
  order: OrderRow,
  transaction: { transactionId: string; lastFour: string | null },
  by = 'guest',
): Promise<OrderRow> {
  const receipt = await receiptWriter(deps, place, transaction.lastFour);
  return deps.transact(async (tx) => {
    // The stuck-order sweep may have settled it meanwhile (a checkout slower than its quiet time).
    const current = await findOrder(tx, order, order.orderId, true);
    if (current?.status !== 'placing') throw new BrigadeError('conflict', 'ORDER_CHANGED', ORDER_SETTLED);
    const row = await updateOrder(tx, order, {
      status: 'new',
      number: await nextOrderNumber(tx, place.scope, current.businessDate),
      transactionId: transaction.transactionId,
      ...(receipt ? { receiptSentAt: new Date() } : {}),
    });
    await addOrderEvent(tx, row, 'new', by);
    // The receipt and its delivery job are recorded with the order going live, and sent once that commits.
    if (receipt) await insertOutboxEmail(tx, receipt(row));
    // So are the checks that chase it if nobody accepts it.
    await queueUnacceptedChecks(tx, row, place.settings);
    return row;
  });
}

/** The order as `payment_failed`, with what the guest is told (`messageOf`, in the same transaction). */
export async function failOrder(
  deps: OrderingDeps,
  order: OrderRow,
  transactionId: string | null,
  messageOf: (tx: Executor) => Promise<string>,
  by = 'guest',
): Promise<OrderRow> {
  return deps.transact(async (tx) => {
    const message = await messageOf(tx);
    const row = await updateOrder(tx, order, {
      status: 'payment_failed',
      paymentMessage: message,
      transactionId,
    });
    await addOrderEvent(tx, row, 'payment_failed', by, message);
    return row;
  });
}
