import { z } from 'zod';

/**
 * Opening spans (docs/behaviour/opening-hours.md): a stretch of a day from `open` to `close`, on the
 * restaurant's clock. A close earlier than the open runs past midnight into the next day; equal times mean
 * open around the clock. A day holds several spans, sorted and apart; only its last may run past midnight.
 */

/** Hours are HH:MM (the message the hours fields have always had). */
export const TIME_MESSAGE = 'Time must be in HH:MM format';
export const timeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE);

export const MAX_SPANS_PER_DAY = 6;
export const SPAN_MESSAGES = {
  tooMany: `A day can have at most ${MAX_SPANS_PER_DAY} opening spans`,
  overlap: 'Opening spans of a day must not overlap',
  closeBeforeOpen: 'Close time must be after open time (only the last span of a day may run past midnight)',
  allDayAlone: 'An all-day span (open and close at the same time) must be the only span of its day',
  none: 'Add an opening span or mark the day closed',
} as const;

export const spanSchema = z.object(
  { open: timeSchema, close: timeSchema },
  { error: 'An opening span needs open and close times' },
);
export type Span = z.infer<typeof spanSchema>;

export const DAY_MINUTES = 24 * 60;

export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A span in minutes since its day's midnight; the end runs past 1440 when it closes after midnight. */
export function spanMinutes(span: Span): [number, number] {
  const open = minutesOf(span.open);
  const close = minutesOf(span.close);
  return [open, close === open ? open + DAY_MINUTES : close < open ? close + DAY_MINUTES : close];
}

/** Spans in opening order. */
export const sortSpans = (spans: readonly Span[]): Span[] =>
  [...spans].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));

export interface SpanIssue {
  /** Index of the span the issue is about, in the list as sent. */
  index: number;
  message: string;
}

/**
 * What is wrong with a day's spans, if anything (they need not be sorted): more than MAX_SPANS_PER_DAY, an
 * all-day span beside others, a span that closes before it opens while a later one follows, overlaps.
 */
export function spanIssues(spans: readonly Span[]): SpanIssue[] {
  if (spans.length > MAX_SPANS_PER_DAY) return [{ index: MAX_SPANS_PER_DAY, message: SPAN_MESSAGES.tooMany }];
  const order = spans.map((span, index) => ({ span, index }));
  order.sort((a, b) => minutesOf(a.span.open) - minutesOf(b.span.open));
  const issues: SpanIssue[] = [];
  order.forEach(({ span, index }, position) => {
    const last = position === order.length - 1;
    if (span.open === span.close && spans.length > 1)
      issues.push({ index, message: SPAN_MESSAGES.allDayAlone });
    else if (!last && minutesOf(span.close) < minutesOf(span.open))
      issues.push({ index, message: SPAN_MESSAGES.closeBeforeOpen });
    const next = order[position + 1];
    if (next && spanMinutes(span)[1] > minutesOf(next.span.open))
      issues.push({ index: next.index, message: SPAN_MESSAGES.overlap });
  });
  return issues;
}

/** How far past the next midnight a day's spans run, in minutes (0 when they end by midnight). */
export function overnightMinutes(spans: readonly Span[]): number {
  const last = sortSpans(spans).at(-1);
  if (!last) return 0;
  const end = spanMinutes(last)[1];
  return end > DAY_MINUTES ? end - DAY_MINUTES : 0;
}
