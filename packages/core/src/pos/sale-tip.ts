import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { formatAmount } from '@brigade/domain/payments/amount';
import { type PosOrder, paidAtCounter } from '@brigade/domain/pos/api';
import {
  type AddTipInput,
  addTipSchema,
  NO_TIP_PENDING,
  TIP_TENDER_NOT_FOUND,
} from '@brigade/domain/pos/tips';
import { recordSale } from '../ledger/index';
import { addOrderEvent, findOrder, ORDER_NOT_FOUND, updateOrder } from '../ordering/index';
import type { PaymentDeps } from '../payments/index';
import { capturePayment, stepInFlight } from '../payments/index';
import { SYSTEM, userIdOf } from '../use-case';
import type { PosCardDeps } from './card-sale';
import type { RestaurantScope } from './device-repository';
import { type PosDeps, registerDevice } from './register';
import { saleOf } from './sale';
import { capturedAwaitingTips, claimTipTender, tendersOf, untippedCards } from './sale-repository';

/**
 * A tip written on a signed receipt, added to its card (docs/behaviour/pos.md#tips-on-the-receipt, decision
 * 068). The register's card was authorised only; adding the tip captures it for the sale's amount and the tip
 * (up to 25% over what was authorised, the gateway's tip-adjustment rule), and in the transaction that
 * records the capture the tender and the order take the tip, the history says who added it, and the ledger
 * writes the tip as a line of this moment beside the capture. A tip of 0 captures the card as it is. Once
 * captured the card's tip cannot change here; a sale not yet tipped is captured without one at close-out.
 */

export interface AddTipCall extends RestaurantScope {
  token: unknown;
  orderId: number;
  idempotencyKey: string | undefined;
  body: AddTipInput;
}

const noTipPending = () => new BrigadeError('conflict', 'NO_TIP_PENDING', NO_TIP_PENDING);

/** The sale and its card waiting for a tip, on a paired register; refused otherwise (nothing is written). */
async function tipTarget(deps: PosDeps, actor: Actor, call: AddTipCall, tenderId: number) {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const { device } = await registerDevice(deps, actor, scope, call.token);
  const order = await findOrder(deps.db, scope, call.orderId, true);
  if (!order || !paidAtCounter(order.channel)) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  const tenders = await tendersOf(deps.db, scope, [order.orderId]);
  const tender = tenders.find((t) => t.tenderId === tenderId && t.method === 'card' && t.kind === 'payment');
  if (!tender?.transactionId) throw notFound(TIP_TENDER_NOT_FOUND, 'TENDER_NOT_FOUND');
  if (order.status === 'cancelled') throw noTipPending();
  return { device, order, tender, tenders };
}

export async function addSaleTip(deps: PosCardDeps, actor: Actor, call: AddTipCall): Promise<PosOrder> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const { tenderId, tip } = addTipSchema.parse(call.body);
  const found = await deps.transact((tx) => tipTarget({ db: tx }, actor, call, tenderId));
  // A card no longer waiting (its tip added, or taken on the terminal) is not capturable: refused there, after
  // the key has had its chance to answer a repeat of the request that added the tip.
  const captured = await capturePayment(
    deps,
    actor,
    {
      ...scope,
      transactionId: found.tender.transactionId!,
      idempotencyKey: call.idempotencyKey,
      tipAmount: tip,
    },
    (tx, capturedTip) =>
      recordTip(
        tx,
        userIdOf(actor),
        { scope, orderId: found.order.orderId, tenderId, source: { deviceName: found.device.name } },
        capturedTip,
      ),
  ).catch((error: unknown) => {
    throw error instanceof BrigadeError && error.code === 'NOT_CAPTURABLE' ? noTipPending() : error;
  });
  if (captured.transaction.status !== 'captured')
    throw new BrigadeError(
      'payment_required',
      'CAPTURE_DECLINED',
      `The card could not be charged${captured.transaction.processorText ? ` (${captured.transaction.processorText})` : ''}; the tip was not added`,
    );
  return deps.transact(async (tx) => {
    const order = (await findOrder(tx, scope, call.orderId))!;
    return saleOf(order, await tendersOf(tx, scope, [order.orderId]), found.device.name, {
      drawerKick: false,
      receiptQueued: false,
    });
  });
}

interface TipTarget {
  scope: RestaurantScope;
  orderId: number;
  tenderId: number;
  /** Where the tip came from: a register (by name), the end-of-day capture, or a capture found after a cut-off. */
  source: { deviceName: string } | 'day-end' | 'recovered';
}

/**
 * The tip on the tender and the order, in the capture's transaction (before the ledger reads them): the
 * tender's amount and the order's total grow by it, and the history says who added it and where. The tender
 * is claimed first (still waiting, under its row lock), so a tip is recorded once however many ask; never
 * refused otherwise: the gateway has captured already.
 */
async function recordTip(tx: Executor, by: string, target: TipTarget, tip: number): Promise<boolean> {
  const { scope } = target;
  const order = (await findOrder(tx, scope, target.orderId, true))!;
  const tender = await claimTipTender(tx, scope, target.tenderId, tip);
  if (!tender) return false;
  const totals = order.totals as unknown as OrderTotals;
  const saved = await updateOrder(tx, order, {
    totals: { ...totals, tip: totals.tip + tip, total: totals.total + tip },
    total: order.total + tip,
  });
  const card = `${tender.cardBrand ?? 'card'}${tender.lastFour ? ` ending ${tender.lastFour}` : ''}`;
  await addOrderEvent(tx, saved, saved.status, by, tipNote(tip, `${order.currency}`, card, target.source));
  // the ledger reads the tender's tip now: at once when the capture is already recorded (a recovered one),
  // and whatever the order's status (a completed order's history line writes no ledger line of itself)
  await recordSale(tx, scope, { orderId: order.orderId });
  return true;
}

function tipNote(tip: number, currency: string, card: string, source: TipTarget['source']): string {
  const amount = `${formatAmount(tip)} ${currency}`;
  if (source === 'day-end')
    return `No tip added by the end of its business day: ${card} captured without one`;
  if (source === 'recovered')
    return `${card} was found captured${tip > 0 ? ` with a tip of ${amount}` : ' without a tip'}`;
  return tip > 0
    ? `Tip of ${amount} added to ${card} at ${source.deviceName}`
    : `No tip on the receipt: ${card} captured at ${source.deviceName}`;
}

/**
 * Cards the gateway captured while their tip's record was cut off (a crash after the capture): the checkout
 * sweep's look-up at the gateway recorded the payment captured, and this records what it holds beyond the
 * card's amount as the tip. Run by the checkout sweep after it, every minute and at start-up.
 */
export async function recordRecoveredTips(deps: PaymentDeps): Promise<number> {
  const found = await deps.transact((tx) => capturedAwaitingTips(tx, 100));
  let recorded = 0;
  for (const card of found) {
    const target = { ...card, source: 'recovered' as const };
    const tip = Math.max(0, card.capturedAmount - card.amount);
    if (await deps.transact((tx) => recordTip(tx, userIdOf(SYSTEM), target, tip))) recorded += 1;
  }
  return recorded;
}

/** A `requested` step younger than this is the checkout sweep's to settle (its horizon, a day). */
const UNSETTLED_SECONDS = 86_400;

/**
 * Captures, without a tip, a card still waiting for one whose business day is over (the `pos.untipped` job,
 * every 15 minutes): an authorisation left uncaptured is never paid to the restaurant and expires. Each in its
 * own steps; a card whose tip a register adds meanwhile is left to that (not capturable twice).
 */
export async function captureUntippedCards(
  deps: PaymentDeps,
  options: { now?: Date; limit?: number } = {},
): Promise<{ captured: number; failed: number }> {
  const now = options.now ?? new Date();
  const due = await deps.transact((tx) => untippedCards(tx, now, options.limit ?? 200));
  const result = { captured: 0, failed: 0 };
  for (const card of due) {
    // a capture cut off before its answer is the checkout sweep's to settle first: never a second one here
    const cutOff = await deps.transact((tx) =>
      stepInFlight(
        tx,
        { tenantId: card.scope.tenantId, transactionId: card.transactionId },
        UNSETTLED_SECONDS,
      ),
    );
    if (cutOff) continue;
    const target = { ...card, source: 'day-end' as const };
    const answer = await capturePayment(
      deps,
      SYSTEM,
      {
        ...card.scope,
        transactionId: card.transactionId,
        // a key an hour: a decline or a gateway failure is tried again next hour, not held for the key's day
        idempotencyKey: `pos-untipped-${card.tenderId}-${now.toISOString().slice(0, 13)}`,
        tipAmount: 0,
      },
      (tx) => recordTip(tx, userIdOf(SYSTEM), target, 0),
    ).catch(() => null);
    result[answer?.transaction.status === 'captured' ? 'captured' : 'failed'] += 1;
  }
  return result;
}
