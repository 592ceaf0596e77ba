import { answerOf } from '@brigade/cardpointe/provider';
import { type TerminalAuthResponse, TerminalCallError } from '@brigade/cardpointe/terminal';
import type { Executor } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import type { PricedLine } from '@brigade/domain/ordering/line-pricing';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { cardBrandOfToken } from '@brigade/domain/payments/api';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import { type PosOrder, SERVICE_LABELS } from '@brigade/domain/pos/api';
import {
  declinedMessage,
  PARTIAL_APPROVAL,
  type PlacePosCardOrderInput,
  type placePosCardOrderSchema,
  TERMINAL_BUSY,
  TERMINAL_CANCELLED,
  TERMINAL_FAILED,
  TERMINAL_NO_ANSWER,
  TERMINAL_NOT_CONNECTED,
  TERMINAL_REFUSED_KEY,
  TERMINAL_TIMED_OUT,
} from '@brigade/domain/pos/terminal';
import { enqueue } from '../jobs/index';
import { addOrderEvent, type OrderRow, queueKitchenTickets } from '../ordering/index';
import {
  addEvent,
  answerDetails,
  authorisationChanges,
  completeIdempotencyKey,
  event,
  releaseIdempotencyKey,
  updateTransaction,
} from '../payments/index';
import { requestHash } from '../request-hash';
import { userIdOf } from '../use-case';
import type { CardIntent, PosCardDeps } from './card-sale';
import type { RegisterPlace } from './register';
import { insertPosOrder, registerPrinter, saleOf } from './sale';
import { insertTender, tendersOf } from './sale-repository';

/** What a card sale's terminal answered, recorded (card-sale.ts): the sale, a decline, or a stop. */

/**
 * A card's answer, however it was taken: in the port's words, with the card's token (its brand and last four)
 * and how it was entered (tap, chip, swipe, keyed).
 */
export interface CardAnswer {
  read: ProcessorAnswer;
  token: string | undefined;
  entryMode: string | null;
}

/** The terminal answers in CardPointe's words; its adapter reads them into the port's (decision 061). */
export const terminalAnswer = (answer: TerminalAuthResponse): CardAnswer => ({
  read: answerOf(answer),
  token: typeof answer.token === 'string' ? answer.token : undefined,
  entryMode: typeof answer.entrymode === 'string' ? answer.entrymode : null,
});

export interface CardSale {
  place: RegisterPlace;
  request: ReturnType<typeof placePosCardOrderSchema.parse>;
  lines: PricedLine[];
  totals: OrderTotals;
  /**
   * An open check being paid (check-card.ts): its order is the check, written by `record` (which refuses a
   * check changed or paid since the terminal was asked: the charge is then voided), and its rounds were sent.
   */
  check?: {
    /** Writes the check as the card pays it (its totals from the locked row, with this card's tip). */
    record: (tx: Executor, transactionId: string, card: string) => Promise<OrderRow>;
    /** What the card is charged: the balance (or the part it pays) and its tip. */
    charged: number;
    /** This card's own tip (the check's totals hold every card's). */
    tip: number;
    /** Split tender: the card pays a part of the balance; the check stays open (`record` wrote its history). */
    part: boolean;
  };
}

const scopeOf = (intent: CardIntent) => ({
  tenantId: intent.pending.tenantId,
  restaurantId: intent.pending.restaurantId,
});

/** The brand and last four of the card, from its token (never a card number). */
const cardOf = (token: string | undefined) =>
  token && /^9\d{15,18}$/.test(token)
    ? { token, cardBrand: cardBrandOfToken(token), lastFour: token.slice(-4) }
    : { token: null, cardBrand: null, lastFour: null };

export async function finishCardSale(
  deps: PosCardDeps,
  actor: Actor,
  intent: CardIntent,
  sale: CardSale,
  answer: CardAnswer,
): Promise<PosOrder> {
  const { read } = answer;
  const changes = authorisationChanges(intent.pending, read, true);
  if (read.approval !== 'approved') {
    await deps.transact(async (tx) => {
      await updateTransaction(tx, intent.pending, intent.pending.transactionId, changes);
      await addEvent(
        tx,
        event(intent.pending, actor, 'authorise', 'declined', intent.pending.amount, details(answer)),
      );
      await releaseIdempotencyKey(tx, scopeOf(intent), intent.key);
    });
    throw new BrigadeError('payment_required', 'CARD_DECLINED', declinedMessage(read.processorText));
  }
  if ((changes.authorisedAmount ?? 0) < intent.pending.amount) {
    await voidApproved(deps, actor, intent, answer);
    throw new BrigadeError('payment_required', 'PARTIAL_APPROVAL', PARTIAL_APPROVAL);
  }
  try {
    return await deps.transact((tx) =>
      recordSale(deps, actor, tx, intent, sale, { ...changes, ...cardOf(answer.token) }, answer),
    );
  } catch (error) {
    // capture, then record; the record failed: the charge is voided (left to the sweep if even that fails)
    await voidApproved(deps, actor, intent, answer).catch(() => {});
    throw error;
  }
}

/** "visa ending 1111", as the history names a card. */
const cardName = (card: { cardBrand: string | null; lastFour: string | null }) =>
  `${card.cardBrand ?? 'card'}${card.lastFour ? ` ending ${card.lastFour}` : ''}`;

const details = (answer: CardAnswer) => ({ ...answerDetails(answer.read), entryMode: answer.entryMode });

async function recordSale(
  deps: PosCardDeps,
  actor: Actor,
  tx: Parameters<Parameters<PosCardDeps['transact']>[0]>[0],
  intent: CardIntent,
  sale: CardSale,
  changes: ReturnType<typeof authorisationChanges> & ReturnType<typeof cardOf>,
  answer: CardAnswer,
): Promise<PosOrder> {
  const { place, request, lines, totals } = sale;
  const scope = scopeOf(intent);
  const now = deps.now?.() ?? new Date();
  const by = userIdOf(actor);
  const row = sale.check
    ? await sale.check.record(tx, intent.pending.transactionId, cardName(changes))
    : await insertPosOrder(tx, place, { request, lines, totals }, now, {
        idempotencyKey: intent.key,
        requestHash: requestHash('placePosCardOrder', request),
        transactionId: intent.pending.transactionId,
      });
  if (!row)
    throw new BrigadeError(
      'unprocessable',
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used with a different request',
    );
  const charged = sale.check?.charged ?? totals.total;
  // the tender first: a card paying part of a check is found by it when its capture reaches the ledger
  const tender = await insertTender(tx, {
    ...scope,
    orderId: row.orderId,
    method: 'card',
    amount: charged,
    tendered: charged,
    change: 0,
    tip: sale.check?.tip ?? totals.tip,
    // authorised only: the tip comes from the signed receipt (decision 068)
    tipPending: changes.status === 'authorised',
    transactionId: intent.pending.transactionId,
    cardBrand: changes.cardBrand,
    lastFour: changes.lastFour,
    authorisationCode: changes.authorisationCode ?? null,
    takenBy: by,
    deviceId: place.device.deviceId,
    sessionId: null,
    takenAt: now,
  });
  await updateTransaction(tx, intent.pending, intent.pending.transactionId, changes);
  await addEvent(tx, event(intent.pending, actor, 'authorise', 'approved', charged, details(answer)));
  // a part of a check: it stays open, and `record` said what was paid and what is left
  if (sale.check?.part) {
    // this guest's own slip (to sign and write the tip on, when the tip comes from it)
    const receiptQueued = await queueReceipt(tx, place, request, row, tender.tenderId);
    await completeKey(tx, intent, row.orderId);
    const tenders = await tendersOf(tx, scope, [row.orderId]);
    return saleOf(row, tenders, place.device.name, { drawerKick: false, receiptQueued });
  }
  const card = cardName(changes);
  const service = SERVICE_LABELS[request.service].toLowerCase();
  const how = sale.check ? 'Check paid at' : 'Rung up at';
  const later = changes.status === 'authorised' ? ', its tip to add from the receipt' : '';
  await addOrderEvent(
    tx,
    row,
    'accepted',
    by,
    `${how} ${place.device.name} (${service}), paid by ${card}${later}`,
  );
  // a check's lines went to the kitchen in its rounds (the last one as it was paid)
  if (!sale.check) await queueKitchenTickets(tx, row);
  const receiptQueued = await queueReceipt(tx, place, request, row);
  await completeKey(tx, intent, row.orderId);
  // a check paid in parts shows every tender that paid it
  const tenders = sale.check ? await tendersOf(tx, scope, [row.orderId]) : [tender];
  return saleOf(row, tenders, place.device.name, { drawerKick: false, receiptQueued });
}

/**
 * The receipt's print job, on the register's printer when the register asked for one: the sale's receipt, or
 * (with `tenderId`) the slip of a card that paid part of a check. Answers whether it was queued.
 */
async function queueReceipt(
  tx: Executor,
  place: CardSale['place'],
  request: CardSale['request'],
  row: { tenantId: number; restaurantId: number; orderId: number },
  tenderId?: number,
): Promise<boolean> {
  const printer = await registerPrinter({ db: tx }, place.device);
  if (printer === null || request.receipt !== 'print') return false;
  await enqueue(tx, QUEUES.receipt.name, {
    tenantId: row.tenantId,
    restaurantId: row.restaurantId,
    orderId: row.orderId,
    printerId: printer.printerId,
    ...(tenderId === undefined ? {} : { tenderId }),
  });
  return true;
}

async function completeKey(
  tx: Parameters<typeof releaseIdempotencyKey>[0],
  intent: CardIntent,
  orderId: number,
) {
  await completeIdempotencyKey(tx, scopeOf(intent), intent.key, { status: 200, body: { orderId } });
}

/** What a voided approval keeps of its answer, in the port's words (its adapter reads the wire). */
function recorded(answer: CardAnswer) {
  const { read } = answer;
  return {
    processorReference: read.processorReference,
    authorisationCode: read.authorisationCode,
    approval: read.approval,
    processorText: read.processorText,
  };
}

/** An approval that must not stand (partial, stopped after it, or not recorded): voided by its reference. */
async function voidApproved(deps: PosCardDeps, actor: Actor, intent: CardIntent, answer: CardAnswer) {
  const { account, pending } = intent;
  const voided = await deps.provider(account).void({ processorReference: answer.read.processorReference! });
  if (voided.approval !== 'approved') throw new BrigadeError('bad_gateway', 'VOID_REFUSED', TERMINAL_FAILED);
  await deps.transact(async (tx) => {
    await updateTransaction(tx, pending, pending.transactionId, {
      status: 'voided',
      ...recorded(answer),
      voidable: false,
      refundable: false,
    });
    await addEvent(tx, event(pending, actor, 'void', 'approved', pending.amount, details(answer)));
    await releaseIdempotencyKey(tx, scopeOf(intent), intent.key);
  });
}

/** The terminal stopped (cancelled, timed out, refused) or never answered: what that means for the money. */
export async function settleTerminalFailure(
  deps: PosCardDeps,
  actor: Actor,
  intent: CardIntent,
  failure: unknown,
): Promise<never> {
  const error = failure instanceof TerminalCallError ? failure : null;
  // No answer at all: the terminal service may have charged the card; the sweep settles it by its order id.
  if (!error || (error.details.errorCode === undefined && error.failure !== 'unauthorized'))
    throw new BrigadeError('gateway_timeout', 'TERMINAL_NO_ANSWER', TERMINAL_NO_ANSWER);
  const approved = error.details.authResponse;
  const read = approved && answerOf(approved);
  if (read?.approval === 'approved' && read.processorReference)
    await voidApproved(deps, actor, intent, terminalAnswer(approved!));
  else
    await deps.transact(async (tx) => {
      const { pending } = intent;
      await updateTransaction(tx, pending, pending.transactionId, {
        status: 'failed',
        processorText: (error.details.errorMessage ?? error.failure).slice(0, 200),
      });
      await addEvent(
        tx,
        event(pending, actor, 'authorise', 'failed', pending.amount, { terminal: error.failure }),
      );
      await releaseIdempotencyKey(tx, scopeOf(intent), intent.key);
    });
  throw problemOf(error);
}

function problemOf(error: TerminalCallError): BrigadeError {
  switch (error.failure) {
    case 'cancelled':
    case 'voided':
      return new BrigadeError('conflict', 'TERMINAL_CANCELLED', TERMINAL_CANCELLED);
    case 'timeout':
      return new BrigadeError('gateway_timeout', 'TERMINAL_TIMED_OUT', TERMINAL_TIMED_OUT);
    case 'not-connected':
      return new BrigadeError('conflict', 'TERMINAL_NOT_CONNECTED', TERMINAL_NOT_CONNECTED);
    case 'in-use':
      return new BrigadeError('conflict', 'TERMINAL_BUSY', TERMINAL_BUSY);
    case 'unauthorized':
      return new BrigadeError('bad_gateway', 'TERMINAL_UNAUTHORIZED', TERMINAL_REFUSED_KEY);
    default:
      return new BrigadeError('bad_gateway', 'TERMINAL_FAILED', TERMINAL_FAILED);
  }
}

export type { PlacePosCardOrderInput };
