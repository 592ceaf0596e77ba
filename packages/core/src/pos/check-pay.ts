import { QUEUES } from '@brigade/db/job-queue';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import { formatAmount } from '@brigade/domain/payments/amount';
import { CASH_SHORT, type PosOrder, SERVICE_LABELS } from '@brigade/domain/pos/api';
import {
  AMOUNT_OVER_BALANCE,
  CASH_SHORT_OF_AMOUNT,
  CHECK_EMPTY,
  type CheckLine,
  linesToSend,
  paidToward,
  payCheckSchema,
} from '@brigade/domain/pos/checks';
import { enqueue } from '../jobs/index';
import { addOrderEvent, findOrder, type OrderRow } from '../ordering/index';
import { idempotencyKey } from '../payments/index';
import { userIdOf } from '../use-case';
import { sendRound } from './check-kitchen';
import { lockOpenCheck, saveCheck } from './check-repository';
import type { CheckCall } from './checks';
import type { DeviceRow } from './device-repository';
import { openSessionOf } from './drawer-repository';
import { type PosDeps, unlockedRegister } from './register';
import { kickDrawer, registerPrinter, saleOf } from './sale';
import { insertTender, type TenderRow, tendersOf } from './sale-repository';

/**
 * Paying an open check in cash (docs/behaviour/pos.md#paying-a-check), on any register, in one
 * transaction: the Idempotency-Key claimed, the check locked (a second payment waits, then finds it paid:
 * 409), what was not sent yet sent as a last round, the tender in this register's open drawer, the order
 * `accepted` — a sale from here on, with its ledger lines — the drawer kick and the receipt. The same key
 * again answers the same sale; a failure rolls the key back with everything else.
 *
 * Split tender: an `amount` below the balance pays that part only. The tender is recorded and the drawer
 * opens, the check stays open (its version raised) with the rest to pay in cash or by card.
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
  const row = await lockOpenCheck(deps.db, scope, call.orderId, request.version);
  if ((row.lines as CheckLine[]).length === 0) throw new BrigadeError('conflict', 'CHECK_EMPTY', CHECK_EMPTY);
  const before = await tendersOf(deps.db, scope, [row.orderId]);
  const balance = row.total - paidToward(before);
  const amount = request.amount ?? balance;
  if (amount > balance)
    throw validationError(AMOUNT_OVER_BALANCE, [{ path: 'amount', message: AMOUNT_OVER_BALANCE }]);
  const change = request.tender.tendered - amount;
  if (change < 0) {
    const short = request.amount === undefined ? CASH_SHORT : CASH_SHORT_OF_AMOUNT;
    throw validationError(short, [{ path: 'tender.tendered', message: short }]);
  }
  const taken = { amount, tendered: request.tender.tendered, change, balance, before };
  const sale =
    amount < balance
      ? await payPart(deps, actor, device, row, taken)
      : await payInFull(deps, actor, device, row, { ...taken, receipt: request.receipt });
  await key.complete(deps.db, { orderId: row.orderId });
  return sale;
}

interface Taken {
  amount: number;
  tendered: number;
  change: number;
  /** What was left to pay before this cash, and the check's tenders before it. */
  balance: number;
  before: TenderRow[];
}

/** The whole balance: the check is sent, paid and a sale; the drawer opens and the receipt prints. */
async function payInFull(
  deps: PosDeps,
  actor: Actor,
  device: DeviceRow,
  check: OrderRow,
  taken: Taken & { receipt: 'print' | 'none' },
): Promise<PosOrder> {
  const now = deps.now?.() ?? new Date();
  const by = userIdOf(actor);
  let row = check;
  // what is still unsent goes to the kitchen with the payment (a held course is fired)
  const unsent = linesToSend(row.lines as CheckLine[]);
  if (unsent.length > 0)
    row = (await sendRound(deps.db, row, unsent, { by, deviceName: device.name, now })).saved;
  const paid = await saveCheck(deps.db, row, { status: 'accepted', readyAt: now });
  const tender = await takeCash(deps, device, paid, taken, by, now);
  const service = SERVICE_LABELS[paid.fulfilment === 'takeout' ? 'takeout' : 'dine_in'].toLowerCase();
  // the check becomes a sale: its history, and with it its ledger lines (cash included)
  await addOrderEvent(deps.db, paid, 'accepted', by, `Check paid at ${device.name} (${service}), in cash`);
  const printer = await registerPrinter(deps, device);
  const drawerKick = await kickDrawer(deps, printer, paid);
  const receiptQueued = printer !== null && taken.receipt === 'print';
  if (receiptQueued)
    await enqueue(deps.db, QUEUES.receipt.name, {
      ...scopeOf(paid),
      orderId: paid.orderId,
      printerId: printer.printerId,
    });
  return saleOf(paid, [...taken.before, tender], device.name, { drawerKick, receiptQueued });
}

/** Part of the balance (split tender): the cash is taken and the drawer opens; the check stays open. */
async function payPart(
  deps: PosDeps,
  actor: Actor,
  device: DeviceRow,
  check: OrderRow,
  taken: Taken,
): Promise<PosOrder> {
  const now = deps.now?.() ?? new Date();
  const by = userIdOf(actor);
  // the version is raised: a card payment begun on another register for the old balance is refused
  const saved = await saveCheck(deps.db, check, {});
  const tender = await takeCash(deps, device, saved, taken, by, now);
  const left = `${formatAmount(taken.balance - taken.amount)} ${saved.currency}`;
  const part = `${formatAmount(taken.amount)} ${saved.currency}`;
  await addOrderEvent(
    deps.db,
    saved,
    'open',
    by,
    `Paid ${part} in cash at ${device.name}; ${left} left to pay`,
  );
  const drawerKick = await kickDrawer(deps, await registerPrinter(deps, device), saved);
  return saleOf(saved, [...taken.before, tender], device.name, { drawerKick, receiptQueued: false });
}

const scopeOf = (row: OrderRow) => ({ tenantId: row.tenantId, restaurantId: row.restaurantId });

/** The cash, in this register's open drawer (when one is open). */
async function takeCash(
  deps: PosDeps,
  device: DeviceRow,
  row: OrderRow,
  taken: Taken,
  by: string,
  now: Date,
) {
  const session = await openSessionOf(deps.db, scopeOf(row), device.deviceId, true);
  return insertTender(deps.db, {
    ...scopeOf(row),
    orderId: row.orderId,
    method: 'cash',
    amount: taken.amount,
    tendered: taken.tendered,
    change: taken.change,
    takenBy: by,
    deviceId: device.deviceId,
    sessionId: session?.sessionId ?? null,
    takenAt: now,
  });
}
