import type { SalesReport } from '@brigade/domain/ledger/reports';
import { describe, expect, it } from 'vitest';
import { changeOf, csvField, journalCsv, rangeOf, salesReportCsv, stepAnchor } from './report-period';

describe('report periods', () => {
  it('finds the day, the week from Monday and the calendar month holding a day', () => {
    expect(rangeOf('day', '2026-12-04')).toEqual({ from: '2026-12-04', to: '2026-12-04' });
    expect(rangeOf('week', '2026-12-06')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(rangeOf('month', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(rangeOf('custom', '2026-12-04', { from: '2026-01-01', to: '2026-03-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
  });

  it('steps a period back and forth, months by the calendar', () => {
    expect(stepAnchor('month', '2026-03-31', -1)).toBe('2026-02-01');
    expect(stepAnchor('week', '2026-12-04', 1)).toBe('2026-12-11');
    expect(stepAnchor('day', '2026-01-01', -1)).toBe('2025-12-31');
  });

  it('compares to the period before in percent, and says nothing when there was nothing', () => {
    expect(changeOf(1500, 1000)).toBe(50);
    expect(changeOf(900, 1200)).toBe(-25);
    expect(changeOf(900, 0)).toBeNull();
  });
});

describe('the CSV export', () => {
  it('quotes what needs quoting and keeps a spreadsheet from running a formula', () => {
    expect(csvField('Fish, chips')).toBe('"Fish, chips"');
    expect(csvField('12" pizza')).toBe('"12"" pizza"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-5)).toBe('-5');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField('-cmd')).toBe(`'-cmd`);
  });

  it('writes the totals and every section with amounts in units', () => {
    const totals = {
      sales: 2,
      grossSales: 2650,
      returns: 1000,
      netSales: 1650,
      tax: 235,
      includedTax: 0,
      tips: 477,
      serviceCharges: 0,
      totalCollected: 2362,
    };
    const report: SalesReport = {
      from: '2026-12-01',
      to: '2026-12-04',
      currency: 'USD',
      totals,
      previous: null,
      restaurants: [
        { restaurantId: 20000001, name: 'Bistro', sales: 2, netSales: 1650, totalCollected: 2362 },
      ],
      channels: [],
      days: [{ date: '2026-12-04', sales: 2, netSales: 1650 }],
      hours: [],
      items: [{ itemId: 1, name: 'Burger, double', quantity: 2, netSales: 2400, share: 90.6 }],
      categories: [],
      menuGroups: [],
      taxes: [{ taxRateId: 3, name: 'City', tax: 235, includedTax: 0 }],
      payments: [{ method: 'card', cardBrand: 'VISA', taken: 3362, returned: 1000, net: 2362 }],
    };
    const csv = salesReportCsv(report, 'Bistro');
    const rows = csv.split('\r\n');
    expect(rows[0]).toBe('Sales report,Bistro,2026-12-01,2026-12-04,USD');
    expect(rows).toContain('Net sales,16.50');
    expect(rows).toContain('Total collected,23.62');
    expect(rows).toContain('"Burger, double",2,24.00,90.6');
    expect(rows).toContain('card,VISA,33.62,10.00,23.62');
    expect(rows).toContain('2026-12-04,2,16.50');
    // one restaurant: no restaurants section; several: one row each
    expect(rows).not.toContain('Restaurant,Sales,Net sales,Total collected');
    const second = { restaurantId: 20000002, name: 'Dock', sales: 1, netSales: 500, totalCollected: 550 };
    const all = salesReportCsv(
      { ...report, restaurants: [...report.restaurants, second] },
      'All restaurants',
    );
    const allRows = all.split('\r\n');
    expect(allRows[0]).toBe('Sales report,All restaurants,2026-12-01,2026-12-04,USD');
    expect(allRows).toContain('Restaurant,Sales,Net sales,Total collected');
    expect(allRows).toContain('Bistro,2,16.50,23.62');
    expect(allRows).toContain('Dock,1,5.00,5.50');
  });
});

describe('the daily journal CSV', () => {
  it('writes a row per day with what the card has not taken yet, and the fees and deposits of the date', () => {
    const day = {
      date: '2026-12-04',
      sales: 2,
      grossSales: 2650,
      returns: 0,
      netSales: 2650,
      tax: 235,
      includedTax: 0,
      tips: 477,
      serviceCharges: 0,
      totalCollected: 3362,
      cardTaken: 3000,
      cardReturned: 0,
      cardNet: 3000,
      cashTaken: 200,
      fees: 117,
      deposits: -2883,
    };
    const rows = journalCsv({ from: '2026-12-04', to: '2026-12-04', currency: 'USD', days: [day] }).split(
      '\r\n',
    );
    expect(rows[0]).toBe(
      'Date,Gross sales,Returns,Net sales,Tax payable,Tax included in prices,Tips payable,Service charges,Total collected,Card taken,Card returned,Card net,Cash taken,Not yet paid,Fees,Deposits',
    );
    expect(rows[1]).toBe(
      '2026-12-04,26.50,0.00,26.50,2.35,0.00,4.77,0.00,33.62,30.00,0.00,30.00,2.00,1.62,1.17,-28.83',
    );
  });
});
