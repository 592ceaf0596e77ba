import { describe, expect, it } from 'vitest';
import { apiFiltersOf, filtersFromSearch, searchFromFilters } from './transaction-filters';

describe('transaction filters in the URL', () => {
  it('reads the filters, drops invalid ones, and asks the API in cents', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'status=settled&cardBrand=visa&minAmount=10.5&maxAmount=20&lastFour=1111&from=2026-11-01&to=2026-11-24&bogus=1',
      ),
    );
    expect(filters).toEqual({
      status: 'settled',
      cardBrand: 'visa',
      minAmount: 10.5,
      maxAmount: 20,
      lastFour: '1111',
      from: '2026-11-01',
      to: '2026-11-24',
    });
    expect(apiFiltersOf(filters)).toEqual({ ...filters, minAmount: 1050, maxAmount: 2000 });
    expect(searchFromFilters(filters).toString()).toBe(
      'from=2026-11-01&to=2026-11-24&status=settled&cardBrand=visa&minAmount=10.5&maxAmount=20&lastFour=1111',
    );
    expect(filtersFromSearch(new URLSearchParams('status=nope&lastFour=12'))).toEqual({});
  });
});
