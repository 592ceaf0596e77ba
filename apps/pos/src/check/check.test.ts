import { describe, expect, it } from 'vitest';
import { cashPlan, changeDue, evenShares, quickAmounts } from './cash';
import { type Check, checkReducer, EMPTY_CHECK, saleOf } from './check';

const plain = (itemId: number) => ({ itemId, quantity: 1, modifiers: [] });

describe('the check', () => {
  it('adds one more to a plain line of the same item, and a new line for one with choices', () => {
    let check: Check = EMPTY_CHECK;
    check = checkReducer(check, { type: 'add', line: plain(7) });
    check = checkReducer(check, { type: 'add', line: plain(7) });
    expect(check.lines).toHaveLength(1);
    expect(check.lines[0]!.quantity).toBe(2);
    const burger = {
      itemId: 9,
      quantity: 1,
      modifiers: [{ modifierGroupId: 1, modifierId: 2, quantity: 1 }],
    };
    check = checkReducer(check, { type: 'add', line: burger });
    check = checkReducer(check, { type: 'add', line: burger });
    expect(check.lines.map((l) => [l.itemId, l.quantity])).toEqual([
      [7, 2],
      [9, 1],
      [9, 1],
    ]);
    expect(new Set(check.lines.map((l) => l.key)).size).toBe(3);
  });

  it('keeps quantities between 1 and 99, removes lines, and clears', () => {
    let check = checkReducer(EMPTY_CHECK, { type: 'add', line: plain(1) });
    const key = check.lines[0]!.key;
    check = checkReducer(check, { type: 'quantity', key, quantity: 0 });
    expect(check.lines[0]!.quantity).toBe(1);
    check = checkReducer(check, { type: 'quantity', key, quantity: 250 });
    expect(check.lines[0]!.quantity).toBe(99);
    check = checkReducer(check, { type: 'remove', key });
    expect(check.lines).toEqual([]);
    check = checkReducer(checkReducer(check, { type: 'service', service: 'takeout' }), { type: 'clear' });
    expect(check).toEqual(EMPTY_CHECK);
  });

  it('sends the lines without their keys, notes and the guest trimmed, and the cash tendered', () => {
    let check = checkReducer(EMPTY_CHECK, { type: 'add', line: { ...plain(3), openPrice: 450 } });
    check = checkReducer(check, { type: 'notes', key: check.lines[0]!.key, notes: '  no ice ' });
    check = checkReducer(check, { type: 'guest', guestName: '  Table 4 ' });
    check = checkReducer(check, { type: 'service', service: 'takeout' });
    expect(saleOf(check, 2000)).toEqual({
      service: 'takeout',
      lines: [{ itemId: 3, quantity: 1, modifiers: [], openPrice: 450, notes: 'no ice' }],
      guestName: 'Table 4',
      tender: { method: 'cash', tendered: 2000 },
    });
    const blank = checkReducer(check, { type: 'notes', key: check.lines[0]!.key, notes: '   ' });
    expect(saleOf({ ...blank, guestName: ' ' }, 500)).not.toHaveProperty('guestName');
    expect(saleOf(blank, 500).lines[0]).not.toHaveProperty('notes');
  });
});

describe('cash', () => {
  it('offers exact, the next dollar, the next bills and the presets at or above the total', () => {
    expect(quickAmounts(4504, [2000, 5000, 10000])).toEqual([4504, 4600, 5000, 6000, 10000]);
    expect(quickAmounts(2000, [2000])).toEqual([2000, 5000, 10000]);
    expect(quickAmounts(0, [])).toEqual([0]);
  });

  it('owes the difference, or nothing when the cash does not cover the total', () => {
    expect(changeDue(5000, 4504)).toBe(496);
    expect(changeDue(4504, 4504)).toBe(0);
    expect(changeDue(4000, 4504)).toBeNull();
  });

  it('pays the whole balance with change, or takes less as a part of an open check (split tender)', () => {
    expect(cashPlan(5000, 4504, null, true)).toEqual({ amount: 4504, change: 496, part: false });
    expect(cashPlan(2000, 4504, null, true)).toEqual({ amount: 2000, change: 0, part: true });
    expect(cashPlan(2000, 4504, null, false)).toBeNull();
    expect(cashPlan(0, 4504, null, true)).toBeNull();
  });

  it('pays a chosen share, with change for what is over it', () => {
    expect(cashPlan(2000, 4504, 1502, true)).toEqual({ amount: 1502, change: 498, part: true });
    expect(cashPlan(1000, 4504, 1502, true)).toBeNull();
    // a share as large as the balance pays it all
    expect(cashPlan(5000, 4504, 4504, true)).toEqual({ amount: 4504, change: 496, part: false });
    expect(evenShares(1001)).toEqual([
      { of: 2, amount: 501 },
      { of: 3, amount: 334 },
      { of: 4, amount: 251 },
    ]);
    expect(evenShares(3)).toEqual([
      { of: 2, amount: 2 },
      { of: 3, amount: 1 },
    ]);
  });
});
