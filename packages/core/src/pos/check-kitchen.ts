import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import {
  type Check,
  type CheckLine,
  isSent,
  LINE_NOT_FOUND,
  LINE_NOT_SENT,
  linesToSend,
  markSent,
  NOTHING_TO_SEND,
  nextCourseToFire,
  nextRound,
  removeCheckLineSchema,
  sendCheckSchema,
  voidCheckLineSchema,
} from '@brigade/domain/pos/checks';
import {
  addOrderEvent,
  type BridgePrinted,
  coursesOfRestaurant,
  type OrderRow,
  queueKitchenTickets,
  queueVoidTickets,
} from '../ordering/index';
import { approvalAt, approvalLimitsOf } from '../staff/index';
import { userIdOf } from '../use-case';
import { type ApprovalDeps, approvedNote, withApproval } from './check-discount';
import { lockOpenCheck, saveCheck } from './check-repository';
import { type CheckCall, viewOf, voidedOf, withoutLine } from './checks';
import type { DeviceRow } from './device-repository';
import { type PosDeps, unlockedRegister } from './register';

/**
 * An open check and the kitchen (docs/behaviour/pos.md#courses-and-firing): a send fires the unsent lines
 * (all, or the courses named: the others are held) as one round — its kitchen tickets print that round's
 * lines only, and the kitchen display shows them; "fire next course" sends the first course, in firing
 * order, that still waits. A sent line leaves the check only by a manager's void with a reason.
 */

const scopeOf = (input: CheckCall) => ({ tenantId: input.tenantId, restaurantId: input.restaurantId });

export async function sendCheck(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const { device } = await unlockedRegister(deps, actor, scopeOf(call), call.token);
  const request = sendCheckSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scopeOf(call), call.orderId, request.version);
  return fire(deps, actor, { row, device, courseIds: request.courseIds });
}

export async function fireNextCourse(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const { device } = await unlockedRegister(deps, actor, scopeOf(call), call.token);
  const request = removeCheckLineSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scopeOf(call), call.orderId, request.version);
  const next = nextCourseToFire(row.lines as CheckLine[], await coursesOfRestaurant(deps.db, scopeOf(call)));
  if (next === undefined) throw new BrigadeError('conflict', 'NOTHING_TO_SEND', NOTHING_TO_SEND);
  return fire(deps, actor, { row, device, courseIds: [next] });
}

async function fire(
  deps: PosDeps,
  actor: Actor,
  { row, device, courseIds }: { row: OrderRow; device: DeviceRow; courseIds?: (number | null)[] | undefined },
): Promise<Check> {
  const lines = row.lines as CheckLine[];
  const chosen = linesToSend(lines, courseIds);
  if (chosen.length === 0) throw new BrigadeError('conflict', 'NOTHING_TO_SEND', NOTHING_TO_SEND);
  const { saved, ticketsQueued } = await sendRound(deps.db, row, chosen, {
    by: userIdOf(actor),
    deviceName: device.name,
    now: deps.now?.() ?? new Date(),
  });
  return { ...(await viewOf(deps.db, saved)), ticketsQueued };
}

/**
 * Marks `chosen` sent as the check's next round and queues that round's tickets, in the caller's
 * transaction. Paying a check sends what is left the same way (check-pay.ts).
 */
export async function sendRound(
  db: Executor,
  row: OrderRow,
  chosen: CheckLine[],
  at: { by: string; deviceName: string; now: Date },
  bridged?: BridgePrinted,
): Promise<{ saved: OrderRow; round: number; ticketsQueued: number }> {
  const lines = row.lines as CheckLine[];
  // voided lines keep their round: a round number is never given twice (the kitchen's bumps count on it)
  const round = nextRound([...lines, ...voidedOf(row).map((v) => v.line)], row.lastRound);
  const saved = await saveCheck(db, row, {
    lines: markSent(lines, chosen, round, at.now.toISOString()),
    lastRound: round,
  });
  const what = chosen.map((l) => `${l.quantity} x ${l.name}`).join(', ');
  await addOrderEvent(db, saved, 'open', at.by, `Sent round ${round} from ${at.deviceName}: ${what}`);
  return { saved, round, ticketsQueued: await queueKitchenTickets(db, saved, round, bridged) };
}

/**
 * A sent line voided with a reason: it leaves the check's lines and totals, kept in its voids. Worth more
 * than the register's limit, a manager approves it (decision 056).
 */
export async function voidCheckLine(
  deps: ApprovalDeps,
  actor: Actor,
  call: CheckCall & { lineId: number; body: unknown },
): Promise<Check> {
  const request = voidCheckLineSchema.parse(call.body);
  return withApproval(deps, actor, call, request.managerPasscode, async (tx, typed) => {
    const { device } = await unlockedRegister(tx, actor, scopeOf(call), call.token);
    const row = await lockOpenCheck(tx.db, scopeOf(call), call.orderId, request.version);
    const line = (row.lines as CheckLine[]).find((l) => l.lineId === call.lineId);
    if (!line) throw notFound(LINE_NOT_FOUND, 'LINE_NOT_FOUND');
    if (!isSent(line)) throw new BrigadeError('conflict', 'LINE_NOT_SENT', LINE_NOT_SENT);
    const limits = await approvalLimitsOf(tx.db, scopeOf(call));
    // a void is held to the amount limit only: any line is all of itself
    const above = line.lineTotal > limits.approvalLimit;
    const approvedBy = await approvalAt(tx.db, actor, device, above, typed);
    const by = userIdOf(actor);
    const voided = {
      line,
      reason: request.reason,
      by,
      at: new Date().toISOString(),
      ...(approvedBy ? { approvedBy } : {}),
    };
    const saved = await withoutLine(tx.db, row, line, voided);
    // the stations that were making it hear so: a VOID ticket each, with the order's tickets' durability
    await queueVoidTickets(tx.db, saved, line as unknown as Record<string, unknown>, request.reason);
    await addOrderEvent(
      tx.db,
      saved,
      'open',
      by,
      `Voided ${line.quantity} x ${line.name} at ${device.name}: ${request.reason}${approvedNote(approvedBy)}`,
    );
    return viewOf(tx.db, saved);
  });
}
