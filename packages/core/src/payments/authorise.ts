import type { Actor } from '@brigade/domain/access';
import type { AuthoriseInput, TransactionView } from '@brigade/domain/payments/api';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import { event, recordAuthorisation } from './answer-records';
import { type IdempotencyKeyHandle, idempotencyKey } from './idempotency';
import {
  failureOf,
  type GatewayAccount,
  gatewayProblem,
  mayHaveBeenProcessed,
  type PaymentDeps,
} from './payment-deps';
import { addEvent, type RestaurantScope, type TransactionRow, updateTransaction } from './payment-repository';
import { beginPayment } from './pending-payment';
import { reconcileAuthorisation } from './reconcile';
import { transactionView } from './transaction-view';

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
