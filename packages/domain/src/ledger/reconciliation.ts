import { z } from 'zod';
import { queryTime } from '../query-dates';
import { checkDayRange, daysBetween } from './reports';

/**
 * A business day's card money reconciled (docs/behaviour/reports.md#reconciliation): what the sales ledger
 * says the card took and gave back that day, transaction by transaction, beside what the gateway settled
 * (its settlement batches) and what reached the bank (its funding). Amounts in cents, signed: a refund is
 * negative. Pure: the ledger's lines, our transactions and the gateway's answers come in, the rows go out.
 */

/** The days after the business day whose settlement batches are read: a day's captures settle that night. */
export const SETTLEMENT_DAYS_AFTER = 2;
/** The days after the business day whose funding is read: a batch is deposited a day or two after it settles. */
export const FUNDING_DAYS_AFTER = 3;

export const RECONCILIATION_STATUSES = [
  'matched',
  'voided',
  'awaiting_settlement',
  'missing_from_settlement',
  'settlement_differs',
  'rejected',
  'awaiting_funding',
  'missing_from_funding',
  'funding_differs',
  'chargeback',
  'not_in_ledger',
] as const;
export type ReconciliationStatus = (typeof RECONCILIATION_STATUSES)[number];

/** Statuses that need nobody: the money is where it should be, or is on its way within the usual days. */
export const SETTLED_OR_ON_ITS_WAY: ReadonlySet<ReconciliationStatus> = new Set([
  'matched',
  'voided',
  'awaiting_settlement',
  'awaiting_funding',
]);

export const reconciliationQuerySchema = z.strictObject({
  /** The business day (YYYY-MM-DD, the restaurant's clock). */
  date: queryTime('date', 'date', 'date must be YYYY-MM-DD'),
});

/** One gateway transaction of ours with card money on the day (a sale's capture, or a refund of one). */
export interface DayTransaction {
  transactionId: string;
  retref: string | null;
  kind: string;
  orderId: number | null;
  /** The order's number of its business day (what the kitchen, the receipt and the Orders screen show). */
  orderNumber: number | null;
  orderReference: string | null;
  cardBrand: string | null;
  lastFour: string | null;
  /** The ledger's card lines of the day for it (0 when the ledger has none). */
  ledger: number;
  /** Whether the ledger has any card line for it at all (a capture recorded with no ledger line is a gap). */
  inLedger: boolean;
  /** Voided at the gateway (on this day or a later one): it never settles. */
  voided?: boolean;
}

export interface SettledTransaction {
  retref: string;
  amount: number | null;
  setlstat: string | null;
  outcome: 'accepted' | 'rejected' | 'pending' | 'unknown';
  batchid: string | null;
  /** The day whose settlement answer listed it. */
  date: string;
}

export interface FundedTransaction {
  retref: string;
  amount: number | null;
  date: string;
}

export interface ReconciliationInput {
  date: string;
  /** The restaurant's today: a day whose window has not passed yet is still awaited, not missing. */
  today: string;
  transactions: readonly DayTransaction[];
  settled: readonly SettledTransaction[];
  funded: readonly FundedTransaction[];
  /** Retrefs with a chargeback in the funding read. */
  chargebacks: ReadonlySet<string>;
  /**
   * Reports of the day's window not imported yet (a reconciliation from stored data): until they are, what
   * they would list is still to come, never missing.
   */
  notImported?: { settlement: boolean; funding: boolean };
}

export const reconciliationRowSchema = z.object({
  transactionId: z.string(),
  retref: z.string().nullable(),
  kind: z.string(),
  orderId: z.number().int().nullable(),
  orderNumber: z.number().int().nullable(),
  orderReference: z.string().nullable(),
  cardBrand: z.string().nullable(),
  lastFour: z.string().nullable(),
  ledger: z.number().int(),
  settled: z.number().int().nullable(),
  settledOn: z.string().nullable(),
  batchid: z.string().nullable(),
  funded: z.number().int().nullable(),
  fundedOn: z.string().nullable(),
  status: z.enum(RECONCILIATION_STATUSES),
  /** What is wrong or awaited, in words, for the screen and the CSV. */
  note: z.string(),
});
export type ReconciliationRow = z.infer<typeof reconciliationRowSchema>;

export const reconciliationSchema = z.object({
  date: z.string(),
  settlementDays: z.array(z.string()),
  fundingDays: z.array(z.string()),
  totals: z.object({
    ledger: z.number().int(),
    settled: z.number().int(),
    funded: z.number().int(),
    /** Transactions that need someone to look (not matched, voided or on their way). */
    differences: z.number().int(),
  }),
  rows: z.array(reconciliationRowSchema),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/**
 * One gateway report of a day's window as stored: the settlement or the funding of a date, when it was last
 * read from the gateway (null: never), and whether that read is final (made after the date had ended, UTC).
 * A read made before is kept and shown, but what it leaves out is still to come, never missing.
 */
export const reconciliationReportSchema = z.object({
  report: z.enum(['settlement', 'funding']),
  date: z.string(),
  importedAt: z.string().nullable(),
  final: z.boolean(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

/** A business day reconciled from the stored reports, and the reports of its window it was made from. */
export const reconciliationDaySchema = reconciliationSchema.extend({
  reports: z.array(reconciliationReportSchema),
});
export type ReconciliationDay = z.infer<typeof reconciliationDaySchema>;

/** `POST …/reports/reconciliation/refresh`: read the day's window of reports from the gateway again. */
export const reconciliationRefreshSchema = z.strictObject({
  date: queryTime('date', 'date', 'date must be YYYY-MM-DD'),
});

/**
 * A report read from the gateway this recently is not read again by a refresh (the test system allows 20
 * calls a minute; a day's window is six).
 */
export const REPORT_REFRESH_COOLDOWN_SECONDS = 60;

/** A range of business days reconciled from the stored gateway reports covers at most this many days. */
export const RECONCILIATION_RANGE_MAX_DAYS = 31;
export const RECONCILIATION_RANGE_TOO_LONG = `A reconciliation covers at most ${RECONCILIATION_RANGE_MAX_DAYS} days`;

export const reconciliationRangeQuerySchema = z
  .strictObject({
    from: queryTime('from', 'date', 'from must be YYYY-MM-DD'),
    to: queryTime('to', 'date', 'to must be YYYY-MM-DD'),
  })
  .superRefine((query, context) =>
    checkDayRange(query.from, query.to, context, {
      maxDays: RECONCILIATION_RANGE_MAX_DAYS,
      message: RECONCILIATION_RANGE_TOO_LONG,
    }),
  );

/**
 * A deposit date of the range as the stored funding has it: the card sales it paid out, the processing fees
 * kept (positive: a cost), adjustments, reversals and chargebacks (signed as the gateway signs them: money
 * taken back is negative), and what reached the bank.
 */
export const reconciliationDepositSchema = z.object({
  date: z.string(),
  sales: z.number().int(),
  fees: z.number().int(),
  adjustments: z.number().int(),
  reversals: z.number().int(),
  chargebacks: z.number().int(),
  deposited: z.number().int(),
});
export type ReconciliationDeposit = z.infer<typeof reconciliationDepositSchema>;

export const reconciliationRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The days' totals added up. */
  totals: reconciliationSchema.shape.totals,
  /** The days with any card transaction, oldest first, each as a day's reconciliation. */
  days: z.array(reconciliationSchema),
  /** The deposits dated in the range (the stored funding), oldest first, and their sum. */
  deposits: z.array(reconciliationDepositSchema),
  depositTotals: reconciliationDepositSchema.omit({ date: true }),
});
export type ReconciliationRange = z.infer<typeof reconciliationRangeSchema>;

export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The business day and the days after it whose settlement (or funding) answers are read. */
export const daysAfter = (date: string, first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, i) => addDays(date, first + i));

const dollars = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

function judge(
  input: ReconciliationInput,
  txn: DayTransaction,
  settled: SettledTransaction | undefined,
  funded: FundedTransaction | undefined,
): { status: ReconciliationStatus; note: string } {
  const settlementOver =
    !input.notImported?.settlement &&
    daysBetween(addDays(input.date, SETTLEMENT_DAYS_AFTER), input.today) > 0;
  const fundingOver =
    !input.notImported?.funding && daysBetween(addDays(input.date, FUNDING_DAYS_AFTER), input.today) > 0;
  if (!txn.inLedger)
    return { status: 'not_in_ledger', note: 'The card was charged but the sales ledger has no line for it' };
  if (txn.retref && input.chargebacks.has(txn.retref))
    return { status: 'chargeback', note: 'The cardholder disputed this payment (a chargeback)' };
  if (!settled) {
    if (txn.ledger === 0) return { status: 'voided', note: 'Voided the same day: nothing to settle' };
    if (txn.voided) return { status: 'voided', note: 'Voided on a later day: nothing to settle' };
    return settlementOver
      ? { status: 'missing_from_settlement', note: 'Captured, but in no settlement batch of the days read' }
      : { status: 'awaiting_settlement', note: 'The gateway settles a day’s captures overnight' };
  }
  if (settled.outcome === 'rejected')
    return { status: 'rejected', note: `The processor rejected it at settlement (${settled.setlstat})` };
  if (settled.amount !== txn.ledger)
    return {
      status: 'settlement_differs',
      note: `Settled ${dollars(settled.amount ?? 0)}, the ledger says ${dollars(txn.ledger)}`,
    };
  if (!funded)
    return fundingOver
      ? { status: 'missing_from_funding', note: 'Settled, but in no deposit of the days read' }
      : { status: 'awaiting_funding', note: 'Deposits follow a day or two after settlement' };
  if (funded.amount !== txn.ledger)
    return {
      status: 'funding_differs',
      note: `Deposited ${dollars(funded.amount ?? 0)}, the ledger says ${dollars(txn.ledger)}`,
    };
  return { status: 'matched', note: 'Settled and deposited as recorded' };
}

/** The day's rows, one per transaction, and the totals. */
export function reconcileDay(input: ReconciliationInput): Reconciliation {
  const settledBy = new Map(input.settled.map((s) => [s.retref, s]));
  const fundedBy = new Map(input.funded.map((f) => [f.retref, f]));
  const rows: ReconciliationRow[] = input.transactions.map((txn) => {
    // a refund gives money back: negative here whichever sign a gateway's report gives it
    const signed = <T extends { amount: number | null }>(found: T | undefined): T | undefined =>
      found && txn.kind === 'refund' && found.amount !== null
        ? { ...found, amount: -Math.abs(found.amount) }
        : found;
    const settled = signed(txn.retref ? settledBy.get(txn.retref) : undefined);
    const funded = signed(txn.retref ? fundedBy.get(txn.retref) : undefined);
    return {
      transactionId: txn.transactionId,
      retref: txn.retref,
      kind: txn.kind,
      orderId: txn.orderId,
      orderNumber: txn.orderNumber,
      orderReference: txn.orderReference,
      cardBrand: txn.cardBrand,
      lastFour: txn.lastFour,
      ledger: txn.ledger,
      settled: settled?.amount ?? null,
      settledOn: settled?.date ?? null,
      batchid: settled?.batchid ?? null,
      funded: funded?.amount ?? null,
      fundedOn: funded?.date ?? null,
      ...judge(input, txn, settled, funded),
    };
  });
  const sum = (values: (number | null)[]) => values.reduce<number>((total, v) => total + (v ?? 0), 0);
  return {
    date: input.date,
    settlementDays: daysAfter(input.date, 0, SETTLEMENT_DAYS_AFTER),
    fundingDays: daysAfter(input.date, 1, FUNDING_DAYS_AFTER),
    totals: {
      ledger: sum(rows.map((r) => r.ledger)),
      settled: sum(rows.map((r) => r.settled)),
      funded: sum(rows.map((r) => r.funded)),
      differences: rows.filter((r) => !SETTLED_OR_ON_ITS_WAY.has(r.status)).length,
    },
    rows,
  };
}

/** The deposits of a range added up. */
export function depositTotals(
  deposits: readonly ReconciliationDeposit[],
): Omit<ReconciliationDeposit, 'date'> {
  const sum = (pick: (d: ReconciliationDeposit) => number) => deposits.reduce((t, d) => t + pick(d), 0);
  return {
    sales: sum((d) => d.sales),
    fees: sum((d) => d.fees),
    adjustments: sum((d) => d.adjustments),
    reversals: sum((d) => d.reversals),
    chargebacks: sum((d) => d.chargebacks),
    deposited: sum((d) => d.deposited),
  };
}
