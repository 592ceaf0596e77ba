import { instantOf } from '../ordering/pickup';
import { WEEKDAYS, type Weekday, weekdayOfDate } from '../weekdays';

/**
 * The time clock's pure rules (docs/behaviour/time-clock.md): how long a shift counts, which of a week's
 * hours are overtime, which pay period a day falls in, and what a shift costs. Times are instants; days and
 * weeks are the restaurant's (its time zone). Money is whole cents; wages are cents an hour.
 */

export const DEFAULT_OVERTIME_WEEKLY_HOURS = 40;
/** Overtime is paid at time and a half (the usual rule; a per-restaurant multiplier is later work). */
export const OVERTIME_MULTIPLIER = 1.5;
export const PAY_PERIODS = ['weekly', 'biweekly'] as const;
export type PayPeriodKind = (typeof PAY_PERIODS)[number];

export interface ClockBreak {
  paid: boolean;
  startedAt: Date;
  endedAt: Date | null;
}

export interface Shift {
  entryId: number;
  employeeId: number;
  jobId: number;
  /** Cents an hour, fixed when the shift began (a later raise does not rewrite past shifts). */
  wage: number;
  clockInAt: Date;
  clockOutAt: Date | null;
  breaks: ClockBreak[];
  declaredTips: number;
}

const seconds = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/** Seconds of unpaid breaks (an open one counts up to `now`). */
export const unpaidBreakSeconds = (shift: Pick<Shift, 'breaks'>, now: Date): number =>
  shift.breaks.filter((b) => !b.paid).reduce((sum, b) => sum + seconds(b.startedAt, b.endedAt ?? now), 0);

/** The seconds a shift is paid for: clock-in to clock-out (or `now`), less its unpaid breaks. */
export const paidSeconds = (shift: Pick<Shift, 'clockInAt' | 'clockOutAt' | 'breaks'>, now: Date): number =>
  Math.max(0, seconds(shift.clockInAt, shift.clockOutAt ?? now) - unpaidBreakSeconds(shift, now));

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);
export const addDays = (date: string, days: number) => dateOfNumber(dayNumber(date) + days);

/** The first day (YYYY-MM-DD) of the work week holding `date`, a week that begins on `weekStartsOn`. */
export function weekStartOf(date: string, weekStartsOn: Weekday): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const back = (WEEKDAYS.indexOf(weekdayOfDate(y, m, d)) - WEEKDAYS.indexOf(weekStartsOn) + 7) % 7;
  return addDays(date, -back);
}

export interface PayPeriodSettings {
  payPeriod: PayPeriodKind;
  weekStartsOn: Weekday;
  /**
   * A first day of some biweekly period; the periods run every 14 days from it, both ways. Without one they
   * run from the first work week of 2000, so that every day still has one period.
   */
  payPeriodAnchor: string | null;
}

/** The pay period holding `date`: weekly from the week's first day; biweekly from the anchor (or the week). */
export function payPeriodOf(date: string, settings: PayPeriodSettings): { from: string; to: string } {
  if (settings.payPeriod === 'weekly') {
    const from = weekStartOf(date, settings.weekStartsOn);
    return { from, to: addDays(from, 6) };
  }
  const anchor = settings.payPeriodAnchor ?? weekStartOf('2000-01-03', settings.weekStartsOn);
  const offset = dayNumber(date) - dayNumber(anchor);
  const from = addDays(anchor, Math.floor(offset / 14) * 14);
  return { from, to: addDays(from, 13) };
}

/** The instant a restaurant day begins (its local midnight). */
export const startOfDay = (date: string, timeZone: string): Date => instantOf(date, 0, timeZone);

export interface ShiftPay {
  shift: Shift;
  /** The restaurant day the shift began on. */
  date: string;
  regularSeconds: number;
  overtimeSeconds: number;
  /** Cents, rounded half up per shift. */
  regularPay: number;
  overtimePay: number;
}

/** What `seconds` at `wage` cents an hour cost, in whole cents (half up). */
export const payFor = (secondsWorked: number, wage: number, multiplier = 1): number =>
  Math.round((secondsWorked * wage * multiplier) / 3600);

/**
 * Splits each shift into regular and overtime seconds: within one employee's work week, shifts are taken in
 * the order they began, and every second beyond `weeklyHours` is overtime (paid at the wage of the shift it
 * falls in). `dateOf` maps an instant to the restaurant's day.
 */
export function weeklyOvertime(
  shifts: readonly Shift[],
  options: { weeklyHours: number; weekStartsOn: Weekday; now: Date; dateOf: (at: Date) => string },
): ShiftPay[] {
  const limit = Math.round(options.weeklyHours * 3600);
  const used = new Map<string, number>();
  const ordered = [...shifts].sort(
    (a, b) => a.clockInAt.getTime() - b.clockInAt.getTime() || a.entryId - b.entryId,
  );
  return ordered.map((shift) => {
    const date = options.dateOf(shift.clockInAt);
    const week = `${shift.employeeId}:${weekStartOf(date, options.weekStartsOn)}`;
    const before = used.get(week) ?? 0;
    const worked = paidSeconds(shift, options.now);
    used.set(week, before + worked);
    const regularSeconds = Math.max(0, Math.min(worked, limit - before));
    const overtimeSeconds = worked - regularSeconds;
    return {
      shift,
      date,
      regularSeconds,
      overtimeSeconds,
      regularPay: payFor(regularSeconds, shift.wage),
      overtimePay: payFor(overtimeSeconds, shift.wage, OVERTIME_MULTIPLIER),
    };
  });
}

/** Hours with two decimals, for screens and the CSV (the seconds stay exact in the sums). */
export const hoursOf = (secondsWorked: number): number => Math.round(secondsWorked / 36) / 100;

/**
 * A shift's labour cost spread over the restaurant's local hours it was paid for (unpaid breaks left out),
 * at its average rate: `cost` cents over `paid` seconds. Keys are `YYYY-MM-DD` + hour 0–23.
 */
export function spreadByHour(
  pay: ShiftPay,
  now: Date,
  hourOf: (at: Date) => { date: string; hour: number },
): Map<string, number> {
  const { shift } = pay;
  const end = shift.clockOutAt ?? now;
  const total = pay.regularSeconds + pay.overtimeSeconds;
  const cost = pay.regularPay + pay.overtimePay;
  const secondsByHour = new Map<string, number>();
  if (total === 0) return secondsByHour;
  const inBreak = (t: number) =>
    shift.breaks.some((b) => !b.paid && t >= b.startedAt.getTime() && t < (b.endedAt ?? now).getTime());
  // one-minute steps: exact enough for an hourly chart, and a long shift is ~700 steps
  for (let t = shift.clockInAt.getTime(); t < end.getTime(); t += 60_000) {
    if (inBreak(t)) continue;
    const { date, hour } = hourOf(new Date(t));
    const key = `${date} ${String(hour).padStart(2, '0')}`;
    secondsByHour.set(key, (secondsByHour.get(key) ?? 0) + Math.min(60_000, end.getTime() - t) / 1000);
  }
  const worked = [...secondsByHour.values()].reduce((sum, s) => sum + s, 0);
  return new Map([...secondsByHour].map(([key, s]) => [key, (cost * s) / worked]));
}
