import { randomBytes } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@brigade/domain/payments/api';
import { type Check, type CheckLine, openCheckSchema } from '@brigade/domain/pos/checks';
import type { BridgePrinted } from '../ordering/index';
import {
  addOrderEvent,
  findOrderByKey,
  insertOrder,
  KEY_REUSED,
  nextOrderNumber,
  ORDER_INVALID,
  type OrderRow,
} from '../ordering/index';
import { requestHash } from '../request-hash';
import { userIdOf } from '../use-case';
import { sendRound } from './check-kitchen';
import { priceCheckLines, totalsOf, viewOf } from './checks';
import type { RestaurantScope } from './device-repository';
import { findTable } from './floor-repository';
import { type PosDeps, type RegisterPlace, registerDevice, type SoldMoment, servedPlace } from './register';

/**
 * Opening a check (docs/behaviour/pos.md#open-checks): on a table, as a named tab or at the counter, once per
 * Idempotency-Key. With `send`, its lines go to the kitchen as it opens — a counter order kept open to pay
 * later; a register that kept such a check while offline sends it the same way when it reconnects (decision
 * 072), naming the stations whose ticket its print bridge printed then.
 */
export async function openCheck(
  deps: PosDeps,
  actor: Actor,
  call: RestaurantScope & { token: unknown; idempotencyKey: unknown; body: unknown },
): Promise<Check> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const key = idempotencyKeySchema.safeParse(call.idempotencyKey);
  if (!key.success)
    throw validationError(IDEMPOTENCY_KEY_MESSAGE, [
      { path: 'idempotency-key', message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  const request = openCheckSchema.parse(call.body);
  const now = deps.now?.() ?? new Date();
  // the same check whether it was sent online or kept offline (a lost answer, then kept under its key); a
  // check opened without sending hashes as it did before `send` existed
  const { offline: _kept, send, ...opened } = request;
  const hash = requestHash('openCheck', send ? { ...opened, send } : opened);
  // a key already opened answers its check as soon as the device is known
  const found = await registerDevice(deps, actor, scope, call.token);
  const earlier = await findOrderByKey(deps.db, scope, key.data);
  if (earlier) return replayOpen(deps.db, earlier, hash);
  // kept offline: priced from the menus of the moment it was kept, the 86 list of now set aside (the kitchen
  // may have made it already), as an offline sale is (decision 063)
  const kept = request.offline && keptMoment(request.offline.openedAt, now);
  const place = await servedPlace(deps, actor, found, kept);
  const table = request.tableId ? await findTable(deps.db, scope, request.tableId) : null;
  if (request.tableId && !table)
    throw validationError(ORDER_INVALID, [{ path: 'tableId', message: 'Table not found' }]);
  if (request.send && request.lines.length === 0)
    throw validationError(ORDER_INVALID, [{ path: 'lines', message: 'Add at least one line to send' }]);
  const lines = priceCheckLines(place, request.service, request.lines, 1);
  const businessDate = toLocalMoment(now.toISOString(), place.resolved.timezone).date;
  const row = await insertOrder(deps.db, {
    ...scope,
    token: randomBytes(16).toString('base64url'),
    number: await nextOrderNumber(deps.db, scope, businessDate),
    businessDate,
    status: 'open',
    channel: 'pos',
    fulfilment: request.service,
    deviceId: place.device.deviceId,
    tableId: table?.tableId ?? null,
    pickupAt: now,
    asap: true,
    customer: { name: request.guestName || table?.name || '', email: '', phone: '' },
    lines,
    ...totalsOf(lines, place.rules, request.service),
    currency: place.currency,
    // the check's server: whoever unlocked the register, else the signed-in user's employee (decisions 056, 057)
    serverEmployeeId: place.serverEmployeeId ?? null,
    idempotencyKey: key.data,
    requestHash: hash,
  });
  // the same check opened twice at once: the first is the check
  if (!row) return replayOpen(deps.db, (await findOrderByKey(deps.db, scope, key.data))!, hash);
  const where = table
    ? `at ${table.name}`
    : request.guestName
      ? `for ${request.guestName}`
      : 'at the counter';
  const by = userIdOf(actor);
  await addOrderEvent(
    deps.db,
    row,
    'open',
    by,
    `Opened ${where} on ${place.device.name}${keptNote(place, lines)}`,
  );
  if (!request.send) return viewOf(deps.db, row);
  const printed = request.offline?.printedStations;
  const bridged: BridgePrinted | undefined = printed?.length
    ? { stations: new Set(printed), at: new Date(request.offline!.openedAt) }
    : undefined;
  const sent = await sendRound(deps.db, row, lines, { by, deviceName: place.device.name, now }, bridged);
  return { ...(await viewOf(deps.db, sent.saved)), ticketsQueued: sent.ticketsQueued };
}

/** When a check was kept offline; a register clock ahead of the server's counts as now. */
function keptMoment(openedAt: string, now: Date): SoldMoment {
  const at = new Date(openedAt);
  return { at: at.getTime() > now.getTime() ? now : at, offline: true };
}

/** A kept check's history says so, and names what was 86'd by the time it arrived. */
function keptNote(place: RegisterPlace, lines: CheckLine[]): string {
  if (!place.soldOutSold) return '';
  const gone = [...new Set(lines.filter((l) => place.soldOutSold!.has(l.itemId)).map((l) => l.name))];
  const note = ' while it was offline; sent when it reconnected';
  return gone.length ? `${note} (86'd since: ${gone.join(', ')})` : note;
}

async function replayOpen(db: Executor, row: OrderRow, hash: string): Promise<Check> {
  if (row.requestHash !== hash || row.channel !== 'pos')
    throw new BrigadeError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  return viewOf(db, row);
}
