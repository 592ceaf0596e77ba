import type { Actor } from '@brigade/domain/access';
import type { TransactionRow } from '../payments/index';
import { paymentUnderKey, voidPayment } from '../payments/index';
import { findRestaurant } from '../tenancy/index';
import { SYSTEM } from '../use-case';
import { failOrder, goLive, type OrderingDeps, PAYMENT_NOT_CONFIRMED } from './checkout';
import { moveOrderAs } from './order-moves';
import { openOrderingPlace } from './ordering-place';
import { claimQuietPlacingOrders, type OrderRow } from './ordering-repository';

/**
 * The stuck-order sweep (docs/behaviour/ordering.md "When checkout is cut off"): an order still `placing`
 * after `PLACING_QUIET_SECONDS` without a change lost its checkout (the server died, or the database went
 * away, between the steps). It is settled from what its payment became, so that no order stays hidden from
 * the restaurant and no guest's card stays held for an order nobody sees:
 * - the authorisation was never asked for, or never answered (its pending payment is voided at the gateway
 *   by the stale-payment sweep): the order fails, "payment not confirmed";
 * - it was declined, voided or failed: the order fails with that reason;
 * - it is authorised (or captured): the order goes live, receipt and all, and is accepted when the restaurant
 *   accepts automatically — unless its pickup time is already more than `LATE_PICKUP_MINUTES` past, when
 *   the hold is voided and the order fails instead.
 * Each sweep claims the orders it settles, so instances sweeping at once never settle one twice; a guest
 * retrying with the same Idempotency-Key then gets the order's final answer.
 */
export const PLACING_QUIET_SECONDS = 120;
export const LATE_PICKUP_MINUTES = 30;
const BATCH = 100;

export interface StuckOrderResult {
  examined: number;
  live: number;
  failed: number;
  /** Orders whose settling failed (the gateway or the database); their next sweep tries again. */
  errors: number;
}

export async function resolveStuckOrders(
  deps: OrderingDeps,
  actor: Actor = SYSTEM,
  options: { olderThanSeconds?: number; now?: Date } = {},
): Promise<StuckOrderResult> {
  const now = options.now ?? new Date();
  const before = new Date(now.getTime() - (options.olderThanSeconds ?? PLACING_QUIET_SECONDS) * 1000);
  const claimed = await deps.transact((tx) => claimQuietPlacingOrders(tx, before, BATCH));
  const result: StuckOrderResult = { examined: claimed.length, live: 0, failed: 0, errors: 0 };
  for (const order of claimed) {
    try {
      const status = await settleOrder(deps, actor, order, now);
      result[status === 'new' || status === 'accepted' ? 'live' : 'failed'] += 1;
    } catch {
      result.errors += 1;
    }
  }
  return result;
}

async function settleOrder(deps: OrderingDeps, actor: Actor, order: OrderRow, now: Date) {
  const scope = { tenantId: order.tenantId, restaurantId: order.restaurantId };
  const payment = await paymentUnderKey(deps, scope, `order-${order.orderId}`);
  const transaction = payment.state === 'answered' ? payment.transaction : null;
  if (!transaction || !['authorised', 'captured'].includes(transaction.status)) {
    const message =
      transaction?.status === 'declined'
        ? `Your card was declined${transaction.processorText ? `: ${transaction.processorText}` : ''}`
        : PAYMENT_NOT_CONFIRMED;
    return (await failOrder(deps, order, transaction?.transactionId ?? null, async () => message, 'system'))
      .status;
  }
  const late = order.pickupAt.getTime() + LATE_PICKUP_MINUTES * 60_000 < now.getTime();
  const place = late ? null : await placeOf(deps, order);
  if (!place) return (await release(deps, order, transaction)).status;
  const live = await goLive(deps, place, order, transaction, 'system');
  if (!place.restaurant.settings.autoAcceptOrders) return live.status;
  return (await moveOrderAs(deps, actor, live, { status: 'accepted' }, 'auto-accept').catch(() => live))
    .status;
}

/** The order's ordering place, or null when the restaurant no longer takes orders online. */
async function placeOf(deps: OrderingDeps, order: OrderRow) {
  const restaurant = await findRestaurant(deps.db, order.tenantId, order.restaurantId);
  if (!restaurant) return null;
  return openOrderingPlace(deps, restaurant.slug).catch(() => null);
}

/** Voids the hold, then fails the order (a void that fails throws: the next sweep tries again). */
async function release(deps: OrderingDeps, order: OrderRow, transaction: TransactionRow) {
  await voidPayment(deps, SYSTEM, {
    tenantId: order.tenantId,
    restaurantId: order.restaurantId,
    transactionId: transaction.transactionId,
    idempotencyKey: `order-${order.orderId}-release`,
  });
  return failOrder(deps, order, transaction.transactionId, async () => PAYMENT_NOT_CONFIRMED, 'system');
}
