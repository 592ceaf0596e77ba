import type { Executor } from '@brigade/db/database';
import { orderEvents, orderingFunnelDays, orders } from '@brigade/db/schema/ordering';
import { and, between, eq, gte, notInArray, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';

/** A restaurant's funnel counts of one business day (ordering_funnel_days). */
export interface FunnelCounts {
  tenantId: number;
  restaurantId: number;
  businessDate: string;
  menuViews: number;
  quotes: number;
}

/** Adds counts to what the days hold (several instances each add their own). */
export async function addFunnelCounts(ex: Executor, rows: FunnelCounts[]): Promise<void> {
  const f = orderingFunnelDays;
  await ex
    .insert(f)
    .values(rows)
    .onConflictDoUpdate({
      target: [f.tenantId, f.restaurantId, f.businessDate],
      set: {
        menuViews: sql`${f.menuViews} + excluded.menu_views`,
        quotes: sql`${f.quotes} + excluded.quotes`,
      },
    });
}

type Scope = { tenantId: number; restaurantId: number };
type Range = { from: string; to: string };

/** The menu views and quotes of a range of business days, per day. */
export async function funnelCountsOf(ex: Executor, scope: Scope, range: Range) {
  const f = orderingFunnelDays;
  return ex
    .select({ date: f.businessDate, menuViews: f.menuViews, quotes: f.quotes })
    .from(f)
    .where(
      and(
        tenantIs(f.tenantId, scope.tenantId),
        eq(f.restaurantId, scope.restaurantId),
        between(f.businessDate, range.from, range.to),
      ),
    );
}

/** Orders are for pickup at most this many days after they are placed (scheduling days are fewer). */
const PICKUP_AHEAD_DAYS = 31;

/**
 * Online orders placed in a range of days (on the restaurant's clock, by when the guest placed them), per
 * day: placed (the card authorised: neither still placing nor declined) and, of those, accepted (the order's
 * history has an `accepted` step: it reached the kitchen, whatever became of it later).
 */
export async function placedOrdersOf(ex: Executor, scope: Scope, range: Range, timezone: string) {
  const o = orders;
  const placedDay = sql<string>`to_char(${o.createdAt} at time zone ${timezone}, 'YYYY-MM-DD')`;
  const accepted = sql`exists (select 1 from ${orderEvents} e where e.order_id = ${o.orderId} and e.status = 'accepted')`;
  return (
    ex
      .select({
        date: placedDay,
        placed: sql<number>`count(*)`.mapWith(Number),
        accepted: sql<number>`count(*) filter (where ${accepted})`.mapWith(Number),
      })
      .from(o)
      .where(
        and(
          tenantIs(o.tenantId, scope.tenantId),
          eq(o.restaurantId, scope.restaurantId),
          eq(o.channel, 'online'),
          notInArray(o.status, ['placing', 'payment_failed']),
          // on the orders' day index: pickups from the first day to a month after the last
          gte(o.businessDate, range.from),
          sql`${o.businessDate} <= ${range.to}::date + ${sql.raw(String(PICKUP_AHEAD_DAYS))}`,
          between(placedDay, range.from, range.to),
        ),
      )
      // by position: the day's expression carries its zone as a parameter, which GROUP BY would see as another
      .groupBy(sql`1`)
  );
}
