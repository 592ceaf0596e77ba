import { csvField } from '../reports/report-period';
import type { Timesheet } from './timesheets-api';

const row = (...fields: (string | number)[]) => fields.map(csvField).join(',');
/** Cents as a plain amount for a spreadsheet (1234 → 12.34). */
const amount = (minor: number) => (minor / 100).toFixed(2);

/**
 * The timesheet for payroll: one line per employee (hours as decimals, money as amounts in the restaurant's
 * currency), a total line, then the period's labour cost and net sales by day. With the same period's net
 * tips by employee (the tips report: after tip-out), a last column carries them.
 */
export function timesheetCsv(
  sheet: Timesheet,
  restaurantName: string,
  netTips?: ReadonlyMap<number, number>,
): string {
  const tips = (employeeId: number) => {
    const value = netTips?.get(employeeId);
    return value === undefined ? '' : amount(value);
  };
  const withTips = (fields: (string | number)[], value: string) => (netTips ? [...fields, value] : fields);
  const lines = [
    row('Timesheet', restaurantName, `${sheet.from} to ${sheet.to}`, sheet.currency),
    row(
      'Employee ID',
      'Employee',
      'Shifts',
      'Regular hours',
      'Overtime hours',
      'Regular pay',
      'Overtime pay',
      'Wages',
      'Declared tips',
      ...(netTips ? ['Net tips'] : []),
    ),
    ...sheet.rows.map((r) =>
      row(
        ...withTips(
          [
            r.employeeId,
            r.name,
            r.shifts,
            r.regularHours.toFixed(2),
            r.overtimeHours.toFixed(2),
            amount(r.regularPay),
            amount(r.overtimePay),
            amount(r.wages),
            amount(r.declaredTips),
          ],
          tips(r.employeeId),
        ),
      ),
    ),
  ];
  const tipsTotal = sheet.rows.reduce((sum, r) => sum + (netTips?.get(r.employeeId) ?? 0), 0);
  const t = sheet.totals;
  lines.push(
    row(
      ...withTips(
        [
          '',
          'All employees',
          t.shifts,
          t.regularHours.toFixed(2),
          t.overtimeHours.toFixed(2),
          amount(t.regularPay),
          amount(t.overtimePay),
          amount(t.wages),
          amount(t.declaredTips),
        ],
        amount(tipsTotal),
      ),
    ),
    '',
    row('Date', 'Labour cost', 'Net sales', 'Labour %'),
    ...sheet.labour.map((d) =>
      row(d.date, amount(d.labourCost), amount(d.netSales), d.labourPercent === null ? '' : d.labourPercent),
    ),
  );
  return `${lines.join('\r\n')}\r\n`;
}
