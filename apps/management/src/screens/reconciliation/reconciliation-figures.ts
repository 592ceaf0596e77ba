import {
  type ReconciliationReport,
  type ReconciliationStatus,
  SETTLED_OR_ON_ITS_WAY,
} from '@brigade/domain/ledger/reconciliation';
import type { BadgeTone } from '@brigade/ui/app-kit/badge';
import { formatDateTime, formatDay } from '../../payments-kit/format';
import { csvField } from '../reports/report-period';

/**
 * The reconciliation screen's words and its CSV export (docs/behaviour/reports.md#reconciliation). Pure: the
 * screen and its tests share it.
 */

export interface RowFigures {
  transactionId: string;
  retref: string | null;
  kind: string;
  orderId: number | null;
  orderNumber: number | null;
  orderReference: string | null;
  cardBrand: string | null;
  lastFour: string | null;
  ledger: number;
  settled: number | null;
  settledOn: string | null;
  batchid: string | null;
  funded: number | null;
  fundedOn: string | null;
  status: string;
  note: string;
}

export const STATUS_WORDS: Record<string, { label: string; tone: BadgeTone | undefined }> = {
  matched: { label: 'Matched', tone: 'success' },
  voided: { label: 'Voided', tone: undefined },
  awaiting_settlement: { label: 'Not settled yet', tone: 'info' },
  awaiting_funding: { label: 'Not deposited yet', tone: 'info' },
  missing_from_settlement: { label: 'Missing from settlement', tone: 'danger' },
  settlement_differs: { label: 'Settled amount differs', tone: 'danger' },
  rejected: { label: 'Rejected', tone: 'danger' },
  missing_from_funding: { label: 'Missing from deposits', tone: 'danger' },
  funding_differs: { label: 'Deposited amount differs', tone: 'danger' },
  chargeback: { label: 'Chargeback', tone: 'warning' },
  not_in_ledger: { label: 'Not in the ledger', tone: 'danger' },
};

export const statusWords = (status: string) => STATUS_WORDS[status] ?? { label: status, tone: undefined };

/** What the row's money is: a sale's card payment, or a refund of one; and its card. */
export function describeRow(row: RowFigures): string {
  const order = row.orderNumber !== null ? ` of order #${row.orderNumber}` : '';
  const what = row.kind === 'refund' ? `Refund${order}` : order ? `Order #${row.orderNumber}` : 'Card sale';
  const brand = row.cardBrand ? row.cardBrand.charAt(0).toUpperCase() + row.cardBrand.slice(1) : 'Card';
  const card = row.cardBrand || row.lastFour ? ` · ${brand} ${row.lastFour ?? ''}`.trimEnd() : '';
  return `${what}${card}`;
}

const row = (...fields: (string | number)[]) => fields.map(csvField).join(',');
const dollars = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));

const HEADINGS = [
  'Transaction',
  'Retrieval reference',
  'What',
  'Ledger',
  'Settled',
  'Settled on',
  'Batch',
  'Deposited',
  'Deposited on',
  'Status',
  'Note',
] as const;

const transactionFields = (r: RowFigures) => [
  r.transactionId,
  r.retref ?? '',
  describeRow(r),
  dollars(r.ledger),
  dollars(r.settled),
  r.settledOn ?? '',
  r.batchid ?? '',
  dollars(r.funded),
  r.fundedOn ?? '',
  statusWords(r.status).label,
  r.note,
];

/** The day's rows as CSV: one line per gateway transaction, amounts in dollars, the status in words. */
export function reconciliationCsv(
  day: { date: string; rows: readonly RowFigures[] },
  restaurantName: string,
): string {
  const lines = [
    row('Restaurant', restaurantName),
    row('Business day', day.date),
    '',
    row(...HEADINGS),
    ...day.rows.map((r) => row(...transactionFields(r))),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** The rows of a range that need someone to look, each with its business day, oldest day first. */
export function rowsToLookAt<R extends RowFigures>(days: readonly { date: string; rows: readonly R[] }[]) {
  return days.flatMap((day) =>
    day.rows
      .filter((r) => !SETTLED_OR_ON_ITS_WAY.has(r.status as ReconciliationStatus))
      .map((r) => ({ ...r, date: day.date })),
  );
}

export interface DepositFigures {
  date: string;
  sales: number;
  fees: number;
  adjustments: number;
  reversals: number;
  chargebacks: number;
  deposited: number;
}

/**
 * A range's rows as CSV: the day's CSV with the business day first on every line, then the deposits dated in
 * the range (fees a cost, positive).
 */
export function reconciliationRangeCsv(
  range: {
    from: string;
    to: string;
    days: readonly { date: string; rows: readonly RowFigures[] }[];
    deposits: readonly DepositFigures[];
  },
  restaurantName: string,
): string {
  const lines = [
    row('Restaurant', restaurantName),
    row('Business days', `${range.from} to ${range.to}`),
    '',
    row('Business day', ...HEADINGS),
    ...range.days.flatMap((day) => day.rows.map((r) => row(day.date, ...transactionFields(r)))),
    '',
    row('Deposited on', 'Card sales', 'Fees', 'Adjustments', 'Reversals', 'Chargebacks', 'Deposit'),
    ...range.deposits.map((d) =>
      row(
        d.date,
        dollars(d.sales),
        dollars(d.fees),
        dollars(d.adjustments),
        dollars(d.reversals),
        dollars(d.chargebacks),
        dollars(d.deposited),
      ),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** One of a day's gateway reports as the day's answer lists it. */
export type Report = ReconciliationReport;

/** "Dec 7, 2026 to Dec 9, 2026": a window's first and last dates. */
const daysOf = (reports: Report[]) =>
  reports.length > 1
    ? `${formatDay(reports[0]!.date)} to ${formatDay(reports.at(-1)!.date)}`
    : reports.map((report) => formatDay(report.date)).join('');

/** What the day's gateway reports are, in words: which days, when they were last read, what may change. */
export function reportsWords(reports: Report[]): string {
  const settlement = reports.filter((report) => report.report === 'settlement');
  const funding = reports.filter((report) => report.report === 'funding');
  const which = `the settlement of ${daysOf(settlement)} and the deposits of ${daysOf(funding)}`;
  const read = reports.flatMap((report) => (report.importedAt ? [report.importedAt] : []));
  if (read.length === 0)
    return `Not read from the gateway yet: ${which}. Until they are, settled and deposited amounts show as on their way.`;
  const latest = read.reduce((last, at) => (at > last ? at : last));
  const open = reports.filter((report) => report.importedAt !== null && !report.final).length;
  const unread = reports.length - read.length;
  return [
    `From ${which}, as the gateway reported them (last read ${formatDateTime(latest)}).`,
    unread > 0 ? `${unread} of them not read yet.` : '',
    open > 0
      ? 'Reports read before their day ended may still change: what they leave out shows as on its way.'
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}
