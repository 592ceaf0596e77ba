import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate } from './allocate';
import { type LedgerLine, type OrderRecord, type PaymentRecord, projectSale } from './projection';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 4, 17, minute));
const sum = (lines: readonly LedgerLine[], keep: (line: LedgerLine) => boolean) =>
  lines.filter(keep).reduce((total, line) => total + line.amount, 0);
const salesSide = (line: LedgerLine) => line.kind !== 'tender';
const tenderSide = (line: LedgerLine) => line.kind === 'tender';

const order = (events: OrderRecord['events']): OrderRecord => ({
  orderId: 7,
  currency: 'USD',
  lines: [
    { itemId: 1, name: 'Burger', quantity: 2, lineTotal: 2400, menuGroupId: 3, salesCategoryId: 4 },
    { itemId: 2, name: 'Fries', quantity: 1, lineTotal: 500 },
  ],
  totals: { taxes: [{ taxRateId: 9, name: 'State', amount: 232, included: 0 }], serviceCharge: 0, tip: 435 },
  events,
});
const TOTAL = 2400 + 500 + 232 + 435;

const payment = (changes: Partial<PaymentRecord> = {}): PaymentRecord => ({
  transactionId: 'tx',
  kind: 'authorisation',
  amount: TOTAL - 435,
  tipAmount: 435,
  currency: 'USD',
  cardBrand: 'VISA',
  createdBy: 'guest',
  capturedAmount: TOTAL,
  capturedAt: at(2),
  voidedAmount: 0,
  voidedAt: null,
  refunds: [],
  ...changes,
});

describe('allocate', () => {
  it('splits by the largest remainder and adds up exactly', () => {
    expect(allocate([1, 1, 1], 100)).toEqual([34, 33, 33]);
    expect(allocate([2400, 500, 232, 435], 2100)).toEqual([1413, 294, 137, 256]);
    expect(allocate([0, 0], 5)).toEqual([5, 0]);
  });

  it('never gives a part more than its weight when the total fits, and always adds up', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 8 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (weights, fraction) => {
          const whole = weights.reduce((a, b) => a + b, 0);
          const total = Math.floor(whole * fraction);
          const shares = allocate(weights, total);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          if (whole > 0) expect(shares.every((share, i) => share <= weights[i]!)).toBe(true);
        },
      ),
    );
  });
});

describe('projectSale', () => {
  const accepted = [
    { eventId: 1, status: 'new', actor: 'guest', occurredAt: at(0) },
    { eventId: 2, status: 'accepted', actor: 'u-manager', occurredAt: at(2) },
  ];

  it('keeps each card that paid a part under its own payment; one given back before the sale takes nothing off it', () => {
    const open = { eventId: 1, status: 'open', actor: 'u', occurredAt: at(0) };
    const sold = { eventId: 4, status: 'accepted', actor: 'u', occurredAt: at(6) };
    // card A paid 10.00 at minute 1 and was voided at minute 3 (handed back); card B paid 20.00 at minute 5;
    // the check's own payment (the last card) paid the rest at minute 6
    const partA = payment({
      transactionId: 'a',
      kind: 'sale',
      cardBrand: 'MC',
      amount: 1000,
      tipAmount: 0,
      capturedAmount: 0,
      capturedAt: at(1),
      voidedAmount: 1000,
      voidedAt: at(3),
    });
    const partB = payment({
      transactionId: 'b',
      kind: 'sale',
      cardBrand: 'AMEX',
      amount: 2000,
      tipAmount: 0,
      capturedAmount: 2000,
      capturedAt: at(5),
    });
    const own = payment({
      kind: 'sale',
      capturedAmount: TOTAL - 2000,
      amount: TOTAL - 2000,
      capturedAt: at(6),
    });
    const lines = projectSale({
      timezone: 'America/New_York',
      order: order([open, sold]),
      payment: own,
      parts: [partA, partB],
    });
    expect(sum(lines, salesSide)).toBe(TOTAL);
    expect(sum(lines, tenderSide)).toBe(TOTAL);
    expect(
      lines
        .filter(tenderSide)
        .map((l) => [l.lineKey.replace(/^o:7:/, ''), l.amount, l.transactionId, l.cardBrand]),
    ).toEqual([
      ['p:a:capture', 1000, 'a', 'MC'],
      ['p:a:void', -1000, 'a', 'MC'],
      ['p:b:capture', 2000, 'b', 'AMEX'],
      ['capture', TOTAL - 2000, 'tx', 'VISA'],
    ]);
    expect(lines.some((l) => l.event === 'return')).toBe(false);
  });

  it('records nothing for an order that was never accepted', () => {
    const lines = projectSale({
      timezone: 'America/New_York',
      order: order([accepted[0]!, { eventId: 3, status: 'cancelled', actor: 'u', occurredAt: at(5) }]),
      payment: payment({ capturedAmount: 0, capturedAt: null }),
    });
    expect(lines).toEqual([]);
  });

  it('recognises an accepted order by item, tax and tip on the restaurant’s day and hour', () => {
    const lines = projectSale({ timezone: 'America/New_York', order: order(accepted), payment: payment() });
    const sale = lines.filter((l) => l.event === 'sale');
    expect(sale.map((l) => [l.kind, l.itemName, l.amount])).toEqual([
      ['item', 'Burger', 2400],
      ['item', 'Fries', 500],
      ['tax', null, 232],
      ['tip', null, 435],
    ]);
    expect(sale[0]).toMatchObject({
      businessDate: '2026-12-04',
      localHour: 12,
      employee: 'u-manager',
      menuGroupId: 3,
    });
    expect(sum(lines, tenderSide)).toBe(TOTAL);
    expect(lines.find(tenderSide)).toMatchObject({
      event: 'capture',
      paymentMethod: 'card',
      cardBrand: 'VISA',
    });
  });

  it('spreads a partial refund over the sale and reverses the rest when the order is refunded', () => {
    const refund = { transactionId: 'r1', amount: 2100, capturedAt: at(10), createdBy: 'u-owner' };
    const partly = projectSale({
      timezone: 'UTC',
      order: order(accepted),
      payment: payment({ refunds: [refund] }),
    });
    expect(sum(partly, salesSide)).toBe(TOTAL - 2100);
    expect(sum(partly, tenderSide)).toBe(TOTAL - 2100);
    const second = { transactionId: 'r2', amount: TOTAL - 2100, capturedAt: at(20), createdBy: 'u-owner' };
    const whole = projectSale({
      timezone: 'UTC',
      order: order([...accepted, { eventId: 5, status: 'refunded', actor: 'u-owner', occurredAt: at(21) }]),
      payment: payment({ refunds: [refund, second] }),
    });
    // every part of the sale ends at zero
    const byPart = new Map<string, number>();
    for (const l of whole.filter(salesSide)) {
      const part = `${l.kind}:${l.itemId}:${l.taxRateId}`;
      byPart.set(part, (byPart.get(part) ?? 0) + l.amount);
    }
    expect([...byPart.values()].every((v) => v === 0)).toBe(true);
    expect(sum(whole, tenderSide)).toBe(0);
    // the earlier lines are the very same lines: the ledger only grows
    expect(whole.slice(0, partly.length)).toEqual(partly);
  });

  it('reverses a cancelled order whose card was only authorised, with no tender line', () => {
    const lines = projectSale({
      timezone: 'UTC',
      order: order([...accepted, { eventId: 4, status: 'cancelled', actor: 'u', occurredAt: at(9) }]),
      payment: payment({ capturedAmount: 0, capturedAt: null }),
    });
    expect(lines.filter(tenderSide)).toEqual([]);
    expect(sum(lines, salesSide)).toBe(0);
    expect(lines.filter((l) => l.event === 'return' && l.kind === 'item').map((l) => l.quantity)).toEqual([
      -2, -1,
    ]);
  });

  it('writes a tip added from the receipt as a line of its own moment, which a later refund reaches', () => {
    // the card was authorised for the sale without a tip; the tip (435) came at minute 30 with the capture
    const tender = {
      tenderId: 11,
      method: 'card' as const,
      amount: TOTAL,
      takenAt: at(2),
      takenBy: 'u-server',
      tip: 435,
      tipAddedAt: at(30),
    };
    const record = { ...order(accepted), channel: 'pos' as const, tenders: [tender] };
    const before = projectSale({
      timezone: 'UTC',
      order: {
        ...record,
        totals: { ...record.totals, tip: 0 },
        tenders: [{ ...tender, tip: 0, tipAddedAt: null }],
      },
      payment: payment({ tipAmount: 0, capturedAmount: 0, capturedAt: null }),
    });
    expect(sum(before, salesSide)).toBe(TOTAL - 435);
    expect(before.filter(tenderSide)).toEqual([]);
    const tipped = projectSale({ timezone: 'UTC', order: record, payment: payment({ capturedAt: at(30) }) });
    // what was written before is still there, key for key; the tip and the capture follow at minute 30
    expect(tipped.slice(0, before.length)).toEqual(before);
    expect(tipped.slice(before.length).map((l) => [l.lineKey, l.event, l.kind, l.amount])).toEqual([
      ['o:7:capture', 'capture', 'tender', TOTAL],
      ['o:7:tip:11', 'sale', 'tip', 435],
    ]);
    expect(tipped.at(-1)?.occurredAt).toEqual(at(30));
    const refunded = projectSale({
      timezone: 'UTC',
      order: {
        ...record,
        events: [...accepted, { eventId: 6, status: 'refunded', actor: 'u', occurredAt: at(40) }],
      },
      payment: payment({
        capturedAt: at(30),
        refunds: [{ transactionId: 'r', amount: TOTAL, capturedAt: at(39), createdBy: 'u' }],
      }),
    });
    expect(sum(refunded, salesSide)).toBe(0);
    expect(
      sum(
        refunded.filter((l) => l.kind === 'tip'),
        () => true,
      ),
    ).toBe(0);
  });

  it('takes a terminal payment as a sale of its amount and tip, and a void of it back', () => {
    const lines = projectSale({
      timezone: 'UTC',
      order: null,
      payment: payment({
        kind: 'sale',
        amount: 4250,
        tipAmount: 800,
        capturedAmount: 0,
        voidedAmount: 5050,
        voidedAt: at(30),
      }),
    });
    expect(lines.filter((l) => l.event === 'sale').map((l) => [l.kind, l.amount, l.channel])).toEqual([
      ['custom', 4250, 'virtual_terminal'],
      ['tip', 800, 'virtual_terminal'],
    ]);
    expect(sum(lines, salesSide)).toBe(0);
    expect(sum(lines, tenderSide)).toBe(0);
    expect(lines[0]!.lineKey).toBe('t:tx:capture');
  });

  it('for any refunds and a final move, sales equal tender and the lines only grow', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: TOTAL }), { maxLength: 4 }),
        fc.constantFrom('completed', 'refunded', 'cancelled'),
        (amounts, last) => {
          let left = TOTAL;
          const refunds = amounts.flatMap((amount, i) => {
            const taken = Math.min(amount, left);
            left -= taken;
            return taken > 0
              ? [{ transactionId: `r${i}`, amount: taken, capturedAt: at(10 + i), createdBy: 'u' }]
              : [];
          });
          if (last === 'refunded' && left > 0)
            refunds.push({ transactionId: 'rest', amount: left, capturedAt: at(30), createdBy: 'u' });
          const events = [...accepted, { eventId: 9, status: last, actor: 'u', occurredAt: at(31) }];
          const lines = projectSale({ timezone: 'UTC', order: order(events), payment: payment({ refunds }) });
          const tender = sum(lines, tenderSide);
          if (last === 'cancelled') expect(sum(lines, salesSide)).toBe(0);
          else expect(sum(lines, salesSide)).toBe(tender);
          expect(new Set(lines.map((l) => l.lineKey)).size).toBe(lines.length);
          // the tax given back never exceeds the tax taken
          expect(sum(lines, (l) => l.kind === 'tax')).toBeGreaterThanOrEqual(0);
          // the first refunds' lines are the same whatever comes after them
          const earlier = projectSale({
            timezone: 'UTC',
            order: order(accepted),
            payment: payment({ refunds: refunds.slice(0, 1) }),
          });
          expect(lines.slice(0, earlier.length)).toEqual(earlier);
        },
      ),
    );
  });
});
