import { describe, expect, it } from 'vitest';
import { aboveLimit, allocate, applyCheckDiscount, linesBySeat, shareLines } from './check-splits';
import type { CheckLine } from './checks';

const line = (lineId: number, price: number, extra: Partial<CheckLine> = {}): CheckLine => ({
  lineId,
  itemId: lineId,
  name: `Item ${lineId}`,
  quantity: 1,
  unitPrice: price,
  modifiers: [],
  modifierCharge: 0,
  lineTotal: price,
  prepStationIds: [7],
  taxRateIds: [],
  taxInclusion: false,
  takeoutTaxException: false,
  ...extra,
});

describe('check splits (decision 056)', () => {
  it('shares an even split so the parts differ by a cent at most, the extra cents on the first parts', () => {
    const parts = shareLines([line(1, 600), line(2, 3000)], 7);
    const totals = parts.map((p) => p.reduce((n, l) => n + l.lineTotal, 0));
    expect(totals).toEqual([515, 515, 514, 514, 514, 514, 514]);
    expect(totals.reduce((n, t) => n + t, 0)).toBe(3600);
    expect(parts[2]![1]!.share).toEqual({ part: 3, of: 7, gross: 428 });
  });

  it('shares a check discount out over the lines in proportion, to the cent', () => {
    const { lines, amount } = applyCheckDiscount([line(1, 1000), line(2, 2000), line(3, 333)], {
      kind: 'percent',
      value: 10,
    });
    expect(amount).toBe(333);
    expect(lines.map((l) => l.checkDiscount ?? 0)).toEqual([100, 200, 33]);
    expect(lines.map((l) => l.lineTotal)).toEqual([900, 1800, 300]);
    // an amount never takes more than the check
    expect(applyCheckDiscount([line(1, 500)], { kind: 'amount', value: 900 }).amount).toBe(500);
    expect(allocate(10, [1, 1, 1])).toEqual([4, 3, 3]);
  });

  it('groups lines by seat, the table’s lines first', () => {
    const seats = linesBySeat([line(1, 1, { seat: 2 }), line(2, 1), line(3, 1, { seat: 1 })]);
    expect([...seats.keys()]).toEqual([0, 1, 2]);
  });

  it('holds an amount above the limit, or a share above the percent, for a manager', () => {
    const limits = { approvalLimit: 1000, approvalLimitPercent: 10 };
    expect(aboveLimit(1000, 100_000, limits)).toBe(false);
    expect(aboveLimit(1001, 100_000, limits)).toBe(true);
    expect(aboveLimit(300, 3000, limits)).toBe(false);
    expect(aboveLimit(301, 3000, limits)).toBe(true);
    expect(aboveLimit(0, 0, limits)).toBe(false);
  });
});
