import { describe, expect, it } from 'vitest';
import { activeFilterCount, NO_FILTERS, parseFilters, replyProblem, trendPoints } from './review-filters';

describe('reviews inbox filters', () => {
  it('reads filters from the address, ignoring unknown choices and malformed dates', () => {
    const params = new URLSearchParams(
      'status=needs-response&rating=9&sentiment=angry&from=2026-1-1&to=2026-02-01&search=x&sort=lowest',
    );
    expect(parseFilters((key) => params.get(key))).toEqual({
      ...NO_FILTERS,
      status: 'needs-response',
      to: '2026-02-01',
      search: 'x',
      sort: 'lowest',
    });
    expect(parseFilters(() => 'random').sort).toBe('');
  });

  it("labels the server's trend buckets per month and per week, averages to one decimal", () => {
    const trend = [
      { period: '2026-03-01', count: 2, averageRating: 3.75 },
      { period: '2026-04-01', count: 1, averageRating: 3 },
    ];
    expect(trendPoints(trend, 'month')).toEqual([
      { period: '2026-03-01', label: 'Mar 2026', average: 3.8, count: 2 },
      { period: '2026-04-01', label: 'Apr 2026', average: 3, count: 1 },
    ]);
    expect(trendPoints([{ period: '2026-03-09', count: 4, averageRating: 4.25 }], 'week')).toEqual([
      { period: '2026-03-09', label: 'Week of 9 Mar', average: 4.3, count: 4 },
    ]);
  });

  it('counts the narrowing filters, not the order', () => {
    expect(activeFilterCount({ ...NO_FILTERS, sort: 'lowest' })).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, sort: 'lowest', rating: '1', search: 'x' })).toBe(2);
  });

  it("says what is wrong with a reply, with the server's messages", () => {
    expect(replyProblem('  ')).toBe('Response is required');
    expect(replyProblem('x'.repeat(4096))).toBeNull();
    expect(replyProblem('x'.repeat(4097))).toBe('Response too long');
    expect(replyProblem('é'.repeat(2049))).toBe('Response too long');
  });
});
