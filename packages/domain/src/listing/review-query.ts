import { z } from 'zod';
import { queryTime } from '../query-dates';
import { text } from '../text';

/**
 * The reviews inbox's query (issue 19): filters, order and paging of a restaurant's stored reviews, read by
 * `GET …/connections/{id}/reviews` and (without the paging) `…/reviews/summary`. Dates are the review's
 * create time on Google (reviewTime); a day (yyyy-mm-dd) is a UTC day, both ends inclusive.
 */

export const REVIEW_STATUSES = ['needs-response', 'unanswered', 'replied'] as const;
export type ReviewStatusFilter = (typeof REVIEW_STATUSES)[number];
export const REVIEW_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const REVIEW_SORTS = ['newest', 'oldest', 'lowest', 'highest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_TREND_UNITS = ['week', 'month'] as const;
export type ReviewTrendUnit = (typeof REVIEW_TREND_UNITS)[number];

/** A page holds at most this many reviews; a larger `limit` (accepted up to 500 for older callers) is read as it. */
export const REVIEW_PAGE_MAX = 100;
export const REVIEW_PAGE_DEFAULT = 50;
export const REVIEW_SEARCH_MAX = 200;

export const REVIEW_STATUS_MESSAGE = 'status must be needs-response, unanswered or replied';
export const REVIEW_RATING_FILTER_MESSAGE =
  'rating must be one or more of 1, 2, 3, 4, 5, separated by commas';
export const REVIEW_SENTIMENT_MESSAGE = 'sentiment must be positive, neutral or negative';
export const REVIEW_SORT_MESSAGE = 'sort must be newest, oldest, lowest or highest';
export const REVIEW_DATE_MESSAGE = 'from and to must be dates (YYYY-MM-DD) or ISO date-times';
export const REVIEW_RANGE_MESSAGE = 'from must not be after to';
export const REVIEW_SEARCH_MESSAGE = `search must be at most ${REVIEW_SEARCH_MAX} characters`;
export const REVIEW_LIMIT_MESSAGE = 'limit must be between 1 and 500';
export const REVIEW_TREND_MESSAGE = 'trend must be week or month';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day or an instant; `end` makes a day reach to its last moment (to the next day, exclusive). */
function boundOf(value: string, end: boolean): Date {
  if (!DAY.test(value)) return new Date(value);
  const start = new Date(`${value}T00:00:00.000Z`);
  return end ? new Date(start.getTime() + 86_400_000) : start;
}

// docs/behaviour/README.md#dates-in-queries: a day or a date-time, within the years 2000-2100.
const dateParam = (label: string) => queryTime(label, 'date-or-date-time', REVIEW_DATE_MESSAGE);

/** `rating=1,2` or `rating=1&rating=2`: the distinct ratings, ascending. */
const ratingParam = z.preprocess(
  (value) => (Array.isArray(value) ? value.join(',') : value),
  text({ error: REVIEW_RATING_FILTER_MESSAGE })
    .regex(/^\s*[1-5]\s*(,\s*[1-5]\s*)*$/, REVIEW_RATING_FILTER_MESSAGE)
    .transform((value) => [...new Set(value.split(',').map((one) => Number(one.trim())))].sort()),
);

export const reviewFilterShape = {
  status: z.enum(REVIEW_STATUSES, { error: REVIEW_STATUS_MESSAGE }).optional(),
  rating: ratingParam.optional(),
  sentiment: z.enum(REVIEW_SENTIMENTS, { error: REVIEW_SENTIMENT_MESSAGE }).optional(),
  from: dateParam('from').optional(),
  to: dateParam('to').optional(),
  search: text({ error: REVIEW_SEARCH_MESSAGE })
    .trim()
    .max(REVIEW_SEARCH_MAX, REVIEW_SEARCH_MESSAGE)
    .optional(),
};

const rangeIsOrdered = (query: { from?: string | undefined; to?: string | undefined }) => {
  const { from, before } = reviewTimeBounds(query);
  return !from || !before || from < before;
};

export const reviewSummaryQuerySchema = z
  .object({
    ...reviewFilterShape,
    trend: z.enum(REVIEW_TREND_UNITS, { error: REVIEW_TREND_MESSAGE }).optional(),
  })
  .refine(rangeIsOrdered, { message: REVIEW_RANGE_MESSAGE, path: ['from'] });

export const reviewListQuerySchema = z
  .object({
    ...reviewFilterShape,
    /** One review by its id (the thread opened from an address). */
    reviewId: text({ error: 'reviewId must be at most 300 characters' })
      .trim()
      .min(1, 'reviewId is required')
      .max(300, 'reviewId must be at most 300 characters')
      .optional(),
    sort: z.enum(REVIEW_SORTS, { error: REVIEW_SORT_MESSAGE }).default('newest'),
    limit: z.coerce
      .number({ error: REVIEW_LIMIT_MESSAGE })
      .int(REVIEW_LIMIT_MESSAGE)
      .min(1, REVIEW_LIMIT_MESSAGE)
      .max(500, REVIEW_LIMIT_MESSAGE)
      .default(REVIEW_PAGE_DEFAULT)
      .transform((limit) => Math.min(limit, REVIEW_PAGE_MAX)),
    cursor: text({ error: 'Invalid cursor' }).min(1, 'Invalid cursor').max(1000, 'Invalid cursor').optional(),
  })
  .refine(rangeIsOrdered, { message: REVIEW_RANGE_MESSAGE, path: ['from'] });

export type ReviewFilterQuery = {
  status?: ReviewStatusFilter | undefined;
  rating?: number[] | undefined;
  sentiment?: (typeof REVIEW_SENTIMENTS)[number] | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
  reviewId?: string | undefined;
};
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;
export type ReviewSummaryQuery = z.output<typeof reviewSummaryQuerySchema>;

/** The review-time bounds of a filter: `from` inclusive, `before` exclusive. */
export function reviewTimeBounds(query: { from?: string | undefined; to?: string | undefined }): {
  from: Date | null;
  before: Date | null;
} {
  const from = query.from ? boundOf(query.from, false) : null;
  if (!query.to) return { from, before: null };
  const to = boundOf(query.to, true);
  return { from, before: DAY.test(query.to) ? to : new Date(to.getTime() + 1) };
}

/** The words of a search: each must appear in the reviewer's name or the comment. */
export const searchWords = (search: string | undefined): string[] =>
  (search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 20);
