import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { formatAmount } from '@brigade/domain/payments/amount';
import {
  CARD_PAID_PART,
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
import type { OrderRow } from '../ordering/index';
import { addOrderEvent, ORDER_INVALID } from '../ordering/index';
import { registerManagerCheck } from '../staff/index';
import { SYSTEM, userIdOf } from '../use-case';
import type { PosCardDeps } from './card-sale';
import { lockOpenCheck, saveCheck } from './check-repository';
import { type CheckCall, viewOf } from './checks';
import type { DeviceRow } from './device-repository';
import { openSessionOf } from './drawer-repository';
import { findTable } from './floor-repository';
import { type PosDeps, unlockedRegister } from './register';
import { kickDrawer, registerPrinter } from './sale';
import {
  cardsBackOffOpenChecks,
  endTipWait,
  insertTender,
  type TenderRow,
  tendersOf,
} from './sale-repository';
import { cardBackTender, giveBackCard } from './void';

/**
 * Closing a check that was opened for nothing, and moving a check to another table
 * (docs/behaviour/pos.md#open-checks). Both name the version the register saw.
 */

const scopeOf = (call: CheckCall) => ({ tenantId: call.tenantId, restaurantId: call.restaurantId });

/**
 * Closes a check with nothing sent to the kitchen (its unsent lines go with it): it is `cancelled`, frees its
 * table and never was a sale. Sent lines must be voided first, by a manager; a card that paid part of it must
 * be handed back first (a gateway's void is no part of this transaction).
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
  if (cardsToGiveBack(await tendersOf(deps.db, scopeOf(call), [row.orderId])).length > 0)
    throw new BrigadeError('conflict', 'CARD_PAID_PART', CARD_PAID_PART);
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

/** The cards that paid parts of a check and were not given back yet. */
const cardsToGiveBack = (tenders: readonly TenderRow[]) =>
  tenders.filter(
    (t) =>
      t.method === 'card' &&
      t.kind === 'payment' &&
      t.transactionId !== null &&
      !tenders.some((back) => back.kind === 'refund' && back.transactionId === t.transactionId),
  );

/**
 * Hands back what was paid toward an open check (split tender), a manager's: the cash from this register's
 * drawer, and each card that paid a part voided at the gateway (refunded once settled) before the
 * transaction that records it, its tip taken off the check. The check's lines can then be voided, moved or
 * discounted below what was paid, or the check closed. 409 "Nothing has been paid toward this check".
 */
export async function handBackCheckPayments(
  deps: PosCardDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const scope = scopeOf(call);
  const request = removeCheckLineSchema.parse(call.body);
  const register = async (tx: Executor) => {
    const { device } = await unlockedRegister(
      { db: tx, menuCache: deps.menuCache },
      actor,
      scope,
      call.token,
    );
    await registerManagerCheck(tx, actor, device);
    return device;
  };
  const cards = await deps.transact(async (tx) => {
    await register(tx);
    const row = await lockOpenCheck(tx, scope, call.orderId, request.version);
    return cardsToGiveBack(await tendersOf(tx, scope, [row.orderId]));
  });
  // each card recorded as soon as the gateway gave it back: a later failure leaves none counted as paid
  let toCards = 0;
  for (const card of cards) {
    await giveBackCard(deps, actor, scope, call.orderId, card.transactionId!, 'handback');
    toCards += await deps.transact(async (tx) =>
      recordCardBack(tx, (await register(tx)).deviceId, userIdOf(actor), card),
    );
  }
  return deps.transact(async (tx) => {
    const device = await register(tx);
    // the version was checked before the first card went back; each card's record raised it since
    const row = await lockOpenCheck(tx, scope, call.orderId, cards.length > 0 ? undefined : request.version);
    const saved = await saveCheck(tx, row, {});
    const cash = await handBackCash({ db: tx }, actor, device, saved);
    if (cash === 0 && cards.length === 0) throw new BrigadeError('conflict', 'NOTHING_PAID', NOTHING_PAID);
    const money = (cents: number) => `${formatAmount(cents)} ${saved.currency}`;
    const parts = [
      ...(cash > 0 ? [`${money(cash)} handed back in cash`] : []),
      ...(cards.length > 0 ? [`${money(toCards)} given back to the card${cards.length > 1 ? 's' : ''}`] : []),
    ];
    await addOrderEvent(tx, saved, 'open', userIdOf(actor), `${parts.join(', ')} at ${device.name}`);
    return viewOf(tx, saved);
  });
}

/** A card given back at the gateway, on the check: its `refund` tender, and its tip off the check's totals. */
async function recordCardBack(
  tx: Executor,
  deviceId: number | null,
  by: string,
  card: TenderRow,
): Promise<number> {
  const row = await lockOpenCheck(tx, card, card.orderId);
  const now = cardsToGiveBack(await tendersOf(tx, card, [row.orderId])).find(
    (t) => t.tenderId === card.tenderId,
  );
  if (!now) return 0; // recorded already
  await cardBackTender({ db: tx }, by, deviceId, now);
  if (now.tipPending) await endTipWait(tx, now);
  const totals = row.totals as unknown as OrderTotals;
  await saveCheck(tx, row, {
    totals: { ...totals, tip: totals.tip - now.tip, total: totals.total - now.tip },
    total: row.total - now.tip,
  });
  return now.amount;
}

/**
 * Records on their checks the cards the gateway gave back without the check knowing (the checkout sweep,
 * docs/behaviour/pos.md#split-tender): a hand-back whose process died between the gateway's void and its
 * record, or a card part voided from the payments screen. Until then the check counted that money as paid and
 * kept its tip. Each under the check's lock, so overlapping sweeps and a manager's own hand-back record it once.
 * Answers how many were recorded.
 */
export async function recordCardsGivenBack(deps: { transact: PosCardDeps['transact'] }): Promise<number> {
  const found = await deps.transact((tx) => cardsBackOffOpenChecks(tx, 100));
  let recorded = 0;
  for (const { tender } of found) {
    const amount = await deps.transact(async (tx) => {
      const back = await recordCardBack(tx, tender.deviceId, userIdOf(SYSTEM), tender).catch(
        (error: unknown) => {
          // the check was closed or paid meanwhile: nothing of it to record here
          if (error instanceof BrigadeError) return 0;
          throw error;
        },
      );
      if (back > 0) {
        const check = await lockOpenCheck(tx, tender, tender.orderId);
        const card = `${tender.cardBrand ?? 'card'} ending ${tender.lastFour ?? '????'}`;
        await addOrderEvent(
          tx,
          check,
          'open',
          userIdOf(SYSTEM),
          `${card} was found given back at the gateway: ${formatAmount(back)} ${check.currency} is no longer paid toward this check`,
        );
      }
      return back;
    });
    if (amount > 0) recorded += 1;
  }
  return recorded;
}

/**
 * The cash paid toward a check (split tender) goes back to the guest from this register's drawer: a `refund`
 * tender, and the drawer opens. Answers the amount (cards are given back by their own tenders).
 */
async function handBackCash(deps: PosDeps, actor: Actor, device: DeviceRow, row: OrderRow): Promise<number> {
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const tenders = await tendersOf(deps.db, scope, [row.orderId]);
  const paid = paidToward(tenders.filter((t) => t.method === 'cash'));
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
