import { z } from 'zod';
import { text } from './text';

/**
 * Dates and times in query parameters (docs/behaviour/README.md#dates-in-queries): every one that names a
 * day or a moment goes through `queryTime`, which keeps it within the years 2000 to 2100. Beyond them a day
 * is a typo, and the database cannot hold some of them at all (year 0, or 9999-12-31 plus a day: PostgreSQL
 * 22008), so they are refused with 400 before anything is asked of it.
 */

export const QUERY_YEAR_MIN = 2000;
export const QUERY_YEAR_MAX = 2100;

export const queryYearsMessage = (label: string) =>
  `${label} must be in the years ${QUERY_YEAR_MIN} to ${QUERY_YEAR_MAX}`;

/**
 * `date`: a calendar day, YYYY-MM-DD. `date-time`: an ISO 8601 date-time with its offset (`Z` or `±hh:mm`);
 * `local-date-time` may leave the offset out. `date-or-date-time`: either a day or a date-time.
 */
export type QueryTimeFormat = 'date' | 'date-time' | 'local-date-time' | 'date-or-date-time';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 2026-02-30 is not a day (Date would roll it over to March). */
export const isCalendarDay = (value: string): boolean => {
  if (!DAY.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

/** The year a well-formed value is written in; a value that is not well formed is judged by its format. */
const inYears = (value: string): boolean => {
  const year = /^\d{4}/.test(value) ? Number(value.slice(0, 4)) : null;
  return year === null || (year >= QUERY_YEAR_MIN && year <= QUERY_YEAR_MAX);
};

function formatSchema(format: QueryTimeFormat, message: string): z.ZodType<string, string> {
  switch (format) {
    case 'date':
      return z.iso.date({ error: message });
    case 'date-time':
      return z.iso.datetime({ offset: true, error: message });
    case 'local-date-time':
      return z.iso.datetime({ local: true, offset: true, error: message });
    case 'date-or-date-time':
      return text({ error: message })
        .trim()
        .refine(
          (value) => isCalendarDay(value) || z.iso.datetime({ offset: true }).safeParse(value).success,
          message,
        );
  }
}

/** A query parameter that names a day or a moment: its format (with the route's message), in the years 2000–2100. */
export const queryTime = (label: string, format: QueryTimeFormat, formatMessage: string) =>
  formatSchema(format, formatMessage).refine(inYears, queryYearsMessage(label));
