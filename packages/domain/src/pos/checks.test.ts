import { describe, expect, it } from 'vitest';
import {
  type CheckLine,
  checkLineInputSchema,
  discountAmount,
  discountCheckLineSchema,
  grossOf,
  linesToSend,
  markSent,
  nextCourseToFire,
  nextLineId,
  nextRound,
  sendCheckSchema,
} from './checks';

/** Open checks' pure rules (docs/behaviour/pos.md#open-checks): line ids, rounds, what a send fires. */

const line = (lineId: number, extra: Partial<CheckLine> = {}): CheckLine => ({
  lineId,
  itemId: 1,
  name: `Item ${lineId}`,
  quantity: 1,
  unitPrice: 100,
  modifiers: [],
  modifierCharge: 0,
  lineTotal: 100,
  prepStationIds: [],
  taxRateIds: [],
  taxInclusion: false,
  takeoutTaxException: false,
  ...extra,
});

const courses = [
  { courseId: 7, number: '2', name: 'Mains' },
  { courseId: 3, number: '1', name: 'Starters' },
];

describe('open checks', () => {
  it('gives a new line an id past every id the check ever had, voided lines included', () => {
    expect(nextLineId([], [])).toBe(1);
    const voided = [{ line: line(5), reason: 'Spilled', by: 'u', at: '' }];
    expect(nextLineId([line(1), line(2)], voided)).toBe(6);
  });

  it('numbers rounds from 1, past the highest sent (an order that was never a check has round 0)', () => {
    expect(nextRound([line(1, { pending: true })])).toBe(1);
    expect(nextRound([line(1, { round: 2 }), line(2, { round: 1 })])).toBe(3);
  });

  it('sends every unsent line, or only those of the courses named (null: lines without a course)', () => {
    const lines = [
      line(1, { pending: true, courseId: 3 }),
      line(2, { pending: true, courseId: 7 }),
      line(3, { pending: true }),
      line(4, { round: 1, courseId: 3 }),
    ];
    expect(linesToSend(lines).map((l) => l.lineId)).toEqual([1, 2, 3]);
    expect(linesToSend(lines, [3]).map((l) => l.lineId)).toEqual([1]);
    expect(linesToSend(lines, [null]).map((l) => l.lineId)).toEqual([3]);
    expect(linesToSend(lines, [])).toEqual([]);
  });

  it('marks the chosen lines sent in their round and leaves held ones pending', () => {
    const lines = [line(1, { pending: true, courseId: 3 }), line(2, { pending: true, courseId: 7 })];
    const sent = markSent(lines, [lines[0]!], 1, '2026-12-06T03:00:00.000Z');
    expect(sent[0]).toMatchObject({ lineId: 1, round: 1, sentAt: '2026-12-06T03:00:00.000Z' });
    expect(sent[0]).not.toHaveProperty('pending');
    expect(sent[1]).toEqual(lines[1]);
  });

  it('fires the next course in firing order (by number), lines without a course first', () => {
    const lines = [line(1, { pending: true, courseId: 7 }), line(2, { pending: true, courseId: 3 })];
    expect(nextCourseToFire(lines, courses)).toBe(3);
    expect(nextCourseToFire([...lines, line(3, { pending: true })], courses)).toBeNull();
    expect(nextCourseToFire([line(4, { round: 1 })], courses)).toBeUndefined();
  });

  it('refuses a seat or course that is not a whole number in range, with the messages', () => {
    const bad = checkLineInputSchema.safeParse({ itemId: 1, quantity: 1, seat: 100, courseId: 0 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Seat cannot exceed 99',
      'Course ID must be at least 1',
    ]);
    expect(sendCheckSchema.safeParse({}).error?.issues[0]?.message).toBe('Version must be a whole number');
  });

  it('takes a discount off the line: an amount never past the line, a percentage rounded half up', () => {
    const gross = grossOf({ quantity: 3, unitPrice: 450, modifierCharge: 50 });
    expect(gross).toBe(1500);
    expect(discountAmount(gross, { kind: 'amount', value: 250 })).toBe(250);
    expect(discountAmount(gross, { kind: 'amount', value: 9999 })).toBe(1500);
    expect(discountAmount(gross, { kind: 'percent', value: 100 })).toBe(1500);
    expect(discountAmount(999, { kind: 'percent', value: 15 })).toBe(150); // 149.85
    expect(discountAmount(990, { kind: 'percent', value: 5 })).toBe(50); // 49.5 rounds up
  });

  it('refuses a discount past 100% or without a reason, with the messages', () => {
    const bad = discountCheckLineSchema.safeParse({ version: 0, kind: 'amount', value: 150, reason: ' ' });
    expect(bad.error?.issues.map((i) => i.message)).toEqual(['Give a reason for the discount']);
    const over = discountCheckLineSchema.safeParse({
      version: 0,
      kind: 'percent',
      value: 150,
      reason: 'Birthday',
    });
    expect(over.error?.issues.map((i) => i.message)).toEqual(['A discount cannot be more than 100%']);
  });
});
