import { z } from 'zod';
import { text } from '../text';
import { SPAN_MESSAGES, sortSpans, spanIssues, spanSchema } from './spans';

/**
 * Special hours (decision 030): a dated exception to the weekly hours — closed for a holiday, or open at
 * other times that day — with an optional label ("Thanksgiving"). On its date it replaces the weekly spans.
 * Past dates are accepted and kept (a restaurant's history; the management screen lists them apart).
 */

export const MAX_SPECIAL_DAYS = 366;
export const SPECIAL_LABEL_MAX = 60;
export const SPECIAL_MESSAGES = {
  date: 'Date must be a real calendar date (YYYY-MM-DD)',
  label: `Label must be at most ${SPECIAL_LABEL_MAX} characters`,
  tooMany: `At most ${MAX_SPECIAL_DAYS} special dates can be kept`,
  duplicate: (date: string) => `${date} is listed more than once`,
} as const;

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

export const calendarDateSchema = z
  .string({ error: SPECIAL_MESSAGES.date })
  .refine(isCalendarDate, SPECIAL_MESSAGES.date);

export const specialDaySchema = z
  .object({
    date: calendarDateSchema,
    closed: z.boolean().default(false),
    spans: z.array(spanSchema, { error: 'Spans must be a list of opening spans' }).default([]),
    label: text().trim().max(SPECIAL_LABEL_MAX, SPECIAL_MESSAGES.label).optional(),
  })
  .superRefine((day, ctx) => {
    if (day.closed) return;
    if (day.spans.length === 0)
      ctx.addIssue({ code: 'custom', path: ['spans'], message: SPAN_MESSAGES.none });
    for (const issue of spanIssues(day.spans))
      ctx.addIssue({ code: 'custom', path: ['spans', issue.index], message: issue.message });
  })
  // A closed day opens at no time; a blank label is no label.
  .overwrite(({ label, ...day }) => ({
    ...day,
    spans: day.closed ? [] : sortSpans(day.spans),
    ...(label ? { label } : {}),
  }));
export type SpecialDay = z.infer<typeof specialDaySchema>;
export type SpecialDayInput = z.input<typeof specialDaySchema>;

/** The restaurant's special days, one per date, kept in date order. */
export const specialHoursSchema = z
  .array(specialDaySchema, { error: 'Special hours must be a list of dates' })
  .max(MAX_SPECIAL_DAYS, SPECIAL_MESSAGES.tooMany)
  .superRefine((days, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, index) => {
      if (seen.has(day.date))
        ctx.addIssue({
          code: 'custom',
          path: [index, 'date'],
          message: SPECIAL_MESSAGES.duplicate(day.date),
        });
      seen.add(day.date);
    });
  })
  .overwrite((days) => [...days].sort((a, b) => a.date.localeCompare(b.date)));
export type SpecialHours = z.infer<typeof specialHoursSchema>;

/** A local calendar date (YYYY-MM-DD) moved by `days`. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The special day of a date, if any. */
export const specialDayOn = (special: readonly SpecialDay[], date: string): SpecialDay | undefined =>
  special.find((day) => day.date === date);

/** Special days from `today` for `days` days (today included), in date order. */
export const upcomingSpecialDays = (
  special: readonly SpecialDay[],
  today: string,
  days = 30,
): SpecialDay[] => {
  const last = addDays(today, days - 1);
  return special
    .filter((day) => day.date >= today && day.date <= last)
    .sort((a, b) => a.date.localeCompare(b.date));
};

/** Special days before `today`, latest first (kept, listed apart). */
export const pastSpecialDays = (special: readonly SpecialDay[], today: string): SpecialDay[] =>
  special.filter((day) => day.date < today).sort((a, b) => b.date.localeCompare(a.date));
