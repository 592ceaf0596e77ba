import type { Executor } from '@brigade/db/database';
import { courses, prepStations } from '@brigade/db/schema/catalogue';
import { kitchenBumps, orderEvents, orders } from '@brigade/db/schema/ordering';
import type { CourseRef } from '@brigade/domain/ordering/kitchen';
import { KITCHEN_STATUSES } from '@brigade/domain/ordering/kitchen';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';
import type { RestaurantScope } from './ordering-repository';

/** The kitchen display's tables: prep stations and courses (catalogue), orders on the line, bumps. */

export async function stationsOfRestaurant(ex: Executor, scope: RestaurantScope) {
  return ex
    .select({
      prepStationId: prepStations.prepStationId,
      name: prepStations.name,
      number: prepStations.number,
    })
    .from(prepStations)
    .where(scopeWhere(prepStations, scope))
    .orderBy(asc(prepStations.prepStationId));
}

export async function coursesOfRestaurant(ex: Executor, scope: RestaurantScope): Promise<CourseRef[]> {
  return ex
    .select({ courseId: courses.courseId, number: courses.number, name: courses.name })
    .from(courses)
    .where(scopeWhere(courses, scope));
}

/**
 * A station's orders on the line (accepted, in preparation), oldest first: those with a line for the station
 * (a line without stations goes to all) that the station has not bumped. Filtered before the limit, so a
 * busy line never hides a station's newest tickets behind others' (on the index orders_kitchen_idx).
 */
export async function kitchenOrderRows(ex: Executor, scope: RestaurantScope, prepStationId: number) {
  return onTheLine(
    ex,
    scope,
    // a line for the station (a line without stations goes to every station)
    sql`(jsonb_array_length(coalesce(line -> 'prepStationIds', '[]'::jsonb)) = 0
      or line -> 'prepStationIds' @> to_jsonb(${prepStationId}::int))`,
    // not bumped by the station since the order's last round (an open check sends several)
    sql`not exists (select 1 from ${kitchenBumps} where ${kitchenBumps.tenantId} = ${orders.tenantId}
      and ${kitchenBumps.orderId} = ${orders.orderId} and ${kitchenBumps.prepStationId} = ${prepStationId}
      and ${kitchenBumps.round} >= (select coalesce(max((line ->> 'round')::int), 0)
        from jsonb_array_elements(${orders.lines}) as line))`,
  );
}

/** Every order on the line (the expo view): accepted or in preparation, with a line sent to the kitchen. */
export const expoOrderRows = (ex: Executor, scope: RestaurantScope) => onTheLine(ex, scope, sql`true`);

/**
 * Orders on the line, oldest first, at most 200: accepted or in preparation, with a sent line (an open
 * check's unsent lines are not on the line yet; a split line counts once) that `line` also holds for, and
 * whatever `also` adds about the order.
 */
function onTheLine(ex: Executor, scope: RestaurantScope, line: SQL, also?: SQL) {
  return ex
    .select()
    .from(orders)
    .where(
      and(
        scopeWhere(orders, scope),
        inArray(orders.status, [...KITCHEN_STATUSES]),
        sql`exists (select 1 from jsonb_array_elements(${orders.lines}) as line
          where ${line}
            and coalesce(line ->> 'pending', 'false') <> 'true'
            and coalesce((line -> 'share' ->> 'part')::int, 1) = 1)`,
        also,
      ),
    )
    .orderBy(asc(orders.orderId))
    .limit(200);
}

/** When each order was accepted (its latest acceptance). */
export async function acceptedAt(ex: Executor, scope: RestaurantScope, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, Date>();
  const rows = await ex
    .select({ orderId: orderEvents.orderId, at: orderEvents.occurredAt })
    .from(orderEvents)
    .where(
      and(
        scopeWhere(orderEvents, scope),
        inArray(orderEvents.orderId, orderIds),
        // an open check's sends are 'open' events: the ticket's time is its last round's
        inArray(orderEvents.status, ['accepted', 'open']),
      ),
    )
    .orderBy(asc(orderEvents.eventId));
  return new Map(rows.map((row) => [row.orderId, row.at]));
}

export async function bumpsOf(ex: Executor, scope: RestaurantScope, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return ex
    .select({
      orderId: kitchenBumps.orderId,
      prepStationId: kitchenBumps.prepStationId,
      round: kitchenBumps.round,
    })
    .from(kitchenBumps)
    .where(and(scopeWhere(kitchenBumps, scope), inArray(kitchenBumps.orderId, orderIds)));
}

/** The station's bump of an order, at the order's last round sent (a later bump of a new round moves it). */
export async function insertBump(
  ex: Executor,
  scope: RestaurantScope & { orderId: number; prepStationId: number; round: number },
  bumpedBy: string,
): Promise<void> {
  await ex
    .insert(kitchenBumps)
    .values({ ...scope, bumpedBy })
    .onConflictDoUpdate({
      target: [
        kitchenBumps.tenantId,
        kitchenBumps.restaurantId,
        kitchenBumps.orderId,
        kitchenBumps.prepStationId,
      ],
      set: { round: scope.round, bumpedBy, bumpedAt: sql`now()` },
      setWhere: sql`${kitchenBumps.round} < ${scope.round}`,
    });
}

/** The station's most recent bump (what "recall" undoes). */
export async function lastBumpOf(ex: Executor, scope: RestaurantScope, prepStationId: number) {
  const [row] = await ex
    .select({
      orderId: kitchenBumps.orderId,
      bumpedAt: kitchenBumps.bumpedAt,
      number: orders.number,
      status: orders.status,
    })
    .from(kitchenBumps)
    .innerJoin(orders, eq(orders.orderId, kitchenBumps.orderId))
    .where(and(scopeWhere(kitchenBumps, scope), eq(kitchenBumps.prepStationId, prepStationId)))
    .orderBy(desc(kitchenBumps.bumpedAt))
    .limit(1);
  return row ?? null;
}

export async function deleteBump(
  ex: Executor,
  scope: RestaurantScope & { orderId: number; prepStationId: number },
) {
  await ex
    .delete(kitchenBumps)
    .where(
      and(
        scopeWhere(kitchenBumps, scope),
        eq(kitchenBumps.orderId, scope.orderId),
        eq(kitchenBumps.prepStationId, scope.prepStationId),
      ),
    );
}
