import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import {
  type DayTransaction,
  daysAfter,
  FUNDING_DAYS_AFTER,
  type FundedTransaction,
  type Reconciliation,
  reconcileDay,
  SETTLEMENT_DAYS_AFTER,
  type SettledTransaction,
} from '@brigade/domain/ledger/reconciliation';
import { parseDecimalAmount } from '@brigade/domain/payments/amount';
import { cardLinesOfDay, restaurantTimezone, transactionsWithCardLines } from '../ledger/index';
import { openMerchantAccount } from './merchant-account-service';
import { gatewayProblem, type PaymentDeps } from './payment-deps';
import type { RestaurantScope } from './payment-repository';
import { type DayTransactionRow, dayTransactions, orderNumbers } from './reconciliation-repository';

/**
 * A business day's card money reconciled (docs/behaviour/reports.md#reconciliation): the sales ledger's card
 * lines of the day, transaction by transaction, beside the gateway's settlement batches of that day and the
 * two after, and its funding of the three days after. Six gateway reads, one after another (the test
 * system allows 20 a minute).
 */
export async function getReconciliation(
  deps: PaymentDeps,
  _actor: Actor,
  input: RestaurantScope & { date: string },
): Promise<Reconciliation> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const { account } = await openMerchantAccount(deps, scope);
  const { timezone, lines, rows, withLines, numbers } = await deps.transact(async (tx) => {
    const timezone = await restaurantTimezone(tx, scope);
    const lines = await cardLinesOfDay(tx, scope, input.date);
    const named = [...new Set(lines.map((line) => line.gatewayTransactionId))];
    const rows = await dayTransactions(tx, scope, { date: input.date, timezone, named });
    const payments = rows.map((row) => row.parentTransactionId ?? row.transactionId);
    const withLines = await transactionsWithCardLines(tx, scope, [...new Set(payments)]);
    const orderIds = lines.flatMap((line) => (line.orderId === null ? [] : [line.orderId]));
    const numbers = await orderNumbers(tx, scope, [...new Set(orderIds)]);
    return { timezone, lines, rows, withLines, numbers };
  });
  const gateway = deps.gateway(account);
  const settled: SettledTransaction[] = [];
  const funded: FundedTransaction[] = [];
  const chargebacks = new Set<string>();
  try {
    for (const date of daysAfter(input.date, 0, SETTLEMENT_DAYS_AFTER)) {
      for (const batch of await deps.provider(account).settlements(date))
        for (const entry of batch.entries)
          if (entry.processorReference)
            settled.push({
              retref: entry.processorReference,
              amount: entry.amount,
              setlstat: entry.settlementStatus,
              outcome: entry.outcome,
              batchid: batch.settlementBatch,
              date,
            });
    }
    for (const date of daysAfter(input.date, 1, FUNDING_DAYS_AFTER)) {
      const answer = await gateway.funding({ merchid: account.merchantId, date: date.replaceAll('-', '') });
      for (const txn of answer?.txns ?? [])
        if (txn.retref)
          funded.push({
            retref: txn.retref,
            amount: txn.amount === undefined ? null : (parseDecimalAmount(txn.amount) ?? null),
            date,
          });
      for (const chargeback of answer?.chargebacks ?? [])
        if (chargeback.retref) chargebacks.add(chargeback.retref);
    }
  } catch (error) {
    throw gatewayProblem(error);
  }
  const ledgerOf = new Map<string, { amount: number; orderId: number | null }>();
  for (const line of lines) {
    const entry = ledgerOf.get(line.gatewayTransactionId) ?? { amount: 0, orderId: line.orderId };
    entry.amount += line.amount;
    ledgerOf.set(line.gatewayTransactionId, entry);
  }
  const today = toLocalMoment(new Date().toISOString(), timezone).date;
  return reconcileDay({
    date: input.date,
    today,
    transactions: rows.map((row) => dayTransaction(row, ledgerOf.get(row.transactionId), withLines, numbers)),
    settled,
    funded,
    chargebacks,
  });
}

function dayTransaction(
  row: DayTransactionRow,
  ledger: { amount: number; orderId: number | null } | undefined,
  withLines: ReadonlySet<string>,
  numbers: ReadonlyMap<number, number>,
): DayTransaction {
  const orderId = ledger?.orderId ?? null;
  return {
    transactionId: row.transactionId,
    retref: row.processorReference,
    kind: row.kind,
    orderId,
    orderNumber: orderId === null ? null : (numbers.get(orderId) ?? null),
    orderReference: row.orderReference,
    cardBrand: row.cardBrand,
    lastFour: row.lastFour,
    ledger: ledger?.amount ?? 0,
    inLedger: ledger !== undefined || withLines.has(row.transactionId),
    voided: row.voidedAt !== null,
  };
}
