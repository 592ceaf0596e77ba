import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closureOn, dayPlan, type OpeningSchedule, openingStateAt, openStretches } from './opening-state';
import { DAY_MINUTES, type Span, spanIssues } from './spans';
import { pastSpecialDays, specialHoursSchema, upcomingSpecialDays } from './special';
import { DEFAULT_OPERATING_HOURS, type OperatingHours, operatingHoursSchema } from './weekly';

const lunchAndDinner = {
  open: '11:30',
  close: '22:00',
  closed: false,
  spans: [
    { open: '11:30', close: '14:30' },
    { open: '17:30', close: '22:00' },
  ],
};
const weekly: OperatingHours = operatingHoursSchema.parse({
  ...DEFAULT_OPERATING_HOURS,
  wednesday: lunchAndDinner,
  // Tuesday runs to 02:00 Wednesday.
  tuesday: { open: '18:00', close: '02:00', closed: false },
});
const schedule: OpeningSchedule = {
  operatingHours: weekly,
  specialHours: specialHoursSchema.parse([
    { date: '2026-11-26', closed: true, label: 'Thanksgiving' },
    { date: '2026-12-24', spans: [{ open: '10:00', close: '15:00' }], label: 'Christmas Eve' },
    { date: '2026-11-25', closed: true, label: 'Staff party' },
  ]),
};
const NY = 'America/New_York';

describe('openingStateAt', () => {
  it('follows the weekly spans, several a day', () => {
    // Wednesday 2026-12-02, New York is UTC-5
    expect(openingStateAt(schedule, new Date('2026-12-02T17:00:00Z'), NY)).toMatchObject({
      open: true,
      closesAt: 14 * 60 + 30,
    });
    expect(openingStateAt(schedule, new Date('2026-12-02T20:00:00Z'), NY).open).toBe(false);
    expect(openingStateAt(schedule, new Date('2026-12-02T23:00:00Z'), NY).open).toBe(true);
  });

  it('a closed special date wins over the weekly spans', () => {
    // Thursday 2026-11-26 noon: Thursdays open 09:00-22:00, Thanksgiving closes the day
    const state = openingStateAt(schedule, new Date('2026-11-26T17:00:00Z'), NY);
    expect(state.open).toBe(false);
    expect(state.today.special?.label).toBe('Thanksgiving');
    expect(closureOn(schedule, '2026-11-26')?.label).toBe('Thanksgiving');
  });

  it('special spans replace the weekly ones on their date', () => {
    expect(dayPlan(schedule, '2026-12-24').spans).toEqual([{ open: '10:00', close: '15:00' }]);
    expect(openingStateAt(schedule, new Date('2026-12-24T15:30:00Z'), NY).open).toBe(true); // 10:30
    expect(openingStateAt(schedule, new Date('2026-12-24T21:00:00Z'), NY).open).toBe(false); // 16:00
  });

  it("the day before's late span still runs past midnight into a closed date", () => {
    // Tuesday 2026-11-24 18:00-02:00; Wednesday 2026-11-25 is closed: open at 01:00 Wednesday, not at noon
    expect(openingStateAt(schedule, new Date('2026-11-25T06:00:00Z'), NY).open).toBe(true);
    expect(openingStateAt(schedule, new Date('2026-11-25T17:00:00Z'), NY).open).toBe(false);
    expect(openStretches(schedule, '2026-11-25')).toEqual([[0, 120]]);
  });
});

describe('special days over time', () => {
  it('lists the next 30 days and the past apart', () => {
    expect(upcomingSpecialDays(schedule.specialHours, '2026-11-26').map((d) => d.date)).toEqual([
      '2026-11-26',
      '2026-12-24',
    ]);
    expect(upcomingSpecialDays(schedule.specialHours, '2026-11-26', 10).map((d) => d.date)).toEqual([
      '2026-11-26',
    ]);
    expect(pastSpecialDays(schedule.specialHours, '2026-11-26').map((d) => d.date)).toEqual(['2026-11-25']);
  });
});

const time = fc
  .integer({ min: 0, max: DAY_MINUTES - 1 })
  .map((m) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const spanArb: fc.Arbitrary<Span> = fc.record({ open: time, close: time });
const dateArb = fc
  .integer({ min: 0, max: 3000 })
  .map((d) => new Date(Date.UTC(2025, 0, 1 + d)).toISOString().slice(0, 10));

describe('properties', () => {
  it('the spans a day accepts give sorted stretches that stay apart and are not empty', () => {
    fc.assert(
      fc.property(fc.array(spanArb, { maxLength: 4 }), dateArb, (spans, date) => {
        fc.pre(spans.length > 0 && spanIssues(spans).length === 0);
        const special = specialHoursSchema.parse([{ date, spans }]);
        const stretches = openStretches({ operatingHours: weekly, specialHours: special }, date);
        for (let i = 1; i < stretches.length; i++)
          expect(stretches[i]![0]).toBeGreaterThan(stretches[i - 1]![1]);
        for (const [open, close] of stretches) expect(close).toBeGreaterThan(open);
      }),
    );
  });

  it('a closed special date is never open (when the day before ends by midnight)', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: DAY_MINUTES - 1 }), (date, minute) => {
        const closed = {
          operatingHours: DEFAULT_OPERATING_HOURS as OperatingHours,
          specialHours: specialHoursSchema.parse([{ date, closed: true }]),
        };
        const at = new Date(`${date}T00:00:00Z`);
        at.setUTCMinutes(minute);
        // The default hours never run past midnight, so the whole date is closed.
        expect(openingStateAt(closed, at, 'Etc/UTC').open).toBe(false);
      }),
    );
  });

  it('with no special days, being open matches the weekly spans of the local date', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: DAY_MINUTES - 1 }), (date, minute) => {
        const plain = { operatingHours: DEFAULT_OPERATING_HOURS as OperatingHours, specialHours: [] };
        const at = new Date(`${date}T00:00:00Z`);
        at.setUTCMinutes(minute);
        const [[open, close]] = openStretches(plain, date) as [[number, number]];
        expect(openingStateAt(plain, at, 'Etc/UTC').open).toBe(minute >= open && minute < close);
      }),
    );
  });
});
