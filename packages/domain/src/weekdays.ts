import { z } from 'zod';

/**
 * The days of the week, once for every app: the keys of a restaurant's operating hours and of a
 * menu group's daysOfWeek / daysAvailable. Monday first, as a week reads on a restaurant's door.
 */
export const WEEKDAYS = [
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** English day names, as forms, the public site and schema.org (`https://schema.org/Monday`) write them. */
export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** The weekday of a calendar date (month 1-12). */
export function weekdayOfDate(year: number, month: number, day: number): Weekday {
  // getUTCDay counts from Sunday (0); WEEKDAYS starts on Monday.
  return WEEKDAYS[(new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7]!;
}

/** A zod object with an entry per weekday, in WEEKDAYS order (`entry` makes each day's schema). */
export const perWeekday = <S extends z.ZodType>(entry: () => S) =>
  z.object(Object.fromEntries(WEEKDAYS.map((day) => [day, entry()])) as Record<Weekday, S>);
