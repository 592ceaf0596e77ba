import { describe, expect, it } from 'vitest';
import {
  filterReviews,
  type InboxReview,
  NO_FILTERS,
  parseFilters,
  ratingTrend,
  replyProblem,
  summarise,
} from './review-filters';

const review = (over: Partial<InboxReview> & { reviewId: string; rating: number }): InboxReview => ({
  reviewerName: 'A Google user',
  comment: null,
  reviewTime: '2026-03-02T10:00:00Z',
  response: null,
  sentiment: over.rating >= 4 ? 'positive' : over.rating <= 2 ? 'negative' : 'neutral',
  needsResponse: over.rating <= 3 && !over.response,
  ...over,
});

const reviews = [
  review({ reviewId: 'a', rating: 5, comment: 'Lovely pasta', reviewerName: 'Ana', response: 'Thanks!' }),
  review({ reviewId: 'b', rating: 2, comment: 'Cold soup', reviewTime: '2026-03-10T10:00:00Z' }),
  review({ reviewId: 'c', rating: 3, reviewTime: '2026-04-01T09:00:00Z' }),
  review({ reviewId: 'd', rating: 4, reviewTime: null }),
];
const ids = (list: InboxReview[]) => list.map((one) => one.reviewId);

describe('reviews inbox filters', () => {
  it('narrows by reply state, rating, sentiment, dates and words', () => {
    expect(ids(filterReviews(reviews, { ...NO_FILTERS, status: 'needs-response' }))).toEqual(['b', 'c']);
    expect(ids(filterReviews(reviews, { ...NO_FILTERS, status: 'unanswered' }))).toEqual(['b', 'c', 'd']);
    expect(ids(filterReviews(reviews, { ...NO_FILTERS, status: 'replied' }))).toEqual(['a']);
    expect(ids(filterReviews(reviews, { ...NO_FILTERS, rating: '2' }))).toEqual(['b']);
    expect(ids(filterReviews(reviews, { ...NO_FILTERS, sentiment: 'neutral' }))).toEqual(['c']);
    expect(ids(filterReviews(reviews, { ...NO_FILTERS, from: '2026-03-10', to: '2026-03-31' }))).toEqual([
      'b',
    ]);
    expect(ids(filterReviews(reviews, { ...NO_FILTERS, search: 'SOUP cold' }))).toEqual(['b']);
    expect(ids(filterReviews(reviews, { ...NO_FILTERS, search: 'thanks' }))).toEqual(['a']);
    expect(ids(filterReviews(reviews, NO_FILTERS))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reads filters from the address, ignoring unknown choices and malformed dates', () => {
    const params = new URLSearchParams(
      'status=needs-response&rating=9&sentiment=angry&from=2026-1-1&to=2026-02-01&search=x',
    );
    expect(parseFilters((key) => params.get(key))).toEqual({
      ...NO_FILTERS,
      status: 'needs-response',
      to: '2026-02-01',
      search: 'x',
    });
  });

  it('summarises the average, the count, those needing a response and the spread', () => {
    expect(summarise(reviews)).toEqual({
      count: 4,
      average: 3.5,
      needsResponse: 2,
      byRating: [0, 1, 1, 1, 1],
    });
    expect(summarise([]).average).toBeNull();
  });

  it('averages per month and per week (weeks start on Monday), oldest first, undated left out', () => {
    expect(ratingTrend(reviews, 'month')).toEqual([
      { period: '2026-03', label: 'Mar 2026', average: 3.5, count: 2 },
      { period: '2026-04', label: 'Apr 2026', average: 3, count: 1 },
    ]);
    expect(ratingTrend(reviews, 'week').map((p) => p.period)).toEqual([
      '2026-03-02',
      '2026-03-09',
      '2026-03-30',
    ]);
  });

  it("says what is wrong with a reply, with the server's messages", () => {
    expect(replyProblem('  ')).toBe('Response is required');
    expect(replyProblem('x'.repeat(4096))).toBeNull();
    expect(replyProblem('x'.repeat(4097))).toBe('Response too long');
    expect(replyProblem('é'.repeat(2049))).toBe('Response too long');
  });
});
