import { describe, expect, it } from 'vitest';
import { timesheetCsv } from './timesheet-csv';
import type { Timesheet } from './timesheets-api';

const figures = {
  shifts: 2,
  regularHours: 40,
  overtimeHours: 7.5,
  regularPay: 72000,
  overtimePay: 20250,
  wages: 92250,
  declaredTips: 2000,
};

describe('the timesheet CSV', () => {
  it('has a line per employee with decimal hours and amounts, a total, and the labour days', () => {
    const sheet = {
      from: '2026-11-02',
      to: '2026-11-08',
      currency: 'USD',
      rows: [{ employeeId: 3, name: '=Sam, "Bar"', openShift: false, ...figures }],
      totals: figures,
      labour: [{ date: '2026-11-03', labourCost: 12345, netSales: 50000, labourPercent: 24.7, hours: [] }],
    } as unknown as Timesheet;
    expect(timesheetCsv(sheet, 'Harbor Grill').split('\r\n')).toEqual([
      'Timesheet,Harbor Grill,2026-11-02 to 2026-11-08,USD',
      'Employee ID,Employee,Shifts,Regular hours,Overtime hours,Regular pay,Overtime pay,Wages,Declared tips',
      // a spreadsheet formula is defused; quotes and commas are quoted
      `3,"'=Sam, ""Bar""",2,40.00,7.50,720.00,202.50,922.50,20.00`,
      ',All employees,2,40.00,7.50,720.00,202.50,922.50,20.00',
      '',
      'Date,Labour cost,Net sales,Labour %',
      '2026-11-03,123.45,500.00,24.7',
      '',
    ]);
  });

  it('adds the net tips after tip-out when the tips report of the period is at hand', () => {
    const sheet = {
      from: '2026-11-02',
      to: '2026-11-08',
      currency: 'USD',
      rows: [
        { employeeId: 3, name: 'Sam', openShift: false, ...figures },
        { employeeId: 4, name: 'Cal', openShift: false, ...figures },
      ],
      totals: figures,
      labour: [],
    } as unknown as Timesheet;
    const lines = timesheetCsv(sheet, 'Harbor Grill', new Map([[3, 1850]])).split('\r\n');
    expect(lines[1]).toBe(
      'Employee ID,Employee,Shifts,Regular hours,Overtime hours,Regular pay,Overtime pay,Wages,Declared tips,Net tips',
    );
    expect(lines[2]).toBe('3,Sam,2,40.00,7.50,720.00,202.50,922.50,20.00,18.50');
    expect(lines[3]).toBe('4,Cal,2,40.00,7.50,720.00,202.50,922.50,20.00,');
    expect(lines[4]).toBe(',All employees,2,40.00,7.50,720.00,202.50,922.50,20.00,18.50');
  });
});
