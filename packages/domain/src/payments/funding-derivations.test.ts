import { describe, expect, it } from 'vitest';
import {
  adjustmentType,
  fundingDateMode,
  fundingPaging,
  fundingType,
  readFundingPage,
  resolveFundingDate,
} from './funding-derivations';

describe('funding date', () => {
  it.each([
    [undefined, 'not_retrieved', undefined],
    ['', 'not_retrieved', undefined],
    ['0301', 'current_year', '2024-03-01'],
    ['20230301', 'specific_year', '2023-03-01'],
    ['030', 'invalid', undefined],
    ['2023-03-01', 'invalid', undefined],
  ])('%j: %s, %j', (date, mode, day) => {
    expect(fundingDateMode(date)).toBe(mode);
    expect(resolveFundingDate(date, 2024)).toBe(day);
  });
});

describe('fundingType', () => {
  it.each([
    [107431, 'credit'],
    [-500, 'debit'],
    [0, 'neutral'],
    [undefined, 'unknown'],
  ])('%j is %s', (total, type) => {
    expect(fundingType(total)).toBe(type);
  });
});

describe('fundingPaging', () => {
  it.each([
    [
      { pageNumber: 1, perPageSize: 10, currentPageSize: 10 },
      { hasMore: true, nextPage: 2, previousPage: undefined },
    ],
    [
      { pageNumber: 2, perPageSize: 10, currentPageSize: 11 },
      { hasMore: true, nextPage: 3, previousPage: 1 },
    ],
    [
      { pageNumber: 3, perPageSize: 10, currentPageSize: 9 },
      { hasMore: false, nextPage: undefined, previousPage: 2 },
    ],
    [
      { pageNumber: 1, perPageSize: 10, currentPageSize: 0 },
      { hasMore: false, nextPage: undefined, previousPage: undefined },
    ],
  ])('%j', (page, paging) => {
    expect(fundingPaging(page)).toEqual(paging);
  });

  it('reads the paging strings of an answer', () => {
    expect(readFundingPage({ pageNumber: '2', perPageSize: '100', currentPageSize: '37' })).toEqual({
      pageNumber: 2,
      perPageSize: 100,
      currentPageSize: 37,
    });
    expect(readFundingPage({ pageNumber: '2', perPageSize: '100' })).toBeUndefined();
    expect(readFundingPage({ pageNumber: 'two', perPageSize: '100', currentPageSize: '1' })).toBeUndefined();
  });
});

describe('adjustmentType', () => {
  it.each([
    ['REVERSAL', 'reversal'],
    ['Reversal', 'reversal'],
    ['CHARGEBACK', 'chargeback'],
    ['chargeback reversal', 'reversal'],
    ['THIRD PARTY', 'third_party'],
    ['third_party', 'third_party'],
    ['Third-Party Fee', 'third_party'],
    ['FEE', 'fee'],
    ['Monthly fees', 'fee'],
    ['FEEDBACK', 'other'],
    ['ADJUSTMENT', 'other'],
    ['OTHER', 'other'],
    ['  ', 'unknown'],
    [undefined, 'unknown'],
  ])('%j is %s', (category, type) => {
    expect(adjustmentType(category)).toBe(type);
  });
});
