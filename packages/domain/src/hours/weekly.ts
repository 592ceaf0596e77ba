import { z } from 'zod';
import { perWeekday, WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../weekdays';
import {
  overnightMinutes,
  SPAN_MESSAGES,
  type Span,
  sortSpans,
  spanIssues,
  spanMinutes,
  spanSchema,
  timeSchema,
} from './spans';

/**
 * A weekday's hours. Each weekday has {open, close, closed}; `spans` (decision 030) lets a day
 * open several times (lunch and dinner). Both shapes are accepted: a day sent without spans is one span,
 * open to close; a day sent with spans gets open and close rewritten to the first opening and the last
 * closing, so readers of the spec's fields still see the day's outline. A closed day keeps its spans, so
 * reopening it brings its times back.
 */
export const dayHoursSchema = z
  .object({
    open: timeSchema,
    close: timeSchema,
    closed: z.boolean().default(false),
    spans: z.array(spanSchema, { error: 'Spans must be a list of opening spans' }).optional(),
  })
  .superRefine((day, ctx) => {
    if (day.closed || !day.spans) return;
    if (day.spans.length === 0)
      ctx.addIssue({ code: 'custom', path: ['spans'], message: SPAN_MESSAGES.none });
    for (const issue of spanIssues(day.spans))
      ctx.addIssue({ code: 'custom', path: ['spans', issue.index], message: issue.message });
  })
  .overwrite((day) => {
    if (!day.spans || day.spans.length === 0)
      return { ...day, spans: day.closed && day.spans ? [] : [{ open: day.open, close: day.close }] };
    const spans = sortSpans(day.spans);
    return { ...day, open: spans[0]!.open, close: spans.at(-1)!.close, spans };
  });
export type DayHours = z.infer<typeof dayHoursSchema>;

export const overlapIntoNextDayMessage = (day: Weekday, next: Weekday) =>
  `${WEEKDAY_LABELS[day]}'s late hours run into ${WEEKDAY_LABELS[next]}'s first opening`;

/** The spans a day opens with (none when closed); days stored before spans existed are one span. */
export function daySpans(day: Pick<DayHours, 'open' | 'close' | 'closed' | 'spans'>): Span[] {
  if (day.closed) return [];
  return day.spans && day.spans.length > 0 ? sortSpans(day.spans) : [{ open: day.open, close: day.close }];
}

/** Minutes after midnight at which a day's first span opens (Infinity when closed). */
const firstOpening = (spans: readonly Span[]) => (spans.length ? spanMinutes(spans[0]!)[0] : Infinity);

export const operatingHoursSchema = perWeekday(() => dayHoursSchema).superRefine((hours, ctx) => {
  WEEKDAYS.forEach((day, index) => {
    const next = WEEKDAYS[(index + 1) % 7]!;
    const late = overnightMinutes(daySpans(hours[day]));
    if (late > 0 && late > firstOpening(daySpans(hours[next])))
      ctx.addIssue({ code: 'custom', path: [day, 'spans'], message: overlapIntoNextDayMessage(day, next) });
  });
});
export type OperatingHours = z.infer<typeof operatingHoursSchema>;

const day = (open: string, close: string): DayHours => ({
  open,
  close,
  closed: false,
  spans: [{ open, close }],
});

/** The default hours: 09:00-22:00 daily; Friday and Saturday close 23:00; Sunday 10:00-21:00. */
export const DEFAULT_OPERATING_HOURS: Readonly<Record<Weekday, Readonly<DayHours>>> = {
  monday: day('09:00', '22:00'),
  tuesday: day('09:00', '22:00'),
  wednesday: day('09:00', '22:00'),
  thursday: day('09:00', '22:00'),
  friday: day('09:00', '23:00'),
  saturday: day('09:00', '23:00'),
  sunday: day('10:00', '21:00'),
};

// A fresh copy each time: zod hands a default out as is, and callers may edit the hours they get.
export const defaultOperatingHours = (): OperatingHours =>
  structuredClone(DEFAULT_OPERATING_HOURS) as OperatingHours;
