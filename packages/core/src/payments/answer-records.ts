import type { Actor } from '@brigade/domain/access';
import type { TransactionView } from '@brigade/domain/payments/api';
import { looksLikeCardNumber } from '@brigade/domain/payments/order-id';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import { userIdOf } from '../use-case';
import { safeText } from './gateway-text';
import type { PaymentDeps } from './payment-deps';
import {
  type KeyCompletion,
  type NewTransactionRow,
  recordAnswerRows,
  type TransactionRow,
} from './payment-repository';
import { answerDetails, transactionView } from './transaction-view';

/**
 * How a gateway's answer is written down: a transaction's event, an answer's outcome, and an authorisation's
 * answer recorded with its event (and its key's completion) in one statement. Taking a payment (authorise.ts)
 * and finding out what a lost authorisation did (reconcile.ts) both record answers this way.
 */

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
