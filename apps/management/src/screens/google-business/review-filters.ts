import { REVIEW_REPLY_TOO_LONG_MESSAGE, reviewReplyTextSchema } from '@brigade/domain/listing/review';

/**
 * The reviews inbox's filters as the address holds them, and the labels of the server's rating trend (issue
 * 19 item 6); the server filters, counts and averages. Dates are the reviews' reviewTime, UTC days.
 */

export interface ReviewFilters {
  /** 'needs-response' (no reply, 3 stars or fewer), 'unanswered' (no reply), 'replied', or '' for all. */
  status: '' | 'needs-response' | 'unanswered' | 'replied';
  rating: '' | '1' | '2' | '3' | '4' | '5';
  sentiment: '' | 'positive' | 'neutral' | 'negative';
  /** yyyy-mm-dd, inclusive; '' for no bound. */
  from: string;
  to: string;
  search: string;
  /** '' is the server's default, newest first. */
  sort: '' | 'oldest' | 'lowest' | 'highest';
}

export const NO_FILTERS: ReviewFilters = {
  status: '',
  rating: '',
  sentiment: '',
  from: '',
  to: '',
  search: '',
  sort: '',
};

const CHOICES: Partial<Record<keyof ReviewFilters, readonly string[]>> = {
  status: ['needs-response', 'unanswered', 'replied'],
  rating: ['1', '2', '3', '4', '5'],
  sentiment: ['positive', 'neutral', 'negative'],
  sort: ['oldest', 'lowest', 'highest'],
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

/** How many filters narrow the list (the order is not one). */
export const activeFilterCount = (filters: ReviewFilters) =>
  Object.entries(filters).filter(([key, value]) => key !== 'sort' && value !== '').length;

export interface TrendPoint {
  /** The month's first day or the week's Monday, yyyy-mm-dd. */
  period: string;
  label: string;
  average: number;
  count: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The server's trend buckets (period = the month's or the Monday's date) with labels for the chart. */
export function trendPoints(
  trend: readonly { period: string; count: number; averageRating: number }[],
  unit: 'week' | 'month',
): TrendPoint[] {
  return trend.map(({ period, count, averageRating }) => {
    const [year, month, day] = period.split('-').map(Number) as [number, number, number];
    const name = MONTHS[month - 1] ?? '';
    return {
      period,
      label: unit === 'month' ? `${name} ${year}` : `Week of ${day} ${name}`,
      average: Math.round(averageRating * 10) / 10,
      count,
    };
  });
}

/** The reply editor's message, from the domain's rule (the server's): "Response is required" / "Response too long". */
export function replyProblem(text: string): string | null {
  const result = reviewReplyTextSchema.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? REVIEW_REPLY_TOO_LONG_MESSAGE);
}
