import { describe, expect, it } from 'vitest';
import {
  REVIEW_DATE_MESSAGE,
  REVIEW_RANGE_MESSAGE,
  REVIEW_RATING_FILTER_MESSAGE,
  reviewListQuerySchema,
  reviewTimeBounds,
  searchWords,
} from './review-query';

const messages = (input: object) => {
  const result = reviewListQuerySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the reviews inbox query', () => {
  it('reads one or several ratings, comma-separated or repeated, distinct and ascending', () => {
    expect(reviewListQuerySchema.parse({ rating: '3' }).rating).toEqual([3]);
    expect(reviewListQuerySchema.parse({ rating: '5, 1,5' }).rating).toEqual([1, 5]);
    expect(reviewListQuerySchema.parse({ rating: ['2', '4'] }).rating).toEqual([2, 4]);
    for (const bad of ['0', '6', '1,,2', 'one', '', '1.5'])
      expect(messages({ rating: bad })).toEqual([REVIEW_RATING_FILTER_MESSAGE]);
  });

  it('pages 50 by default and reads a limit of 101-500 (older callers) as 100', () => {
    expect(reviewListQuerySchema.parse({})).toMatchObject({ limit: 50, sort: 'newest' });
    expect(reviewListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(reviewListQuerySchema.parse({ limit: '500' }).limit).toBe(100);
    expect(messages({ limit: '501' })).toEqual(['limit must be between 1 and 500']);
  });

  it('takes days (UTC, both ends inclusive) or instants, and refuses a range that ends before it starts', () => {
    expect(reviewTimeBounds({ from: '2026-03-01', to: '2026-03-01' })).toEqual({
      from: new Date('2026-03-01T00:00:00Z'),
      before: new Date('2026-03-02T00:00:00Z'),
    });
    expect(reviewTimeBounds({ to: '2026-03-01T10:00:00+01:00' }).before).toEqual(
      new Date('2026-03-01T09:00:00.001Z'),
    );
    expect(messages({ from: '2026-02-30' })).toEqual([REVIEW_DATE_MESSAGE]);
    expect(messages({ from: '2026-03-02', to: '2026-03-01' })).toEqual([REVIEW_RANGE_MESSAGE]);
    expect(messages({ from: '2026-03-01', to: '2026-03-01' })).toEqual([]);
  });

  it('searches every word of the text', () => {
    expect(searchWords('  cold   SOUP ')).toEqual(['cold', 'SOUP']);
    expect(searchWords(undefined)).toEqual([]);
  });
});
