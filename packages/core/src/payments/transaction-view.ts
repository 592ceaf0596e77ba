import type { TransactionEventView, TransactionView } from '@brigade/domain/payments/api';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import { declineCategoryMeaning } from '@brigade/domain/payments/transaction-state';
import { withTextRuleApplied } from './gateway-text';
import type { TransactionEventRow, TransactionRow } from './payment-repository';

/** A transaction as the API shows it: never its token, and advice in words for what staff should do. */
export function transactionView(row: TransactionRow, names?: ReadonlyMap<string, string>): TransactionView {
  return {
    transactionId: row.transactionId,
    parentTransactionId: row.parentTransactionId,
    kind: row.kind,
    status: row.status,
    paymentOrderId: row.paymentOrderId,
    processorReference: row.processorReference,
    orderReference: row.orderReference,
    amount: row.amount,
    authorisedAmount: row.authorisedAmount,
    capturedAmount: row.capturedAmount,
    refundedAmount: row.refundedAmount,
    tipAmount: row.tipAmount,
    currency: row.currency,
    lastFour: row.lastFour,
    cardBrand: row.cardBrand,
    approval: row.approval,
    processorCode: row.processorCode,
    processorText: row.processorText,
    processorPlatform: row.processorPlatform,
    authorisationCode: row.authorisationCode,
    avsResult: row.avsResult,
    cvvResult: row.cvvResult,
    settlementStatus: row.settlementStatus,
    settlementBatch: row.settlementBatch,
    declineCategory: row.declineCategory,
    advice: adviceFor(row),
    voidable: row.voidable,
    refundable: row.refundable,
    capturedAt: row.capturedAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdByName: names?.get(row.createdBy) ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    reconciliation: reconciliationOf(row),
  };
}

const DECLINE_ADVICE = {
  never_retry: 'Do not try this card again; ask for another way to pay.',
  retry_later: 'The issuer asks to try again later.',
  fix_data_and_retry: 'Check the card details (expiry, postal code, CVV) and try again.',
  other: 'The card was declined; ask for another way to pay.',
  unknown: 'The card was declined; ask for another way to pay.',
} as const;

/** What staff should do next, in words; null when nothing is needed. */
export function adviceFor(
  row: Pick<TransactionRow, 'status' | 'declineCategory' | 'reconciliation'>,
): string | null {
  switch (row.status) {
    case 'declined':
      return DECLINE_ADVICE[declineCategoryMeaning(row.declineCategory ?? undefined)];
    case 'failed':
      return 'Nothing was charged. A temporary problem at the gateway or processor: try again.';
    case 'unknown':
      return 'The gateway did not confirm this payment. Do not charge the card again until it is resolved; Brigade keeps checking.';
    case 'pending':
      return 'Waiting for the gateway.';
    default:
      return null;
  }
}

function reconciliationOf(row: TransactionRow): TransactionView['reconciliation'] {
  if (row.status === 'unknown') return { state: 'unresolved', detail: row.reconciliation };
  if (row.status === 'pending') return { state: 'in_progress', detail: row.reconciliation };
  return row.reconciliation
    ? { state: 'resolved', detail: row.reconciliation }
    : { state: 'none', detail: null };
}

export const eventView = (
  row: TransactionEventRow,
  names?: ReadonlyMap<string, string>,
): TransactionEventView => ({
  eventId: row.eventId,
  step: row.step,
  outcome: row.outcome,
  amount: row.amount,
  details: row.details,
  actor: row.actor,
  actorName: names?.get(row.actor) ?? null,
  occurredAt: row.occurredAt.toISOString(),
});

/** The answer's codes and texts worth keeping on an event (never card data), made safe to store. */
export function answerDetails(answer: ProcessorAnswer): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const field of [
    'approval',
    'processorCode',
    'processorText',
    'processorPlatform',
    'processorReference',
    'authorisationCode',
    'settlementStatus',
  ] as const) {
    const value = answer[field];
    if (typeof value === 'string' && value !== '') kept[field] = withTextRuleApplied(value);
  }
  if (answer.amount !== null) kept.amount = String(answer.amount);
  return kept;
}
