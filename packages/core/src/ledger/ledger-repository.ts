import type { Executor } from '@brigade/db/database';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { orderEvents, orders } from '@brigade/db/schema/ordering';
import { paymentTransactions } from '@brigade/db/schema/payments';
import { orderTenders } from '@brigade/db/schema/pos';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import { notFound } from '@brigade/domain/errors';
import type {
  LedgerLine,
  OrderRecord,
  PaymentRecord,
  SaleItemRecord,
  SaleRecords,
} from '@brigade/domain/ledger/projection';
import { paidAtCounter } from '@brigade/domain/pos/api';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tenantIs } from '../tenant-scope';

/**
 * The ledger's reads of the records it is derived from (orders, their history, payments and refunds) and its
 * writes (packages/db/src/schema/ledger.ts). Private to the ledger area: other areas call its face (index.ts).
 */

export interface RestaurantScope {
  tenantId: number;
  restaurantId: number;
}

const inScope = (table: { tenantId: PgColumn; restaurantId: PgColumn }, scope: RestaurantScope) =>
  and(tenantIs(table.tenantId, scope.tenantId), eq(table.restaurantId, scope.restaurantId));

/** The restaurant's clock: its tenant's time zone (docs/behaviour/tenancy.md). */
export async function restaurantTimezone(ex: Executor, scope: RestaurantScope): Promise<string> {
  const [row] = await ex
    .select({ timezone: sql<string | null>`${tenants.settings}->>'timezone'` })
    .from(tenants)
    .where(tenantIs(tenants.tenantId, scope.tenantId))
    .limit(1);
  return row?.timezone || 'UTC';
}

/** One sale's records at a time: concurrent writers of one sale wait for each other (ends with the transaction). */
export async function lockSale(ex: Executor, scope: RestaurantScope, saleKey: string): Promise<void> {
  await ex.execute(
    sql`select pg_advisory_xact_lock(${scope.tenantId}, hashtext(${`ledger:${scope.restaurantId}:${saleKey}`}))`,
  );
}

export type PaymentRow = typeof paymentTransactions.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
type TransactionRow = PaymentRow;

export async function transactionById(ex: Executor, scope: RestaurantScope, transactionId: string) {
  const [row] = await ex
    .select()
    .from(paymentTransactions)
    .where(and(inScope(paymentTransactions, scope), eq(paymentTransactions.transactionId, transactionId)))
    .limit(1);
  return row ?? null;
}

export async function orderRow(
  ex: Executor,
  scope: RestaurantScope,
  where: { orderId?: number; transactionId?: string },
) {
  const [row] = await ex
    .select()
    .from(orders)
    .where(
      and(
        inScope(orders, scope),
        where.orderId !== undefined ? eq(orders.orderId, where.orderId) : undefined,
        where.transactionId !== undefined ? eq(orders.transactionId, where.transactionId) : undefined,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * The order a payment is money of, in one read: the order that names it (its own payment), or the check a card
 * paid part of (split tender, decision 070: only its tender names the payment). Null for a payment taken
 * without an order (the virtual terminal).
 */
export async function orderOfPayment(ex: Executor, scope: RestaurantScope, transactionId: string) {
  const [row] = await ex
    .select()
    .from(orders)
    .where(
      and(
        inScope(orders, scope),
        or(
          eq(orders.transactionId, transactionId),
          sql`${orders.orderId} in (select t.order_id from ${orderTenders} t where t.tenant_id = ${scope.tenantId}
            and t.restaurant_id = ${scope.restaurantId} and t.transaction_id = ${transactionId} and t.method = 'card')`,
        ),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The payments of the cards that paid parts of a register's order, besides its own payment. */
async function partPayments(ex: Executor, row: OrderRow): Promise<PaymentRecord[]> {
  const records: PaymentRecord[] = [];
  for (const id of await partPaymentIds(ex, row)) {
    const payment = await transactionById(ex, row, id);
    if (payment) records.push(await paymentRecord(ex, payment));
  }
  return records;
}

/** The ids of the cards' payments that paid parts of a register's order (split tender), in order. */
export async function partPaymentIds(ex: Executor, row: OrderRow): Promise<string[]> {
  if (!paidAtCounter(row.channel)) return [];
  const named = await ex
    .selectDistinct({ transactionId: orderTenders.transactionId })
    .from(orderTenders)
    .where(
      and(
        inScope(orderTenders, row),
        eq(orderTenders.orderId, row.orderId),
        eq(orderTenders.method, 'card'),
        eq(orderTenders.kind, 'payment'),
        sql`${orderTenders.transactionId} is not null`,
      ),
    );
  return named
    .map((n) => n.transactionId!)
    .filter((id) => id !== row.transactionId)
    .sort();
}

async function orderRecord(ex: Executor, row: OrderRow): Promise<OrderRecord> {
  const events = await ex
    .select({
      eventId: orderEvents.eventId,
      status: orderEvents.status,
      actor: orderEvents.actor,
      occurredAt: orderEvents.occurredAt,
    })
    .from(orderEvents)
    .where(and(inScope(orderEvents, row), eq(orderEvents.orderId, row.orderId)))
    .orderBy(asc(orderEvents.eventId));
  // a register sale's cash (docs/behaviour/pos.md): an online order has none, and is not asked
  const tenders = paidAtCounter(row.channel)
    ? await ex
        .select({
          tenderId: orderTenders.tenderId,
          method: orderTenders.method,
          kind: orderTenders.kind,
          amount: orderTenders.amount,
          takenAt: orderTenders.takenAt,
          takenBy: orderTenders.takenBy,
          tip: orderTenders.tip,
          tipAddedAt: orderTenders.tipAddedAt,
        })
        .from(orderTenders)
        .where(and(inScope(orderTenders, row), eq(orderTenders.orderId, row.orderId)))
        .orderBy(asc(orderTenders.tenderId))
    : [];
  return orderRecordOf(row, events, tenders);
}

/** An order's ledger record from its row, its history (oldest first) and its tenders (in order). */
export function orderRecordOf(
  row: OrderRow,
  events: OrderRecord['events'],
  tenders: NonNullable<OrderRecord['tenders']>,
): OrderRecord {
  return {
    orderId: row.orderId,
    channel: row.channel,
    serverEmployeeId: row.serverEmployeeId,
    currency: row.currency,
    lines: row.lines as SaleItemRecord[],
    totals: row.totals as OrderRecord['totals'],
    events,
    tenders,
  };
}

async function paymentRecord(ex: Executor, row: TransactionRow): Promise<PaymentRecord> {
  const refunds = await ex
    .select({
      transactionId: paymentTransactions.transactionId,
      amount: paymentTransactions.amount,
      // refunds approved before the ledger existed carry no capture time: their last change is it
      capturedAt:
        sql<Date>`coalesce(${paymentTransactions.capturedAt}, ${paymentTransactions.updatedAt})`.mapWith(
          (value: string | Date) => new Date(value),
        ),
      createdBy: paymentTransactions.createdBy,
      allocation: paymentTransactions.refundAllocation,
    })
    .from(paymentTransactions)
    .where(
      and(
        inScope(paymentTransactions, row),
        eq(paymentTransactions.parentTransactionId, row.transactionId),
        eq(paymentTransactions.kind, 'refund'),
        eq(paymentTransactions.status, 'captured'),
      ),
    )
    .orderBy(asc(paymentTransactions.createdAt), asc(paymentTransactions.transactionId));
  return {
    transactionId: row.transactionId,
    kind: row.kind,
    amount: row.amount,
    tipAmount: row.tipAmount,
    currency: row.currency,
    cardBrand: row.cardBrand,
    createdBy: row.createdBy,
    capturedAmount: row.capturedAmount,
    capturedAt: row.capturedAt,
    voidedAmount: row.voidedAmount,
    voidedAt: row.voidedAt,
    refunds,
  };
}

const SALE_KINDS = new Set(['sale', 'authorisation', 'forced_credit']);

/**
 * The records of the sale an order or a payment belongs to: an order with its payment, or a payment taken
 * without an order. Null when there is no sale (a verification, an unknown id).
 */
export async function saleRecords(
  ex: Executor,
  scope: RestaurantScope,
  subject:
    | { order: OrderRow }
    | { transactionId: string }
    | { transaction: PaymentRow; orderless?: true | undefined },
): Promise<Omit<SaleRecords, 'timezone'> | null> {
  if ('order' in subject) {
    // the order as read before the sale's lock: what the ledger reads of it (lines, totals, payment) never
    // changes once it is live; its history and its payment are read now
    const row = subject.order;
    const payment = row.transactionId ? await transactionById(ex, scope, row.transactionId) : null;
    return {
      order: await orderRecord(ex, row),
      payment: payment ? await paymentRecord(ex, payment) : null,
      parts: await partPayments(ex, row),
    };
  }
  let payment: PaymentRow | null =
    'transaction' in subject ? subject.transaction : await transactionById(ex, scope, subject.transactionId);
  if (payment?.kind === 'refund' && payment.parentTransactionId)
    payment = await transactionById(ex, scope, payment.parentTransactionId);
  if (!payment || !SALE_KINDS.has(payment.kind)) return null;
  // its order (the sale is the order's, a check's a card paid part of included), unless known to have none
  const order = 'orderless' in subject ? null : await orderOfPayment(ex, scope, payment.transactionId);
  if (order) return saleRecords(ex, scope, { order });
  return { order: null, payment: await paymentRecord(ex, payment) };
}

/** Adds the lines the ledger does not hold yet; a line it holds is never changed. */
export async function addLines(
  ex: Executor,
  scope: RestaurantScope,
  lines: readonly LedgerLine[],
): Promise<number> {
  if (lines.length === 0) return 0;
  const added = await ex
    .insert(ledgerLines)
    .values(lines.map((line) => ({ ...scope, ...line })))
    .onConflictDoNothing({ target: [ledgerLines.tenantId, ledgerLines.restaurantId, ledgerLines.lineKey] })
    .returning({ lineId: ledgerLines.lineId });
  return added.length;
}

/** Every sale of a restaurant: its orders that reached the kitchen or took money, and its payments without an order. */
export async function saleSubjects(ex: Executor, scope: RestaurantScope) {
  const orderIds = await ex
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(and(inScope(orders, scope), sql`${orders.status} not in ('placing', 'payment_failed')`))
    .orderBy(asc(orders.orderId));
  const payments = await ex
    .select({ transactionId: paymentTransactions.transactionId })
    .from(paymentTransactions)
    .where(
      and(
        inScope(paymentTransactions, scope),
        sql`${paymentTransactions.kind} in ('sale', 'authorisation', 'forced_credit')`,
        sql`not exists (select 1 from ${orders} o where o.tenant_id = ${paymentTransactions.tenantId}
          and o.transaction_id = ${paymentTransactions.transactionId})`,
        // a card that paid part of a check is that check's sale
        sql`not exists (select 1 from ${orderTenders} t where t.tenant_id = ${paymentTransactions.tenantId}
          and t.transaction_id = ${paymentTransactions.transactionId}::text)`,
      ),
    )
    .orderBy(asc(paymentTransactions.createdAt), asc(paymentTransactions.transactionId));
  return [
    ...orderIds.map((row) => ({ orderId: row.orderId })),
    ...payments.map((row) => ({ transactionId: row.transactionId })),
  ];
}

export async function deleteLines(ex: Executor, scope: RestaurantScope): Promise<number> {
  const gone = await ex
    .delete(ledgerLines)
    .where(inScope(ledgerLines, scope))
    .returning({ lineId: ledgerLines.lineId });
  return gone.length;
}

export async function restaurantsOf(ex: Executor, tenantId?: number) {
  return ex
    .select({ tenantId: restaurants.tenantId, restaurantId: restaurants.restaurantId })
    .from(restaurants)
    .where(tenantId === undefined ? undefined : tenantIs(restaurants.tenantId, tenantId))
    .orderBy(asc(restaurants.tenantId), asc(restaurants.restaurantId));
}

/** Restaurants' names by id, of one tenant (the report's restaurants). */
export async function restaurantNames(ex: Executor, tenantId: number, restaurantIds: readonly number[]) {
  return ex
    .select({ restaurantId: restaurants.restaurantId, name: restaurants.name })
    .from(restaurants)
    .where(
      and(tenantIs(restaurants.tenantId, tenantId), inArray(restaurants.restaurantId, [...restaurantIds])),
    )
    .orderBy(asc(restaurants.restaurantId));
}

/**
 * The tenant a report of all its restaurants covers: its clock and its restaurants, oldest first. Access to
 * the tenant was checked before this runs; a tenant that does not exist is the spec's 404.
 */
export async function tenantOfReport(ex: Executor, tenantId: number) {
  const [tenant] = await ex
    .select({ timezone: sql<string | null>`${tenants.settings}->>'timezone'` })
    .from(tenants)
    .where(tenantIs(tenants.tenantId, tenantId))
    .limit(1);
  if (!tenant) throw notFound(`Tenant with ID ${tenantId} not found`, 'TENANT_NOT_FOUND');
  const list = await ex
    .select({ restaurantId: restaurants.restaurantId, name: restaurants.name })
    .from(restaurants)
    .where(tenantIs(restaurants.tenantId, tenantId))
    .orderBy(asc(restaurants.restaurantId));
  return { timezone: tenant.timezone || 'UTC', restaurants: list };
}
