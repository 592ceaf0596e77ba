import { randomUUID } from 'node:crypto';
import type { CardTerminal } from '@brigade/cardpointe/terminal';
import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@brigade/domain/payments/api';
import { generateOrderId } from '@brigade/domain/payments/order-id';
import type { PosOrder } from '@brigade/domain/pos/api';
import {
  NO_TERMINAL,
  type PlacePosCardOrderInput,
  placePosCardOrderSchema,
} from '@brigade/domain/pos/terminal';
import type { MenuDeps } from '../catalogue/index';
import { findOrder } from '../ordering/index';
import type { GatewayAccount, PaymentDeps } from '../payments/index';
import {
  addEvent,
  event,
  idempotencyKey,
  insertTransaction,
  openMerchantAccountIn,
  type TransactionRow,
} from '../payments/index';
import { clockSettingsOf } from '../staff/index';
import { userIdOf } from '../use-case';
import { finishCardSale, settleTerminalFailure, terminalAnswer } from './card-sale-record';
import type { RestaurantScope } from './device-repository';
import { type RegisterPlace, servedRegister } from './register';
import { priceSale, saleOf } from './sale';
import { tendersOf } from './sale-repository';
import { runOnTerminal } from './terminal-run';

/**
 * A register sale paid by card on the register's terminal (docs/behaviour/pos.md#paying-by-card, decision
 * 052). Steps, each a short transaction of its own, since the terminal waits up to two minutes for the shopper:
 * 1. the Idempotency-Key claimed and the payment's intent written (`pending`, with the order id the terminal
 *    will send to the gateway) — so a crash from here on leaves a row the reconciliation sweep settles by that
 *    order id (an approval found is voided: the check stays open, the card is not charged);
 * 2. the terminal: connect, the tip on its screen when the restaurant takes tips, authCard with capture;
 * 3. approved: the order, its payment's capture, its card tender, kitchen tickets, receipt and ledger lines in
 *    one transaction (if that fails, the charge is voided at once); declined or stopped on the terminal: the
 *    payment is recorded as such, nothing is paid, and the key is given back for another try.
 */

export const CARD_SALE_OPERATION = 'placePosCardOrder';

export interface PosCardDeps extends PaymentDeps {
  menuCache?: MenuDeps['menuCache'];
  now?: () => Date;
  /** The terminal service's client for a terminal API key, at the merchant's CardPointe site. */
  terminal(apiKey: string, site: string): CardTerminal;
}

export interface PlacePosCardOrderCall extends RestaurantScope {
  token: unknown;
  idempotencyKey: unknown;
  body: PlacePosCardOrderInput;
}

export interface CardIntent {
  account: GatewayAccount;
  pending: TransactionRow;
  key: string;
}

export async function placePosCardOrder(
  deps: PosCardDeps,
  actor: Actor,
  call: PlacePosCardOrderCall,
): Promise<PosOrder> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const key = idempotencyKeySchema.safeParse(call.idempotencyKey);
  if (!key.success)
    throw validationError(IDEMPOTENCY_KEY_MESSAGE, [
      { path: 'idempotency-key', message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  const place = await deps.transact(async (tx) => {
    return servedRegister({ db: tx, menuCache: deps.menuCache }, actor, scope, call.token);
  });
  const request = placePosCardOrderSchema.parse(call.body);
  if (!place.device.terminalHsn || !place.device.terminalKey)
    throw new BrigadeError('conflict', 'NO_TERMINAL', NO_TERMINAL);
  const { lines, totals } = priceSale(place, request);
  const handle = idempotencyKey<{ orderId: number }>(deps, actor, {
    scope,
    key: key.data,
    operation: CARD_SALE_OPERATION,
    body: request,
  });
  const begun = await deps.transact(async (tx) => {
    const claimed = await handle.claim(tx);
    if (claimed) return claimed;
    // the tip may come from the signed receipt later: the card is then authorised only (decision 068)
    const tipLater = (await clockSettingsOf(tx, scope)).cardTips === 'receipt';
    const written = await writeIntent(deps, actor, tx, {
      place,
      total: totals.total,
      key: key.data,
      capture: !tipLater,
    });
    return { ...written, tipLater };
  });
  if ('replay' in begun) return replaySale(deps, place, begun.replay.orderId);
  const { tipLater, ...written } = begun;
  const intent = { ...written, key: key.data };
  const outcome = await runOnTerminal(deps, place, intent, totals.total, tipLater);
  if ('failure' in outcome) return settleTerminalFailure(deps, actor, intent, outcome.failure);
  const sale = { place, request, lines, totals: withTip(totals, outcome.tip) };
  return finishCardSale(deps, actor, intent, sale, terminalAnswer(outcome.answer));
}

/** The totals with a card's tip added (a check paid by several cards adds each card's tip). */
export const withTip = (totals: OrderTotals, tip: number): OrderTotals => ({
  ...totals,
  tip: totals.tip + tip,
  total: totals.total + tip,
});

/** The payment's intent: `pending`, its order id (sent to the terminal) and the key in its first event. */
export async function writeIntent(
  deps: PosCardDeps,
  actor: Actor,
  tx: Executor,
  {
    place,
    total,
    key,
    keyed,
    capture = true,
  }: { place: RegisterPlace; total: number; key: string; keyed?: boolean; capture?: boolean },
): Promise<Omit<CardIntent, 'key'>> {
  const scope = { tenantId: place.device.tenantId, restaurantId: place.device.restaurantId };
  const { account } = await openMerchantAccountIn(deps, tx, scope);
  const now = new Date();
  const pending = await insertTransaction(tx, {
    transactionId: randomUUID(),
    ...scope,
    // authorised only when the tip comes later from the signed receipt (decision 068)
    kind: capture ? 'sale' : 'authorisation',
    status: 'pending',
    merchantId: account.merchantId,
    paymentOrderId: generateOrderId(deps.randomBytes(16)),
    orderReference: `Register sale at ${place.device.name}`.slice(0, 60),
    amount: total,
    tipAmount: 0,
    currency: 'USD',
    createdBy: userIdOf(actor),
    createdAt: now,
    updatedAt: now,
  });
  await addEvent(
    tx,
    event(pending, actor, 'authorise', 'requested', total, {
      capture,
      // a card keyed into the card-entry frame goes to the gateway, not through the terminal
      ...(keyed ? { entryMode: 'keyed' } : { terminal: place.device.terminalHsn }),
      posKey: key,
    }),
  );
  return { account, pending };
}

/** The sale a repeated request with the same key made. */
export async function replaySale(
  deps: PosCardDeps,
  place: RegisterPlace,
  orderId: number,
): Promise<PosOrder> {
  const scope = { tenantId: place.device.tenantId, restaurantId: place.device.restaurantId };
  return deps.transact(async (tx) => {
    const order = (await findOrder(tx, scope, orderId))!;
    const tenders = await tendersOf(tx, scope, [orderId]);
    return saleOf(order, tenders, place.device.name, { drawerKick: false, receiptQueued: false });
  });
}
