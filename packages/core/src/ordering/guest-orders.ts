import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import type { GuestOrder, OrderLine } from '@brigade/domain/ordering/api';
import { receiptOf } from '@brigade/domain/ordering/receipt';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import type { Mail } from '../identity/index';
import { findTransaction } from '../payments/index';
import { publicMenuTarget } from '../qr/index';
import { findRestaurant } from '../tenancy/index';
import type { OrderingDeps } from './checkout';
import { liveNumber } from './order-number';
import type { OrderingPlace } from './ordering-place';
import { findOrderByToken, type OrderRow } from './ordering-repository';

/**
 * What the guest gets of an order (docs/behaviour/ordering.md#the-confirmation-page): the order by its
 * token, and its email receipt.
 */

export const ORDER_NOT_FOUND = 'Order not found';

export async function getGuestOrder(
  deps: OrderingDeps,
  _actor: Actor,
  input: { token: string },
): Promise<GuestOrder> {
  const row = await findOrderByToken(deps.db, input.token);
  if (!row) throw new BrigadeError('not_found', 'ORDER_NOT_FOUND', ORDER_NOT_FOUND);
  return guestOrderOf(deps, null, row);
}

export async function guestOrderOf(
  deps: OrderingDeps,
  place: OrderingPlace | null,
  row: OrderRow,
  /** The card, when the caller has just paid with it (saves reading the payment again). */
  paidWith?: { lastFour: string | null },
): Promise<GuestOrder> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const transaction =
    paidWith ?? (row.transactionId ? await findTransaction(deps.db, scope, row.transactionId) : null);
  const restaurantName = place?.restaurant.name ?? (await restaurantNameOf(deps, scope));
  return {
    token: row.token,
    number: row.number,
    status: row.status,
    restaurantName,
    pickupAt: row.pickupAt,
    readyAt: row.readyAt,
    customerName: row.customer.name,
    lines: row.lines as GuestOrder['lines'],
    totals: row.totals as unknown as GuestOrder['totals'],
    currency: row.currency,
    cardLastFour: transaction?.lastFour ?? null,
    paymentMessage: row.paymentMessage,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function restaurantNameOf(deps: OrderingDeps, scope: { tenantId: number; restaurantId: number }) {
  return (await findRestaurant(deps.db, scope.tenantId, scope.restaurantId))?.name ?? '';
}

/**
 * How the guest's email receipt of an order going live is written, or null where receipts are not wired. The
 * site's address is read first, outside the order's transaction; the order's number is known only inside it.
 */
export async function receiptWriter(
  deps: OrderingDeps,
  place: OrderingPlace,
  cardLastFour: string | null,
): Promise<((order: OrderRow) => Mail) | null> {
  if (!deps.receipts) return null;
  const { url } = await publicMenuTarget(deps.db, place.restaurant.guid, deps.receipts.sites);
  return (order) => {
    const { subject, text } = receiptOf({
      restaurantName: place.restaurant.name,
      customerName: order.customer.name,
      number: liveNumber(order),
      pickupAt: order.pickupAt,
      timeZone: place.resolved.timezone,
      currency: order.currency,
      lines: order.lines as OrderLine[],
      totals: order.totals as unknown as OrderTotals,
      cardLastFour,
      orderUrl: url.replace(/\/menu$/, `/order/${order.token}`),
    });
    return { to: order.customer.email, subject, text };
  };
}
