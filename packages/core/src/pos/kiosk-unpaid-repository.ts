import type { Executor } from '@brigade/db/database';
import { orders } from '@brigade/db/schema/ordering';
import { paymentIdempotencyKeys } from '@brigade/db/schema/payments';
import { tenants } from '@brigade/db/schema/tenancy';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { PAY_CHECK_CARD_OPERATION } from './check-card';
import type { RestaurantScope } from './device-repository';

/** The queries of the unpaid kiosk checks' sweep (kiosk-unpaid.ts). Private to the pos area. */

export interface UnpaidKioskCheck extends RestaurantScope {
  orderId: number;
  businessDate: string;
  createdAt: Date;
  timezone: string;
}

/**
 * Kiosk orders still waiting at the counter, placed before `placedBefore`, oldest first, with the time zone
 * their business day was counted in — the tenant's, as for every order — (the caller decides which are due:
 * the business day over, or waited too long).
 */
export async function unpaidKioskChecks(
  ex: Executor,
  limits: { placedBefore: Date; limit: number },
): Promise<UnpaidKioskCheck[]> {
  return ex
    .select({
      tenantId: orders.tenantId,
      restaurantId: orders.restaurantId,
      orderId: orders.orderId,
      businessDate: orders.businessDate,
      createdAt: orders.createdAt,
      // (a restaurant's settings have no time zone: reading them counted every day in UTC, so an evening
      // order in the Americas was closed as "its day is over" minutes after it was placed)
      timezone: sql<string>`coalesce(${tenants.settings}->>'timezone', 'UTC')`,
    })
    .from(orders)
    .innerJoin(tenants, eq(tenants.tenantId, orders.tenantId))
    .where(
      and(eq(orders.channel, 'kiosk'), eq(orders.status, 'open'), lt(orders.createdAt, limits.placedBefore)),
    )
    .orderBy(asc(orders.orderId))
    .limit(limits.limit);
}

/** Whether a card payment of the check is under way (its key still in progress): the sweep leaves it alone. */
export async function cardPaymentUnderWay(ex: Executor, check: UnpaidKioskCheck): Promise<boolean> {
  const k = paymentIdempotencyKeys;
  const [row] = await ex
    .select({ key: k.key })
    .from(k)
    .where(
      and(
        eq(k.tenantId, check.tenantId),
        eq(k.restaurantId, check.restaurantId),
        eq(k.state, 'in_progress'),
        eq(k.endpoint, `${PAY_CHECK_CARD_OPERATION}:${check.orderId}`),
      ),
    )
    .limit(1);
  return row !== undefined;
}
