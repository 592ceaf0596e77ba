import type { Executor } from '@brigade/db/database';
import { taxRates } from '@brigade/db/schema/catalogue';
import {
  orderEvents,
  orderingAlerts,
  orderingSettings,
  orderNumberCounters,
  orders,
} from '@brigade/db/schema/ordering';
import { isTransaction, sideConnectionFor } from '@brigade/db/side-connection';
import { DEFAULT_ORDERING_SETTINGS, type OrderingSettings } from '@brigade/domain/ordering/api';
import type { OrderStatus } from '@brigade/domain/ordering/order-status';
import type { OrderTaxRate } from '@brigade/domain/ordering/totals';
import { and, asc, count, desc, eq, gt, gte, inArray, lt, notInArray, or, sql } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';
import { recordSale } from '../ledger/index';

/**
 * The ordering tables (packages/db/src/schema/ordering.ts). Every query names its tenant and restaurant
 * (scopeWhere), including those public requests make, which see every tenant (decision 018).
 */

export interface RestaurantScope {
  tenantId: number;
  restaurantId: number;
}

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;

export async function readSettings(ex: Executor, scope: RestaurantScope): Promise<OrderingSettings> {
  const [row] = await ex.select().from(orderingSettings).where(scopeWhere(orderingSettings, scope)).limit(1);
  if (!row) return structuredClone(DEFAULT_ORDERING_SETTINGS);
  return {
    leadTimeMinutes: row.leadTimeMinutes,
    schedulingDays: row.schedulingDays,
    slotCapacity: row.slotCapacity,
    tipPresets: row.tipPresets,
    captureOn: row.captureOn,
    alertAfterMinutes: row.alertAfterMinutes,
    cancelAfterMinutes: row.cancelAfterMinutes,
    alertPhone: row.alertPhone,
    pausedUntil: row.pausedUntil,
    soldOutItemIds: row.soldOutItemIds,
  };
}

export async function saveSettings(
  ex: Executor,
  scope: RestaurantScope,
  settings: OrderingSettings,
  updatedBy: string,
): Promise<void> {
  const values = { ...settings, updatedBy };
  await ex
    .insert(orderingSettings)
    .values({ ...scope, ...values })
    .onConflictDoUpdate({
      target: [orderingSettings.tenantId, orderingSettings.restaurantId],
      set: { ...values, updatedAt: sql`now()` },
    });
}

export async function readTaxRates(ex: Executor, scope: RestaurantScope): Promise<OrderTaxRate[]> {
  const rows = await ex
    .select({
      taxRateId: taxRates.taxRateId,
      name: taxRates.name,
      type: taxRates.type,
      disabled: taxRates.disabled,
      rate: taxRates.rate,
      default: taxRates.default,
      takeoutTaxEnabled: taxRates.takeoutTaxEnabled,
      takeoutTaxrate: taxRates.takeoutTaxrate,
      roundingOptions: taxRates.roundingOptions,
    })
    .from(taxRates)
    .where(scopeWhere(taxRates, scope))
    .orderBy(asc(taxRates.taxRateId));
  return rows.map((row) => ({
    ...row,
    takeoutTaxrate: row.takeoutTaxrate ?? undefined,
  })) as OrderTaxRate[];
}

const NEXT_NUMBERS = `insert into order_number_counters (tenant_id, restaurant_id, business_date, last_number)
  values ($1, $2, $3, $4)
  on conflict (tenant_id, restaurant_id, business_date) do update set last_number = order_number_counters.last_number + $4
  returning last_number`;

/**
 * The next order number of a business day: 1, 2, 3… (one upsert, safe under concurrency). Inside a
 * transaction on PostgreSQL it is taken on the side connection, self-committing (as id blocks are, decision
 * 033): the counter's row lock then lasts one statement, not the caller's whole transaction, so a
 * restaurant's sales do not wait for each other's commits. A number whose order rolls back is skipped, as
 * the number of an order whose payment failed already is. PGlite, or a side connection that fails, takes it
 * in the caller's transaction.
 */
export async function nextOrderNumber(
  ex: Executor,
  scope: RestaurantScope,
  businessDate: string,
): Promise<number> {
  return nextOrderNumbers(ex, scope, businessDate, 1);
}

/** `count` numbers of a business day in one statement (a batch of register sales): answers the last of them. */
export async function nextOrderNumbers(
  ex: Executor,
  scope: RestaurantScope,
  businessDate: string,
  count: number,
): Promise<number> {
  const side = isTransaction(ex) ? sideConnectionFor(ex) : null;
  if (side) {
    const rows = await side
      .query<{ last_number: number | string }>(NEXT_NUMBERS, [
        scope.tenantId,
        scope.restaurantId,
        businessDate,
        count,
      ])
      .catch(() => []);
    if (rows[0]) return Number(rows[0].last_number);
  }
  const [row] = await ex
    .insert(orderNumberCounters)
    .values({ ...scope, businessDate, lastNumber: count })
    .onConflictDoUpdate({
      target: [
        orderNumberCounters.tenantId,
        orderNumberCounters.restaurantId,
        orderNumberCounters.businessDate,
      ],
      set: { lastNumber: sql`${orderNumberCounters.lastNumber} + ${count}` },
    })
    .returning({ lastNumber: orderNumberCounters.lastNumber });
  return row!.lastNumber;
}

/** Inserts orders in one statement; those whose idempotency key is taken are left out of the answer. */
export async function insertOrders(ex: Executor, rows: NewOrderRow[]): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  return ex
    .insert(orders)
    .values(rows)
    .onConflictDoNothing({ target: [orders.tenantId, orders.restaurantId, orders.idempotencyKey] })
    .returning();
}

/** Inserts an order unless its idempotency key is taken; null when it is (the caller reads the holder). */
export async function insertOrder(ex: Executor, row: NewOrderRow): Promise<OrderRow | null> {
  const [inserted] = await ex
    .insert(orders)
    .values(row)
    .onConflictDoNothing({ target: [orders.tenantId, orders.restaurantId, orders.idempotencyKey] })
    .returning();
  return inserted ?? null;
}

export async function findOrderByKey(ex: Executor, scope: RestaurantScope, key: string) {
  const [row] = await ex
    .select()
    .from(orders)
    .where(and(scopeWhere(orders, scope), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** The orders of several Idempotency-Keys at once (a batch of register sales), by key. */
export async function findOrdersByKeys(ex: Executor, scope: RestaurantScope, keys: string[]) {
  const rows = keys.length
    ? await ex
        .select()
        .from(orders)
        .where(and(scopeWhere(orders, scope), inArray(orders.idempotencyKey, keys)))
    : [];
  return new Map(rows.map((row) => [row.idempotencyKey!, row]));
}

export async function findOrder(ex: Executor, scope: RestaurantScope, orderId: number, lock = false) {
  const query = ex
    .select()
    .from(orders)
    .where(and(scopeWhere(orders, scope), eq(orders.orderId, orderId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The order a guest's token names (any tenant: the token is the guest's only key). */
export async function findOrderByToken(ex: Executor, token: string) {
  const [row] = await ex.select().from(orders).where(eq(orders.token, token)).limit(1);
  return row ?? null;
}

export async function updateOrder(
  ex: Executor,
  row: Pick<OrderRow, 'tenantId' | 'restaurantId' | 'orderId'>,
  changes: Partial<NewOrderRow>,
): Promise<OrderRow> {
  const [updated] = await ex
    .update(orders)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(and(scopeWhere(orders, row), eq(orders.orderId, row.orderId)))
    .returning();
  return updated!;
}

/**
 * Claims up to `limit` orders left `placing` since before `before` (any tenant): their `updatedAt` moves to
 * now, so another instance's sweep passes them over, and rows another transaction holds are skipped.
 */
export async function claimQuietPlacingOrders(
  ex: Executor,
  before: Date,
  limit: number,
): Promise<OrderRow[]> {
  const quiet = ex
    .select({ tenantId: orders.tenantId, restaurantId: orders.restaurantId, orderId: orders.orderId })
    .from(orders)
    .where(and(eq(orders.status, 'placing'), lt(orders.updatedAt, before)))
    .orderBy(asc(orders.updatedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return ex
    .update(orders)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.status, 'placing'),
        sql`(${orders.tenantId}, ${orders.restaurantId}, ${orders.orderId}) in (${quiet})`,
      ),
    )
    .returning();
}

export async function addOrderEvent(
  ex: Executor,
  row: Pick<OrderRow, 'tenantId' | 'restaurantId' | 'orderId'>,
  status: OrderStatus,
  actor: string,
  note: string | null = null,
): Promise<void> {
  await ex.insert(orderEvents).values(eventValues({ row, status, actor, note }));
  // An order reaching the kitchen is a sale; one given back returns it (the sales ledger, decision 050).
  if (LEDGER_MOVES.has(status)) await recordSale(ex, row, { orderId: row.orderId });
}

/**
 * addOrderEvent's history lines alone, one statement for several orders, answered with their orders: for a
 * caller that records the sales' ledger lines itself from the rows it wrote (register cash sales,
 * recordNewCashSales).
 */
export async function insertOrderEvents(
  ex: Executor,
  events: {
    row: Pick<OrderRow, 'tenantId' | 'restaurantId' | 'orderId'>;
    status: OrderStatus;
    actor: string;
    note: string | null;
  }[],
) {
  if (events.length === 0) return [];
  return ex.insert(orderEvents).values(events.map(eventValues)).returning({
    orderId: orderEvents.orderId,
    eventId: orderEvents.eventId,
    status: orderEvents.status,
    actor: orderEvents.actor,
    occurredAt: orderEvents.occurredAt,
  });
}

const eventValues = (event: {
  row: Pick<OrderRow, 'tenantId' | 'restaurantId' | 'orderId'>;
  status: OrderStatus;
  actor: string;
  note: string | null;
}) => ({
  tenantId: event.row.tenantId,
  restaurantId: event.row.restaurantId,
  orderId: event.row.orderId,
  status: event.status,
  actor: event.actor,
  note: event.note,
});

/** The moves that make or unmake a sale: an order reaches the kitchen only through `accepted` (NEXT_STATUSES). */
const LEDGER_MOVES = new Set<OrderStatus>(['accepted', 'cancelled', 'refunded']);

export async function orderEventsOf(
  ex: Executor,
  row: Pick<OrderRow, 'tenantId' | 'restaurantId' | 'orderId'>,
) {
  return ex
    .select()
    .from(orderEvents)
    .where(and(scopeWhere(orderEvents, row), eq(orderEvents.orderId, row.orderId)))
    .orderBy(asc(orderEvents.eventId));
}

// a register's open check is listed on the register until it is paid (docs/behaviour/pos.md#open-checks)
const HIDDEN: OrderStatus[] = ['placing', 'payment_failed', 'open'];

export async function listOrderRows(
  ex: Executor,
  scope: RestaurantScope,
  query: {
    businessDate?: string | undefined;
    statuses?: readonly OrderStatus[] | undefined;
    /** Also orders of later business days in these statuses (the board's "still to handle"). */
    laterIn?: readonly OrderStatus[] | undefined;
  },
) {
  const day = query.businessDate ? eq(orders.businessDate, query.businessDate) : undefined;
  const later =
    query.businessDate && query.laterIn?.length
      ? and(gt(orders.businessDate, query.businessDate), inArray(orders.status, [...query.laterIn]))
      : undefined;
  return ex
    .select()
    .from(orders)
    .where(
      and(
        scopeWhere(orders, scope),
        later ? or(day, later) : day,
        query.statuses ? inArray(orders.status, [...query.statuses]) : notInArray(orders.status, HIDDEN),
      ),
    )
    .orderBy(desc(orders.orderId))
    .limit(500);
}

/** How many live orders each 15-minute slot from `from` to `to` holds (for the slot capacity). */
export async function ordersPerSlot(ex: Executor, scope: RestaurantScope, from: Date, to: Date) {
  const slot = sql<string>`to_timestamp(floor(extract(epoch from ${orders.pickupAt}) / 900) * 900)`;
  const rows = await ex
    .select({ slot, taken: count() })
    .from(orders)
    .where(
      and(
        scopeWhere(orders, scope),
        gte(orders.pickupAt, from),
        lt(orders.pickupAt, to),
        notInArray(orders.status, ['payment_failed', 'cancelled', 'refunded']),
      ),
    )
    .groupBy(slot);
  return new Map(rows.map((row) => [new Date(row.slot).getTime(), Number(row.taken)]));
}

// --- Alerts to the restaurant (docs/behaviour/ordering.md#checkout-limits) ---------------------------------

export type OrderingAlertRow = typeof orderingAlerts.$inferSelect;

export async function insertOrderingAlert(
  ex: Executor,
  alert: typeof orderingAlerts.$inferInsert,
): Promise<void> {
  await ex.insert(orderingAlerts).values(alert);
}

/** The restaurant's alerts raised since `since`, newest first. */
export async function orderingAlertsSince(
  ex: Executor,
  scope: RestaurantScope,
  since: Date,
): Promise<OrderingAlertRow[]> {
  return ex
    .select()
    .from(orderingAlerts)
    .where(and(scopeWhere(orderingAlerts, scope), gte(orderingAlerts.createdAt, since)))
    .orderBy(desc(orderingAlerts.createdAt), desc(orderingAlerts.alertId))
    .limit(50);
}
