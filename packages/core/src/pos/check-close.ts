import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import { formatAmount } from '@brigade/domain/payments/amount';
import {
  CHECK_HAS_SENT_LINES,
  type Check,
  type CheckLine,
  isSent,
  moveCheckSchema,
  NOTHING_PAID,
  paidToward,
  removeCheckLineSchema,
} from '@brigade/domain/pos/checks';
import { TABLE_NOT_FOUND } from '@brigade/domain/pos/floor';
import { ORDER_INVALID } from '../ordering/checkout';
import type { OrderRow } from '../ordering/ordering-repository';
import { addOrderEvent } from '../ordering/ordering-repository';
import { registerManagerCheck } from '../staff/index';
import { userIdOf } from '../use-case';
import { lockOpenCheck, saveCheck } from './check-repository';
import { type CheckCall, viewOf } from './checks';
import type { DeviceRow } from './device-repository';
import { openSessionOf } from './drawer-repository';
import { findTable } from './floor-repository';
import { type PosDeps, unlockedRegister } from './register';
import { kickDrawer, registerPrinter } from './sale';
import { insertTender, tendersOf } from './sale-repository';

/**
 * Closing a check that was opened for nothing, and moving a check to another table
 * (docs/behaviour/pos.md#open-checks). Both name the version the register saw.
 */

const scopeOf = (call: CheckCall) => ({ tenantId: call.tenantId, restaurantId: call.restaurantId });

/**
 * Closes a check with nothing sent to the kitchen (its unsent lines go with it): it is `cancelled`, frees its
 * table and never was a sale. Sent lines must be voided first, by a manager.
 */
export async function closeCheck(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const { device } = await unlockedRegister(deps, actor, scopeOf(call), call.token);
  const request = removeCheckLineSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scopeOf(call), call.orderId, request.version);
  if ((row.lines as CheckLine[]).some(isSent))
    throw new BrigadeError('conflict', 'CHECK_HAS_SENT_LINES', CHECK_HAS_SENT_LINES);
  const closed = await saveCheck(deps.db, row, { status: 'cancelled' });
  const handedBack = await handBackCash(deps, actor, device, closed);
  const back = handedBack > 0 ? `, ${formatAmount(handedBack)} ${closed.currency} handed back in cash` : '';
  await addOrderEvent(
    deps.db,
    closed,
    'cancelled',
    userIdOf(actor),
    `Closed without a sale at ${device.name}${back}`,
  );
  return viewOf(deps.db, closed);
}

/**
 * Hands back the cash paid toward an open check (split tender), a manager's: the parts go back from this
 * register's drawer, and the check's lines can then be voided, moved or discounted below what was paid, or
 * the check closed. 409 "Nothing has been paid toward this check" when nothing was.
 */
export async function handBackCheckPayments(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const { device } = await unlockedRegister(deps, actor, scopeOf(call), call.token);
  await registerManagerCheck(deps.db, actor, device);
  const request = removeCheckLineSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scopeOf(call), call.orderId, request.version);
  const saved = await saveCheck(deps.db, row, {});
  const back = await handBackCash(deps, actor, device, saved);
  if (back === 0) throw new BrigadeError('conflict', 'NOTHING_PAID', NOTHING_PAID);
  const amount = `${formatAmount(back)} ${saved.currency}`;
  await addOrderEvent(
    deps.db,
    saved,
    'open',
    userIdOf(actor),
    `${amount} handed back in cash at ${device.name}`,
  );
  return viewOf(deps.db, saved);
}

/**
 * Cash paid toward a check closed without a sale (split tender) goes back to the guest from this register's
 * drawer: a `refund` tender, and the drawer opens. Answers the amount.
 */
async function handBackCash(deps: PosDeps, actor: Actor, device: DeviceRow, row: OrderRow): Promise<number> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const paid = paidToward(await tendersOf(deps.db, scope, [row.orderId]));
  if (paid <= 0) return 0;
  const session = await openSessionOf(deps.db, scope, device.deviceId, true);
  await insertTender(deps.db, {
    ...scope,
    orderId: row.orderId,
    method: 'cash',
    kind: 'refund',
    amount: paid,
    tendered: paid,
    change: 0,
    takenBy: userIdOf(actor),
    deviceId: device.deviceId,
    sessionId: session?.sessionId ?? null,
  });
  await kickDrawer(deps, await registerPrinter(deps, device), row);
  return paid;
}

/** Seats the check at another table (or none); a check named after its table takes the new table's name. */
export async function moveCheck(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const scope = scopeOf(call);
  const { device } = await unlockedRegister(deps, actor, scope, call.token);
  const request = moveCheckSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scope, call.orderId, request.version);
  const to = request.tableId === null ? null : await findTable(deps.db, scope, request.tableId);
  if (request.tableId !== null && !to)
    throw validationError(ORDER_INVALID, [{ path: 'tableId', message: TABLE_NOT_FOUND }]);
  const from = row.tableId === null ? null : await findTable(deps.db, scope, row.tableId);
  const named = from !== null && row.customer.name === from.name;
  const moved = await saveCheck(deps.db, row, {
    tableId: to?.tableId ?? null,
    ...(named ? { customer: { ...row.customer, name: to?.name ?? '' } } : {}),
  });
  const where = to ? `to ${to.name}` : 'off its table';
  await addOrderEvent(deps.db, moved, 'open', userIdOf(actor), `Moved ${where} at ${device.name}`);
  return viewOf(deps.db, moved);
}
