import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { formatAmount } from '@brigade/domain/payments/amount';
import type { PosOrder } from '@brigade/domain/pos/api';
import {
  AMOUNT_OVER_BALANCE,
  CHECK_EMPTY,
  type CheckLine,
  linesToSend,
  paidToward,
  payCheckCardSchema,
} from '@brigade/domain/pos/checks';
import { NO_TERMINAL } from '@brigade/domain/pos/terminal';
import type { OrderRow } from '../ordering/index';
import { addOrderEvent } from '../ordering/index';
import { idempotencyKey } from '../payments/index';
import { clockSettingsOf, registerUnlockedCheck } from '../staff/index';
import { userIdOf } from '../use-case';
import { type CardIntent, type PosCardDeps, replaySale, withTip, writeIntent } from './card-sale';
import { type CardAnswer, finishCardSale, settleTerminalFailure, terminalAnswer } from './card-sale-record';
import { sendRound } from './check-kitchen';
import { lockOpenCheck, saveCheck } from './check-repository';
import type { CheckCall } from './checks';
import type { RestaurantScope } from './device-repository';
import { openRegister, type RegisterPlace } from './register';
import { tendersOf } from './sale-repository';
import { runOnTerminal } from './terminal-run';

/**
 * Paying an open check by card on the register's terminal (docs/behaviour/pos.md#paying-a-check): the card
 * sale's steps (decision 052) with the check as its order. The check is read at its version, the intent is
 * written, the terminal charges the total and tip; the record then locks the check again and refuses it if
 * it was changed or paid meanwhile (another register's cash, another card) — and then, as any record that
 * fails, the charge is voided. So a check is paid once however many registers try at the same moment.
 */

export const PAY_CHECK_CARD_OPERATION = 'payPosCheckCard';

export async function payCheckByCard(
  deps: PosCardDeps,
  actor: Actor,
  call: CheckCall & { idempotencyKey: unknown; body: unknown },
): Promise<PosOrder> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const request = payCheckCardSchema.parse(call.body);
  return payCheckOnTerminal(deps, actor, {
    scope,
    orderId: call.orderId,
    version: request.version,
    amount: request.amount,
    receipt: request.receipt,
    key: call.idempotencyKey,
    openPlace: registerPlace(deps, actor, scope, call.token),
    // a register's card may take its tip from the signed receipt later (a kiosk's never does)
    tipsOnReceipt: async (tx) => (await clockSettingsOf(tx, scope)).cardTips === 'receipt',
  });
}

/** The register paying a check, in the intent's transaction: paired, unlocked, its staff allowed to. */
export const registerPlace =
  (deps: PosCardDeps, actor: Actor, scope: RestaurantScope, token: unknown) =>
  async (tx: Executor): Promise<RegisterPlace> => {
    const place = await openRegister({ db: tx, menuCache: deps.menuCache }, actor, scope, token);
    await registerUnlockedCheck(tx, place.device);
    return place;
  };

/** How the card is charged: on the device's terminal, or keyed into the hosted card-entry frame. */
export interface CardCharge {
  /** The Idempotency-Key's operation and the request it names. */
  operation: string;
  body: object;
  terminal: boolean;
  /**
   * Charges the balance (and a tip) — or, with `tipLater`, authorises the balance only, its tip to come from
   * the receipt; settles a failure itself and throws its problem.
   */
  run: (
    place: RegisterPlace,
    intent: CardIntent,
    balance: number,
    tipLater: boolean,
  ) => Promise<{ answer: CardAnswer; tip: number }>;
}

interface CheckCardCall {
  scope: RestaurantScope;
  orderId: number;
  version: number;
  /** Split tender: the part of the balance this card pays; the whole balance without it. */
  amount?: number | undefined;
  receipt: 'print' | 'none';
  key: unknown;
  openPlace: (tx: Executor) => Promise<RegisterPlace>;
  /** Whether the terminal's card takes its tip from the signed receipt later (decision 068). */
  tipsOnReceipt?: (tx: Executor) => Promise<boolean>;
}

/**
 * The card steps of paying an open check on a device's terminal: at a register (above), or at a kiosk for the
 * order its guest just placed (kiosk.ts). `openPlace` names the device, in the intent's transaction.
 */
export async function payCheckOnTerminal(
  deps: PosCardDeps,
  actor: Actor,
  call: CheckCardCall,
): Promise<PosOrder> {
  return payCheckWithCard(deps, actor, call, {
    operation: PAY_CHECK_CARD_OPERATION,
    body: {
      version: call.version,
      receipt: call.receipt,
      ...(call.amount === undefined ? {} : { amount: call.amount }),
    },
    terminal: true,
    run: async (place, intent, balance, tipLater) => {
      const outcome = await runOnTerminal(deps, place, intent, balance, tipLater);
      if ('failure' in outcome) return settleTerminalFailure(deps, actor, intent, outcome.failure);
      return { answer: terminalAnswer(outcome.answer), tip: outcome.tip };
    },
  });
}

/**
 * The card sale's steps (decision 052) with an open check as its order, for the balance it has left (split
 * tender): the key, the check at its version and the intent in one transaction; the charge; the record.
 */
export async function payCheckWithCard(
  deps: PosCardDeps,
  actor: Actor,
  call: CheckCardCall,
  charge: CardCharge,
): Promise<PosOrder> {
  const { scope } = call;
  const handle = idempotencyKey<{ orderId: number }>(deps, actor, {
    scope,
    key: call.key as string | undefined,
    operation: `${charge.operation}:${call.orderId}`,
    body: charge.body,
  });
  // the key, the check at its version and the payment's intent in one transaction: a refusal keeps nothing
  const begun = await deps.transact(async (tx) => {
    const place = await call.openPlace(tx);
    const claimed = await handle.claim(tx);
    if (claimed)
      return {
        place,
        replay: claimed.replay,
        check: null,
        written: null,
        paidBefore: 0,
        due: 0,
        tipLater: false,
      };
    const check = await lockOpenCheck(tx, scope, call.orderId, call.version);
    if (charge.terminal && (!place.device.terminalHsn || !place.device.terminalKey))
      throw new BrigadeError('conflict', 'NO_TERMINAL', NO_TERMINAL);
    if ((check.lines as CheckLine[]).length === 0)
      throw new BrigadeError('conflict', 'CHECK_EMPTY', CHECK_EMPTY);
    // split tender: the card pays what was paid toward the check left, or a part of it
    const paidBefore = paidToward(await tendersOf(tx, scope, [check.orderId]));
    const balance = check.total - paidBefore;
    const due = call.amount ?? balance;
    if (due > balance)
      throw validationError(AMOUNT_OVER_BALANCE, [{ path: 'amount', message: AMOUNT_OVER_BALANCE }]);
    const tipLater = charge.terminal && (await call.tipsOnReceipt?.(tx)) === true;
    const written = await writeIntent(deps, actor, tx, {
      place,
      total: due,
      key: handle.asClaim.key,
      keyed: !charge.terminal,
      capture: !tipLater,
    });
    return { place, replay: null, check, written, paidBefore, due, tipLater };
  });
  if (begun.replay) return replaySale(deps, begun.place, begun.replay.orderId);
  const { place, check, written, paidBefore, due, tipLater } = begun;
  if (!check || !written) throw new Error('unreachable: a check without its intent');
  const intent = { ...written, key: handle.asClaim.key };
  const { answer, tip } = await charge.run(place, intent, due, tipLater);
  const totals = withTip(check.totals as unknown as OrderTotals, tip);
  const part = due < check.total - paidBefore;
  const record = part ? recordCardPart : recordPaidCheck;
  const sale = {
    place,
    request: {
      service: check.fulfilment === 'takeout' ? ('takeout' as const) : ('dine_in' as const),
      lines: [],
      receipt: call.receipt,
    },
    lines: [],
    totals,
    check: {
      record: record(place, actor, check, { version: call.version, due, tip }),
      charged: due + tip,
      tip,
      part,
    },
  };
  return finishCardSale(deps, actor, intent, sale, answer);
}

/** What the approved card pays: the check at the version it was asked at, the part it pays and its tip. */
interface Paying {
  version: number;
  due: number;
  tip: number;
}

/**
 * The check as the approved card pays it, in the record's transaction: still at its version, or refused; its
 * totals are the locked row's with this card's tip (a tip added from a receipt meanwhile stays).
 */
function recordPaidCheck(place: RegisterPlace, actor: Actor, seen: OrderRow, paying: Paying) {
  return async (tx: Executor, transactionId: string): Promise<OrderRow> => {
    let row = await lockOpenCheck(tx, seen, seen.orderId, paying.version);
    const totals = withTip(row.totals as unknown as OrderTotals, paying.tip);
    const now = new Date();
    const unsent = linesToSend(row.lines as CheckLine[]);
    if (unsent.length > 0)
      row = (await sendRound(tx, row, unsent, { by: userIdOf(actor), deviceName: place.device.name, now }))
        .saved;
    return saveCheck(tx, row, {
      status: 'accepted',
      readyAt: now,
      transactionId,
      totals: { ...totals },
      total: totals.total,
    });
  };
}

/**
 * The check as an approved card pays a part of it (split tender), in the record's transaction: still at its
 * version (or refused, and the charge voided), it stays open with its version raised; the card's tip joins
 * its totals. The history says what was paid and what is left.
 */
function recordCardPart(place: RegisterPlace, actor: Actor, seen: OrderRow, paying: Paying) {
  return async (tx: Executor, _transactionId: string, card: string): Promise<OrderRow> => {
    const row = await lockOpenCheck(tx, seen, seen.orderId, paying.version);
    const paidBefore = paidToward(await tendersOf(tx, seen, [seen.orderId]));
    const totals = withTip(row.totals as unknown as OrderTotals, paying.tip);
    const saved = await saveCheck(tx, row, { totals: { ...totals }, total: totals.total });
    const money = (cents: number) => `${formatAmount(cents)} ${saved.currency}`;
    const paid = `${money(paying.due)}${paying.tip > 0 ? ` and a ${money(paying.tip)} tip` : ''}`;
    await addOrderEvent(
      tx,
      saved,
      'open',
      userIdOf(actor),
      `Paid ${paid} by ${card} at ${place.device.name}; ${money(row.total - paidBefore - paying.due)} left to pay`,
    );
    return saved;
  };
}
