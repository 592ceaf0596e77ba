import { randomBytes, randomUUID } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { employees } from '@brigade/db/schema/catalogue';
import { kitchenBumps, orders } from '@brigade/db/schema/ordering';
import { posDevices } from '@brigade/db/schema/pos';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { formatAmount } from '@brigade/domain/payments/amount';
import { paidAtCounter } from '@brigade/domain/pos/api';
import {
  CHECK_ALREADY_PAID,
  CHECK_CHANGED,
  CHECK_NOT_FOUND,
  CHECK_NOT_OPEN,
  checkBelowPaid,
  paidToward,
} from '@brigade/domain/pos/checks';
import { and, asc, eq, sql } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';
import {
  findOrder,
  insertOrder,
  liveNumber,
  type NewOrderRow,
  nextOrderNumber,
  type OrderRow,
} from '../ordering/index';
import type { RestaurantScope } from './device-repository';
import { tendersOf } from './sale-repository';

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
  if (!row || !paidAtCounter(row.channel)) throw notFound(CHECK_NOT_FOUND, 'CHECK_NOT_FOUND');
  if (row.status !== 'open')
    throw row.status === 'accepted' || row.status === 'completed'
      ? new BrigadeError('conflict', 'CHECK_ALREADY_PAID', CHECK_ALREADY_PAID)
      : new BrigadeError('conflict', 'CHECK_NOT_OPEN', CHECK_NOT_OPEN);
  if (version !== undefined && row.version !== version)
    throw new BrigadeError('conflict', 'CHECK_CHANGED', CHECK_CHANGED);
  return row;
}

/**
 * Writes a change to a locked check and raises its version. A check paid in part (split tender) never comes
 * to less than what was paid toward it: a change that would (a line removed, moved or discounted, a merge) is
 * refused with 409, and nothing is written.
 */
export async function saveCheck(
  ex: Executor,
  row: OrderRow,
  changes: Partial<NewOrderRow>,
): Promise<OrderRow> {
  if (changes.total !== undefined && changes.total < row.total) {
    const paid = paidToward(await tendersOf(ex, row, [row.orderId]));
    if (changes.total < paid)
      throw new BrigadeError(
        'conflict',
        'CHECK_BELOW_PAID',
        checkBelowPaid(liveNumber(row), `${formatAmount(paid)} ${row.currency}`),
      );
  }
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
    .select({
      order: orders,
      deviceName: posDevices.name,
      serverFirst: employees.firstName,
      serverLast: employees.lastName,
      serverChosen: employees.chosenName,
      serverId: employees.employeeId,
    })
    .from(orders)
    .leftJoin(
      posDevices,
      and(eq(posDevices.tenantId, orders.tenantId), eq(posDevices.deviceId, orders.deviceId)),
    )
    .leftJoin(
      employees,
      and(
        eq(employees.tenantId, orders.tenantId),
        eq(employees.restaurantId, orders.restaurantId),
        eq(employees.guid, orders.serverEmployeeId),
      ),
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

/**
 * Two open checks locked for one change (a merge, lines moved between them), always in order id order so
 * two registers doing the opposite never wait on each other; each at the version its register saw.
 */
export async function lockTwoChecks(
  ex: Executor,
  scope: RestaurantScope,
  a: { orderId: number; version: number },
  b: { orderId: number; version: number },
): Promise<[OrderRow, OrderRow]> {
  if (a.orderId < b.orderId) {
    const first = await lockOpenCheck(ex, scope, a.orderId, a.version);
    return [first, await lockOpenCheck(ex, scope, b.orderId, b.version)];
  }
  const second = await lockOpenCheck(ex, scope, b.orderId, b.version);
  return [await lockOpenCheck(ex, scope, a.orderId, a.version), second];
}

/**
 * A new check split off `source`: the same table, service, register, server and business day, the day's next
 * number, and the source's record of rounds sent — its lines keep their rounds and sent state.
 */
export async function insertChildCheck(
  ex: Executor,
  source: OrderRow,
  values: Pick<NewOrderRow, 'lines' | 'totals' | 'total' | 'tableId' | 'customer'>,
): Promise<OrderRow> {
  const scope = { tenantId: source.tenantId, restaurantId: source.restaurantId };
  const row = await insertOrder(ex, {
    ...scope,
    ...values,
    token: randomBytes(16).toString('base64url'),
    number: await nextOrderNumber(ex, scope, source.businessDate),
    businessDate: source.businessDate,
    status: 'open',
    channel: 'pos',
    fulfilment: source.fulfilment,
    deviceId: source.deviceId,
    serverEmployeeId: source.serverEmployeeId,
    pickupAt: source.pickupAt,
    asap: true,
    currency: source.currency,
    lastRound: source.lastRound,
    idempotencyKey: `check-split:${source.orderId}:${randomUUID()}`,
    requestHash: '',
  });
  return row!;
}

/**
 * The kitchen's bumps of `source` copied to `child`: a station that bumped a round of the check is done with
 * those lines on the new check too, so a split brings nothing back onto the kitchen display.
 */
export async function copyBumps(ex: Executor, source: OrderRow, child: OrderRow): Promise<void> {
  const bumps = await ex
    .select()
    .from(kitchenBumps)
    .where(and(scopeWhere(kitchenBumps, source), eq(kitchenBumps.orderId, source.orderId)));
  if (bumps.length === 0) return;
  await ex
    .insert(kitchenBumps)
    .values(bumps.map((bump) => ({ ...bump, orderId: child.orderId })))
    .onConflictDoNothing();
}
