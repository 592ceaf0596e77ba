import type { Executor } from '@brigade/db/database';
import { menuGroups, salesCategories } from '@brigade/db/schema/catalogue';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { and, between, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

/** What a report covers: one restaurant, or several of one tenant (every restaurant of it). */
export interface ReportScope {
  tenantId: number;
  restaurantIds: readonly number[];
}

const l = ledgerLines;
const inRange = (scope: RestaurantScope, range: DayRange) =>
  inReport({ tenantId: scope.tenantId, restaurantIds: [scope.restaurantId] }, range);
const inReport = (scope: ReportScope, range: DayRange) =>
  and(
    tenantIs(l.tenantId, scope.tenantId),
    scope.restaurantIds.length === 1
      ? eq(l.restaurantId, scope.restaurantIds[0]!)
      : inArray(l.restaurantId, [...scope.restaurantIds]),
    between(l.businessDate, range.from, range.to),
  );

const cents = (expression: SQL) => sql<string>`coalesce(${expression}, 0)`.mapWith(Number);
const SOLD = sql`${l.kind} in ('item', 'custom')`;

/** A sale's key is its restaurant's own: over several restaurants a sale is the pair. */
const sale = sql`(${l.restaurantId}, ${l.saleKey})`;

/** The figures every grouping shares. */
const figures = {
  sales: sql<number>`count(distinct ${sale}) filter (where ${l.event} = 'sale')`.mapWith(Number),
  grossSales: cents(sql`sum(${l.amount}) filter (where ${l.event} = 'sale' and ${SOLD})`),
  returns: cents(sql`-sum(${l.amount}) filter (where ${l.event} = 'return' and ${SOLD})`),
  tax: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'tax')`),
  includedTax: cents(sql`sum(${l.includedTax}) filter (where ${l.kind} = 'tax')`),
  tips: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'tip')`),
  serviceCharges: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'service_charge')`),
};

export type FigureRow = { [K in keyof typeof figures]: number };

export async function totalsOf(ex: Executor, scope: ReportScope, range: DayRange) {
  const [row] = await ex
    .select({ ...figures, currency: sql<string | null>`max(${l.currency})` })
    .from(l)
    .where(inReport(scope, range));
  return row!;
}

/** The groupings of the one-pass report query (reportRows), and the flag column that tells each apart. */
export const REPORT_GROUPS = [
  'restaurant',
  'channel',
  'businessDate',
  'localHour',
  'itemId',
  'salesCategoryId',
  'menuGroupId',
  'taxRateId',
  'payment',
] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number] | 'total';

/**
 * Every breakdown of the sales report in one pass over the range's lines (GROUPING SETS): one index scan
 * instead of one per breakdown, which is what a year of a busy restaurant costs (bench: `reports`). Items,
 * sales categories and menu groups are grouped within their restaurant (their ids are a restaurant's own).
 */
export async function reportRows(ex: Executor, scope: ReportScope, range: DayRange) {
  const g = (column: SQLWrapper) => sql<number>`grouping(${column})`.mapWith(Number);
  const r = l.restaurantId;
  const rows = await ex
    .select({
      gRestaurant: g(r),
      gChannel: g(l.channel),
      gDate: g(l.businessDate),
      gHour: g(l.localHour),
      gItem: g(l.itemId),
      gCategory: g(l.salesCategoryId),
      gMenuGroup: g(l.menuGroupId),
      gTax: g(l.taxRateId),
      gPayment: g(l.cardBrand),
      restaurantId: r,
      channel: l.channel,
      businessDate: l.businessDate,
      localHour: l.localHour,
      itemId: l.itemId,
      salesCategoryId: l.salesCategoryId,
      menuGroupId: l.menuGroupId,
      taxRateId: l.taxRateId,
      paymentMethod: l.paymentMethod,
      cardBrand: l.cardBrand,
      ...figures,
      currency: sql<string | null>`max(${l.currency})`,
      soldLines: sql<number>`count(*) filter (where ${SOLD})`.mapWith(Number),
      taxLines: sql<number>`count(*) filter (where ${l.kind} = 'tax')`.mapWith(Number),
      tenderLines: sql<number>`count(*) filter (where ${l.kind} = 'tender')`.mapWith(Number),
      itemName: sql<string | null>`max(${l.itemName})`,
      taxName: sql<string | null>`max(${l.taxName})`,
      quantity: cents(sql`sum(${l.quantity}) filter (where ${SOLD})`),
      soldAmount: cents(sql`sum(${l.amount}) filter (where ${SOLD})`),
      taxAmount: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'tax')`),
      taken: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'tender' and ${l.amount} > 0)`),
      given: cents(sql`-sum(${l.amount}) filter (where ${l.kind} = 'tender' and ${l.amount} < 0)`),
      tender: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'tender')`),
    })
    .from(l)
    .where(inReport(scope, range))
    .groupBy(
      sql`grouping sets ((), (${r}), (${l.channel}), (${l.businessDate}), (${l.localHour}), (${r}, ${l.itemId}), (${r}, ${l.salesCategoryId}), (${r}, ${l.menuGroupId}), (${l.taxRateId}), (${l.paymentMethod}, ${l.cardBrand}))`,
    );
  return rows.map((row) => ({ ...row, group: groupOf(row) }));
}

/** Which grouping set a row is: its own column's grouping() is 0; the restaurant is 0 in three others too. */
function groupOf(row: Record<string, unknown>): ReportGroup {
  const own = flagOf(row);
  if (own !== 'total') return own;
  return row.gRestaurant === 0 ? 'restaurant' : 'total';
}

function flagOf(row: Record<string, unknown>): ReportGroup {
  const flags: [string, ReportGroup][] = [
    ['gChannel', 'channel'],
    ['gDate', 'businessDate'],
    ['gHour', 'localHour'],
    ['gItem', 'itemId'],
    ['gCategory', 'salesCategoryId'],
    ['gMenuGroup', 'menuGroupId'],
    ['gTax', 'taxRateId'],
    ['gPayment', 'payment'],
  ];
  // grouping() is 0 for the set's own column and 1 for the others; the empty set has them all at 1
  return flags.find(([flag]) => row[flag] === 0)?.[1] ?? 'total';
}

/**
 * The names of sales categories and menu groups as they are now (reports join them by id), keyed by
 * `restaurantId:id` (nameKey).
 */
export async function namesOf(
  ex: Executor,
  scope: ReportScope,
  ids: { categories: number[]; menuGroups: number[] },
) {
  const restaurantsIn = (column: PgColumn) =>
    scope.restaurantIds.length === 1
      ? eq(column, scope.restaurantIds[0]!)
      : inArray(column, [...scope.restaurantIds]);
  const categories = ids.categories.length
    ? await ex
        .select({ restaurantId: c.restaurantId, id: c.salesCategoryId, name: c.name })
        .from(c)
        .where(
          and(
            tenantIs(c.tenantId, scope.tenantId),
            restaurantsIn(c.restaurantId),
            inArray(c.salesCategoryId, ids.categories),
          ),
        )
    : [];
  const groups = ids.menuGroups.length
    ? await ex
        .select({ restaurantId: g.restaurantId, id: g.menuGroupId, name: g.name })
        .from(g)
        .where(
          and(
            tenantIs(g.tenantId, scope.tenantId),
            restaurantsIn(g.restaurantId),
            inArray(g.menuGroupId, ids.menuGroups),
          ),
        )
    : [];
  return {
    categories: new Map(categories.map((row) => [nameKey(row.restaurantId, row.id), row.name])),
    menuGroups: new Map(groups.map((row) => [nameKey(row.restaurantId, row.id), row.name])),
  };
}

const c = salesCategories;
const g = menuGroups;
export const nameKey = (restaurantId: number, id: number) => `${restaurantId}:${id}`;

/** The day's sales recognised (all channels), as a sub-select (the dashboard's Today). */
export const todaySalesCount = (scope: RestaurantScope, date: string) =>
  sql<number>`(select count(distinct ${l.saleKey})::int from ${l} where ${inRange(scope, { from: date, to: date })} and ${l.event} = 'sale')`;

/** The day's net sales (gross less returns less tax inside prices), as a sub-select. */
export const todayNetSales = (scope: RestaurantScope, date: string) =>
  sql<number>`(select (coalesce(sum(${l.amount}) filter (where ${SOLD}), 0) - coalesce(sum(${l.includedTax}) filter (where ${l.kind} = 'tax'), 0))::bigint from ${l} where ${inRange(scope, { from: date, to: date })})`;

/**
 * Net sales (gross less returns less tax inside prices) per business day and local hour of a range, every
 * channel: what the timesheets set labour cost against (docs/behaviour/time-clock.md#labour-cost-and-sales).
 */
export async function netSalesByHour(ex: Executor, scope: RestaurantScope, range: DayRange) {
  return ex
    .select({
      date: l.businessDate,
      hour: l.localHour,
      netSales: cents(
        sql`sum(${l.amount}) filter (where ${SOLD}) - coalesce(sum(${l.includedTax}) filter (where ${l.kind} = 'tax'), 0)`,
      ),
    })
    .from(l)
    .where(inRange(scope, range))
    .groupBy(l.businessDate, l.localHour)
    .orderBy(l.businessDate, l.localHour);
}

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

const card = sql`${l.kind} = 'tender' and ${l.paymentMethod} = 'card'`;

/** The figures, the card's money and the registers' cash per business day (the daily journal). */
export async function journalRows(ex: Executor, scope: ReportScope, range: DayRange) {
  return ex
    .select({
      date: l.businessDate,
      ...figures,
      currency: sql<string | null>`max(${l.currency})`,
      cardTaken: cents(sql`sum(${l.amount}) filter (where ${card} and ${l.amount} > 0)`),
      cardReturned: cents(sql`-sum(${l.amount}) filter (where ${card} and ${l.amount} < 0)`),
      cardNet: cents(sql`sum(${l.amount}) filter (where ${card})`),
      cashTaken: cents(
        sql`sum(${l.amount}) filter (where ${l.kind} = 'tender' and ${l.paymentMethod} = 'cash')`,
      ),
    })
    .from(l)
    .where(inReport(scope, range))
    .groupBy(l.businessDate)
    .orderBy(l.businessDate);
}

/**
 * Who a line is counted under in the close-out: the server its sale was rung up under (an employee's guid,
 * decision 057), else who did it — a user id, 'guest' or 'system'.
 */
const staffKey = sql<string>`coalesce(${l.serverEmployeeId}::text, ${l.employee}, 'system')`;

/**
 * A business day by the staff member who did it (the close-out): the sales they rang up or accepted, what
 * they gave back, tax and tips of their sales, and the cash and card money they took. A register sale counts
 * under its server (the employee who unlocked the register); anything else under the lines' `employee`.
 */
export async function employeeRows(ex: Executor, scope: RestaurantScope, date: string) {
  return ex
    .select({
      employee: staffKey,
      server: sql<boolean>`bool_or(${l.serverEmployeeId} is not null)`,
      ...figures,
      cashTaken: cents(
        sql`sum(${l.amount}) filter (where ${l.kind} = 'tender' and ${l.paymentMethod} = 'cash')`,
      ),
      cardNet: cents(sql`sum(${l.amount}) filter (where ${card})`),
    })
    .from(l)
    .where(inRange(scope, { from: date, to: date }))
    .groupBy(staffKey)
    .orderBy(staffKey);
}

/**
 * The card lines of one business day, each with the gateway transaction it moved money on: a capture, void
 * or forced credit is the payment's own; a refund is its refund transaction's (named in the line's key).
 */
export async function cardLinesOfDay(ex: Executor, scope: RestaurantScope, date: string) {
  const rows = await ex
    .select({
      lineKey: l.lineKey,
      transactionId: l.transactionId,
      orderId: l.orderId,
      amount: l.amount,
    })
    .from(l)
    .where(and(inRange(scope, { from: date, to: date }), card))
    .orderBy(l.lineId);
  return rows.map((row) => ({
    gatewayTransactionId: gatewayTransactionOf(row.lineKey, row.transactionId),
    orderId: row.orderId,
    amount: row.amount,
  }));
}

/**
 * The gateway transactions with any card line at all, among the lines of these payments (a refund's lines
 * are its payment's, and name the refund in their key).
 */
export async function transactionsWithCardLines(
  ex: Executor,
  scope: RestaurantScope,
  paymentIds: readonly string[],
): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await ex
    .select({ lineKey: l.lineKey, transactionId: l.transactionId })
    .from(l)
    .where(
      and(
        tenantIs(l.tenantId, scope.tenantId),
        eq(l.restaurantId, scope.restaurantId),
        card,
        inArray(l.transactionId, [...paymentIds]),
      ),
    );
  return new Set(rows.map((row) => gatewayTransactionOf(row.lineKey, row.transactionId)));
}

const gatewayTransactionOf = (lineKey: string, transactionId: string | null) =>
  /:refund:([0-9a-f-]{36})$/.exec(lineKey)?.[1] ?? transactionId ?? '';

/**
 * A range of business days by the server the sales were rung up under (decision 057): their tips (every tip
 * line — tips taken on the card terminal or online, less what went back) and their net sales. The row without
 * a server holds the tips nobody took: online orders, the virtual terminal, a register nobody was known at.
 */
export async function tipsByServer(ex: Executor, scope: RestaurantScope, range: DayRange) {
  return ex
    .select({
      serverEmployeeId: l.serverEmployeeId,
      tips: cents(sql`sum(${l.amount}) filter (where ${l.kind} = 'tip')`),
      netSales: cents(
        sql`sum(${l.amount}) filter (where ${SOLD}) - coalesce(sum(${l.includedTax}) filter (where ${l.kind} = 'tax'), 0)`,
      ),
    })
    .from(l)
    .where(inRange(scope, range))
    .groupBy(l.serverEmployeeId);
}
