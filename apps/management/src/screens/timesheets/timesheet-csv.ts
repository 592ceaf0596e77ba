import { csvField } from '../reports/report-period';
import type { Timesheet } from './timesheets-api';

const row = (...fields: (string | number)[]) => fields.map(csvField).join(',');
/** Cents as a plain amount for a spreadsheet (1234 → 12.34). */
const amount = (minor: number) => (minor / 100).toFixed(2);

/**
 * The timesheet for payroll: one line per employee (hours as decimals, money as amounts in the restaurant's
 * currency), a total line, then the period's labour cost and net sales by day.
 */
export function timesheetCsv(sheet: Timesheet, restaurantName: string): string {
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
    ),
    ...sheet.rows.map((r) =>
      row(
        r.employeeId,
        r.name,
        r.shifts,
        r.regularHours.toFixed(2),
        r.overtimeHours.toFixed(2),
        amount(r.regularPay),
        amount(r.overtimePay),
        amount(r.wages),
        amount(r.declaredTips),
      ),
    ),
  ];
  const t = sheet.totals;
  lines.push(
    row(
      '',
      'All employees',
      t.shifts,
      t.regularHours.toFixed(2),
      t.overtimeHours.toFixed(2),
      amount(t.regularPay),
      amount(t.overtimePay),
      amount(t.wages),
      amount(t.declaredTips),
    ),
    '',
    row('Date', 'Labour cost', 'Net sales', 'Labour %'),
    ...sheet.labour.map((d) =>
      row(d.date, amount(d.labourCost), amount(d.netSales), d.labourPercent === null ? '' : d.labourPercent),
    ),
  );
  return `${lines.join('\r\n')}\r\n`;
}
