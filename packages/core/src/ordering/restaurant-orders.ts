import { sideBySide } from '@brigade/db/side-by-side';
import { type Actor, decideAccess } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { OrderingSettings, OrderView } from '@brigade/domain/ordering/api';
import { declineBurstMessage, type OrderingAlert } from '@brigade/domain/ordering/checkout-limits';
import { ACTIVE_STATUSES, type RestaurantOrderStatus } from '@brigade/domain/ordering/order-status';
import { type RefundAllocation, returnedQuantities } from '@brigade/domain/ordering/refund-lines';
import { kioskOrderName } from '@brigade/domain/pos/kiosk';
import { type ResolvedScope, resolveCatalogueScope } from '../catalogue/index';
import { findTransaction, refundAllocationsOf, userNames } from '../payments/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import {
  type MoveOrderCall,
  moveOrder as moveOrderRow,
  ORDER_NOT_FOUND,
  type OrderMoveDeps,
} from './order-moves';
import { liveNumber } from './order-number';
import { awaitsSettlement, type RefundOrderCall, refundOrder as refundOrderRow } from './order-refunds';
import {
  findOrder,
  listOrderRows,
  type OrderRow,
  orderEventsOf,
  orderingAlertsSince,
  type RestaurantScope,
  readSettings,
  saveSettings,
} from './ordering-repository';
import { heldByScheduledRefunds, scheduledAllocationsOf } from './scheduled-refund-repository';

/**
 * The restaurant's side of online ordering (docs/behaviour/ordering.md#orders-in-management): the day's
 * orders, one order with its history, moving orders on, and the ordering settings (pause, sold out).
 */

interface Scoped {
  tenantId: number;
  restaurantId: number;
}

async function scopeOf(deps: UseCaseDeps, actor: Actor, input: Scoped): Promise<ResolvedScope> {
  return resolveCatalogueScope(deps.db, {
    tenantId: input.tenantId,
    restaurantId: input.restaurantId,
    actor: userIdOf(actor),
  });
}

export async function listOrders(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: Scoped & {
    status?: RestaurantOrderStatus | undefined;
    date?: string | undefined;
    active?: 'true' | 'false' | undefined;
  },
): Promise<{ orders: OrderView[]; businessDate: string }> {
  const resolved = await scopeOf(deps, actor, input);
  const businessDate =
    input.date ?? toLocalMoment((deps.now?.() ?? new Date()).toISOString(), resolved.timezone).date;
  const statuses = input.status ? [input.status] : input.active === 'true' ? ACTIVE_STATUSES : undefined;
  // Today's board also holds later days' orders still to handle: an ASAP order placed in the lead time before
  // midnight belongs to tomorrow, and a scheduled one needs accepting before its day (the screen shows them apart).
  const laterIn = input.date
    ? undefined
    : ACTIVE_STATUSES.filter((status) => statuses?.includes(status) ?? true);
  const rows = await listOrderRows(deps.db, input, { businessDate, statuses, laterIn });
  return { orders: rows.map((row) => orderView(row, null)), businessDate };
}

/** The last 24 hours' alerts about the restaurant's online checkout (docs/behaviour/ordering.md#checkout-limits). */
export async function listOrderingAlerts(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: Scoped,
): Promise<OrderingAlert[]> {
  await scopeOf(deps, actor, input);
  const since = new Date((deps.now?.() ?? new Date()).getTime() - 24 * 3600_000);
  const rows = await orderingAlertsSince(deps.db, input, since);
  return rows.map((row) => ({
    alertId: row.alertId,
    kind: row.kind,
    declines: row.declines,
    windowMinutes: row.windowMinutes,
    message: declineBurstMessage(row.declines, row.windowMinutes),
    createdAt: row.createdAt,
  }));
}

export async function getOrder(
  deps: UseCaseDeps,
  actor: Actor,
  input: Scoped & { orderId: number },
): Promise<OrderView> {
  await scopeOf(deps, actor, input);
  const row = await findOrder(deps.db, input, input.orderId);
  if (!row || row.status === 'placing' || row.status === 'payment_failed')
    throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  return detailedView(deps, row);
}

export const MANAGERS_RETURN_MONEY = 'Only managers, admins and owners can cancel or refund an order';

export async function moveOrder(deps: OrderMoveDeps, actor: Actor, input: MoveOrderCall): Promise<OrderView> {
  // Cancelling and refunding give money back: a manager's call, as voids and refunds are (payments roles).
  const returnsMoney = input.status === 'cancelled' || input.status === 'refunded';
  if (
    returnsMoney &&
    decideAccess(actor, { kind: 'tenant', role: 'manager' }, input.tenantId, input.restaurantId) !== 'allow'
  )
    throw new BrigadeError('forbidden', 'ROLE_TOO_LOW', MANAGERS_RETURN_MONEY);
  return detailedView(deps, await moveOrderRow(deps, actor, input));
}

/** A refund of part of an order (order-refunds.ts), answered with the order as it is now. */
export async function refundOrder(
  deps: OrderMoveDeps,
  actor: Actor,
  input: RefundOrderCall,
): Promise<OrderView> {
  return detailedView(deps, await refundOrderRow(deps, actor, input));
}

async function detailedView(deps: UseCaseDeps, row: OrderRow): Promise<OrderView> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const { transactionId } = row;
  const [events, payment, held, refundedByLine, scheduledByLine] = await sideBySide(deps.db, [
    () => orderEventsOf(deps.db, row),
    () => (transactionId ? findTransaction(deps.db, scope, transactionId) : Promise.resolve(null)),
    () => heldByScheduledRefunds(deps.db, scope, row.orderId),
    () =>
      transactionId
        ? refundAllocationsOf(deps.db, { ...scope, transactionId })
        : Promise.resolve([] as RefundAllocation[]),
    () => scheduledAllocationsOf(deps.db, scope, row.orderId),
  ]);
  const refundedLines = [...returnedQuantities([...refundedByLine, ...scheduledByLine])]
    .map(([line, quantity]) => ({ line, quantity }))
    .sort((a, b) => a.line - b.line);
  const names = await userNames(
    deps.db,
    events.map((e) => e.actor),
  );
  return {
    ...orderView(row, payment),
    refundedAmount: payment?.refundedAmount ?? 0,
    refundableAmount:
      payment && (payment.refundable || awaitsSettlement(payment))
        ? Math.max(0, payment.capturedAmount - payment.refundedAmount - held)
        : 0,
    scheduledRefundAmount: held,
    refundedLines,
    refundWaitsForSettlement: payment !== null && awaitsSettlement(payment),
    events: events.map((event) => ({
      status: event.status,
      note: event.note,
      actor: event.actor,
      actorName: names.get(event.actor) ?? null,
      at: event.occurredAt,
    })),
  };
}

function orderView(
  row: OrderRow,
  payment: { status: string; lastFour: string | null; cardBrand: string | null } | null,
): OrderView {
  return {
    orderId: row.orderId,
    token: row.token,
    number: liveNumber(row),
    businessDate: row.businessDate,
    status: row.status,
    channel: row.channel,
    fulfilment: row.fulfilment === 'dine_in' || row.fulfilment === 'takeout' ? row.fulfilment : 'pickup',
    pickupAt: row.pickupAt,
    asap: row.asap,
    readyAt: row.readyAt,
    // a kiosk order's table tent is its own field (decision 062); the Orders screen shows it with the name
    customer: {
      ...row.customer,
      name: kioskOrderName({ guestName: row.customer.name, tableTent: row.tableTent }),
    },
    notes: row.notes,
    lines: row.lines as OrderView['lines'],
    totals: row.totals as unknown as OrderView['totals'],
    currency: row.currency,
    transactionId: row.transactionId,
    paymentStatus: payment?.status ?? null,
    cardLastFour: payment?.lastFour ?? null,
    cardBrand: payment?.cardBrand ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

// --- Settings -------------------------------------------------------------------------------------------

export async function getOrderingSettings(
  deps: UseCaseDeps,
  actor: Actor,
  input: Scoped,
): Promise<OrderingSettings> {
  await scopeOf(deps, actor, input);
  return readSettings(deps.db, input);
}

async function changeSettings(
  deps: UseCaseDeps,
  actor: Actor,
  scope: RestaurantScope,
  change: (settings: OrderingSettings) => OrderingSettings,
): Promise<OrderingSettings> {
  await scopeOf(deps, actor, scope);
  const next = change(await readSettings(deps.db, scope));
  await saveSettings(deps.db, scope, next, userIdOf(actor));
  return next;
}

export async function updateOrderingSettings(
  deps: UseCaseDeps,
  actor: Actor,
  input: Scoped & Partial<Omit<OrderingSettings, 'pausedUntil' | 'soldOutItemIds'>>,
): Promise<OrderingSettings> {
  const { tenantId, restaurantId, ...changes } = input;
  return changeSettings(deps, actor, { tenantId, restaurantId }, (settings) => ({ ...settings, ...changes }));
}

/** Pauses online ordering for `minutes` (0 resumes it). */
export async function pauseOrdering(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: Scoped & { minutes: number },
): Promise<OrderingSettings> {
  const { tenantId, restaurantId, minutes } = input;
  const now = deps.now?.() ?? new Date();
  return changeSettings(deps, actor, { tenantId, restaurantId }, (settings) => ({
    ...settings,
    pausedUntil: minutes === 0 ? null : new Date(now.getTime() + minutes * 60_000),
  }));
}

/** Marks an item sold out ("86") for online ordering, or back in stock. */
export async function setItemSoldOut(
  deps: UseCaseDeps,
  actor: Actor,
  input: Scoped & { itemId: number; soldOut: boolean },
): Promise<OrderingSettings> {
  const { tenantId, restaurantId, itemId, soldOut } = input;
  return changeSettings(deps, actor, { tenantId, restaurantId }, (settings) => {
    const others = settings.soldOutItemIds.filter((id) => id !== itemId);
    return { ...settings, soldOutItemIds: soldOut ? [...others, itemId] : others };
  });
}
