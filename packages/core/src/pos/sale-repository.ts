import type { Executor } from '@brigade/db/database';
import { orders } from '@brigade/db/schema/ordering';
import { orderTenders, posDevices } from '@brigade/db/schema/pos';
import { COUNTER_CHANNELS } from '@brigade/domain/pos/api';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/scope';
import type { RestaurantScope } from './device-repository';
import { signedCash } from './drawer-repository';

/** A register sale's own rows: its tenders, and the day's register orders. Private to the pos area. */

export type TenderRow = typeof orderTenders.$inferSelect;
export type SaleRow = typeof orders.$inferSelect;

export async function insertTender(ex: Executor, row: typeof orderTenders.$inferInsert): Promise<TenderRow> {
  const [inserted] = await ex.insert(orderTenders).values(row).returning();
  return inserted!;
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
