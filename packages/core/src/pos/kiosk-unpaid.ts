import type { Executor } from '@brigade/db/database';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { type CheckLine, isSent } from '@brigade/domain/pos/checks';
import { addOrderEvent, findOrder } from '../ordering/index';
import { saveCheck } from './check-repository';
import { cardPaymentUnderWay, type UnpaidKioskCheck, unpaidKioskChecks } from './kiosk-unpaid-repository';

/**
 * The end of an unpaid kiosk order (docs/behaviour/kiosk.md#an-order-nobody-pays, decision 062): a "pay at
 * counter" order nobody paid is closed as abandoned once its business day is over or once it has waited
 * `afterMinutes` (KIOSK_UNPAID_MINUTES, 120 by default), whichever comes first. It is `cancelled` like a
 * check a cashier closes without a sale — nothing was sent to the kitchen, so no ledger line is written and
 * it is never in the sales — and it stays on the day's Orders screen with the reason in its history. The
 * `kiosk.unpaid` job runs it every 15 minutes; each check is locked and looked at again in its own short
 * transaction, so a cashier paying it meanwhile wins (the sweep then finds it no longer open) and two sweeps
 * never close one check twice.
 */

export const KIOSK_UNPAID_MINUTES = 120;
const BATCH = 200;

export const unpaidNote = (why: 'day' | number) =>
  why === 'day'
    ? 'Closed as abandoned: not paid at the counter by the end of its business day'
    : `Closed as abandoned: not paid at the counter within ${why} minutes`;

export interface UnpaidKioskResult {
  closed: number;
  /** Open kiosk orders looked at and left open (not yet due, or a card payment under way). */
  left: number;
}

export async function closeUnpaidKioskChecks(
  deps: { transact<T>(work: (tx: Executor) => Promise<T>): Promise<T> },
  options: { afterMinutes?: number; now?: Date } = {},
): Promise<UnpaidKioskResult> {
  const now = options.now ?? new Date();
  const afterMinutes = options.afterMinutes ?? KIOSK_UNPAID_MINUTES;
  // a day can end minutes after an order was placed: every open kiosk order older than a few minutes is looked at
  const placedBefore = new Date(now.getTime() - Math.min(afterMinutes, 5) * 60_000);
  const candidates = await deps.transact((tx) => unpaidKioskChecks(tx, { placedBefore, limit: BATCH }));
  const result: UnpaidKioskResult = { closed: 0, left: 0 };
  for (const check of candidates) {
    const why = dueWhy(check, now, afterMinutes);
    const closed = why !== null && (await deps.transact((tx) => closeAbandoned(tx, check, why)));
    result[closed ? 'closed' : 'left'] += 1;
  }
  return result;
}

/** Why the check is due: its business day is over, or it waited too long; null while it may still be paid. */
function dueWhy(check: UnpaidKioskCheck, now: Date, afterMinutes: number): 'day' | number | null {
  if (check.businessDate < toLocalMoment(now.toISOString(), check.timezone).date) return 'day';
  if (now.getTime() - check.createdAt.getTime() >= afterMinutes * 60_000) return afterMinutes;
  return null;
}

async function closeAbandoned(tx: Executor, check: UnpaidKioskCheck, why: 'day' | number): Promise<boolean> {
  const row = await findOrder(tx, check, check.orderId, true);
  // paid, closed or sent meanwhile (a cashier took it), or a card is on a terminal for it now: left alone
  if (row?.status !== 'open' || row.channel !== 'kiosk') return false;
  if ((row.lines as CheckLine[]).some(isSent)) return false;
  if (await cardPaymentUnderWay(tx, check)) return false;
  const closed = await saveCheck(tx, row, { status: 'cancelled' });
  await addOrderEvent(tx, closed, 'cancelled', 'system', unpaidNote(why));
  return true;
}
