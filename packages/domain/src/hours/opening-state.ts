import { toLocalMoment } from '../catalogue/menu-availability';
import { weekdayOfDate } from '../weekdays';
import { DAY_MINUTES, type Span, spanMinutes } from './spans';
import { addDays, type SpecialDay, specialDayOn } from './special';
import { daySpans, type OperatingHours } from './weekly';

/**
 * When a restaurant is open (decision 030), the one answer the public site, its JSON-LD, online ordering and
 * menu availability all use. A date's spans are its special day's when it has one, else its weekday's.
 * A span belongs to the date it opens on: a Tuesday span running to 02:00 keeps the restaurant open until
 * 02:00 on Wednesday even when Wednesday is a closed holiday.
 */

export interface OpeningSchedule {
  operatingHours: OperatingHours;
  specialHours: readonly SpecialDay[];
}

/** What a date's opening is made of. */
export interface DayPlan {
  date: string;
  spans: Span[];
  /** The special day that replaces the weekly hours on this date, if any. */
  special: SpecialDay | null;
}

const weekdayOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return weekdayOfDate(y, m, d);
};

export function dayPlan(schedule: OpeningSchedule, date: string): DayPlan {
  const special = specialDayOn(schedule.specialHours, date) ?? null;
  if (special) return { date, spans: special.closed ? [] : special.spans, special };
  return { date, spans: daySpans(schedule.operatingHours[weekdayOf(date)]), special: null };
}

/**
 * The stretches of a local date, in minutes since its midnight, when the restaurant is open: the date's own
 * spans (cut at midnight) and the tail of the day before's span that ran past midnight. In opening order,
 * apart (stretches that meet are joined).
 */
export function openStretches(schedule: OpeningSchedule, date: string): Array<[number, number]> {
  const stretches: Array<[number, number]> = [];
  for (const span of dayPlan(schedule, addDays(date, -1)).spans) {
    const end = spanMinutes(span)[1];
    if (end > DAY_MINUTES) stretches.push([0, end - DAY_MINUTES]);
  }
  for (const span of dayPlan(schedule, date).spans) {
    const [open, end] = spanMinutes(span);
    stretches.push([open, Math.min(end, DAY_MINUTES)]);
  }
  return mergeStretches(stretches);
}

// The day before's tail may reach into a special day's first span (only the weekly hours are checked across
// midnight): open is open, so touching or overlapping stretches become one.
function mergeStretches(stretches: Array<[number, number]>): Array<[number, number]> {
  const merged: Array<[number, number]> = [];
  for (const [open, close] of stretches.sort((a, b) => a[0] - b[0])) {
    const last = merged.at(-1);
    if (last && open <= last[1]) last[1] = Math.max(last[1], close);
    else merged.push([open, close]);
  }
  return merged;
}

export interface OpeningState {
  open: boolean;
  /** The local date and minutes since its midnight the instant reads as. */
  date: string;
  minutes: number;
  /** The date's plan (its special day, if any, and its spans). */
  today: DayPlan;
  /** When open: the minute of the local date the current stretch ends (1440 = midnight). */
  closesAt?: number;
}

/** Is the restaurant open at an instant, on its clock (`timeZone`, the tenant's IANA zone)? */
export function openingStateAt(schedule: OpeningSchedule, at: Date, timeZone: string): OpeningState {
  const local = toLocalMoment(at.toISOString(), timeZone);
  const today = dayPlan(schedule, local.date);
  const stretch = openStretches(schedule, local.date).find(
    ([open, close]) => local.minutes >= open && local.minutes < close,
  );
  return {
    open: stretch !== undefined,
    date: local.date,
    minutes: local.minutes,
    today,
    ...(stretch ? { closesAt: stretch[1] } : {}),
  };
}

/** The special day that closes the restaurant for the whole of a local date, if any (holiday closures). */
export function closureOn(schedule: OpeningSchedule, date: string): SpecialDay | null {
  const special = specialDayOn(schedule.specialHours, date);
  return special?.closed ? special : null;
}
