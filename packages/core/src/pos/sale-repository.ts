import type { Executor } from '@brigade/db/database';
import { orders } from '@brigade/db/schema/ordering';
import { paymentIdempotencyKeys, paymentTransactions } from '@brigade/db/schema/payments';
import { orderTenders, posDevices } from '@brigade/db/schema/pos';
import { tenants } from '@brigade/db/schema/tenancy';
import { COUNTER_CHANNELS } from '@brigade/domain/pos/api';
import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { scopeWhere } from '../catalogue/index';
import type { RestaurantScope } from './device-repository';
import { signedCash } from './drawer-repository';

/** A register sale's own rows: its tenders, and the day's register orders. Private to the pos area. */

export type TenderRow = typeof orderTenders.$inferSelect;
export type SaleRow = typeof orders.$inferSelect;

export async function insertTender(ex: Executor, row: typeof orderTenders.$inferInsert): Promise<TenderRow> {
  const [inserted] = await ex.insert(orderTenders).values(row).returning();
  return inserted!;
}

/** Several tenders in one statement (a batch of register sales). */
export async function insertTenders(
  ex: Executor,
  rows: (typeof orderTenders.$inferInsert)[],
): Promise<TenderRow[]> {
  return rows.length ? ex.insert(orderTenders).values(rows).returning() : [];
}

export async function tendersOf(ex: Executor, scope: RestaurantScope, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return ex
    .select()
    .from(orderTenders)
    .where(and(scopeWhere(orderTenders, scope), inArray(orderTenders.orderId, orderIds)))
    .orderBy(orderTenders.tenderId);
}

/** A business day's register sales, newest first, with the name of the register that took each. */
export async function registerSales(
  ex: Executor,
  scope: RestaurantScope,
  businessDate: string,
  limit: number,
) {
  return ex
    .select({ order: orders, deviceName: posDevices.name })
    .from(orders)
    .leftJoin(
      posDevices,
      and(eq(posDevices.tenantId, orders.tenantId), eq(posDevices.deviceId, orders.deviceId)),
    )
    .where(
      and(
        scopeWhere(orders, scope),
        inArray(orders.channel, [...COUNTER_CHANNELS]),
        eq(orders.businessDate, businessDate),
      ),
    )
    .orderBy(desc(orders.orderId))
    .limit(limit);
}

/** Cash of a business day's register sales taken while no drawer session was open on their register. */
export async function cashOutsideSessions(ex: Executor, scope: RestaurantScope, businessDate: string) {
  const [row] = await ex
    .select({ total: signedCash })
    .from(orderTenders)
    .innerJoin(orders, eq(orders.orderId, orderTenders.orderId))
    .where(
      and(
        scopeWhere(orderTenders, scope),
        isNull(orderTenders.sessionId),
        eq(orders.businessDate, businessDate),
      ),
    );
  return Number(row?.total ?? 0);
}

/**
 * Claims a card tender still waiting for its tip and adds the tip to it (decision 068): its amount grows by the
 * tip, it waits no more, and it keeps when. Null when it no longer waits (another request recorded it first).
 */
export async function claimTipTender(
  ex: Executor,
  scope: RestaurantScope,
  tenderId: number,
  tip: number,
): Promise<TenderRow | null> {
  const [claimed] = await ex
    .update(orderTenders)
    .set({
      tip: sql`${orderTenders.tip} + ${tip}`,
      amount: sql`${orderTenders.amount} + ${tip}`,
      tendered: sql`${orderTenders.tendered} + ${tip}`,
      tipPending: false,
      tipAddedAt: new Date(),
    })
    .where(
      and(
        scopeWhere(orderTenders, scope),
        eq(orderTenders.tenderId, tenderId),
        eq(orderTenders.tipPending, true),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** A voided sale's card waits for no tip any more. */
export async function endTipWait(
  ex: Executor,
  row: Pick<TenderRow, 'tenantId' | 'restaurantId' | 'tenderId'>,
) {
  await ex
    .update(orderTenders)
    .set({ tipPending: false })
    .where(and(scopeWhere(orderTenders, row), eq(orderTenders.tenderId, row.tenderId)));
}

/**
 * Cards waiting for their tip whose payment is captured already: a capture at the gateway whose record was
 * cut off, then found by the checkout sweep. With what the payment holds, so the rest is the tip.
 */
export async function capturedAwaitingTips(ex: Executor, limit: number) {
  const rows = await ex
    .select({
      tenantId: orderTenders.tenantId,
      restaurantId: orderTenders.restaurantId,
      orderId: orderTenders.orderId,
      tenderId: orderTenders.tenderId,
      amount: orderTenders.amount,
      capturedAmount: paymentTransactions.capturedAmount,
    })
    .from(orderTenders)
    .innerJoin(
      paymentTransactions,
      and(
        eq(paymentTransactions.tenantId, orderTenders.tenantId),
        // a tender keeps its payment's id as text
        sql`${paymentTransactions.transactionId} = ${orderTenders.transactionId}::uuid`,
      ),
    )
    .where(and(eq(orderTenders.tipPending, true), eq(paymentTransactions.status, 'captured')))
    .orderBy(asc(orderTenders.tenderId))
    .limit(limit);
  return rows.map(({ tenantId, restaurantId, ...card }) => ({ scope: { tenantId, restaurantId }, ...card }));
}

/**
 * Cards that paid part of a check still open whose payment was given back at the gateway (voided, or refunded
 * in full) without the check knowing: a hand-back cut off between the gateway's answer and its record, or a
 * payment voided from the payments screen. Of every restaurant: the checkout sweep's work.
 */
export async function cardsBackOffOpenChecks(ex: Executor, limit: number) {
  const rows = await ex
    .select({
      tenantId: orderTenders.tenantId,
      restaurantId: orderTenders.restaurantId,
      tender: orderTenders,
    })
    .from(orderTenders)
    .innerJoin(orders, tenderOfOrder)
    .innerJoin(paymentTransactions, tenderPayment)
    .leftJoin(back, refundTender)
    .where(and(eq(orders.status, 'open'), cardGivenBackUnrecorded))
    .orderBy(asc(orderTenders.tenderId))
    .limit(limit);
  return rows.map(({ tenantId, restaurantId, tender }) => ({ scope: { tenantId, restaurantId }, tender }));
}

/** A card tender's payment. */
const tenderPayment = and(
  eq(paymentTransactions.tenantId, orderTenders.tenantId),
  sql`${paymentTransactions.transactionId} = ${orderTenders.transactionId}::uuid`,
);

/** The `refund` tender recording a card's money given back, joined as `back`. */
const back = alias(orderTenders, 'back');
const refundTender = and(
  eq(back.tenantId, orderTenders.tenantId),
  eq(back.orderId, orderTenders.orderId),
  eq(back.transactionId, orderTenders.transactionId),
  eq(back.kind, 'refund'),
);

/** A card payment tender whose payment the gateway gave back (voided or refunded) and no tender records it. */
const cardGivenBackUnrecorded = and(
  eq(orderTenders.method, 'card'),
  eq(orderTenders.kind, 'payment'),
  inArray(paymentTransactions.status, ['voided', 'refunded']),
  isNull(back.tenderId),
);

/** A tender's order. */
const tenderOfOrder = and(
  eq(orders.tenantId, orderTenders.tenantId),
  eq(orders.orderId, orderTenders.orderId),
);

/** A card whose tip waits this long is captured without one even before its business day ends (a day left open). */
const TIP_WAIT_HOURS = 20;
/** …and one whose day is over only once it has waited this long (a check paid just before midnight). */
const TIP_GRACE_HOURS = 4;

/**
 * The cards still waiting for a tip from their receipt whose sale's business day is over on the tenant's
 * clock and which were taken TIP_GRACE_HOURS ago, or taken more than TIP_WAIT_HOURS ago, of every restaurant:
 * the end-of-day capture's work.
 */
export async function untippedCards(ex: Executor, now: Date, limit: number) {
  const zone = sql`coalesce(${tenants.settings}->>'timezone', 'UTC')`;
  const rows = await ex
    .select({
      tenantId: orderTenders.tenantId,
      restaurantId: orderTenders.restaurantId,
      orderId: orderTenders.orderId,
      tenderId: orderTenders.tenderId,
      transactionId: orderTenders.transactionId,
    })
    .from(orderTenders)
    .innerJoin(orders, tenderOfOrder)
    .innerJoin(tenants, eq(tenants.tenantId, orderTenders.tenantId))
    .where(
      and(
        eq(orderTenders.tipPending, true),
        ne(orders.status, 'cancelled'),
        or(
          and(
            sql`${orders.businessDate} < (${now.toISOString()}::timestamptz at time zone ${zone})::date`,
            lt(orderTenders.takenAt, new Date(now.getTime() - TIP_GRACE_HOURS * 3_600_000)),
          ),
          lt(orderTenders.takenAt, new Date(now.getTime() - TIP_WAIT_HOURS * 3_600_000)),
        ),
      ),
    )
    .orderBy(asc(orderTenders.tenderId))
    .limit(limit);
  return rows.map(({ tenantId, restaurantId, orderId, tenderId, transactionId }) => ({
    scope: { tenantId, restaurantId },
    orderId,
    tenderId,
    transactionId: transactionId!,
  }));
}

/** A business day's register cards still waiting for their tip: how many, and the amount they hold. */
export async function cardsAwaitingTips(ex: Executor, scope: RestaurantScope, businessDate: string) {
  const [row] = await ex
    .select({
      cards: sql<number>`count(*)::int`,
      authorised: sql<number>`coalesce(sum(${orderTenders.amount}), 0)::int`,
    })
    .from(orderTenders)
    .innerJoin(orders, tenderOfOrder)
    .where(
      and(
        scopeWhere(orderTenders, scope),
        eq(orderTenders.tipPending, true),
        eq(orders.businessDate, businessDate),
      ),
    );
  return { cards: Number(row?.cards ?? 0), authorised: Number(row?.authorised ?? 0) };
}

/**
 * Register sales whose *Void* was cut off (docs/behaviour/pos.md#voiding-a-sale): a card that paid the sale
 * is voided or refunded at the gateway under the void's own key (`pos-{order}-void-{payment}` or
 * `-void-refund-`, quiet since `quietSince`: not a void under way), the sale still stands, and no cash paid
 * it (the cash goes back from the drawer with the manager). The oldest first.
 */
export async function cutOffSaleVoids(
  ex: Executor,
  statuses: readonly string[],
  quietSince: Date,
  limit: number,
) {
  const keys = alias(paymentIdempotencyKeys, 'keys');
  const cash = alias(orderTenders, 'cash');
  const rows = await ex
    .selectDistinct({ tenantId: orders.tenantId, restaurantId: orders.restaurantId, orderId: orders.orderId })
    .from(orderTenders)
    .innerJoin(orders, tenderOfOrder)
    .innerJoin(paymentTransactions, tenderPayment)
    .innerJoin(
      keys,
      and(
        eq(keys.tenantId, orderTenders.tenantId),
        eq(keys.restaurantId, orderTenders.restaurantId),
        sql`${keys.key} in ('pos-' || ${orders.orderId} || '-void-' || ${orderTenders.transactionId},
          'pos-' || ${orders.orderId} || '-void-refund-' || ${orderTenders.transactionId})`,
        lt(keys.createdAt, quietSince),
      ),
    )
    .leftJoin(back, refundTender)
    .leftJoin(
      cash,
      and(
        eq(cash.tenantId, orderTenders.tenantId),
        eq(cash.orderId, orderTenders.orderId),
        eq(cash.method, 'cash'),
      ),
    )
    .where(
      and(
        inArray(orders.channel, [...COUNTER_CHANNELS]),
        inArray(orders.status, [...statuses] as (typeof orders.status._.data)[]),
        cardGivenBackUnrecorded,
        isNull(cash.tenderId),
        // every card of the sale is back: one the void did not reach waits for the manager, and is not read
        // again every minute
        sql`not exists (select 1 from ${orderTenders} other join ${paymentTransactions} other_payment
          on other_payment.tenant_id = other.tenant_id and other_payment.transaction_id = other.transaction_id::uuid
          where other.tenant_id = ${orders.tenantId} and other.order_id = ${orders.orderId}
            and other.method = 'card' and other.kind = 'payment'
            and other_payment.status not in ('voided', 'refunded'))`,
      ),
    )
    .orderBy(asc(orders.orderId))
    .limit(limit);
  return rows.map(({ tenantId, restaurantId, orderId }) => ({ scope: { tenantId, restaurantId }, orderId }));
}
