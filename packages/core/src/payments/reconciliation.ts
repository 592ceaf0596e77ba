import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import {
  addDays,
  type DayTransaction,
  daysAfter,
  depositTotals,
  FUNDING_DAYS_AFTER,
  REPORT_REFRESH_COOLDOWN_SECONDS,
  type Reconciliation,
  type ReconciliationDay,
  type ReconciliationRange,
  type ReconciliationReport,
  reconcileDay,
  SETTLEMENT_DAYS_AFTER,
  type SettledTransaction,
} from '@brigade/domain/ledger/reconciliation';
import { daysBetween } from '@brigade/domain/ledger/reports';
import { resolveCatalogueScope } from '../catalogue/index';
import { cardLinesOfDay, restaurantTimezone, transactionsWithCardLines } from '../ledger/index';
import { userIdOf } from '../use-case';
import { importFunding, importSettlement } from './funding-import';
import {
  depositsBetween,
  finalReads,
  importedReportDays,
  reportEntries,
  reportReads,
} from './funding-repository';
import { openMerchantAccount } from './merchant-account-service';
import type { PaymentDeps } from './payment-deps';
import type { RestaurantScope } from './payment-repository';
import { type DayTransactionRow, dayTransactions, orderNumbers } from './reconciliation-repository';

/**
 * A business day's card money reconciled (docs/behaviour/reports.md#reconciliation): the sales ledger's card
 * lines of the day, transaction by transaction, beside the gateway's settlement batches of that day and the
 * two after, and its funding of the three days after, as the stored reports have them (the daily
 * `payments.reports` job, or a manager's `refreshReconciliation`): no gateway call.
 */
export async function getReconciliation(
  deps: PaymentDeps,
  actor: Actor,
  input: RestaurantScope & { date: string },
): Promise<ReconciliationDay> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const window = windowOf(input.date);
  const read = await deps.transact(async (tx) => {
    // 404 for a restaurant the tenant does not have, as the range answers
    await resolveCatalogueScope(tx, { ...scope, actor: userIdOf(actor) });
    const timezone = await restaurantTimezone(tx, scope);
    return {
      timezone,
      transactions: await transactionsOfDay(tx, scope, input.date, timezone),
      entries: await reportEntries(tx, scope, window),
      reads: await reportReads(tx, scope, window),
    };
  });
  const today = toLocalMoment(new Date().toISOString(), read.timezone).date;
  const day = storedDay({ date: input.date, today, ...read, imported: finalReads(read.reads) });
  return { ...day, reports: windowReports(input.date, read.reads) };
}

/** A day's window: the day's settlement and the two after, the funding of the three after, as read. */
const windowOf = (date: string) => ({ from: date, to: addDays(date, FUNDING_DAYS_AFTER) });

/** The reports of a day's window in the order they are read, each with its stored read (or none). */
function windowReports(date: string, reads: Awaited<ReturnType<typeof reportReads>>): ReconciliationReport[] {
  const wanted = [
    ...daysAfter(date, 0, SETTLEMENT_DAYS_AFTER).map((day) => ({ report: 'settlement' as const, date: day })),
    ...daysAfter(date, 1, FUNDING_DAYS_AFTER).map((day) => ({ report: 'funding' as const, date: day })),
  ];
  return wanted.map(({ report, date }) => {
    const found = reads.find((row) => row.report === report && row.date === date);
    return {
      report,
      date,
      importedAt: found?.importedAt.toISOString() ?? null,
      final: found?.final ?? false,
    };
  });
}

/**
 * A day's window of gateway reports read again and stored (the settlement of the day and the two after, the
 * funding of the three after: at most six gateway calls, one after another), then the day reconciled from
 * them. A report read in the last `REPORT_REFRESH_COOLDOWN_SECONDS` is not read again. Each date is stored as
 * it is read: a gateway failure half way keeps the dates read before it and answers the failure.
 */
export async function refreshReconciliation(
  deps: PaymentDeps,
  actor: Actor,
  input: RestaurantScope & { date: string },
): Promise<ReconciliationDay> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  // 404 for a restaurant the tenant does not have; then only when each report was read, not the whole day
  const reads = await deps.transact(async (tx) => {
    await resolveCatalogueScope(tx, { ...scope, actor: userIdOf(actor) });
    return reportReads(tx, scope, windowOf(input.date));
  });
  // 409 when the restaurant takes no card payments (before any gateway call)
  await openMerchantAccount(deps, scope);
  const recent = Date.now() - REPORT_REFRESH_COOLDOWN_SECONDS * 1000;
  for (const { report, date, importedAt } of windowReports(input.date, reads)) {
    if (importedAt !== null && Date.parse(importedAt) > recent) continue;
    if (report === 'settlement') await importSettlement(deps, scope, date);
    else await importFunding(deps, scope, date);
  }
  return getReconciliation(deps, actor, input);
}

/**
 * The gateway transactions of a business day as the database knows them: each with what the ledger's card
 * lines of the day add up to for it, and the order it paid for.
 */
async function transactionsOfDay(
  tx: Executor,
  scope: RestaurantScope,
  date: string,
  timezone: string,
): Promise<DayTransaction[]> {
  const lines = await cardLinesOfDay(tx, scope, date);
  const named = [...new Set(lines.map((line) => line.gatewayTransactionId))];
  const rows = await dayTransactions(tx, scope, { date, timezone, named });
  const payments = rows.map((row) => row.parentTransactionId ?? row.transactionId);
  const withLines = await transactionsWithCardLines(tx, scope, [...new Set(payments)]);
  const orderIds = lines.flatMap((line) => (line.orderId === null ? [] : [line.orderId]));
  const numbers = await orderNumbers(tx, scope, [...new Set(orderIds)]);
  const ledgerOf = new Map<string, { amount: number; orderId: number | null }>();
  for (const line of lines) {
    const entry = ledgerOf.get(line.gatewayTransactionId) ?? { amount: 0, orderId: line.orderId };
    entry.amount += line.amount;
    ledgerOf.set(line.gatewayTransactionId, entry);
  }
  return rows.map((row) => dayTransaction(row, ledgerOf.get(row.transactionId), withLines, numbers));
}

/**
 * Business days reconciled from the stored gateway reports (docs/behaviour/reports.md#reconciliation-of-a-range),
 * not the gateway: each day as `getReconciliation` answers it, from the settlement and funding the
 * `payments.reports` job imported. A report of a day's window not imported yet leaves what it would list
 * still to come (awaiting), never missing. No gateway call, so a month is one answer.
 */
export async function getReconciliationRange(
  deps: PaymentDeps,
  actor: Actor,
  input: RestaurantScope & { from: string; to: string },
): Promise<ReconciliationRange> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const reports = { from: input.from, to: addDays(input.to, FUNDING_DAYS_AFTER) };
  const { timezone, days, entries, imported, deposits } = await deps.transact(async (tx) => {
    // 404 for a restaurant the tenant does not have, as the journal answers
    await resolveCatalogueScope(tx, { ...scope, actor: userIdOf(actor) });
    const timezone = await restaurantTimezone(tx, scope);
    const days: { date: string; transactions: DayTransaction[] }[] = [];
    for (const date of daysAfter(input.from, 0, daysBetween(input.from, input.to)))
      days.push({ date, transactions: await transactionsOfDay(tx, scope, date, timezone) });
    const entries = await reportEntries(tx, scope, reports);
    const imported = await importedReportDays(tx, scope, reports);
    const deposits = await depositsBetween(tx, scope, input);
    return { timezone, days, entries, imported, deposits };
  });
  const today = toLocalMoment(new Date().toISOString(), timezone).date;
  const reconciled = days
    .filter((day) => day.transactions.length > 0)
    .map(({ date, transactions }) => storedDay({ date, today, transactions, entries, imported }));
  const sum = (pick: (totals: Reconciliation['totals']) => number) =>
    reconciled.reduce((total, day) => total + pick(day.totals), 0);
  return {
    from: input.from,
    to: input.to,
    totals: {
      ledger: sum((t) => t.ledger),
      settled: sum((t) => t.settled),
      funded: sum((t) => t.funded),
      differences: sum((t) => t.differences),
    },
    days: reconciled,
    deposits,
    depositTotals: depositTotals(deposits),
  };
}

/** One day of a range: the stored entries of its settlement and funding windows, as the gateway's answers. */
function storedDay(input: {
  date: string;
  today: string;
  transactions: DayTransaction[];
  entries: Awaited<ReturnType<typeof reportEntries>>;
  imported: Awaited<ReturnType<typeof importedReportDays>>;
}): Reconciliation {
  const settlementDays = daysAfter(input.date, 0, SETTLEMENT_DAYS_AFTER);
  const fundingDays = daysAfter(input.date, 1, FUNDING_DAYS_AFTER);
  const of = (kind: 'settled' | 'funded' | 'chargeback', window: string[]) =>
    input.entries.filter((entry) => entry.kind === kind && window.includes(entry.reportDate));
  return reconcileDay({
    date: input.date,
    today: input.today,
    transactions: input.transactions,
    settled: of('settled', settlementDays).map((entry) => ({
      retref: entry.retref,
      amount: entry.amount,
      setlstat: entry.settlementStatus,
      outcome: outcomeOf(entry.outcome),
      batchid: entry.batchId,
      date: entry.reportDate,
    })),
    funded: of('funded', fundingDays).map((entry) => ({
      retref: entry.retref,
      amount: entry.amount,
      date: entry.reportDate,
    })),
    chargebacks: new Set(of('chargeback', fundingDays).map((entry) => entry.retref)),
    notImported: {
      settlement: settlementDays.some((day) => !input.imported.settlement.has(day)),
      funding: fundingDays.some((day) => !input.imported.funding.has(day)),
    },
  });
}

const OUTCOMES = ['accepted', 'rejected', 'pending'] as const;
const outcomeOf = (value: string | null): SettledTransaction['outcome'] =>
  OUTCOMES.find((outcome) => outcome === value) ?? 'unknown';

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
