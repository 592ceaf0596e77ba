import { GatewayCallError } from '@brigade/cardpointe/gateway';
import type { Actor } from '@brigade/domain/access';
import { formatAmount, parseDecimalAmount } from '@brigade/domain/payments/amount';
import type { AuthoriseInput, TransactionView } from '@brigade/domain/payments/api';
import type { AuthRequest } from '@brigade/domain/payments/authorisation';
import type { AuthResponseLenient } from '@brigade/domain/payments/gateway-response';
import { looksLikeCardNumber } from '@brigade/domain/payments/order-id';
import { userIdOf } from '../use-case';
import { safeText } from './gateway-text';
import { type IdempotencyKeyHandle, idempotencyKey } from './idempotency';
import { type GatewayAccount, gatewayProblem, type PaymentDeps } from './payment-deps';
import {
  addEvent,
  type KeyCompletion,
  type NewTransactionRow,
  type RestaurantScope,
  recordAnswerRows,
  type TransactionRow,
  updateTransaction,
} from './payment-repository';
import { beginPayment } from './pending-payment';
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
  const begun = await beginPayment(deps, actor, idempotency, { scope, input });
  if ('replay' in begun) return begun.replay;
  try {
    return await send(deps, actor, { scope, input, ...begun }, idempotency);
  } catch (error) {
    await idempotency.fail(error);
    throw error;
  }
}

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
  key: IdempotencyKeyHandle<{ transaction: TransactionView }>,
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
      await deps.transact((tx) => key.complete(tx, result));
      return result;
    }
    await recordFailure(deps, actor, pending, error);
    throw gatewayProblem(error);
  }
  const saved = await recordAuthorisation(
    deps,
    actor,
    pending,
    answer,
    input.capture,
    'authorise',
    (result) => key.completion(result),
  );
  return { transaction: transactionView(saved) };
}

/** No usable answer, but the request may have reached the processor: only the order id can tell. */
export const mayHaveBeenProcessed = (error: unknown): boolean =>
  error instanceof GatewayCallError && (error.mayHaveReachedGateway || error.category === 'bad-answer');

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
    // A token only: a gateway that echoed a card number here would have it written (never stored).
    ...(answer.token && /^\d{12,19}$/.test(answer.token) && !looksLikeCardNumber(answer.token)
      ? { token: answer.token }
      : {}),
  };
}

export async function recordAuthorisation(
  deps: PaymentDeps,
  actor: Actor,
  row: TransactionRow,
  answer: AuthResponseLenient,
  capture: boolean,
  step = 'authorise',
  completion?: (result: { transaction: TransactionView }) => KeyCompletion,
): Promise<TransactionRow> {
  const changes = authorisationChanges(row, answer, capture);
  const partial =
    changes.authorisedAmount !== null &&
    changes.authorisedAmount !== undefined &&
    changes.authorisedAmount < row.amount;
  // The row as the update leaves it (the fields given, a time of ours), so the answer stored with the key is
  // computed before the one statement that writes the row, its event and the key (decision 023).
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  const saved: TransactionRow = { ...row, ...given, updatedAt: new Date() };
  const answered = event(
    row,
    actor,
    step,
    partial ? 'partially_approved' : (OUTCOME_OF_RESPSTAT[answer.respstat ?? ''] ?? 'unknown'),
    changes.authorisedAmount ?? row.amount,
    answerDetails(answer),
  );
  await deps.transact((tx) =>
    recordAnswerRows(tx, saved, changes, answered, completion?.({ transaction: transactionView(saved) })),
  );
  return saved;
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
