import { elapsed } from '@brigade/ui/kitchen/board';
import { describe, expect, it } from 'vitest';
import { arrivals, titleWith } from './new-order-alert';
import { isScheduled } from './orders-screen';
import { cardLine, pickupLabel, registerPaidLabel, timeOf } from './paths';
import { hourPoints } from './summary-screen';

describe('the new-order alert', () => {
  it('counts new orders in the title', () => {
    expect(titleWith(0)).toBe('Orders — Brigade');
    expect(titleWith(2)).toBe('(2) Orders — Brigade');
  });

  it('beeps only for orders that arrive after the screen first loaded', () => {
    const first = arrivals(null, [1, 2]);
    expect(first.fresh).toEqual([]);
    const second = arrivals(first.seen, [2, 3]);
    expect(second.fresh).toEqual([3]);
    // an order accepted and gone from the new ones, then seen again, is not new again
    expect(arrivals(second.seen, [1, 3]).fresh).toEqual([]);
  });
});

describe('the kitchen timer', () => {
  it('reads minutes and seconds since the ticket fired, never negative', () => {
    const fired = new Date('2026-01-01T12:00:00Z');
    expect(elapsed(fired, new Date('2026-01-01T12:04:07Z'))).toBe('4:07');
    expect(elapsed(fired, new Date('2026-01-01T12:21:00Z'))).toBe('21:00');
    expect(elapsed(fired, new Date('2026-01-01T11:59:00Z'))).toBe('0:00');
  });
});

describe('the sales chart', () => {
  it('has a point for every hour around the busy ones, zeros between', () => {
    const points = hourPoints([
      { hour: 11, orders: 2, sales: 3000 },
      { hour: 13, orders: 1, sales: 500 },
    ]);
    expect(points.map((p) => [p.label, p.orders, p.sales])).toEqual([
      ['10:00', 0, 0],
      ['11:00', 2, 3000],
      ['12:00', 0, 0],
      ['13:00', 1, 500],
      ['14:00', 0, 0],
    ]);
    expect(hourPoints([{ hour: 0, orders: 1, sales: 1 }]).map((p) => p.label)).toEqual(['00:00', '01:00']);
    expect(hourPoints([])).toEqual([]);
  });
});

describe("today's board", () => {
  const now = Date.parse('2026-03-01T04:45:00Z'); // 23:45 in New York, 28 February
  it("puts a later day's order under Scheduled only when it is due more than an hour from now", () => {
    const order = (businessDate: string, pickupAt: string) => ({ businessDate, pickupAt });
    // ASAP in the lead time before midnight: tomorrow's, but due in 20 minutes
    expect(isScheduled(order('2026-03-01', '2026-03-01T05:05:00Z'), '2026-02-28', now)).toBe(false);
    expect(isScheduled(order('2026-03-01', '2026-03-01T17:00:00Z'), '2026-02-28', now)).toBe(true);
    // today's own orders never are, however late
    expect(isScheduled(order('2026-02-28', '2026-03-01T04:55:00Z'), '2026-02-28', now)).toBe(false);
  });
});

describe('an order card', () => {
  it('names each line with its size and its choices', () => {
    const modifiers = [
      { name: 'Medium rare', quantity: 1 },
      { name: 'Extra cheese', quantity: 2 },
    ];
    expect(cardLine({ quantity: 2, name: 'Harbor Burger', sizeName: 'Large', modifiers })).toBe(
      '2× Harbor Burger (Large; Medium rare, 2× Extra cheese)',
    );
    expect(cardLine({ quantity: 1, name: 'Fries', modifiers: [] })).toBe('1× Fries');
  });

  it("reads times on the restaurant's clock, naming its zone when the browser's clock reads otherwise", () => {
    const at = '2026-01-15T02:30:00.000Z'; // 6:30 PM in Los Angeles, 9:30 PM in New York
    const here = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(timeOf(at, 'America/Los_Angeles')).toMatch(/6:30/);
    expect(timeOf(at, 'America/New_York')).toMatch(/9:30/);
    expect(timeOf(at, 'America/Los_Angeles').includes('PST')).toBe(here !== 'America/Los_Angeles');
    expect(timeOf(at, here)).toBe(timeOf(at));
    expect(pickupLabel({ asap: false, pickupAt: at, readyAt: null }, 'America/Los_Angeles')).toMatch(
      /^Pickup 6:30/,
    );
  });
});

describe('how a register sale was paid', () => {
  const cash = (amount: number, kind: 'payment' | 'refund' = 'payment') => ({
    method: 'cash' as const,
    kind,
    amount,
    cardBrand: null,
    lastFour: null,
  });
  const visa = {
    method: 'card' as const,
    kind: 'payment' as const,
    amount: 2107,
    cardBrand: 'visa',
    lastFour: '1111',
  };
  it('lists each part of a check paid in parts, and what was handed back', () => {
    const format = (minor: number) =>
      new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(minor / 100);
    expect(
      registerPaidLabel({ status: 'accepted', currency: 'USD', registerPayments: [cash(2108), visa] }),
    ).toBe(`Cash ${format(2108)} · Visa •••• 1111 ${format(2107)}`);
    expect(
      registerPaidLabel({
        status: 'cancelled',
        currency: 'USD',
        registerPayments: [cash(1200), cash(1200, 'refund')],
      }),
    ).toBe(`Cash ${format(1200)} · ${format(1200)} handed back`);
  });
  it('says an open check is not paid yet', () => {
    expect(registerPaidLabel({ status: 'open', currency: 'USD', registerPayments: [] })).toBe('Not paid yet');
    expect(registerPaidLabel({ status: 'accepted', currency: 'USD' })).toBe('—');
  });
});
