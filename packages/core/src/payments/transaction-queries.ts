import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { TransactionEventView, TransactionQuery, TransactionView } from '@brigade/domain/payments/api';
import type { ProcessorInquiry } from '@brigade/domain/payments/provider-port';
import { event } from './answer-records';
import { safeText } from './gateway-text';
import { openMerchantAccount } from './merchant-account-service';
import { gatewayProblem, type PaymentDeps } from './payment-deps';
import {
  addEvent,
  eventsOf,
  findTransaction,
  type NewTransactionRow,
  type RestaurantScope,
  refundsOf,
  updateTransaction,
} from './payment-repository';
import { TRANSACTION_NOT_FOUND } from './transaction-actions';
import { listTransactionRows } from './transaction-list-repository';
import { answerDetails, eventView, transactionView } from './transaction-view';
import { userNames } from './user-names';

export async function listTransactions(
  deps: PaymentDeps,
  _actor: Actor,
  input: RestaurantScope & TransactionQuery,
): Promise<{ transactions: TransactionView[]; nextCursor: string | null }> {
  const { tenantId, restaurantId, ...query } = input;
  return deps.transact(async (tx) => {
    const page = await listTransactionRows(tx, { tenantId, restaurantId }, query);
    const names = await userNames(
      tx,
      page.rows.map((row) => row.createdBy),
    );
    return { transactions: page.rows.map((row) => transactionView(row, names)), nextCursor: page.nextCursor };
  });
}

export async function getTransaction(
  deps: PaymentDeps,
  _actor: Actor,
  input: RestaurantScope & { transactionId: string },
): Promise<{ transaction: TransactionView; events: TransactionEventView[]; refunds: TransactionView[] }> {
  return deps.transact(async (tx) => {
    const row = await findTransaction(tx, input, input.transactionId);
    if (!row) throw notFound(TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND');
    const events = await eventsOf(tx, input, row.transactionId);
    const refunds = await refundsOf(tx, input, row.transactionId);
    const actors = [row, ...refunds].map((r) => r.createdBy).concat(events.map((e) => e.actor));
    const names = await userNames(tx, actors);
    return {
      transaction: transactionView(row, names),
      events: events.map((e) => eventView(e, names)),
      refunds: refunds.map((r) => transactionView(r, names)),
    };
  });
}

/** Asks the gateway about the transaction now (inquire) and keeps what it says: settlement, voidable, refundable. */
export async function refreshTransaction(
  deps: PaymentDeps,
  actor: Actor,
  input: RestaurantScope & { transactionId: string },
): Promise<{ transaction: TransactionView }> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const row = await deps.transact((tx) => findTransaction(tx, scope, input.transactionId));
  if (!row) throw notFound(TRANSACTION_NOT_FOUND, 'TRANSACTION_NOT_FOUND');
  if (!row.processorReference)
    throw new BrigadeError(
      'conflict',
      'NO_GATEWAY_REFERENCE',
      'This transaction has no gateway reference to check',
    );
  const { account } = await openMerchantAccount(deps, scope);
  let answer: ProcessorInquiry;
  try {
    answer = await deps.provider(account).inquire(row.processorReference);
  } catch (error) {
    throw gatewayProblem(error);
  }
  const changes: Partial<NewTransactionRow> = {
    settlementStatus: safeText(answer.settlementStatus) ?? row.settlementStatus,
    settlementBatch: safeText(answer.settlementBatch) ?? row.settlementBatch,
    voidable: answer.voidable ?? row.voidable,
    refundable: answer.refundable ?? row.refundable,
  };
  // Our own record of the capture wins: the processor's dates may carry no time zone.
  if (answer.capturedAt) changes.capturedAt = row.capturedAt ?? answer.capturedAt;
  if (answer.settledAt) {
    changes.settledAt = answer.settledAt;
    if (row.status === 'captured' && row.kind !== 'refund') changes.status = 'settled';
  }
  const saved = await deps.transact(async (tx) => {
    const updated = await updateTransaction(tx, row, row.transactionId, changes);
    await addEvent(
      tx,
      event(row, actor, 'inquire', 'checked', null, {
        ...answerDetails(answer),
        voidable: answer.voidable ?? null,
        refundable: answer.refundable ?? null,
      }),
    );
    return updated;
  });
  return { transaction: transactionView(saved) };
}
