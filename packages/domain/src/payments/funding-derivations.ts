import type { MinorUnits } from './amount';

/**
 * Reading a funding report: which day a request asks for, whether a deposit is money in or out, paging,
 * and the kind of an adjustment (docs/behaviour/payments.md#funding).
 */

export type FundingDateMode = 'not_retrieved' | 'current_year' | 'specific_year' | 'invalid';

/** No date: nothing asked for yet (the gateway answers its latest); MMDD: this year; YYYYMMDD: that year. */
export function fundingDateMode(date: string | undefined): FundingDateMode {
  if (!date) return 'not_retrieved';
  if (/^\d{4}$/.test(date)) return 'current_year';
  if (/^\d{8}$/.test(date)) return 'specific_year';
  return 'invalid';
}

/** The day a funding date names, as YYYY-MM-DD; MMDD takes `currentYear`. Undefined without a date. */
export function resolveFundingDate(date: string | undefined, currentYear: number): string | undefined {
  const mode = fundingDateMode(date);
  if (mode === 'current_year') return `${currentYear}-${date!.slice(0, 2)}-${date!.slice(2)}`;
  if (mode === 'specific_year') return `${date!.slice(0, 4)}-${date!.slice(4, 6)}-${date!.slice(6)}`;
  return undefined;
}

export type FundingType = 'credit' | 'debit' | 'neutral' | 'unknown';

/** A deposit's total funding: positive credit (money in), negative debit, zero neutral, absent unknown. */
export function fundingType(totalFunding: MinorUnits | undefined): FundingType {
  if (totalFunding === undefined) return 'unknown';
  return totalFunding > 0 ? 'credit' : totalFunding < 0 ? 'debit' : 'neutral';
}

export interface FundingPage {
  pageNumber: number;
  perPageSize: number;
  currentPageSize: number;
}

export interface FundingPaging {
  hasMore: boolean;
  nextPage: number | undefined;
  previousPage: number | undefined;
}

/**
 * A full page means there may be more (current page size at least the per-page size): the next page is
 * this one + 1. A previous page exists above page 1.
 */
export function fundingPaging(page: FundingPage): FundingPaging {
  const hasMore = page.currentPageSize >= page.perPageSize;
  return {
    hasMore,
    nextPage: hasMore ? page.pageNumber + 1 : undefined,
    previousPage: page.pageNumber > 1 ? page.pageNumber - 1 : undefined,
  };
}

const count = (value: string | undefined): number | undefined =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;

/** The paging values of an answer (sent as strings), or undefined when any is missing or not a number. */
export function readFundingPage(response: {
  pageNumber?: string;
  perPageSize?: string;
  currentPageSize?: string;
}): FundingPage | undefined {
  const pageNumber = count(response.pageNumber);
  const perPageSize = count(response.perPageSize);
  const currentPageSize = count(response.currentPageSize);
  if (pageNumber === undefined || perPageSize === undefined || currentPageSize === undefined)
    return undefined;
  return { pageNumber, perPageSize, currentPageSize };
}

export type AdjustmentType = 'reversal' | 'chargeback' | 'third_party' | 'fee' | 'other' | 'unknown';

/**
 * An adjustment's kind from its category text, in any case and with a space, hyphen or underscore in
 * "third party". The first match wins in this order: reversal, chargeback, third party, fee (so a
 * "THIRD PARTY FEE" is a third-party adjustment). Other text is 'other'; no text is 'unknown'.
 */
export function adjustmentType(category: string | undefined): AdjustmentType {
  const text = (category ?? '').trim().toUpperCase();
  if (!text) return 'unknown';
  if (text.includes('REVERSAL')) return 'reversal';
  if (text.includes('CHARGEBACK')) return 'chargeback';
  if (/THIRD[ _-]?PARTY/.test(text)) return 'third_party';
  if (/\bFEES?\b/.test(text)) return 'fee';
  return 'other';
}
