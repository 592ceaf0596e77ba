import { BrigadeError, validationError } from '@brigade/domain/errors';
import { daysAfter } from '@brigade/domain/ledger/reconciliation';
import { parseDecimalAmount } from '@brigade/domain/payments/amount';
import { ISO_DATE } from '@brigade/domain/payments/fields';
import type { FundingResponseLenient } from '@brigade/domain/payments/funding';
import { fundingTotals } from '@brigade/domain/payments/funding-totals';
import {
  deleteFunding,
  type FundingRow,
  fundedRestaurants,
  type GatewayReport,
  importedReportDays,
  type ReportEntry,
  replaceReportDate,
  upsertFunding,
} from './funding-repository';
import { openMerchantAccount } from './merchant-account-service';
import { gatewayProblem, type PaymentDeps } from './payment-deps';
import type { RestaurantScope } from './payment-repository';

/**
 * The gateway's daily reports stored (docs/behaviour/payments.md#stored-funding): the funding (deposits) and
 * the settlement batches of a date are read once and kept, so the journal's fees and deposits and the
 * reconciliation of a range of days are read from the database rather than one gateway call a day each (the
 * test system allows 20 a minute). Every import reads the gateway first and then writes its date in one
 * transaction: a failure leaves the date as it was, and importing a date again replaces it in place.
 */

/** How many dates back the daily import looks: a date missed by one run (gateway down) is found by the next. */
export const GATEWAY_REPORT_DAYS = 7;

const isRealDate = (date: string) =>
  ISO_DATE.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);

function checkedDate(date: string): string {
  if (!isRealDate(date))
    throw validationError('date must be YYYY-MM-DD', [{ path: 'date', message: 'date must be YYYY-MM-DD' }]);
  return date;
}

/**
 * Reads the gateway's funding of one date and stores it: its totals (payment_fundings) and the transactions
 * and chargebacks it lists (payment_report_entries), the date marked imported. Null when the gateway has no
 * deposit that date: the date is marked, with no row.
 */
export async function importFunding(
  deps: PaymentDeps,
  scope: RestaurantScope,
  date: string,
  readAt?: Date,
): Promise<FundingRow | null> {
  checkedDate(date);
  const { account } = await openMerchantAccount(deps, scope);
  let answer: FundingResponseLenient | null;
  try {
    answer = await deps
      .gateway(account)
      .funding({ merchid: account.merchantId, date: date.replaceAll('-', '') });
  } catch (error) {
    throw gatewayProblem(error);
  }
  // the client reads "no deposits" as null; any other refusal is a failure, never an empty deposit
  if (answer?.errormsg !== undefined)
    throw new BrigadeError(
      'bad_gateway',
      'GATEWAY_FUNDING_REFUSED',
      `The payment gateway refused the funding of ${date}`,
    );
  const deposit = answer && (answer.fundings ?? []).length > 0 ? answer : null;
  const totals = deposit ? fundingTotals(deposit) : null;
  if (totals === undefined)
    throw new BrigadeError(
      'bad_gateway',
      'GATEWAY_FUNDING_UNREADABLE',
      `The payment gateway's funding of ${date} has an amount that is not money; nothing was stored`,
    );
  return deps.transact(async (tx) => {
    await replaceReportDate(tx, scope, 'funding', date, deposit ? fundingEntries(deposit) : [], readAt);
    if (!totals) {
      await deleteFunding(tx, scope, date);
      return null;
    }
    return upsertFunding(tx, scope, { fundingDate: date, merchantId: account.merchantId, ...totals });
  });
}

const amountOf = (value: string | undefined) =>
  value === undefined ? null : (parseDecimalAmount(value) ?? null);

/** The transactions and chargebacks a funding answer lists, by retrieval reference (the ones without one are of no use). */
function fundingEntries(answer: FundingResponseLenient): ReportEntry[] {
  return [
    ...(answer.txns ?? []).flatMap((txn) =>
      txn.retref ? [{ kind: 'funded' as const, retref: txn.retref, amount: amountOf(txn.amount) }] : [],
    ),
    ...(answer.chargebacks ?? []).flatMap((chargeback) =>
      chargeback.retref
        ? [{ kind: 'chargeback' as const, retref: chargeback.retref, amount: amountOf(chargeback.amount) }]
        : [],
    ),
  ];
}

/** Reads the settlement batches of one date through the provider port and stores their entries; how many. */
export async function importSettlement(
  deps: PaymentDeps,
  scope: RestaurantScope,
  date: string,
  readAt?: Date,
): Promise<number> {
  checkedDate(date);
  const { account } = await openMerchantAccount(deps, scope);
  const batches = await deps
    .provider(account)
    .settlements(date)
    .catch((error: unknown) => {
      throw gatewayProblem(error);
    });
  const entries: ReportEntry[] = batches.flatMap((batch) =>
    batch.entries.flatMap((entry) =>
      entry.processorReference
        ? [
            {
              kind: 'settled' as const,
              retref: entry.processorReference,
              amount: entry.amount,
              batchId: batch.settlementBatch,
              settlementStatus: entry.settlementStatus,
              outcome: entry.outcome,
            },
          ]
        : [],
    ),
  );
  await deps.transact((tx) => replaceReportDate(tx, scope, 'settlement', date, entries, readAt));
  return entries.length;
}

export interface GatewayReportsRun {
  restaurants: number;
  /** Dates whose settlement, and whose funding, this run stored (with or without anything in them). */
  settlementDays: number;
  fundingDays: number;
  /** Of the funding dates, those with a deposit. */
  deposits: number;
  /** Restaurants whose run stopped at a failure: the report and date, and why (the rest wait for the next run). */
  failures: (RestaurantScope & { report: GatewayReport; date: string; code: string })[];
}

/**
 * The `payments.reports` job: for each restaurant with an enabled merchant account, the settlement and the
 * funding of each of the `GATEWAY_REPORT_DAYS` dates before `now` (UTC) not imported yet, one gateway call at a
 * time. A failure stops that restaurant's run (a gateway that refuses one call likely refuses the next).
 */
/** The most recent dates imported again on every run, until their reports can no longer change. */
const REREAD_DAYS = 3;

/**
 * How the run paces its gateway calls: one at a time, `pauseMs` between two of them (the gateway's rate
 * limits are per merchant and per caller; a thousand restaurants' reports are not a burst). `sleep` is for tests.
 */
export interface ReportsPace {
  pauseMs: number;
  sleep?: (ms: number) => Promise<void>;
}

const napFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function importRecentReports(
  deps: PaymentDeps,
  now: Date,
  pace: ReportsPace = { pauseMs: 0 },
): Promise<GatewayReportsRun> {
  const dates = daysAfter(now.toISOString().slice(0, 10), -GATEWAY_REPORT_DAYS, -1);
  const range = { from: dates[0]!, to: dates.at(-1)! };
  const restaurants = await deps.transact((tx) => fundedRestaurants(tx));
  const run: GatewayReportsRun = {
    restaurants: restaurants.length,
    settlementDays: 0,
    fundingDays: 0,
    deposits: 0,
    failures: [],
  };
  let calls = 0;
  for (const scope of restaurants) {
    // a date read before it had ended is not known yet: it is read again
    const known = await deps.transact((tx) => importedReportDays(tx, scope, range));
    // the last dates are read again each run: a day's batches may still settle, and its deposit land, after the
    // first import (the run is at 05:40 UTC, evening of the day before in the Americas); importing replaces
    const fresh = new Set(dates.slice(-REREAD_DAYS));
    const due = dates.flatMap((date) =>
      (['settlement', 'funding'] as const)
        .filter((report) => fresh.has(date) || !known[report].has(date))
        .map((report) => ({ report, date })),
    );
    for (const { report, date } of due) {
      if (calls++ > 0 && pace.pauseMs > 0) await (pace.sleep ?? napFor)(pace.pauseMs);
      try {
        if (report === 'settlement') {
          await importSettlement(deps, scope, date, now);
          run.settlementDays += 1;
        } else {
          if (await importFunding(deps, scope, date, now)) run.deposits += 1;
          run.fundingDays += 1;
        }
      } catch (error) {
        run.failures.push({
          ...scope,
          report,
          date,
          code: error instanceof BrigadeError ? error.code : 'INTERNAL',
        });
        break;
      }
    }
  }
  return run;
}
