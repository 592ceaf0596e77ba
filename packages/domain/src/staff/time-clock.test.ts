import { describe, expect, it } from 'vitest';
import {
  addDays,
  hoursOf,
  paidSeconds,
  payFor,
  payPeriodOf,
  type Shift,
  spreadByHour,
  weeklyOvertime,
  weekStartOf,
} from './time-clock';

const at = (iso: string) => new Date(`${iso}Z`);
const shift = (entryId: number, from: string, to: string | null, extra: Partial<Shift> = {}): Shift => ({
  entryId,
  employeeId: 1,
  jobId: 1,
  wage: 2000,
  clockInAt: at(from),
  clockOutAt: to ? at(to) : null,
  breaks: [],
  declaredTips: 0,
  ...extra,
});
const utcDate = (d: Date) => d.toISOString().slice(0, 10);
const options = {
  weeklyHours: 40,
  weekStartsOn: 'monday' as const,
  now: at('2026-03-20T00:00:00'),
  dateOf: utcDate,
};

describe('paid time', () => {
  it('takes unpaid breaks off and keeps paid ones', () => {
    const s = shift(1, '2026-03-02T09:00:00', '2026-03-02T17:00:00', {
      breaks: [
        { paid: false, startedAt: at('2026-03-02T12:00:00'), endedAt: at('2026-03-02T12:30:00') },
        { paid: true, startedAt: at('2026-03-02T15:00:00'), endedAt: at('2026-03-02T15:10:00') },
      ],
    });
    expect(paidSeconds(s, options.now)).toBe(7.5 * 3600);
  });

  it('counts an open shift and an open break up to now', () => {
    const s = shift(1, '2026-03-02T09:00:00', null, {
      breaks: [{ paid: false, startedAt: at('2026-03-02T10:00:00'), endedAt: null }],
    });
    expect(paidSeconds(s, at('2026-03-02T10:30:00'))).toBe(3600);
  });

  it('rounds pay to the cent, half up, and hours to two decimals', () => {
    expect(payFor(3601, 1999)).toBe(2000); // 19.9955… cents a second's worth
    expect(payFor(3600, 2000, 1.5)).toBe(3000);
    expect(hoursOf(3600 + 18)).toBe(1.01);
    expect(hoursOf(3600 + 17)).toBe(1);
  });
});

describe('overtime by work week', () => {
  it('pays every second beyond 40 hours of a week at time and a half, in the shift it falls in', () => {
    // five 9-hour days, Monday to Friday: 45 hours, the last 5 overtime (all in Friday's shift)
    const days = ['02', '03', '04', '05', '06'].map((d, i) =>
      shift(i + 1, `2026-03-${d}T08:00:00`, `2026-03-${d}T17:00:00`),
    );
    const pays = weeklyOvertime(days, options);
    expect(pays.map((p) => p.overtimeSeconds / 3600)).toEqual([0, 0, 0, 0, 5]);
    expect(pays[4]!.regularSeconds / 3600).toBe(4);
    expect(pays[4]!.overtimePay).toBe(5 * 2000 * 1.5);
  });

  it('starts counting again each week, on the restaurant’s first day of the week', () => {
    const long = [
      shift(1, '2026-03-07T00:00:00', '2026-03-08T20:00:00'), // Sat–Sun: 44 h
      shift(2, '2026-03-09T08:00:00', '2026-03-09T10:00:00'), // Monday: a new week
    ];
    const monday = weeklyOvertime(long, options);
    expect(monday.map((p) => p.overtimeSeconds / 3600)).toEqual([4, 0]);
    const sunday = weeklyOvertime(long, { ...options, weekStartsOn: 'sunday' });
    // Saturday's shift is alone in its week (44 h), Monday's joins Sunday's week, which has no hours yet
    expect(sunday.map((p) => p.overtimeSeconds / 3600)).toEqual([4, 0]);
  });

  it('keeps employees apart and honours a configured limit', () => {
    const a = shift(1, '2026-03-02T08:00:00', '2026-03-02T20:00:00');
    const b = { ...shift(2, '2026-03-02T08:00:00', '2026-03-02T20:00:00'), employeeId: 2 };
    const pays = weeklyOvertime([a, b], { ...options, weeklyHours: 10 });
    expect(pays.map((p) => p.overtimeSeconds / 3600)).toEqual([2, 2]);
  });
});

describe('pay periods', () => {
  it('finds the weekly period from the week’s first day', () => {
    expect(weekStartOf('2026-03-05', 'monday')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-02', 'monday')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-05', 'sunday')).toBe('2026-03-01');
    expect(
      payPeriodOf('2026-03-05', { payPeriod: 'weekly', weekStartsOn: 'monday', payPeriodAnchor: null }),
    ).toEqual({ from: '2026-03-02', to: '2026-03-08' });
  });

  it('runs biweekly periods every 14 days from the anchor, both ways', () => {
    const settings = {
      payPeriod: 'biweekly' as const,
      weekStartsOn: 'monday' as const,
      payPeriodAnchor: '2026-03-02',
    };
    expect(payPeriodOf('2026-03-15', settings)).toEqual({ from: '2026-03-02', to: '2026-03-15' });
    expect(payPeriodOf('2026-03-16', settings)).toEqual({ from: '2026-03-16', to: '2026-03-29' });
    expect(payPeriodOf('2026-03-01', settings)).toEqual({ from: '2026-02-16', to: '2026-03-01' });
  });

  it('keeps biweekly periods fixed without an anchor: two weeks in a row share one', () => {
    const settings = {
      payPeriod: 'biweekly' as const,
      weekStartsOn: 'monday' as const,
      payPeriodAnchor: null,
    };
    const first = payPeriodOf('2026-03-04', settings);
    expect(first.to).toBe(addDays(first.from, 13));
    expect(weekStartOf(first.from, 'monday')).toBe(first.from);
    expect(payPeriodOf(addDays(first.from, 13), settings)).toEqual(first);
    expect(payPeriodOf(addDays(first.from, 14), settings).from).toBe(addDays(first.from, 14));
  });
});

describe('labour by hour', () => {
  it('spreads a shift’s cost over the hours it was paid for, leaving unpaid breaks out', () => {
    const s = shift(1, '2026-03-02T09:30:00', '2026-03-02T11:30:00', {
      breaks: [{ paid: false, startedAt: at('2026-03-02T10:00:00'), endedAt: at('2026-03-02T11:00:00') }],
    });
    const [pay] = weeklyOvertime([s], options);
    const hours = spreadByHour(pay!, options.now, (d) => ({ date: utcDate(d), hour: d.getUTCHours() }));
    expect(Object.fromEntries(hours)).toEqual({ '2026-03-02 09': 1000, '2026-03-02 11': 1000 });
  });
});
