import { REVIEW_REPLY_TOO_LONG_MESSAGE, reviewReplyTextSchema } from '@brigade/domain/listing/review';

/**
 * The reviews inbox's filters, summary and rating trend (issue 19 item 6), as pure functions of the stored
 * reviews so they are tested without a browser. Dates are the reviews' reviewTime (ISO text).
 */

export interface InboxReview {
  reviewId: string;
  reviewerName: string;
  rating: number;
  comment: string | null;
  reviewTime: string | null;
  response: string | null;
  sentiment: 'positive' | 'neutral' | 'negative';
  needsResponse: boolean;
}

export interface ReviewFilters {
  /** 'needs-response' (no reply, 3 stars or fewer), 'unanswered' (no reply), 'replied', or '' for all. */
  status: '' | 'needs-response' | 'unanswered' | 'replied';
  rating: '' | '1' | '2' | '3' | '4' | '5';
  sentiment: '' | 'positive' | 'neutral' | 'negative';
  /** yyyy-mm-dd, inclusive; '' for no bound. */
  from: string;
  to: string;
  search: string;
}

export const NO_FILTERS: ReviewFilters = {
  status: '',
  rating: '',
  sentiment: '',
  from: '',
  to: '',
  search: '',
};

const CHOICES: Partial<Record<keyof ReviewFilters, readonly string[]>> = {
  status: ['needs-response', 'unanswered', 'replied'],
  rating: ['1', '2', '3', '4', '5'],
  sentiment: ['positive', 'neutral', 'negative'],
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Filters from the address: unknown choices and malformed dates are ignored. */
export function parseFilters(read: (key: keyof ReviewFilters) => string | null): ReviewFilters {
  const value = (key: keyof ReviewFilters) => {
    const raw = read(key) ?? '';
    if (key === 'search') return raw;
    if (key === 'from' || key === 'to') return DATE.test(raw) ? raw : '';
    return CHOICES[key]?.includes(raw) ? raw : '';
  };
  return Object.fromEntries(
    (Object.keys(NO_FILTERS) as (keyof ReviewFilters)[]).map((key) => [key, value(key)]),
  ) as unknown as ReviewFilters;
}

const day = (time: string | null) => (time ? time.slice(0, 10) : '');

export function filterReviews<R extends InboxReview>(reviews: readonly R[], filters: ReviewFilters): R[] {
  const words = filters.search.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return reviews.filter((review) => {
    if (filters.status === 'needs-response' && !review.needsResponse) return false;
    if (filters.status === 'unanswered' && review.response) return false;
    if (filters.status === 'replied' && !review.response) return false;
    if (filters.rating && review.rating !== Number(filters.rating)) return false;
    if (filters.sentiment && review.sentiment !== filters.sentiment) return false;
    const date = day(review.reviewTime);
    if (filters.from && (!date || date < filters.from)) return false;
    if (filters.to && (!date || date > filters.to)) return false;
    if (words.length === 0) return true;
    const text =
      `${review.reviewerName} ${review.comment ?? ''} ${review.response ?? ''}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export const activeFilterCount = (filters: ReviewFilters) =>
  Object.values(filters).filter((value) => value !== '').length;

export interface ReviewSummary {
  count: number;
  average: number | null;
  needsResponse: number;
  /** How many reviews have each rating, 1..5 (index 0 is one star). */
  byRating: [number, number, number, number, number];
}

export function summarise(reviews: readonly InboxReview[]): ReviewSummary {
  const byRating: ReviewSummary['byRating'] = [0, 0, 0, 0, 0];
  let total = 0;
  let needsResponse = 0;
  for (const review of reviews) {
    byRating[review.rating - 1] = (byRating[review.rating - 1] ?? 0) + 1;
    total += review.rating;
    if (review.needsResponse) needsResponse += 1;
  }
  const count = reviews.length;
  return { count, average: count ? Math.round((total / count) * 10) / 10 : null, needsResponse, byRating };
}

export interface TrendPoint {
  /** yyyy-mm (month) or the week's Monday yyyy-mm-dd. */
  period: string;
  label: string;
  average: number;
  count: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function periodOf(time: string, unit: 'week' | 'month'): { period: string; label: string } {
  const date = new Date(time);
  if (unit === 'month') {
    const month = date.getUTCMonth();
    return {
      period: `${date.getUTCFullYear()}-${String(month + 1).padStart(2, '0')}`,
      label: `${MONTHS[month]} ${date.getUTCFullYear()}`,
    };
  }
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return {
    period: monday.toISOString().slice(0, 10),
    label: `Week of ${monday.getUTCDate()} ${MONTHS[monday.getUTCMonth()]}`,
  };
}

/** Average rating per week or month, oldest first; reviews without a date are left out. */
export function ratingTrend(reviews: readonly InboxReview[], unit: 'week' | 'month'): TrendPoint[] {
  const buckets = new Map<string, { label: string; total: number; count: number }>();
  for (const review of reviews) {
    if (!review.reviewTime || Number.isNaN(Date.parse(review.reviewTime))) continue;
    const { period, label } = periodOf(review.reviewTime, unit);
    const bucket = buckets.get(period) ?? { label, total: 0, count: 0 };
    bucket.total += review.rating;
    bucket.count += 1;
    buckets.set(period, bucket);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([period, { label, total, count }]) => ({
      period,
      label,
      average: Math.round((total / count) * 10) / 10,
      count,
    }));
}

/** The reply editor's message, from the domain's rule (the server's): "Response is required" / "Response too long". */
export function replyProblem(text: string): string | null {
  const result = reviewReplyTextSchema.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? REVIEW_REPLY_TOO_LONG_MESSAGE);
}
