import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { notFound } from '@brigade/domain/errors';
import {
  aboveLimit,
  type CheckDiscount,
  checkDiscountAmount,
  discountCheckSchema,
} from '@brigade/domain/pos/check-splits';
import {
  type ApprovedBy,
  type Check,
  type CheckLine,
  discountAmount,
  discountCheckLineSchema,
  grossOf,
  LINE_NOT_FOUND,
} from '@brigade/domain/pos/checks';
import { addOrderEvent } from '../ordering/index';
import { approvalAt, approvalLimitsOf, managerOfPasscode, type PasscodePepper } from '../staff/index';
import { userIdOf } from '../use-case';
import { lockOpenCheck } from './check-repository';
import { type CheckCall, viewOf, withLines } from './checks';
import { type PosDeps, unlockedRegister } from './register';

/**
 * Discounts and comps on an open check (docs/behaviour/pos.md#discounts-and-comps): on a line or on the whole
 * check, an amount or a percentage, with the reason. Line totals become net of them, so the check's taxes, its
 * total and — once paid — its sales-ledger lines are the discounted ones. A value of 0 takes one off again.
 * Within the register's limits anyone at an unlocked register may give one; above them a manager approves
 * (decision 056): the one at the register, or a manager's passcode typed for it.
 */

/** The approval calls' deps: a passcode is checked in short transactions of its own, then the change runs. */
export interface ApprovalDeps extends PosDeps, PasscodePepper {
  transact: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
}

const scopeOf = (call: CheckCall) => ({ tenantId: call.tenantId, restaurantId: call.restaurantId });
const money = (cents: number) => (cents / 100).toFixed(2);
export const approvedNote = (approvedBy: ApprovedBy | null) =>
  approvedBy ? ` (approved by ${approvedBy.name})` : '';

/**
 * Runs an action that may need a manager: the typed passcode's manager first (each try counted against the
 * register even when the action then fails), then the action in one transaction.
 */
export async function withApproval<T>(
  deps: ApprovalDeps,
  actor: Actor,
  call: CheckCall,
  passcode: string | undefined,
  work: (deps: PosDeps, typed: ApprovedBy | null) => Promise<T>,
): Promise<T> {
  const typed = passcode ? await managerOfPasscode(deps, actor, call, passcode) : null;
  return deps.transact((tx) => work({ ...deps, db: tx }, typed));
}

export async function discountCheckLine(
  deps: ApprovalDeps,
  actor: Actor,
  call: CheckCall & { lineId: number; body: unknown },
): Promise<Check> {
  const request = discountCheckLineSchema.parse(call.body);
  return withApproval(deps, actor, call, request.managerPasscode, async (tx, typed) => {
    const scope = scopeOf(call);
    const { device } = await unlockedRegister(tx, actor, scope, call.token);
    const row = await lockOpenCheck(tx.db, scope, call.orderId, request.version);
    const lines = row.lines as CheckLine[];
    const line = lines.find((l) => l.lineId === call.lineId);
    if (!line) throw notFound(LINE_NOT_FOUND, 'LINE_NOT_FOUND');
    const gross = grossOf(line);
    const amount = discountAmount(gross, request);
    const limits = await approvalLimitsOf(tx.db, scope);
    const approvedBy = await approvalAt(tx.db, actor, device, aboveLimit(amount, gross, limits), typed);
    const by = userIdOf(actor);
    const { discount: _old, ...plain } = line;
    const changed: CheckLine =
      amount === 0
        ? plain
        : {
            ...plain,
            discount: {
              kind: request.kind,
              value: request.value,
              amount,
              reason: request.reason,
              by,
              at: new Date().toISOString(),
              ...(approvedBy ? { approvedBy } : {}),
            },
          };
    const saved = await withLines(
      tx.db,
      row,
      lines.map((l) => (l === line ? changed : l)),
    );
    const what = amount === 0 ? 'Discount taken off' : `Discount of ${money(amount)}`;
    await addOrderEvent(
      tx.db,
      saved,
      'open',
      by,
      `${what} ${line.quantity} x ${line.name} at ${device.name}: ${request.reason}${approvedNote(approvedBy)}`,
    );
    return viewOf(tx.db, saved);
  });
}

/** A discount or comp on the whole check: shared out over its lines in proportion (decision 056). */
export async function discountCheck(
  deps: ApprovalDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const request = discountCheckSchema.parse(call.body);
  return withApproval(deps, actor, call, request.managerPasscode, async (tx, typed) => {
    const scope = scopeOf(call);
    const { device } = await unlockedRegister(tx, actor, scope, call.token);
    const row = await lockOpenCheck(tx.db, scope, call.orderId, request.version);
    const lines = row.lines as CheckLine[];
    const base = lines.reduce((n, l) => n + grossOf(l) - (l.discount?.amount ?? 0), 0);
    const amount = request.value === 0 ? 0 : checkDiscountAmount(base, request);
    const limits = await approvalLimitsOf(tx.db, scope);
    const approvedBy = await approvalAt(tx.db, actor, device, aboveLimit(amount, base, limits), typed);
    const by = userIdOf(actor);
    const discount: CheckDiscount | null =
      request.value === 0
        ? null
        : {
            kind: request.kind,
            value: request.value,
            reason: request.reason,
            by,
            at: new Date().toISOString(),
            ...(approvedBy ? { approvedBy } : {}),
          };
    const saved = await withLines(tx.db, row, lines, { checkDiscount: discount });
    const what = discount ? `Check discount of ${money(amount)}` : 'Check discount taken off';
    await addOrderEvent(
      tx.db,
      saved,
      'open',
      by,
      `${what} at ${device.name}: ${request.reason}${approvedNote(approvedBy)}`,
    );
    return viewOf(tx.db, saved);
  });
}
