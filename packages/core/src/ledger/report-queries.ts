import type { Executor } from '@brigade/db/database';
import { menuGroups, salesCategories } from '@brigade/db/schema/catalogue';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { and, between, eq, type SQL, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';
import type { RestaurantScope } from './ledger-repository';

/**
 * The report's reads of the ledger (docs/behaviour/reports.md#sales): sums over the lines of a range of
 * business days, on the index (tenant, restaurant, business date). Nothing here reads an order or a payment.
 */

export interface DayRange {
  from: string;
  to: string;
}

const l = ledgerLines;
const inRange = (scope: RestaurantScope, range: DayRange) =>
  and(
    tenantIs(l.tenantId, scope.tenantId),
    eq(l.restaurantId, scope.restaurantId),
    between(l.businessDate, range.from, range.to),
  );

const cents = (expression: SQL) => sql<string>`coalesce(${expression}, 0)`.mapWith(Number);
const SOLD = sql`${l.kind} in ('item', 'custom')`;

/** The figures every grouping shares. */
const figures = {
  sales: sql<number>`count(distinct ${l.saleKey}) filter (where ${l.event} = 'sale')`.mapWith(Number),
  grossSales: cents(sql`sum(${l.amount}) filter (where ${l.event} = 'sale' and ${SOLD})`),
  returns: cents(sql`-sum(${l.amount}) filter (where ${l.event} = 'return' and ${SOLD})`),
  tax: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'tax')`),
  includedTax: cents(sql`sum(${l.includedTax}) filter (where ${l.kind} = 'tax')`),
  tips: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'tip')`),
  serviceCharges: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'service_charge')`),
};

export type FigureRow = { [K in keyof typeof figures]: number };

export async function totalsOf(ex: Executor, scope: RestaurantScope, range: DayRange) {
  const [row] = await ex
    .select({ ...figures, currency: sql<string | null>`max(${l.currency})` })
    .from(l)
    .where(inRange(scope, range));
  return row!;
}

/** The figures per value of one column (channel, business date, local hour). */
export async function totalsBy<K extends 'channel' | 'businessDate' | 'localHour'>(
  ex: Executor,
  scope: RestaurantScope,
  range: DayRange,
  key: K,
) {
  const column = l[key];
  return ex
    .select({ key: column, ...figures })
    .from(l)
    .where(inRange(scope, range))
    .groupBy(column)
    .orderBy(column);
}

/** What each item sold (net of returns) and how many; amounts without items as one row. */
export async function itemRows(ex: Executor, scope: RestaurantScope, range: DayRange) {
  return ex
    .select({
      itemId: l.itemId,
      name: sql<string | null>`max(${l.itemName})`,
      quantity: cents(sql`sum(${l.quantity})`),
      netSales: cents(sql`sum(${l.amount})`),
    })
    .from(l)
    .where(and(inRange(scope, range), SOLD))
    .groupBy(l.itemId)
    .orderBy(sql`sum(${l.amount}) desc`, l.itemId);
}

export async function categoryRows(ex: Executor, scope: RestaurantScope, range: DayRange) {
  const c = salesCategories;
  return ex
    .select({
      salesCategoryId: l.salesCategoryId,
      name: sql<string | null>`max(${c.name})`,
      quantity: cents(sql`sum(${l.quantity})`),
      netSales: cents(sql`sum(${l.amount})`),
    })
    .from(l)
    .leftJoin(
      c,
      and(
        eq(c.tenantId, l.tenantId),
        eq(c.restaurantId, l.restaurantId),
        eq(c.salesCategoryId, l.salesCategoryId),
      ),
    )
    .where(and(inRange(scope, range), SOLD))
    .groupBy(l.salesCategoryId)
    .orderBy(sql`sum(${l.amount}) desc`, l.salesCategoryId);
}

export async function menuGroupRows(ex: Executor, scope: RestaurantScope, range: DayRange) {
  const g = menuGroups;
  return ex
    .select({
      menuGroupId: l.menuGroupId,
      name: sql<string | null>`max(${g.name})`,
      netSales: cents(sql`sum(${l.amount})`),
    })
    .from(l)
    .leftJoin(
      g,
      and(eq(g.tenantId, l.tenantId), eq(g.restaurantId, l.restaurantId), eq(g.menuGroupId, l.menuGroupId)),
    )
    .where(and(inRange(scope, range), SOLD))
    .groupBy(l.menuGroupId)
    .orderBy(sql`sum(${l.amount}) desc`, l.menuGroupId);
}

export async function taxRows(ex: Executor, scope: RestaurantScope, range: DayRange) {
  return ex
    .select({
      taxRateId: l.taxRateId,
      name: sql<string | null>`max(${l.taxName})`,
      tax: cents(sql`sum(${l.amount})`),
      includedTax: cents(sql`sum(${l.includedTax})`),
    })
    .from(l)
    .where(and(inRange(scope, range), eq(l.kind, 'tax')))
    .groupBy(l.taxRateId)
    .orderBy(l.taxRateId);
}

export async function paymentRows(ex: Executor, scope: RestaurantScope, range: DayRange) {
  return ex
    .select({
      method: sql<string>`coalesce(${l.paymentMethod}, 'card')`,
      cardBrand: l.cardBrand,
      taken: cents(sql`sum(${l.amount}) filter (where ${l.amount} > 0)`),
      returned: cents(sql`-sum(${l.amount}) filter (where ${l.amount} < 0)`),
      net: cents(sql`sum(${l.amount})`),
    })
    .from(l)
    .where(and(inRange(scope, range), eq(l.kind, 'tender')))
    .groupBy(sql`coalesce(${l.paymentMethod}, 'card')`, l.cardBrand)
    .orderBy(sql`sum(${l.amount}) desc`, l.cardBrand);
}

/** The day's sales recognised (all channels), as a sub-select (the dashboard's Today). */
export const todaySalesCount = (scope: RestaurantScope, date: string) =>
  sql<number>`(select count(distinct ${l.saleKey})::int from ${l} where ${inRange(scope, { from: date, to: date })} and ${l.event} = 'sale')`;

/** The day's net sales (gross less returns less tax inside prices), as a sub-select. */
export const todayNetSales = (scope: RestaurantScope, date: string) =>
  sql<number>`(select (coalesce(sum(${l.amount}) filter (where ${SOLD}), 0) - coalesce(sum(${l.includedTax}) filter (where ${l.kind} = 'tax'), 0))::bigint from ${l} where ${inRange(scope, { from: date, to: date })})`;

/** A business day of one channel as the orders' day summary shows it: what was sold, and what went back. */
const dayFigures = {
  orders: sql<number>`count(distinct ${l.saleKey}) filter (where ${l.event} = 'sale')`.mapWith(Number),
  sales: cents(sql`sum(${l.amount}) filter (where ${l.event} = 'sale' and ${l.kind} <> 'tender')`),
  subtotal: cents(sql`sum(${l.amount}) filter (where ${l.event} = 'sale' and ${SOLD})`),
  tax: cents(sql`sum(${l.amount}) filter (where ${l.event} = 'sale' and ${l.kind} = 'tax')`),
  serviceCharge: cents(
    sql`sum(${l.amount}) filter (where ${l.event} = 'sale' and ${l.kind} = 'service_charge')`,
  ),
  tips: cents(sql`sum(${l.amount}) filter (where ${l.event} = 'sale' and ${l.kind} = 'tip')`),
  returnedOrders: sql<number>`count(distinct ${l.saleKey}) filter (where ${l.event} = 'return')`.mapWith(
    Number,
  ),
  returned: cents(sql`-sum(${l.amount}) filter (where ${l.event} = 'return' and ${l.kind} <> 'tender')`),
};

export async function channelDay(ex: Executor, scope: RestaurantScope, date: string, channel: 'online') {
  const where = and(inRange(scope, { from: date, to: date }), eq(l.channel, channel));
  const [totals] = await ex
    .select({ ...dayFigures, currency: sql<string | null>`max(${l.currency})` })
    .from(l)
    .where(where);
  const hours = await ex
    .select({ hour: l.localHour, orders: dayFigures.orders, sales: dayFigures.sales })
    .from(l)
    .where(and(where, eq(l.event, 'sale')))
    .groupBy(l.localHour)
    .orderBy(l.localHour);
  return { totals: totals!, hours };
}
