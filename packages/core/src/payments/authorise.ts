import { GatewayCallError } from '@brigade/cardpointe/gateway';
import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { notFound } from '@brigade/domain/errors';
import { formatAmount, parseDecimalAmount } from '@brigade/domain/payments/amount';
import { authorisationKind } from '@brigade/domain/payments/amount-kinds';
import { type AuthoriseInput, cardBrandOfToken, type TransactionView } from '@brigade/domain/payments/api';
import type { AuthRequest } from '@brigade/domain/payments/authorisation';
import type { AuthResponseLenient } from '@brigade/domain/payments/gateway-response';
import { generateOrderId } from '@brigade/domain/payments/order-id';
import { userIdOf } from '../use-case';
import { safeText } from './gateway-text';
import { idempotencyKey } from './idempotency';
import { openMerchantAccountIn } from './merchant-account-service';
import { type GatewayAccount, gatewayProblem, type PaymentDeps } from './payment-deps';
import {
  addEvent,
  insertTransaction,
  type NewTransactionRow,
  type RestaurantScope,
  type TransactionRow,
  updateTransaction,
} from './payment-repository';
import { findProfileRow } from './profile-repository';
import { PROFILE_NOT_FOUND } from './profiles';
import { reconcileAuthorisation } from './reconcile';
import { answerDetails, transactionView } from './transaction-view';

export interface AuthoriseCall extends RestaurantScope, AuthoriseInput {
  idempotencyKey: string | undefined;
}

/**
 * Takes a payment (docs/behaviour/payments.md#taking-a-payment): records the transaction as pending under a
 * fresh order id before the gateway hears of it, authorises (and captures, for a sale), and records the
 * answer. When no answer comes, the order id finds out what happened (reconcile.ts) before this answers.
 * A decline is an answer, not an error: the transaction comes back with status declined and advice.
 */
export async function authorisePayment(
  deps: PaymentDeps,
  actor: Actor,
  call: AuthoriseCall,
): Promise<{ transaction: TransactionView }> {
  const { idempotencyKey: key, tenantId, restaurantId, ...input } = call;
  const scope = { tenantId, restaurantId };
  const idempotency = idempotencyKey<{ transaction: TransactionView }>(deps, actor, {
    scope,
    key,
    operation: 'authorisePayment',
    body: input,
  });
  // One transaction: the key claimed, the account opened, the payment written as pending (decision 023).
  const begun = await deps.transact(async (tx) => {
    const claimed = await idempotency.claim(tx);
    if (claimed) return claimed;
    const { account } = await openMerchantAccountIn(deps, tx, scope);
    const card = await cardOf(tx, scope, input);
    return {
      account,
      pending: await insertPending(tx, deps, actor, { scope, card, merchid: account.merchid }, input),
    };
  });
  if ('replay' in begun) return begun.replay;
  try {
    return await send(deps, actor, { scope, input, ...begun }, (tx, result) =>
      idempotency.complete(tx, result),
    );
  } catch (error) {
    await idempotency.fail(error);
    throw error;
  }
}

/** The card charged, as the transaction shows it: from the token, or from the stored profile's row. */
async function cardOf(
  tx: Executor,
  scope: RestaurantScope,
  input: AuthoriseInput,
): Promise<{ token: string | null; lastFour: string | null; cardBrand: string | null }> {
  if (input.token)
    return { token: input.token, lastFour: input.token.slice(-4), cardBrand: cardBrandOfToken(input.token) };
  const { profileId, acctId } = input.profile!;
  const row = await findProfileRow(tx, scope, profileId, acctId);
  if (!row) throw notFound(PROFILE_NOT_FOUND, 'PROFILE_NOT_FOUND');
  return { token: null, lastFour: row.lastFour, cardBrand: row.cardBrand };
}

async function insertPending(
  tx: Executor,
  deps: PaymentDeps,
  actor: Actor,
  where: {
    scope: RestaurantScope;
    merchid: string;
    card: { token: string | null; lastFour: string | null; cardBrand: string | null };
  },
  input: AuthoriseInput,
): Promise<TransactionRow> {
  const { scope, merchid, card } = where;
  const total = input.amount + (input.tipAmount ?? 0);
  const kind =
    authorisationKind(total) === 'account_verification'
      ? 'verification'
      : input.capture
        ? 'sale'
        : 'authorisation';
  const row = await insertTransaction(tx, {
    ...scope,
    kind,
    status: 'pending',
    merchid,
    orderid: generateOrderId(deps.randomBytes(16)),
    orderReference: input.orderReference ?? null,
    amount: total,
    tipAmount: input.tipAmount ?? 0,
    ...card,
    createdBy: userIdOf(actor),
  });
  await addEvent(tx, event(row, actor, 'authorise', 'requested', total, { capture: input.capture }));
  return row;
}

type Complete = (tx: Executor, result: { transaction: TransactionView }) => Promise<void>;

/** The gateway call and its answer, recorded with the key's completion in one transaction. */
async function send(
  deps: PaymentDeps,
  actor: Actor,
  payment: {
    scope: RestaurantScope;
    input: AuthoriseInput;
    account: GatewayAccount;
    pending: TransactionRow;
  },
  complete: Complete,
): Promise<{ transaction: TransactionView }> {
  const { input, account, pending } = payment;
  // A stored profile is named by `profileid/acctid`: the gateway charges the card it keeps.
  const card = input.profile
    ? { profile: `${input.profile.profileId}/${input.profile.acctId}` }
    : { account: input.token! };
  const request = {
    merchid: account.merchid,
    ...card,
    ...(input.expiry ? { expiry: input.expiry } : {}),
    amount: formatAmount(pending.amount),
    currency: 'USD',
    orderid: pending.orderid,
    capture: input.capture && pending.amount > 0 ? ('Y' as const) : ('N' as const),
    ecomind: 'T' as const,
    ...(input.name ? { name: input.name } : {}),
    ...(input.postal ? { postal: input.postal } : {}),
  };
  let answer: AuthResponseLenient;
  try {
    // Without `account` when a profile names the card: the gateway reads it from the profile.
    answer = await deps.gateway(account).auth(request as AuthRequest);
  } catch (error) {
    if (mayHaveBeenProcessed(error)) {
      const cause = error as GatewayCallError;
      const reconciled = await reconcileAuthorisation(deps, actor, { ...payment, row: pending, cause });
      const result = { transaction: transactionView(reconciled) };
      await deps.transact((tx) => complete(tx, result));
      return result;
    }
    await recordFailure(deps, actor, pending, error);
    throw gatewayProblem(error);
  }
  const saved = await recordAuthorisation(deps, actor, pending, answer, input.capture, 'authorise', complete);
  return { transaction: transactionView(saved) };
}

/** No usable answer, but the request may have reached the processor: only the order id can tell. */
export const mayHaveBeenProcessed = (error: unknown): boolean =>
  error instanceof GatewayCallError && (error.mayHaveReachedGateway || error.failure === 'bad-answer');

export const event = (
  row: Pick<TransactionRow, 'tenantId' | 'restaurantId' | 'transactionId'>,
  actor: Actor,
  step: string,
  outcome: string,
  amount: number | null,
  details: Record<string, string | number | boolean | null> = {},
) => ({
  tenantId: row.tenantId,
  restaurantId: row.restaurantId,
  transactionId: row.transactionId,
  step,
  outcome,
  amount,
  details,
  actor: userIdOf(actor),
});

export const OUTCOME_OF_RESPSTAT: Record<string, string> = { A: 'approved', B: 'retry', C: 'declined' };

/** The fields an authorisation answer sets on its transaction. */
export function authorisationChanges(
  row: TransactionRow,
  answer: AuthResponseLenient,
  capture: boolean,
): Partial<NewTransactionRow> {
  const approved = answer.respstat === 'A';
  const authorised = approved ? (parseDecimalAmount(answer.amount ?? '') ?? row.amount) : null;
  const captured = approved && capture && row.kind === 'sale';
  return {
    status: approved
      ? captured
        ? 'captured'
        : 'authorised'
      : answer.respstat === 'C'
        ? 'declined'
        : 'failed',
    retref: safeText(answer.retref),
    authorisedAmount: authorised,
    capturedAmount: captured ? (authorised ?? 0) : 0,
    respstat: safeText(answer.respstat),
    respcode: safeText(answer.respcode),
    resptext: safeText(answer.resptext),
    respproc: safeText(answer.respproc),
    authcode: safeText(answer.authcode),
    avsresp: safeText(answer.avsresp),
    cvvresp: safeText(answer.cvvresp),
    setlstat: safeText(answer.setlstat),
    declineCategory: safeText(answer.declineCategory),
    voidable: approved ? true : null,
    refundable: approved ? false : null,
    ...(captured ? { capturedAt: new Date() } : {}),
    ...(answer.token && /^\d{12,19}$/.test(answer.token) ? { token: answer.token } : {}),
  };
}

export async function recordAuthorisation(
  deps: PaymentDeps,
  actor: Actor,
  row: TransactionRow,
  answer: AuthResponseLenient,
  capture: boolean,
  step = 'authorise',
  complete?: Complete,
): Promise<TransactionRow> {
  const changes = authorisationChanges(row, answer, capture);
  const partial =
    changes.authorisedAmount !== null &&
    changes.authorisedAmount !== undefined &&
    changes.authorisedAmount < row.amount;
  return deps.transact(async (tx) => {
    const saved = await updateTransaction(tx, row, row.transactionId, changes);
    await addEvent(
      tx,
      event(
        row,
        actor,
        step,
        partial ? 'partially_approved' : (OUTCOME_OF_RESPSTAT[answer.respstat ?? ''] ?? 'unknown'),
        changes.authorisedAmount ?? row.amount,
        answerDetails(answer),
      ),
    );
    if (complete) await complete(tx, { transaction: transactionView(saved) });
    return saved;
  });
}

/** A call the gateway refused without processing it (credentials, limits, shape): nothing was charged. */
async function recordFailure(
  deps: PaymentDeps,
  actor: Actor,
  row: TransactionRow,
  error: unknown,
): Promise<void> {
  const problem = gatewayProblem(error);
  await deps.transact(async (tx) => {
    await updateTransaction(tx, row, row.transactionId, {
      status: 'failed',
      resptext: problem.message.slice(0, 200),
    });
    await addEvent(tx, event(row, actor, 'authorise', 'failed', row.amount, { code: problem.code }));
  });
}
