import type { Executor } from '@brigade/db/database';
import {
  type GATEWAY_REPORTS,
  merchantAccounts,
  paymentFundings,
  paymentReportDays,
  paymentReportEntries,
} from '@brigade/db/schema/payments';
import type { FundingTotals } from '@brigade/domain/payments/funding-totals';
import { and, asc, between, eq, inArray, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';
import type { RestaurantScope } from './payment-repository';

/**
 * The gateway's reports as stored (payment_fundings, payment_report_days, payment_report_entries): what the
 * import writes, and the journal and the reconciliation of a range read.
 */

export type FundingRow = typeof paymentFundings.$inferSelect;
export type GatewayReport = (typeof GATEWAY_REPORTS)[number];
export type ReportEntry = Omit<
  typeof paymentReportEntries.$inferInsert,
  'entryId' | 'tenantId' | 'restaurantId' | 'reportDate'
>;
type DayRange = { from: string; to: string };

const fundingsOf = (scope: RestaurantScope) =>
  and(
    tenantIs(paymentFundings.tenantId, scope.tenantId),
    eq(paymentFundings.restaurantId, scope.restaurantId),
  );

/** One statement: a date imported again replaces its row in place, so a repeated import never adds one. */
export async function upsertFunding(
  ex: Executor,
  scope: RestaurantScope,
  row: { fundingDate: string; merchantId: string } & FundingTotals,
): Promise<FundingRow> {
  const { fundingDate: _d, ...changes } = row;
  const [saved] = await ex
    .insert(paymentFundings)
    .values({ ...scope, ...row })
    .onConflictDoUpdate({
      target: [paymentFundings.tenantId, paymentFundings.restaurantId, paymentFundings.fundingDate],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return saved!;
}

/** Fees and deposits per funding date over one or several restaurants of a tenant (the daily journal). */
export async function fundingByDate(
  ex: Executor,
  scope: { tenantId: number; restaurantIds: readonly number[] },
  range: { from: string; to: string },
) {
  return ex
    .select({
      date: paymentFundings.fundingDate,
      fees: sql<string>`sum(${paymentFundings.fees})`.mapWith(Number),
      deposits: sql<string>`sum(${paymentFundings.totalFunding})`.mapWith(Number),
      currency: sql<string>`max(${paymentFundings.currency})`,
    })
    .from(paymentFundings)
    .where(
      and(
        tenantIs(paymentFundings.tenantId, scope.tenantId),
        inArray(paymentFundings.restaurantId, [...scope.restaurantIds]),
        between(paymentFundings.fundingDate, range.from, range.to),
      ),
    )
    .groupBy(paymentFundings.fundingDate)
    .orderBy(asc(paymentFundings.fundingDate));
}

/**
 * A restaurant's deposits dated in a range, oldest first, as the range's reconciliation shows them: fees kept
 * as a cost (positive), the rest signed as the gateway signs it.
 */
export async function depositsBetween(ex: Executor, scope: RestaurantScope, range: DayRange) {
  const rows = await ex
    .select()
    .from(paymentFundings)
    .where(and(fundingsOf(scope), between(paymentFundings.fundingDate, range.from, range.to)))
    .orderBy(asc(paymentFundings.fundingDate));
  return rows.map((row) => ({
    date: row.fundingDate,
    sales: row.netSales,
    // (0 -, not -0)
    fees: 0 - row.fees,
    adjustments: row.adjustments,
    reversals: row.reversals,
    chargebacks: row.chargebacks,
    deposited: row.totalFunding,
  }));
}

/** The restaurants whose reports the daily import reads: every enabled merchant account, of every tenant. */
export async function fundedRestaurants(ex: Executor): Promise<RestaurantScope[]> {
  return ex
    .select({ tenantId: merchantAccounts.tenantId, restaurantId: merchantAccounts.restaurantId })
    .from(merchantAccounts)
    .where(eq(merchantAccounts.enabled, true))
    .orderBy(asc(merchantAccounts.tenantId), asc(merchantAccounts.restaurantId));
}

/** A date the gateway has no deposit for (any more): its row goes, like the report's. */
export async function deleteFunding(ex: Executor, scope: RestaurantScope, date: string): Promise<void> {
  await ex.delete(paymentFundings).where(and(fundingsOf(scope), eq(paymentFundings.fundingDate, date)));
}

const KINDS_OF: Record<GatewayReport, ('settled' | 'funded' | 'chargeback')[]> = {
  settlement: ['settled'],
  funding: ['funded', 'chargeback'],
};

const entriesOf = (scope: RestaurantScope) =>
  and(
    tenantIs(paymentReportEntries.tenantId, scope.tenantId),
    eq(paymentReportEntries.restaurantId, scope.restaurantId),
  );
const daysOf = (scope: RestaurantScope) =>
  and(
    tenantIs(paymentReportDays.tenantId, scope.tenantId),
    eq(paymentReportDays.restaurantId, scope.restaurantId),
  );

/**
 * A report's entries of a date replaced by `entries`, and the date marked imported: the caller's transaction
 * makes the three writes one, so a date is never half its old entries and half its new.
 */
export async function replaceReportDate(
  ex: Executor,
  scope: RestaurantScope,
  report: GatewayReport,
  date: string,
  entries: readonly ReportEntry[],
  /** When the gateway was read (the job's clock); the database's now when not given. */
  readAt?: Date,
): Promise<void> {
  await ex
    .delete(paymentReportEntries)
    .where(
      and(
        entriesOf(scope),
        eq(paymentReportEntries.reportDate, date),
        inArray(paymentReportEntries.kind, KINDS_OF[report]),
      ),
    );
  if (entries.length > 0)
    await ex
      .insert(paymentReportEntries)
      .values(entries.map((entry) => ({ ...entry, ...scope, reportDate: date })));
  await ex
    .insert(paymentReportDays)
    .values({ ...scope, report, reportDate: date, ...(readAt ? { importedAt: readAt } : {}) })
    .onConflictDoUpdate({
      target: [
        paymentReportDays.tenantId,
        paymentReportDays.restaurantId,
        paymentReportDays.report,
        paymentReportDays.reportDate,
      ],
      set: { importedAt: readAt ?? sql`now()` },
    });
}

/**
 * A report's read is final once it was made after its date had ended (UTC, the gateway's dates): one read
 * earlier (a manager's refresh of today) may still lack what the date settles or deposits later.
 */
const finalRead = sql<boolean>`(${paymentReportDays.importedAt} >= ((${paymentReportDays.reportDate} + 1)::timestamp at time zone 'UTC'))`;

/** The dates of a range whose report was imported for good (a final read), by report. */
export async function importedReportDays(ex: Executor, scope: RestaurantScope, range: DayRange) {
  return finalReads(await reportReads(ex, scope, range));
}

/** The dates whose read is final, by report. */
export function finalReads(
  reads: readonly { report: GatewayReport; date: string; final: boolean }[],
): Record<GatewayReport, Set<string>> {
  const days: Record<GatewayReport, Set<string>> = { settlement: new Set(), funding: new Set() };
  for (const row of reads) if (row.final) days[row.report].add(row.date);
  return days;
}

/** Every stored read of a range of report dates: when, and whether it is final. */
export async function reportReads(ex: Executor, scope: RestaurantScope, range: DayRange) {
  return ex
    .select({
      report: paymentReportDays.report,
      date: paymentReportDays.reportDate,
      importedAt: paymentReportDays.importedAt,
      final: finalRead.mapWith(Boolean),
    })
    .from(paymentReportDays)
    .where(and(daysOf(scope), between(paymentReportDays.reportDate, range.from, range.to)));
}

/** Every stored entry of a range of report dates. */
export async function reportEntries(ex: Executor, scope: RestaurantScope, range: DayRange) {
  return ex
    .select()
    .from(paymentReportEntries)
    .where(and(entriesOf(scope), between(paymentReportEntries.reportDate, range.from, range.to)))
    .orderBy(asc(paymentReportEntries.entryId));
}
