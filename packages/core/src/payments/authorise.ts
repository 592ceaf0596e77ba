import { GatewayCallError } from '@brigade/cardpointe/gateway';
import type { Actor } from '@brigade/domain/access';
import { formatAmount, parseDecimalAmount } from '@brigade/domain/payments/amount';
import { authorisationKind } from '@brigade/domain/payments/amount-kinds';
import { type AuthoriseInput, cardBrandOfToken, type TransactionView } from '@brigade/domain/payments/api';
import type { AuthResponseLenient } from '@brigade/domain/payments/gateway-response';
import { generateOrderId } from '@brigade/domain/payments/order-id';
import { userIdOf } from '../use-case';
import { safeText } from './gateway-text';
import { idempotent } from './idempotency';
import { openMerchantAccount } from './merchant-account-service';
import { gatewayProblem, type PaymentDeps } from './payment-deps';
import {
  addEvent,
  insertTransaction,
  type NewTransactionRow,
  type RestaurantScope,
  type TransactionRow,
  updateTransaction,
} from './payment-repository';
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
  const { idempotencyKey, tenantId, restaurantId, ...input } = call;
  const scope = { tenantId, restaurantId };
  return idempotent(
    deps,
    actor,
    { scope, key: idempotencyKey, operation: 'authorisePayment', body: input },
    async () => {
      const { account } = await openMerchantAccount(deps, scope);
      const total = input.amount + (input.tipAmount ?? 0);
      const kind =
        authorisationKind(total) === 'account_verification'
          ? 'verification'
          : input.capture
            ? 'sale'
            : 'authorisation';
      const pending = await deps.transact(async (tx) => {
        const row = await insertTransaction(tx, {
          ...scope,
          kind,
          status: 'pending',
          merchid: account.merchid,
          orderid: generateOrderId(deps.randomBytes(16)),
          orderReference: input.orderReference ?? null,
          amount: total,
          tipAmount: input.tipAmount ?? 0,
          token: input.token,
          lastFour: input.token.slice(-4),
          cardBrand: cardBrandOfToken(input.token),
          createdBy: userIdOf(actor),
        });
        await addEvent(tx, event(row, actor, 'authorise', 'requested', total, { capture: input.capture }));
        return row;
      });
      const request = {
        merchid: account.merchid,
        account: input.token,
        expiry: input.expiry,
        amount: formatAmount(total),
        currency: 'USD',
        orderid: pending.orderid,
        capture: input.capture && total > 0 ? ('Y' as const) : ('N' as const),
        ecomind: 'T' as const,
        ...(input.name ? { name: input.name } : {}),
        ...(input.postal ? { postal: input.postal } : {}),
      };
      let answer: AuthResponseLenient;
      try {
        answer = await deps.gateway(account).auth(request);
      } catch (error) {
        if (mayHaveBeenProcessed(error)) {
          const reconciled = await reconcileAuthorisation(deps, actor, {
            scope,
            account,
            row: pending,
            cause: error as GatewayCallError,
          });
          return { transaction: transactionView(reconciled) };
        }
        await recordFailure(deps, actor, pending, error);
        throw gatewayProblem(error);
      }
      const saved = await recordAuthorisation(deps, actor, pending, answer, input.capture);
      return { transaction: transactionView(saved) };
    },
  );
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
