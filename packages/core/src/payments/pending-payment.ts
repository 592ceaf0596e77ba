import { randomUUID } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import { authorisationKind, captureKind } from '@brigade/domain/payments/amount-kinds';
import {
  type AuthoriseInput,
  CARD_NUMBER_MESSAGE,
  cardBrandOfToken,
  overMaximumMessage,
  SALE_TIP_OVER_LIMIT_MESSAGE,
  type TransactionView,
} from '@brigade/domain/payments/api';
import { generateOrderId, looksLikeCardNumber } from '@brigade/domain/payments/order-id';
import { userIdOf } from '../use-case';
import { event } from './answer-records';
import type { IdempotencyKeyHandle } from './idempotency';
import { openMerchantAccountIn } from './merchant-account-service';
import type { GatewayAccount, PaymentDeps } from './payment-deps';
import {
  addEvent,
  claimAndInsertPending,
  insertTransaction,
  type RestaurantScope,
  type TransactionRow,
} from './payment-repository';
import { findProfileRow } from './profile-repository';
import { assertSameMerchant, PROFILE_NOT_FOUND } from './profiles';

/**
 * A payment's first transaction (decision 023): the Idempotency-Key claimed, the merchant account opened, the
 * payment written as `pending` with its `authorise`/`requested` event — all or nothing. The usual case takes
 * two statements (the account read; the key's claim, the row and the event in one); a key already taken, or a
 * refusal, rolls that back and takes the step-by-step path, which tells a repeat (the stored answer), a
 * request still running (409) and a key reused with another body (422) apart, exactly as before.
 */

type Answer = { transaction: TransactionView };
export type Begun = { replay: Answer } | { account: GatewayAccount; pending: TransactionRow };

/** The fast path gave way: roll its transaction back and take the step-by-step one. */
class StepByStep extends Error {}

export async function beginPayment(
  deps: PaymentDeps,
  actor: Actor,
  idempotency: IdempotencyKeyHandle<Answer>,
  payment: { scope: RestaurantScope; input: AuthoriseInput },
): Promise<Begun> {
  const { scope, input } = payment;
  try {
    return await deps.transact(async (tx) => {
      const { account, pending } = await prepare(deps, actor, tx, payment).catch((error: unknown) => {
        // a refusal may answer a repeat: the step-by-step path claims the key first, as it always did
        throw error instanceof BrigadeError ? new StepByStep() : error;
      });
      const first = event(pending, actor, 'authorise', 'requested', pending.amount, {
        capture: input.capture,
      });
      if (!(await claimAndInsertPending(tx, idempotency.asClaim, pending, first))) throw new StepByStep();
      idempotency.claimedWith();
      return { account, pending };
    });
  } catch (error) {
    if (!(error instanceof StepByStep)) throw error;
  }
  return deps.transact(async (tx) => {
    const claimed = await idempotency.claim(tx);
    if (claimed) return claimed;
    const { account, pending } = await prepare(deps, actor, tx, { scope, input });
    const saved = await insertTransaction(tx, pending);
    await addEvent(
      tx,
      event(saved, actor, 'authorise', 'requested', saved.amount, { capture: input.capture }),
    );
    return { account, pending: saved };
  });
}

/** The account to charge through and the pending row, every column given (so the row written is this one). */
async function prepare(
  deps: PaymentDeps,
  actor: Actor,
  tx: Executor,
  { scope, input }: { scope: RestaurantScope; input: AuthoriseInput },
): Promise<{ account: GatewayAccount; pending: TransactionRow }> {
  const { row, account } = await openMerchantAccountIn(deps, tx, scope);
  const total = input.amount + (input.tipAmount ?? 0);
  assertWithinLimits(input, total, row.maxTransactionAmount);
  const card = await cardOf(tx, scope, input, account.merchantId);
  const kind =
    authorisationKind(total) === 'account_verification'
      ? 'verification'
      : input.capture
        ? 'sale'
        : 'authorisation';
  const now = new Date();
  const pending: TransactionRow = {
    transactionId: randomUUID(),
    ...scope,
    parentTransactionId: null,
    refundAllocation: null,
    kind,
    status: 'pending',
    merchantId: account.merchantId,
    paymentOrderId: generateOrderId(deps.randomBytes(16)),
    processorReference: null,
    orderReference: input.orderReference ?? null,
    amount: total,
    authorisedAmount: null,
    capturedAmount: 0,
    refundedAmount: 0,
    tipAmount: input.tipAmount ?? 0,
    currency: 'USD',
    ...card,
    approval: null,
    processorCode: null,
    processorText: null,
    processorPlatform: null,
    authorisationCode: null,
    avsResult: null,
    cvvResult: null,
    settlementStatus: null,
    settlementBatch: null,
    declineCategory: null,
    voidable: null,
    refundable: null,
    reconciliation: null,
    capturedAt: null,
    voidedAt: null,
    voidedAmount: 0,
    settledAt: null,
    createdBy: userIdOf(actor),
    createdAt: now,
    updatedAt: now,
  };
  return { account, pending };
}

/**
 * docs/behaviour/payments.md#limits-on-amounts: a sale's tip is at most 25% of its amount (as a capture's), and
 * no payment's total exceeds the restaurant's maximum.
 */
function assertWithinLimits(input: AuthoriseInput, total: number, max: number): void {
  const tip = input.tipAmount ?? 0;
  if (input.capture && tip > 0 && captureKind(input.amount, total) === 'tip_adjustment_over_limit')
    throw validationError(SALE_TIP_OVER_LIMIT_MESSAGE, [
      { path: 'tipAmount', message: SALE_TIP_OVER_LIMIT_MESSAGE },
    ]);
  if (total > max) {
    const message = overMaximumMessage(max);
    throw validationError(message, [{ path: 'amount', message }]);
  }
}

/** The card charged, as the transaction shows it: from the token, or from the stored profile's row. */
async function cardOf(
  tx: Executor,
  scope: RestaurantScope,
  input: AuthoriseInput,
  merchantId: string,
): Promise<{ token: string | null; lastFour: string | null; cardBrand: string | null }> {
  // The API's schema refuses a card number already; callers inside Brigade (checkout) get the same wall.
  if (input.token && looksLikeCardNumber(input.token))
    throw validationError(CARD_NUMBER_MESSAGE, [{ path: 'token', message: CARD_NUMBER_MESSAGE }]);
  if (input.token)
    return { token: input.token, lastFour: input.token.slice(-4), cardBrand: cardBrandOfToken(input.token) };
  const { profileId, acctId } = input.profile!;
  const row = await findProfileRow(tx, scope, profileId, acctId);
  if (!row) throw notFound(PROFILE_NOT_FOUND, 'PROFILE_NOT_FOUND');
  // another merchant's card: refused here, so nothing is written, the key is given back, the gateway not asked
  assertSameMerchant(row.merchantId, merchantId);
  return { token: null, lastFour: row.lastFour, cardBrand: row.cardBrand };
}
