import type { Executor } from '@brigade/db/database';
import { orders } from '@brigade/db/schema/ordering';
import { posDevices } from '@brigade/db/schema/pos';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import {
  CHECK_ALREADY_PAID,
  CHECK_CHANGED,
  CHECK_NOT_FOUND,
  CHECK_NOT_OPEN,
} from '@brigade/domain/pos/checks';
import { and, asc, eq, sql } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/scope';
import { findOrder, type NewOrderRow, type OrderRow } from '../ordering/ordering-repository';
import type { RestaurantScope } from './device-repository';

/** Open checks' rows: orders of channel `pos` in status `open` (decision 055). Private to the pos area. */

/**
 * The check, locked for the change (a second register's change waits for this one's commit, then finds the
 * version raised). 404 for an order that is not a register check of the restaurant; 409 when it is paid or
 * gone, or when `version` is not the version the caller saw.
 */
export async function lockOpenCheck(
  ex: Executor,
  scope: RestaurantScope,
  orderId: number,
  version?: number,
): Promise<OrderRow> {
  const row = await findOrder(ex, scope, orderId, true);
  if (row?.channel !== 'pos') throw notFound(CHECK_NOT_FOUND, 'CHECK_NOT_FOUND');
  if (row.status !== 'open')
    throw row.status === 'accepted' || row.status === 'completed'
      ? new BrigadeError('conflict', 'CHECK_ALREADY_PAID', CHECK_ALREADY_PAID)
      : new BrigadeError('conflict', 'CHECK_NOT_OPEN', CHECK_NOT_OPEN);
  if (version !== undefined && row.version !== version)
    throw new BrigadeError('conflict', 'CHECK_CHANGED', CHECK_CHANGED);
  return row;
}

/** Writes a change to a locked check and raises its version. */
export async function saveCheck(
  ex: Executor,
  row: OrderRow,
  changes: Partial<NewOrderRow>,
): Promise<OrderRow> {
  const [updated] = await ex
    .update(orders)
    .set({ ...changes, version: row.version + 1, updatedAt: sql`now()` })
    .where(and(scopeWhere(orders, row), eq(orders.orderId, row.orderId)))
    .returning();
  return updated!;
}

/** The restaurant's open checks, oldest first, with the register that opened each. */
export async function openCheckRows(ex: Executor, scope: RestaurantScope) {
  return ex
    .select({ order: orders, deviceName: posDevices.name })
    .from(orders)
    .leftJoin(
      posDevices,
      and(eq(posDevices.tenantId, orders.tenantId), eq(posDevices.deviceId, orders.deviceId)),
    )
    .where(and(scopeWhere(orders, scope), eq(orders.status, 'open')))
    .orderBy(asc(orders.orderId))
    .limit(500);
}

/** The name of the register that opened a check. */
export async function deviceNameOf(ex: Executor, row: OrderRow): Promise<string | null> {
  if (row.deviceId === null) return null;
  const [device] = await ex
    .select({ name: posDevices.name })
    .from(posDevices)
    .where(and(eq(posDevices.tenantId, row.tenantId), eq(posDevices.deviceId, row.deviceId)));
  return device?.name ?? null;
}
