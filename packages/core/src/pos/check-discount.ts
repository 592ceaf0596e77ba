import type { Actor } from '@brigade/domain/access';
import { notFound } from '@brigade/domain/errors';
import {
  type Check,
  type CheckLine,
  discountAmount,
  discountCheckLineSchema,
  grossOf,
  LINE_NOT_FOUND,
} from '@brigade/domain/pos/checks';
import { addOrderEvent } from '../ordering/ordering-repository';
import { userIdOf } from '../use-case';
import { lockOpenCheck } from './check-repository';
import { type CheckCall, checkOf, withLines } from './checks';
import { managerRegister, type PosDeps } from './register';

/**
 * A manager's discount or comp on a line of an open check (docs/behaviour/pos.md#discounts-and-comps): an
 * amount or a percentage, with the reason. The line's total becomes net of it, so the check's taxes, its
 * total and — once paid — its sales-ledger lines are the discounted ones. A value of 0 takes it off again.
 */
export async function discountCheckLine(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { lineId: number; body: unknown },
): Promise<Check> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const { device } = await managerRegister(deps, actor, scope, call.token);
  const request = discountCheckLineSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scope, call.orderId, request.version);
  const lines = row.lines as CheckLine[];
  const line = lines.find((l) => l.lineId === call.lineId);
  if (!line) throw notFound(LINE_NOT_FOUND, 'LINE_NOT_FOUND');
  const gross = grossOf(line);
  const amount = discountAmount(gross, request);
  const by = userIdOf(actor);
  const { discount: _old, ...plain } = line;
  const changed: CheckLine =
    amount === 0
      ? { ...plain, lineTotal: gross }
      : {
          ...plain,
          lineTotal: gross - amount,
          discount: {
            kind: request.kind,
            value: request.value,
            amount,
            reason: request.reason,
            by,
            at: new Date().toISOString(),
          },
        };
  const saved = await withLines(
    deps.db,
    row,
    lines.map((l) => (l === line ? changed : l)),
  );
  const what = amount === 0 ? 'Discount taken off' : `Discount of ${(amount / 100).toFixed(2)}`;
  await addOrderEvent(
    deps.db,
    saved,
    'open',
    by,
    `${what} ${line.quantity} x ${line.name} at ${device.name}: ${request.reason}`,
  );
  return checkOf(saved, [], device.name);
}
