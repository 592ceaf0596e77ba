import { describe, expect, it } from 'vitest';
import { balanceOf, balanceText, expectedCash, movementTotals, staffName } from './figures';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('drawer figures', () => {
  it('says short, over or exact in words', () => {
    expect(balanceOf(-400)).toBe('short');
    expect(balanceOf(150)).toBe('over');
    expect(balanceOf(0)).toBe('exact');
    expect(balanceText(-400, money)).toBe('Short $4.00');
    expect(balanceText(150, money)).toBe('Over $1.50');
    expect(balanceText(0, money)).toBe('Exact');
  });

  it('adds pay-ins and takes pay-outs from the float and the cash sales', () => {
    const movements = [
      { kind: 'pay_out' as const, amount: 1250 },
      { kind: 'pay_in' as const, amount: 500 },
      { kind: 'pay_out' as const, amount: 250 },
    ];
    expect(movementTotals(movements)).toEqual({ payIns: 500, payOuts: 1500 });
    expect(movementTotals([])).toEqual({ payIns: 0, payOuts: 0 });
    expect(expectedCash({ openingFloat: 10000, movements }, 4939)).toBe(10000 + 4939 + 500 - 1500);
  });
});

describe('who opened and closed a drawer', () => {
  const me = { uid: 'u1', displayName: 'Ada Owner' };
  it('says the name the server gives, else the signed-in staff member, else someone else', () => {
    expect(staffName('Casey Cashier', 'u2', me)).toBe('Casey Cashier');
    expect(staffName(null, 'u1', me)).toBe('Ada Owner');
    expect(staffName(null, 'u2', me)).toBe('another staff member');
    expect(staffName(null, null, null)).toBe('another staff member');
  });
});
