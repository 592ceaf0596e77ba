import { describe, expect, it } from 'vitest';
import {
  cardAwaitingTip,
  cardOf,
  handedBack,
  isManagerRole,
  isVoided,
  paidWith,
  paymentParts,
  salesSummary,
  summaryText,
  tipCents,
} from './figures';

const sale = (total: number, status = 'accepted', refund = 0) => ({
  status,
  totals: { total },
  tenders: [
    { kind: 'payment' as const, amount: total },
    ...(refund ? [{ kind: 'refund' as const, amount: refund }] : []),
  ],
});

describe('register sales', () => {
  it('knows a voided sale and the cash it handed back', () => {
    expect(isVoided(sale(1000))).toBe(false);
    expect(isVoided(sale(1000, 'cancelled', 1000))).toBe(true);
    expect(handedBack(sale(1000))).toBe(0);
    expect(handedBack(sale(3575, 'cancelled', 3575))).toBe(3575);
  });

  it('says how a sale was paid: cash, or the card by brand and last four only', () => {
    expect(paidWith(sale(1000))).toBe('Paid in cash');
    const card = {
      status: 'accepted',
      totals: { total: 2300 },
      tenders: [
        {
          kind: 'payment' as const,
          amount: 2300,
          method: 'card' as const,
          card: { brand: 'visa', lastFour: '1111' },
        },
      ],
    };
    expect(paidWith(card)).toBe('Paid by Visa ****1111');
    expect(cardOf({ tenders: [{ ...card.tenders[0]!, card: { brand: null, lastFour: null } }] })).toBe(
      'Card',
    );
  });

  it('says a check paid in parts was paid in cash and by card, and lists each part', () => {
    const split = {
      tenders: [
        { kind: 'payment' as const, amount: 2108, method: 'cash' as const, card: null },
        {
          kind: 'payment' as const,
          amount: 2107,
          method: 'card' as const,
          card: { brand: 'visa', lastFour: '1111' },
        },
      ],
    };
    expect(paidWith(split)).toBe('Paid in cash and by Visa ****1111');
    expect(paymentParts(split)).toEqual([
      { key: '0', label: 'Cash', amount: 2108 },
      { key: '1', label: 'Visa ****1111', amount: 2107 },
    ]);
    // a sale paid at once has no parts; a refund is not a part
    expect(paymentParts(sale(1000, 'cancelled', 1000))).toEqual([]);
  });

  it('counts and totals the standing sales, and counts the voided apart', () => {
    const summary = salesSummary([sale(1000), sale(2500, 'cancelled', 2500), sale(450)]);
    expect(summary).toEqual({ kept: 2, voided: 1, total: 1450 });
    expect(summaryText(summary)).toBe('2 sales · 1 voided');
    expect(summaryText(salesSummary([sale(1000)]))).toBe('1 sale');
    expect(summaryText(salesSummary([]))).toBe('0 sales');
  });

  it('lets managers and above void, and site administrators', () => {
    expect(isManagerRole('owner', false)).toBe(true);
    expect(isManagerRole('admin', false)).toBe(true);
    expect(isManagerRole('manager', false)).toBe(true);
    expect(isManagerRole('employee', false)).toBe(false);
    expect(isManagerRole(undefined, false)).toBe(false);
    expect(isManagerRole('employee', true)).toBe(true);
  });
});

describe('a tip from the receipt', () => {
  it('reads the amount typed from the receipt in cents, and refuses what is no amount', () => {
    expect([tipCents(''), tipCents('3'), tipCents('3.5'), tipCents(' 12.75 '), tipCents('0')]).toEqual([
      0, 300, 350, 1275, 0,
    ]);
    for (const bad of ['-1', '3.555', 'abc', '1e3', '123456']) expect(tipCents(bad), bad).toBeNull();
  });

  it('finds the card still waiting for its tip, and none once it is added', () => {
    const card = (tipPending: boolean) => ({
      status: 'accepted',
      totals: { total: 2000 },
      tenders: [
        { kind: 'payment' as const, amount: 500, method: 'cash' as const },
        {
          tenderId: 8,
          kind: 'payment' as const,
          amount: 1500,
          method: 'card' as const,
          card: { brand: 'visa', lastFour: '1111', tipPending },
        },
      ],
    });
    expect(cardAwaitingTip(card(true))?.tenderId).toBe(8);
    expect(cardAwaitingTip(card(false))).toBeNull();
    expect(cardAwaitingTip(sale(1000))).toBeNull();
  });
});
