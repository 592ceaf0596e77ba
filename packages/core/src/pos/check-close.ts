import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import {
  CHECK_HAS_SENT_LINES,
  type Check,
  type CheckLine,
  isSent,
  moveCheckSchema,
  removeCheckLineSchema,
} from '@brigade/domain/pos/checks';
import { TABLE_NOT_FOUND } from '@brigade/domain/pos/floor';
import { ORDER_INVALID } from '../ordering/checkout';
import { addOrderEvent } from '../ordering/ordering-repository';
import { userIdOf } from '../use-case';
import { lockOpenCheck, saveCheck } from './check-repository';
import { type CheckCall, viewOf } from './checks';
import { findTable } from './floor-repository';
import { type PosDeps, unlockedRegister } from './register';

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
  await addOrderEvent(
    deps.db,
    closed,
    'cancelled',
    userIdOf(actor),
    `Closed without a sale at ${device.name}`,
  );
  return viewOf(deps.db, closed);
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
