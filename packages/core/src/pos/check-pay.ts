import { QUEUES } from '@brigade/db/job-queue';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import { CASH_SHORT, type PosOrder, SERVICE_LABELS } from '@brigade/domain/pos/api';
import { CHECK_EMPTY, type CheckLine, linesToSend, payCheckSchema } from '@brigade/domain/pos/checks';
import { enqueue } from '../jobs/jobs';
import { addOrderEvent, findOrder } from '../ordering/ordering-repository';
import { idempotencyKey } from '../payments/idempotency';
import { userIdOf } from '../use-case';
import { sendRound } from './check-kitchen';
import { lockOpenCheck, saveCheck } from './check-repository';
import type { CheckCall } from './checks';
import { openSessionOf } from './drawer-repository';
import { type PosDeps, unlockedRegister } from './register';
import { registerPrinter, saleOf } from './sale';
import { insertTender, tendersOf } from './sale-repository';

/**
 * Paying an open check in cash (docs/behaviour/pos.md#paying-a-check), on any register, in one
 * transaction: the Idempotency-Key claimed, the check locked (a second payment waits, then finds it paid:
 * 409), what was not sent yet sent as a last round, the tender in this register's open drawer, the order
 * `accepted` — a sale from here on, with its ledger lines — the drawer kick and the receipt. The same key
 * again answers the same sale; a failure rolls the key back with everything else.
 */

export const PAY_CHECK_OPERATION = 'payPosCheck';

export async function payCheck(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { idempotencyKey: unknown; body: unknown },
): Promise<PosOrder> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const { device } = await unlockedRegister(deps, actor, scope, call.token);
  const request = payCheckSchema.parse(call.body);
  const key = idempotencyKey<{ orderId: number }>({ transact: (work) => work(deps.db) }, actor, {
    scope,
    key: call.idempotencyKey as string | undefined,
    operation: `${PAY_CHECK_OPERATION}:${call.orderId}`,
    body: request,
  });
  const claimed = await key.claim(deps.db);
  if (claimed) {
    const row = (await findOrder(deps.db, scope, claimed.replay.orderId))!;
    const tenders = await tendersOf(deps.db, scope, [row.orderId]);
    return saleOf(row, tenders, device.name, { drawerKick: false, receiptQueued: false });
  }
  let row = await lockOpenCheck(deps.db, scope, call.orderId, request.version);
  if ((row.lines as CheckLine[]).length === 0) throw new BrigadeError('conflict', 'CHECK_EMPTY', CHECK_EMPTY);
  const change = request.tender.tendered - row.total;
  if (change < 0) throw validationError(CASH_SHORT, [{ path: 'tender.tendered', message: CASH_SHORT }]);
  const now = deps.now?.() ?? new Date();
  const by = userIdOf(actor);
  // what is still unsent goes to the kitchen with the payment (a held course is fired)
  const unsent = linesToSend(row.lines as CheckLine[]);
  if (unsent.length > 0)
    row = (await sendRound(deps.db, row, unsent, { by, deviceName: device.name, now })).saved;
  const paid = await saveCheck(deps.db, row, { status: 'accepted', readyAt: now });
  const session = await openSessionOf(deps.db, scope, device.deviceId, true);
  const tender = await insertTender(deps.db, {
    ...scope,
    orderId: paid.orderId,
    method: 'cash',
    amount: paid.total,
    tendered: request.tender.tendered,
    change,
    takenBy: by,
    deviceId: device.deviceId,
    sessionId: session?.sessionId ?? null,
    takenAt: now,
  });
  const service = SERVICE_LABELS[paid.fulfilment === 'takeout' ? 'takeout' : 'dine_in'].toLowerCase();
  // the check becomes a sale: its history, and with it its ledger lines (cash included)
  await addOrderEvent(deps.db, paid, 'accepted', by, `Check paid at ${device.name} (${service}), in cash`);
  const printer = await registerPrinter(deps, device);
  const printed = { ...scope, orderId: paid.orderId, printerId: printer?.printerId };
  const drawerKick = printer !== null && printer.hasCashDrawer !== 'No Cash Drawer';
  if (drawerKick) await enqueue(deps.db, QUEUES.drawer.name, printed);
  const receiptQueued = printer !== null && request.receipt === 'print';
  if (receiptQueued) await enqueue(deps.db, QUEUES.receipt.name, printed);
  await key.complete(deps.db, { orderId: paid.orderId });
  return saleOf(paid, [tender], device.name, { drawerKick, receiptQueued });
}
