import { describe, expect, it } from 'vitest';
import type { TipsReport } from './tips-api';
import { tipsCsv } from './tips-csv';

const figures = {
  hours: 8,
  netSales: 5000,
  cardTips: 300,
  cashTips: 1000,
  tipOutPaid: 150,
  tipOutReceived: 0,
};
const report: TipsReport = {
  from: '2026-11-02',
  to: '2026-11-08',
  currency: 'USD',
  rows: [
    { employeeId: 4, name: 'Ann, "the" server', ...figures, netTips: 1150 },
    {
      employeeId: 7,
      name: '=Cal',
      ...figures,
      hours: 7.25,
      netSales: 0,
      cardTips: 0,
      cashTips: 0,
      tipOutPaid: 0,
      tipOutReceived: 191,
      netTips: 191,
    },
  ],
  totals: {
    hours: 15.25,
    netSales: 5000,
    cardTips: 300,
    cashTips: 1000,
    tipOutPaid: 150,
    tipOutReceived: 191,
    netTips: 1341,
  },
  unassignedTips: 250,
  unassignedTipsPooled: 0,
  pools: [
    {
      ruleId: 1,
      name: 'Bussers',
      basis: 'net_sales',
      percent: 3,
      receivingJob: 'Busser',
      collected: 150,
      status: 'shared',
      receivers: 1,
    },
  ],
};

describe('tipsCsv', () => {
  it('writes one line per employee with amounts, a total, and the pools, safe for spreadsheets', () => {
    const lines = tipsCsv(report, 'Harbor Grill').split('\r\n');
    expect(lines[0]).toBe('Tips,Harbor Grill,2026-11-02 to 2026-11-08,USD');
    expect(lines[2]).toBe('4,"Ann, ""the"" server",8.00,50.00,3.00,10.00,1.50,0.00,11.50');
    // a name that a spreadsheet would run as a formula is quoted as text
    expect(lines[3]).toBe("7,'=Cal,7.25,0.00,0.00,0.00,0.00,1.91,1.91");
    expect(lines[4]).toBe(',All employees,15.25,50.00,3.00,10.00,1.50,1.91,13.41');
    expect(lines[6]).toBe('Tips with no server,2.50,Pooled,0.00');
    expect(lines[9]).toBe('Bussers,net_sales,3,Busser,1.50,1,shared');
  });
});
