import { describe, expect, it } from 'vitest';
import { fundingResponseLenientSchema } from './funding';
import { fundingTotals } from './funding-totals';

/** An answer as the client reads it: the lenient schema makes every list a list. */
const answer = (fields: object) => fundingResponseLenientSchema.parse(fields);

describe('a funding answer reduced to its totals', () => {
  it('sums the deposit records in cents, signed as the gateway signs them, and counts the records', () => {
    expect(
      fundingTotals(
        answer({
          fundingmasterid: '77',
          fundings: [
            { netsales: '100.10', fee: '-3.20', adjustment: '0.00', totalfunding: '96.90', currency: 'USD' },
            { netsales: '20', fee: '-0.88', adjustment: '-5.00', reversal: '-1.05', totalfunding: '14.12' },
          ],
          txns: [{}, {}, {}],
          adjustments: [{}],
          chargebacks: [{ amount: '-5.00' }],
        }),
      ),
    ).toEqual({
      fundingMasterId: '77',
      netSales: 12010,
      fees: -408,
      adjustments: -500,
      reversals: -105,
      chargebacks: -500,
      totalFunding: 11102,
      currency: 'USD',
      depositCount: 2,
      transactionCount: 3,
      adjustmentCount: 1,
      chargebackCount: 1,
    });
  });

  it('counts a left-out amount as 0, and names no currency as USD', () => {
    expect(fundingTotals(answer({ fundings: [{ totalfunding: '1.00' }] }))).toMatchObject({
      fundingMasterId: null,
      netSales: 0,
      fees: 0,
      totalFunding: 100,
      currency: 'USD',
      depositCount: 1,
      transactionCount: 0,
    });
  });

  it('refuses an amount that is not money rather than store it as 0', () => {
    expect(fundingTotals(answer({ fundings: [{ totalfunding: '12.345' }] }))).toBeUndefined();
    expect(fundingTotals(answer({ fundings: [{ fee: 'n/a' }] }))).toBeUndefined();
    expect(fundingTotals(answer({ chargebacks: [{ amount: '1e3' }] }))).toBeUndefined();
  });
});
