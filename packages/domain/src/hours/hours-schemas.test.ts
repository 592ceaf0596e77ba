import { describe, expect, it } from 'vitest';
import { updateRestaurantInputSchema } from '../restaurant';
import { SPAN_MESSAGES } from './spans';
import { SPECIAL_MESSAGES, specialHoursSchema } from './special';
import { DEFAULT_OPERATING_HOURS, dayHoursSchema, operatingHoursSchema } from './weekly';

const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('a weekday in the spec shape (one span)', () => {
  it('is read as one span, open to close, and keeps its fields', () => {
    expect(dayHoursSchema.parse({ open: '09:00', close: '22:00', closed: false })).toEqual({
      open: '09:00',
      close: '22:00',
      closed: false,
      spans: [{ open: '09:00', close: '22:00' }],
    });
  });

  it('keeps the spec message for a bad time', () => {
    expect(issues(dayHoursSchema.safeParse({ open: '9am', close: '22:00' }))).toEqual([
      ['open', 'Time must be in HH:MM format'],
    ]);
  });

  it('an old update payload (one span a day) is still accepted', () => {
    const hours = Object.fromEntries(
      Object.entries(DEFAULT_OPERATING_HOURS).map(([day, { open, close, closed }]) => [
        day,
        { open, close, closed },
      ]),
    );
    const parsed = updateRestaurantInputSchema.parse({ operatingHours: hours });
    expect(parsed.operatingHours?.friday).toEqual(DEFAULT_OPERATING_HOURS.friday);
  });
});

describe('a weekday with several spans', () => {
  it('sorts the spans and outlines the day in open and close', () => {
    const day = dayHoursSchema.parse({
      open: '00:00',
      close: '00:00',
      spans: [
        { open: '17:30', close: '22:00' },
        { open: '11:30', close: '14:30' },
      ],
    });
    expect(day).toEqual({
      open: '11:30',
      close: '22:00',
      closed: false,
      spans: [
        { open: '11:30', close: '14:30' },
        { open: '17:30', close: '22:00' },
      ],
    });
  });

  it('refuses overlaps, a close before its open except last, an all-day span beside others, none at all', () => {
    const parse = (spans: { open: string; close: string }[]) =>
      issues(dayHoursSchema.safeParse({ open: '09:00', close: '17:00', spans }));
    expect(
      parse([
        { open: '11:00', close: '15:00' },
        { open: '14:00', close: '22:00' },
      ]),
    ).toEqual([['spans.1', SPAN_MESSAGES.overlap]]);
    expect(
      parse([
        { open: '15:00', close: '11:00' },
        { open: '18:00', close: '22:00' },
      ]),
    ).toContainEqual(['spans.0', SPAN_MESSAGES.closeBeforeOpen]);
    expect(
      parse([
        { open: '09:00', close: '09:00' },
        { open: '18:00', close: '22:00' },
      ]),
    ).toContainEqual(['spans.0', SPAN_MESSAGES.allDayAlone]);
    expect(parse([])).toEqual([['spans', SPAN_MESSAGES.none]]);
  });

  it('lets the last span run past midnight', () => {
    const parsed = dayHoursSchema.safeParse({
      open: '11:00',
      close: '02:00',
      spans: [
        { open: '11:00', close: '15:00' },
        { open: '18:00', close: '02:00' },
      ],
    });
    expect(parsed.success).toBe(true);
  });

  it("refuses a late span that runs into the next day's first opening", () => {
    const hours = {
      ...DEFAULT_OPERATING_HOURS,
      friday: { open: '18:00', close: '10:00', closed: false },
    };
    expect(issues(operatingHoursSchema.safeParse(hours))).toEqual([
      ['friday.spans', "Friday's late hours run into Saturday's first opening"],
    ]);
  });
});

describe('special hours', () => {
  it('keeps one entry a date, in date order; a closed date has no spans', () => {
    const parsed = specialHoursSchema.parse([
      { date: '2026-12-25', closed: true, spans: [{ open: '09:00', close: '12:00' }], label: ' Christmas ' },
      { date: '2026-11-26', closed: true, label: 'Thanksgiving' },
      { date: '2026-12-24', spans: [{ open: '09:00', close: '15:00' }], label: '' },
    ]);
    expect(parsed).toEqual([
      { date: '2026-11-26', closed: true, spans: [], label: 'Thanksgiving' },
      { date: '2026-12-24', closed: false, spans: [{ open: '09:00', close: '15:00' }] },
      { date: '2026-12-25', closed: true, spans: [], label: 'Christmas' },
    ]);
  });

  it('refuses duplicate dates, impossible dates, open days without spans and long labels', () => {
    expect(
      issues(
        specialHoursSchema.safeParse([
          { date: '2026-11-26', closed: true },
          { date: '2026-02-30', closed: true },
          { date: '2026-12-24' },
          { date: '2026-12-31', closed: true, label: 'x'.repeat(61) },
          { date: '2026-11-26', spans: [{ open: '09:00', close: '12:00' }] },
        ]),
      ),
    ).toEqual([
      ['1.date', SPECIAL_MESSAGES.date],
      ['2.spans', SPAN_MESSAGES.none],
      ['3.label', SPECIAL_MESSAGES.label],
      ['4.date', SPECIAL_MESSAGES.duplicate('2026-11-26')],
    ]);
  });

  it('accepts past dates (they stay listed)', () => {
    expect(specialHoursSchema.safeParse([{ date: '2001-01-01', closed: true }]).success).toBe(true);
  });
});
