import type { Actor } from '@brigade/domain/access';
import type { AuthoriseInput, TransactionView } from '@brigade/domain/payments/api';
import { looksLikeCardNumber } from '@brigade/domain/payments/order-id';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import { userIdOf } from '../use-case';
import { safeText } from './gateway-text';
import { type IdempotencyKeyHandle, idempotencyKey } from './idempotency';
import {
  failureOf,
  type GatewayAccount,
  gatewayProblem,
  mayHaveBeenProcessed,
  type PaymentDeps,
} from './payment-deps';
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
  // A stored card is charged by its profile at the processor; a token is the card-entry frame's.
  const card = input.profile
    ? {
        storedCard: { profileId: input.profile.profileId, acctId: input.profile.acctId },
        expiry: input.expiry,
      }
    : { token: input.token!, expiry: input.expiry };
  let answer: ProcessorAnswer;
  try {
    answer = await deps.provider(account).authorise({
      card,
      amount: pending.amount,
      currency: 'USD',
      paymentOrderId: pending.paymentOrderId,
      capture: input.capture && pending.amount > 0,
      name: input.name,
      postal: input.postal,
    });
  } catch (error) {
    if (mayHaveBeenProcessed(error)) {
      const cause = { failure: failureOf(error) };
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

/** An answer's outcome for its event: approved, retry, declined, or unknown when it said none. */
export const outcomeOf = (answer: { approval: ProcessorAnswer['approval'] }): string =>
  answer.approval ?? 'unknown';

/** The fields an authorisation answer sets on its transaction. */
export function authorisationChanges(
  row: TransactionRow,
  answer: ProcessorAnswer,
  capture: boolean,
): Partial<NewTransactionRow> {
  const approved = answer.approval === 'approved';
  const authorised = approved ? (answer.amount ?? row.amount) : null;
  const captured = approved && capture && row.kind === 'sale';
  return {
    status: approved
      ? captured
        ? 'captured'
        : 'authorised'
      : answer.approval === 'declined'
        ? 'declined'
        : 'failed',
    processorReference: safeText(answer.processorReference),
    authorisedAmount: authorised,
    capturedAmount: captured ? (authorised ?? 0) : 0,
    approval: answer.approval,
    processorCode: safeText(answer.processorCode),
    processorText: safeText(answer.processorText),
    processorPlatform: safeText(answer.processorPlatform),
    authorisationCode: safeText(answer.authorisationCode),
    avsResult: safeText(answer.avsResult),
    cvvResult: safeText(answer.cvvResult),
    settlementStatus: safeText(answer.settlementStatus),
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
  answer: ProcessorAnswer,
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
    partial ? 'partially_approved' : outcomeOf(answer),
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
      processorText: problem.message.slice(0, 200),
    });
    await addEvent(tx, event(row, actor, 'authorise', 'failed', row.amount, { code: problem.code }));
  });
}
