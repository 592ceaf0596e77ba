import type { OpeningSchedule } from '@brigade/domain/hours/opening-state';
import { type SpecialDay, upcomingSpecialDays } from '@brigade/domain/hours/special';
import type { OpeningHoursSpecification } from 'schema-dts';
import { formatSpans, jsonLdTimes } from './format';

/** The public site's special hours (decision 030): the list under the hours, the notice, the JSON-LD. */

/** How many days ahead the hours card lists special dates. */
export const SPECIAL_DAYS_SHOWN = 30;

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "Thu 26 Nov" from "2026-11-26". */
export function formatShortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return `${WEEKDAY_SHORT[weekday]} ${d} ${MONTH_SHORT[m - 1]}`;
}

/** "Closed" or the day's special spans. */
export const specialDayHours = (day: SpecialDay): string => (day.closed ? 'Closed' : formatSpans(day.spans));

/** Rows of the hours card: "Thu 26 Nov — Thanksgiving" / "Closed", for the next SPECIAL_DAYS_SHOWN days. */
export function upcomingSpecialRows(
  schedule: OpeningSchedule,
  today: string,
): { day: string; hours: string }[] {
  return upcomingSpecialDays(schedule.specialHours, today, SPECIAL_DAYS_SHOWN).map((special) => ({
    day: special.label
      ? `${formatShortDate(special.date)} — ${special.label}`
      : formatShortDate(special.date),
    hours: specialDayHours(special),
  }));
}

/** The notice the site shows on a closed date instead of its menus and ordering. */
export const closedTodayText = (closure: SpecialDay): string =>
  closure.label ? `Closed today — ${closure.label}` : 'Closed today';

/**
 * schema.org specialOpeningHoursSpecification for today and later: one entry per special span, valid from and
 * through its date; a closed date is one entry opening and closing at 00:00 (how schema.org and Google's
 * structured-data guidelines mark a day closed).
 */
export function specialOpeningHoursSpecification(
  schedule: OpeningSchedule,
  today: string,
): OpeningHoursSpecification[] {
  return schedule.specialHours
    .filter((special) => special.date >= today)
    .flatMap((special) =>
      (special.closed ? [{ opens: '00:00', closes: '00:00' }] : special.spans.map(jsonLdTimes)).map(
        (times) => ({
          '@type': 'OpeningHoursSpecification' as const,
          validFrom: special.date,
          validThrough: special.date,
          ...times,
        }),
      ),
    );
}
