import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import {
  ALREADY_SHARED,
  LEAVE_A_LINE,
  linesBySeat,
  mergeCheckSchema,
  moveLinesSchema,
  ONE_SEAT,
  SAME_CHECK,
  SERVER_NOT_FOUND,
  shareLines,
  splitCheckSchema,
  transferCheckSchema,
} from '@brigade/domain/pos/check-splits';
import { type Check, type CheckLine, LINE_NOT_FOUND, nextLineId } from '@brigade/domain/pos/checks';
import { TABLE_NOT_FOUND } from '@brigade/domain/pos/floor';
import { addOrderEvent, ORDER_INVALID, type OrderRow } from '../ordering/index';
import { serverOf } from '../staff/index';
import { userIdOf } from '../use-case';
import { copyBumps, insertChildCheck, lockOpenCheck, lockTwoChecks, saveCheck } from './check-repository';
import { type CheckCall, checkRules, pricedCheck, viewOf, voidedOf, withLines } from './checks';
import type { RestaurantScope } from './device-repository';
import { findTable } from './floor-repository';
import { type PosDeps, unlockedRegister } from './register';

/**
 * Splitting, merging and moving open checks, and transfers between servers
 * (docs/behaviour/pos.md#splitting-and-merging-checks, decision 056). Every change is one transaction under
 * the row locks of every check it touches, each at the version its register saw; lines keep their rounds and
 * sent state, so nothing is sent to the kitchen again.
 */

const scopeOf = (call: RestaurantScope) => ({ tenantId: call.tenantId, restaurantId: call.restaurantId });
const numbers = (rows: OrderRow[]) => rows.map((r) => `#${r.number}`).join(', ');

export interface SplitResult {
  /** The check split, then the checks split off it. */
  checks: Check[];
}

export async function splitCheck(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<SplitResult> {
  const scope = scopeOf(call);
  const { device } = await unlockedRegister(deps, actor, scope, call.token);
  const request = splitCheckSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scope, call.orderId, request.version);
  const lines = row.lines as CheckLine[];
  let parts: CheckLine[][];
  let tableId = row.tableId;
  if (request.by === 'seat') {
    parts = [...linesBySeat(lines).values()];
    if (parts.length < 2) throw new BrigadeError('conflict', 'ONE_SEAT', ONE_SEAT);
  } else if (request.by === 'item') {
    const chosen = pick(lines, request.lineIds);
    if (chosen.length === lines.length)
      throw validationError(ORDER_INVALID, [{ path: 'lineIds', message: LEAVE_A_LINE }]);
    parts = [lines.filter((l) => !chosen.includes(l)), chosen];
    if (request.tableId !== undefined) tableId = await tableOf(deps, scope, request.tableId);
  } else {
    if (lines.some((l) => l.share)) throw new BrigadeError('conflict', 'ALREADY_SHARED', ALREADY_SHARED);
    if (lines.length === 0) throw validationError(ORDER_INVALID, [{ path: 'parts', message: LEAVE_A_LINE }]);
    parts = shareLines(lines, request.parts);
  }
  const rules = await checkRules(deps.db, scope);
  const [kept, ...rest] = parts;
  const saved = await withLines(deps.db, row, kept!);
  const children: OrderRow[] = [];
  for (const part of rest) {
    // the new check's lines are numbered afresh; the check-wide discount stays with the check split
    const renumbered = part.map((line, index) => ({ ...line, lineId: index + 1 }));
    const priced = pricedCheck({ fulfilment: row.fulfilment, checkDiscount: null }, renumbered, rules);
    const child = await insertChildCheck(deps.db, row, {
      lines: priced.lines,
      totals: priced.totals,
      total: priced.total,
      tableId: part === parts[1] ? tableId : row.tableId,
      customer: row.customer,
    });
    await copyBumps(deps.db, row, child);
    children.push(child);
  }
  const by = userIdOf(actor);
  const how = request.by === 'even' ? `${request.parts} ways` : `by ${request.by}`;
  await addOrderEvent(deps.db, saved, 'open', by, `Split ${how} at ${device.name} into ${numbers(children)}`);
  for (const child of children)
    await addOrderEvent(deps.db, child, 'open', by, `Split ${how} from #${row.number} at ${device.name}`);
  const checks = [await viewOf(deps.db, saved)];
  for (const child of children) checks.push(await viewOf(deps.db, child));
  return { checks };
}

/** The lines named, in the check's order; 404 for an id the check does not have. */
function pick(lines: CheckLine[], ids: number[]): CheckLine[] {
  for (const id of ids)
    if (!lines.some((l) => l.lineId === id)) throw notFound(LINE_NOT_FOUND, 'LINE_NOT_FOUND');
  return lines.filter((l) => ids.includes(l.lineId));
}

async function tableOf(
  deps: PosDeps,
  scope: RestaurantScope,
  tableId: number | null,
): Promise<number | null> {
  if (tableId === null) return null;
  const table = await findTable(deps.db, scope, tableId);
  if (!table) throw validationError(ORDER_INVALID, [{ path: 'tableId', message: TABLE_NOT_FOUND }]);
  return table.tableId;
}

/** Lines joining `target`: numbered after every id it ever had, with their rounds and sent state. */
const joining = (target: OrderRow, lines: CheckLine[]) => {
  const first = nextLineId(target.lines as CheckLine[], voidedOf(target));
  return lines.map((line, index) => ({ ...line, lineId: first + index }));
};

/**
 * Merges the check `from` into this one: its lines join (the rounds sent by either are remembered), it is
 * closed as merged, and this check keeps its own check-wide discount (or takes the other's when it has none).
 */
export async function mergeChecks(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const scope = scopeOf(call);
  const { device } = await unlockedRegister(deps, actor, scope, call.token);
  const request = mergeCheckSchema.parse(call.body);
  if (request.from.orderId === call.orderId)
    throw validationError(ORDER_INVALID, [{ path: 'from.orderId', message: SAME_CHECK }]);
  const [target, from] = await lockTwoChecks(
    deps.db,
    scope,
    { orderId: call.orderId, version: request.version },
    request.from,
  );
  const lines = [...(target.lines as CheckLine[]), ...joining(target, from.lines as CheckLine[])];
  const saved = await withLines(deps.db, target, lines, {
    lastRound: Math.max(target.lastRound, from.lastRound),
    ...(target.checkDiscount === null && from.checkDiscount !== null
      ? { checkDiscount: from.checkDiscount as never }
      : {}),
  });
  const closed = await withLines(deps.db, from, [], { checkDiscount: null });
  const by = userIdOf(actor);
  const merged = await saveCheck(deps.db, closed, { status: 'cancelled' });
  await addOrderEvent(deps.db, merged, 'cancelled', by, `Merged into #${target.number} at ${device.name}`);
  await addOrderEvent(deps.db, saved, 'open', by, `#${from.number} merged in at ${device.name}`);
  return viewOf(deps.db, saved);
}

/** Moves lines to another open check, or to a new check at a table (or a tab). */
export async function moveCheckLines(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<SplitResult> {
  const scope = scopeOf(call);
  const { device } = await unlockedRegister(deps, actor, scope, call.token);
  const request = moveLinesSchema.parse(call.body);
  if (request.to === undefined) {
    const split = {
      version: request.version,
      by: 'item',
      lineIds: request.lineIds,
      tableId: request.tableId,
    };
    return splitCheck(deps, actor, { ...call, body: split });
  }
  if (request.to.orderId === call.orderId)
    throw validationError(ORDER_INVALID, [{ path: 'to.orderId', message: SAME_CHECK }]);
  const [source, target] = await lockTwoChecks(
    deps.db,
    scope,
    { orderId: call.orderId, version: request.version },
    request.to,
  );
  const lines = source.lines as CheckLine[];
  const chosen = pick(lines, request.lineIds);
  const savedSource = await withLines(
    deps.db,
    source,
    lines.filter((l) => !chosen.includes(l)),
  );
  const savedTarget = await withLines(
    deps.db,
    target,
    [...(target.lines as CheckLine[]), ...joining(target, chosen)],
    { lastRound: Math.max(target.lastRound, source.lastRound) },
  );
  const by = userIdOf(actor);
  const what = chosen.map((l) => `${l.quantity} x ${l.name}`).join(', ');
  await addOrderEvent(
    deps.db,
    savedSource,
    'open',
    by,
    `Moved to #${target.number} at ${device.name}: ${what}`,
  );
  await addOrderEvent(
    deps.db,
    savedTarget,
    'open',
    by,
    `Moved from #${source.number} at ${device.name}: ${what}`,
  );
  return { checks: [await viewOf(deps.db, savedSource), await viewOf(deps.db, savedTarget)] };
}

/** Hands the check to another server: an active employee of the restaurant. */
export async function transferCheck(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const scope = scopeOf(call);
  const { device } = await unlockedRegister(deps, actor, scope, call.token);
  const request = transferCheckSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scope, call.orderId, request.version);
  const server = await serverOf(deps.db, scope, request.employeeId);
  if (!server?.active)
    throw validationError(ORDER_INVALID, [{ path: 'employeeId', message: SERVER_NOT_FOUND }]);
  const saved = await saveCheck(deps.db, row, { serverEmployeeId: server.guid });
  const before = await serverOf(deps.db, scope, row.serverEmployeeId);
  const from = before ? ` from ${before.name}` : '';
  await addOrderEvent(
    deps.db,
    saved,
    'open',
    userIdOf(actor),
    `Transferred${from} to ${server.name} at ${device.name}`,
  );
  return viewOf(deps.db, saved);
}
