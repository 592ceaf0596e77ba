import { csvField } from '../reports/report-period';
import type { TipsReport } from './tips-api';

const row = (...fields: (string | number)[]) => fields.map(csvField).join(',');
/** Cents as a plain amount for a spreadsheet (1234 → 12.34). */
const amount = (minor: number) => (minor / 100).toFixed(2);

/**
 * The tips of a pay period for payroll: one line per employee (hours as decimals, money as amounts in the
 * restaurant's currency), a total line, then each tip-out rule's pool.
 */
export function tipsCsv(report: TipsReport, restaurantName: string): string {
  const lines = [
    row('Tips', restaurantName, `${report.from} to ${report.to}`, report.currency),
    row(
      'Employee ID',
      'Employee',
      'Hours',
      'Net sales',
      'Card tips',
      'Cash tips',
      'Tip-out paid',
      'Tip-out received',
      'Net tips',
    ),
    ...report.rows.map((r) =>
      row(
        r.employeeId ?? '',
        r.name,
        r.hours.toFixed(2),
        amount(r.netSales),
        amount(r.cardTips),
        amount(r.cashTips),
        amount(r.tipOutPaid),
        amount(r.tipOutReceived),
        amount(r.netTips),
      ),
    ),
  ];
  const t = report.totals;
  lines.push(
    row(
      '',
      'All employees',
      t.hours.toFixed(2),
      amount(t.netSales),
      amount(t.cardTips),
      amount(t.cashTips),
      amount(t.tipOutPaid),
      amount(t.tipOutReceived),
      amount(t.netTips),
    ),
    '',
    row('Tips with no server', amount(report.unassignedTips), 'Pooled', amount(report.unassignedTipsPooled)),
    '',
    row('Tip-out rule', 'Basis', 'Percent', 'Receiving job', 'Pooled', 'Receivers', 'Status'),
    ...report.pools.map((p) =>
      row(p.name, p.basis, p.percent, p.receivingJob, amount(p.collected), p.receivers, p.status),
    ),
  );
  return `${lines.join('\r\n')}\r\n`;
}
