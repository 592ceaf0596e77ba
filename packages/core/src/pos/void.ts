import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { formatAmount } from '@brigade/domain/payments/amount';
import { type PosOrder, paidAtCounter, SALE_NOT_VOIDABLE, voidPosOrderSchema } from '@brigade/domain/pos/api';
import type { z } from 'zod';
import { addOrderEvent, findOrder, ORDER_NOT_FOUND, updateOrder } from '../ordering/index';
import { findTransaction, refundPayment, voidPayment } from '../payments/index';
import { registerManagerCheck } from '../staff/index';
import { SYSTEM, userIdOf } from '../use-case';
import type { PosCardDeps } from './card-sale';
import { findDevice, type RestaurantScope } from './device-repository';
import { openSessionOf } from './drawer-repository';
import { type PosDeps, registerDevice } from './register';
import { kickDrawer, registerPrinter, saleOf } from './sale';
import { cutOffSaleVoids, endTipWait, insertTender, type TenderRow, tendersOf } from './sale-repository';

/** How long a void's key must have been quiet before the sweep takes it for cut off (the checkout's own). */
const VOID_QUIET_SECONDS = 120;

/** Statuses of a register sale that can still be voided (it was rung up and not given back). */
const VOIDABLE = new Set(['accepted', 'in_preparation', 'ready', 'completed']);

/**
 * Voids a register sale (docs/behaviour/pos.md#voiding-a-sale), managers: in one transaction the order is
 * cancelled with the reason in its history (it leaves the kitchen display; the sales ledger gives the whole
 * sale back), the cash that paid it is handed back out of this register's open drawer (a `refund` tender,
 * a `cash_returned` ledger line), and the drawer opens. A card that paid it is voided at the gateway (refunded
 * once settled) before that transaction, and gets a card `refund` tender.
 */
export async function voidPosOrder(
  deps: PosCardDeps,
  actor: Actor,
  call: RestaurantScope & { token: unknown; orderId: number; body: z.input<typeof voidPosOrderSchema> },
): Promise<PosOrder> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const { reason } = voidPosOrderSchema.parse(call.body);
  const check = (tx: PosDeps['db']) => voidableSale({ db: tx }, actor, call);
  const { tenders } = await deps.transact(check);
  // A card's money goes back at the gateway first (a void before settlement, else a refund), outside any
  // transaction; its own records and ledger lines are written as payments writes them (decision 052).
  // every card that paid it: the one that paid the balance, and those that paid parts (split tender)
  const cards = tenders.filter((t) => t.method === 'card' && t.kind === 'payment' && t.transactionId);
  for (const card of cards) await giveBackCard(deps, actor, scope, call.orderId, card.transactionId!);
  return deps.transact(async (tx) => {
    const { device, order, tenders } = await check(tx);
    // the cards as they are now: a tip added from a receipt meanwhile is part of what went back
    const now = cards.map((card) => tenders.find((t) => t.tenderId === card.tenderId) ?? card);
    return recordVoid({ db: tx }, actor, { device, order, tenders, reason, cards: now });
  });
}

async function voidableSale(
  deps: PosDeps,
  actor: Actor,
  call: RestaurantScope & { token: unknown; orderId: number },
) {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const { device } = await registerDevice(deps, actor, scope, call.token);
  await registerManagerCheck(deps.db, actor, device);
  const order = await findOrder(deps.db, scope, call.orderId, true);
  if (!order || !paidAtCounter(order.channel)) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  if (!VOIDABLE.has(order.status)) throw new BrigadeError('conflict', 'SALE_NOT_VOIDABLE', SALE_NOT_VOIDABLE);
  return { device, order, tenders: await tendersOf(deps.db, scope, [order.orderId]) };
}

/**
 * Gives a card's money back at the gateway (voided, else refunded once settled) under a key of its own: a
 * sale's void (`pos-{order}-void-…`) or an open check's hand-back (`pos-{order}-handback-…`), so the checkout
 * sweep tells a cut-off void from a hand-back.
 */
export async function giveBackCard(
  deps: PosCardDeps,
  actor: Actor,
  scope: RestaurantScope,
  orderId: number,
  transactionId: string,
  purpose: 'void' | 'handback' = 'void',
) {
  const payment = await deps.transact((tx) => findTransaction(tx, scope, transactionId));
  if (!payment) return;
  const call = { ...scope, transactionId };
  // a card waiting for its tip from the receipt is authorised only: voided the same way (decision 068)
  if ((payment.status === 'captured' || payment.status === 'authorised') && payment.voidable !== false)
    await voidPayment(deps, actor, { ...call, idempotencyKey: `pos-${orderId}-${purpose}-${transactionId}` });
  else if (payment.refundable === true && payment.refundedAmount < payment.capturedAmount)
    await refundPayment(deps, actor, {
      ...call,
      idempotencyKey: `pos-${orderId}-${purpose}-refund-${transactionId}`,
    });
}

type Sale = Awaited<ReturnType<typeof voidableSale>>;

async function recordVoid(
  deps: PosDeps,
  actor: Actor,
  { device, order, tenders, reason, cards }: Sale & { reason: string; cards: TenderRow[] },
): Promise<PosOrder> {
  const scope = { tenantId: order.tenantId, restaurantId: order.restaurantId };
  const cash = tenders.filter((t) => t.method === 'cash');
  const paid = cash.reduce((sum, t) => sum + (t.kind === 'refund' ? -t.amount : t.amount), 0);
  const by = userIdOf(actor);
  const session = await openSessionOf(deps.db, scope, device.deviceId, true);
  const refund =
    paid > 0
      ? await insertTender(deps.db, {
          ...scope,
          orderId: order.orderId,
          method: 'cash',
          kind: 'refund',
          amount: paid,
          tendered: paid,
          change: 0,
          takenBy: by,
          deviceId: device.deviceId,
          sessionId: session?.sessionId ?? null,
        })
      : null;
  const cardsBack: TenderRow[] = [];
  for (const card of cards) {
    cardsBack.push(await cardBackTender(deps, by, device.deviceId, card));
    // a voided sale's card waits for no tip any more
    if (card.tipPending) await endTipWait(deps.db, card);
  }
  const voided = await updateOrder(deps.db, order, { status: 'cancelled' });
  const handedBack = refund ? `, ${formatAmount(paid)} ${order.currency} handed back in cash` : '';
  const toCards = cardsBack.reduce((sum, t) => sum + t.amount, 0);
  const cardText =
    cardsBack.length > 0
      ? `, ${formatAmount(toCards)} ${order.currency} given back to the card${cardsBack.length > 1 ? 's' : ''}`
      : '';
  await addOrderEvent(
    deps.db,
    voided,
    'cancelled',
    by,
    `Voided at ${device.name}${handedBack}${cardText}: ${reason}`,
  );
  // the cash goes back out of the drawer: it opens
  const drawerKick = refund !== null && (await kickDrawer(deps, await registerPrinter(deps, device), order));
  const all = [...tenders, ...(refund ? [refund] : []), ...cardsBack];
  return saleOf(voided, all, device.name, { drawerKick, receiptQueued: false });
}

/** A card's `refund` tender: what went back to it (its amount with its tip), named by its payment. */
export function cardBackTender(deps: PosDeps, by: string, deviceId: number | null, card: TenderRow) {
  return insertTender(deps.db, {
    tenantId: card.tenantId,
    restaurantId: card.restaurantId,
    orderId: card.orderId,
    method: 'card',
    kind: 'refund',
    amount: card.amount,
    tendered: card.amount,
    change: 0,
    tip: card.tip,
    transactionId: card.transactionId,
    cardBrand: card.cardBrand,
    lastFour: card.lastFour,
    authorisationCode: card.authorisationCode,
    takenBy: by,
    deviceId,
    sessionId: null,
  });
}

/**
 * Finishes register sales whose *Void* was cut off (a crash, `kill -9`) after the gateway gave their cards
 * back and before the void was recorded (docs/behaviour/pos.md#voiding-a-sale): the checkout sweep, once the
 * payments show voided or refunded. A sale paid by card only, every card of it given back under the void's
 * key: cancelled, with each card's `refund` tender and the history line. A sale with cash, or a card not yet
 * given back, waits for the manager's retry (the cash comes out of the drawer). Under the order's lock, so a
 * manager's retry and overlapping sweeps record it once. Answers how many were finished.
 */
export async function finishCutOffVoids(
  deps: { transact: PosCardDeps['transact'] },
  options: { olderThanSeconds?: number | undefined; now?: Date } = {},
): Promise<number> {
  // a void under way is the manager's: only one whose key has been quiet that long was cut off
  const quiet = (options.olderThanSeconds ?? VOID_QUIET_SECONDS) * 1000;
  const before = new Date((options.now ?? new Date()).getTime() - quiet);
  const found = await deps.transact((tx) => cutOffSaleVoids(tx, [...VOIDABLE], before, 100));
  let finished = 0;
  for (const { scope, orderId } of found)
    if (await deps.transact((tx) => finishCutOffVoid({ db: tx }, scope, orderId))) finished += 1;
  return finished;
}

async function finishCutOffVoid(deps: PosDeps, scope: RestaurantScope, orderId: number): Promise<boolean> {
  const order = await findOrder(deps.db, scope, orderId, true);
  if (!order || !VOIDABLE.has(order.status)) return false;
  const tenders = await tendersOf(deps.db, scope, [orderId]);
  if (tenders.some((t) => t.method === 'cash')) return false;
  const cards = tenders.filter((t) => t.method === 'card' && t.kind === 'payment' && t.transactionId);
  for (const card of cards) {
    const payment = await findTransaction(deps.db, scope, card.transactionId!);
    if (payment?.status !== 'voided' && payment?.status !== 'refunded') return false;
  }
  const by = userIdOf(SYSTEM);
  const already = new Set(tenders.filter((t) => t.kind === 'refund').map((t) => t.transactionId));
  for (const card of cards) {
    if (!already.has(card.transactionId)) await cardBackTender(deps, by, card.deviceId, card);
    if (card.tipPending) await endTipWait(deps.db, card);
  }
  const voided = await updateOrder(deps.db, order, { status: 'cancelled' });
  const device = cards[0]?.deviceId == null ? null : await findDevice(deps.db, scope, cards[0].deviceId);
  const back = cards.reduce((sum, t) => sum + t.amount, 0);
  const named = cards.map((t) => `${t.cardBrand ?? 'card'} ending ${t.lastFour ?? '????'}`).join(', ');
  await addOrderEvent(
    deps.db,
    voided,
    'cancelled',
    by,
    `Voided: ${named} found given back at the gateway (${formatAmount(back)} ${order.currency}); the void${device ? ` at ${device.name}` : ''} was cut off before it was recorded`,
  );
  return true;
}
