import type { Journal, SalesReport } from '@brigade/domain/ledger/reports';

/**
 * The periods the sales report offers (docs/behaviour/reports.md#sales) and its CSV export. Pure: the screen
 * and its tests share them. Days are YYYY-MM-DD on the restaurant's clock; weeks start on Monday.
 */

export const PERIODS = ['day', 'week', 'month', 'custom'] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  custom: 'Custom',
};

const parse = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const iso = (date: Date) => date.toISOString().slice(0, 10);
export const shiftDay = (day: string, days: number) =>
  iso(new Date(parse(day).getTime() + days * 86_400_000));

/** The range of `period` that holds `anchor` (custom: the range as given). */
export function rangeOf(period: Period, anchor: string, custom?: { from: string; to: string }) {
  const date = parse(anchor);
  switch (period) {
    case 'day':
      return { from: anchor, to: anchor };
    case 'week': {
      const monday = shiftDay(anchor, -((date.getUTCDay() + 6) % 7));
      return { from: monday, to: shiftDay(monday, 6) };
    }
    case 'month': {
      const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
      const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
      return { from: iso(first), to: iso(last) };
    }
    case 'custom':
      return custom ?? { from: anchor, to: anchor };
  }
}

/** The anchor one period earlier or later ("‹" and "›"). */
export function stepAnchor(period: Period, anchor: string, direction: -1 | 1): string {
  if (period === 'week') return shiftDay(anchor, 7 * direction);
  if (period === 'month') {
    const date = parse(anchor);
    return iso(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + direction, 1)));
  }
  return shiftDay(anchor, direction);
}

/** The change from `before` to `now` in percent (one decimal); null when there was nothing before. */
export function changeOf(now: number, before: number): number | null {
  if (before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}

const cents = (minor: number) => (minor / 100).toFixed(2);
/** RFC 4180: a field with a comma, a quote or a line break is quoted, quotes doubled; formulas neutralised. */
export function csvField(value: string | number): string {
  let text = String(value);
  const number = /^-?\d+(\.\d+)?$/.test(text);
  if (!number && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const row = (...fields: (string | number)[]) => fields.map(csvField).join(',');

/**
 * The report as one CSV file: sections one after another, each with its heading row; amounts in the
 * currency's units with two decimals (documented in docs/behaviour/reports.md#csv-export).
 */
export function salesReportCsv(report: SalesReport, restaurant: string): string {
  const t = report.totals;
  const lines = [
    row('Sales report', restaurant, report.from, report.to, report.currency),
    '',
    row('Figure', 'Amount'),
    row('Sales', t.sales),
    row('Gross sales', cents(t.grossSales)),
    row('Returns', cents(t.returns)),
    row('Net sales', cents(t.netSales)),
    row('Tax', cents(t.tax)),
    row('Tax included in prices', cents(t.includedTax)),
    row('Tips', cents(t.tips)),
    row('Service charges', cents(t.serviceCharges)),
    row('Total collected', cents(t.totalCollected)),
    ...(report.restaurants.length > 1
      ? [
          '',
          row('Restaurant', 'Sales', 'Net sales', 'Total collected'),
          ...report.restaurants.map((r) => row(r.name, r.sales, cents(r.netSales), cents(r.totalCollected))),
        ]
      : []),
    '',
    row('Item', 'Quantity', 'Net sales', 'Share %'),
    ...report.items.map((i) => row(i.name, i.quantity, cents(i.netSales), i.share)),
    '',
    row('Sales category', 'Quantity', 'Net sales'),
    ...report.categories.map((c) => row(c.name, c.quantity, cents(c.netSales))),
    '',
    row('Tax rate', 'Tax', 'Included in prices'),
    ...report.taxes.map((x) => row(x.name, cents(x.tax), cents(x.includedTax))),
    '',
    row('Payment', 'Card brand', 'Taken', 'Returned', 'Net'),
    ...report.payments.map((p) =>
      row(p.method, p.cardBrand ?? '', cents(p.taken), cents(p.returned), cents(p.net)),
    ),
    '',
    row('Day', 'Sales', 'Net sales'),
    ...report.days.map((d) => row(d.date, d.sales, cents(d.netSales))),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

export const JOURNAL_COLUMNS = [
  'Date',
  'Gross sales',
  'Returns',
  'Net sales',
  'Tax payable',
  'Tax included in prices',
  'Tips payable',
  'Service charges',
  'Total collected',
  'Card taken',
  'Card returned',
  'Card net',
  'Cash taken',
  'Not yet paid',
  // last, so a tool that imported the columns before them finds them where they were
  'Fees',
  'Deposits',
] as const;

/**
 * The daily journal as CSV (docs/behaviour/reports.md#daily-journal): one row per business day, amounts in
 * units with two decimals; "Not yet paid" is what guests owe beyond what the card and the registers' cash
 * took (an order captured when picked up, or a refund that went back by another way). Fees and deposits are
 * the card processor's funding of that date, as stored by the daily funding import.
 */
export function journalCsv(journal: Journal): string {
  const lines = [
    row(...JOURNAL_COLUMNS),
    ...journal.days.map((d) =>
      row(
        d.date,
        cents(d.grossSales),
        cents(d.returns),
        cents(d.netSales),
        cents(d.tax),
        cents(d.includedTax),
        cents(d.tips),
        cents(d.serviceCharges),
        cents(d.totalCollected),
        cents(d.cardTaken),
        cents(d.cardReturned),
        cents(d.cardNet),
        cents(d.cashTaken),
        cents(d.totalCollected - d.cardNet - d.cashTaken),
        cents(d.fees),
        cents(d.deposits),
      ),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
