import { z } from 'zod';
import { INT32_MAX, int32MaxMessage } from '../integers';
import { FUNDING_PAGE_LIMIT_MAX, PAYMENT_LIMITS as L } from './constants';
import { DIGITS, gatewayText, isPlainObject, recordDate } from './fields';
import {
  chargebackLenientSchema,
  chargebackSchema,
  fundingAdjustmentLenientSchema,
  fundingAdjustmentSchema,
  fundingRecordLenientSchema,
  fundingRecordSchema,
  fundingTransactionLenientSchema,
  fundingTransactionSchema,
} from './funding-records';
import { lenientList, lenientObjectOf } from './lenient';

/** The funding (deposit) report: its request and its answer. */

export const FUNDING_MERCHID_MESSAGE = 'FundingRequest.fromJSON: Merchant ID is missing or invalid.';
export const FUNDING_LIMIT_MESSAGE = 'Limit cannot exceed 10,000 records per page';

/** Why a funding date is not MMDD or YYYYMMDD with month 1-12, day 1-31, year 1900-2100; undefined if it is. */
export function fundingDateProblem(date: string): string | undefined {
  if (!DIGITS.test(date)) return 'Date must be numeric';
  if (date.length !== 4 && date.length !== 8) return 'Date must be MMDD or YYYYMMDD';
  const monthDay = date.slice(-4);
  const month = Number(monthDay.slice(0, 2));
  const day = Number(monthDay.slice(2));
  if (month < 1 || month > 12) return 'Date month must be 1-12';
  if (day < 1 || day > 31) return 'Date day must be 1-31';
  const year = date.length === 8 ? Number(date.slice(0, 4)) : undefined;
  if (year !== undefined && (year < 1900 || year > 2100)) return 'Date year must be 1900-2100';
  return undefined;
}

const positiveInteger = (label: string) => {
  const message = `${label} must be a positive integer`;
  return z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(INT32_MAX, int32MaxMessage(label));
};

export const fundingRequestSchema = z.object({
  merchid: gatewayText('Merchant ID', {
    required: true,
    max: L.merchid,
    pattern: DIGITS,
    message: FUNDING_MERCHID_MESSAGE,
  }),
  /** MMDD (this year) or YYYYMMDD; absent: the latest funding. */
  date: gatewayText('Date', { max: 8 })
    .superRefine((date, ctx) => {
      const problem = fundingDateProblem(date);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  page: positiveInteger('Page').optional(),
  limit: positiveInteger('Limit').max(FUNDING_PAGE_LIMIT_MAX, FUNDING_LIMIT_MESSAGE).optional(),
});
export type FundingRequest = z.output<typeof fundingRequestSchema>;

/** The gateway answers a single chargeback without the list around it. */
const asList = (value: unknown) => (isPlainObject(value) ? [value] : value);

const numericText = (label: string) =>
  gatewayText(label, { required: true, pattern: DIGITS, patternMessage: `${label} must be numeric` });

const FUNDING_RESPONSE_FIELDS = {
  pageNumber: numericText('Page number').optional(),
  perPageSize: numericText('Per-page size').optional(),
  currentPageSize: numericText('Current page size').optional(),
  fundingdate: recordDate('Funding date'),
  merchid: gatewayText('Merchant ID', { max: L.merchid }).optional(),
  datechanged: recordDate('Date changed').optional(),
  fundingmasterid: gatewayText('Funding master ID', { required: true }),
  fundings: z.array(fundingRecordSchema).min(1, 'A funding response must hold at least one funding record'),
  txns: z.array(fundingTransactionSchema).min(1, 'A funding response must hold at least one transaction'),
  adjustments: z.array(fundingAdjustmentSchema).optional(),
  chargebacks: z.preprocess(asList, z.array(chargebackSchema)).optional(),
};

/** A funding answer in full: funding date, master id, at least one funding and one transaction. */
export const fundingResponseSchema = z.object(FUNDING_RESPONSE_FIELDS);
export type FundingResponse = z.output<typeof fundingResponseSchema>;

/** The answer to a request with page and limit: the paging values are required too. */
export const paginatedFundingResponseSchema = fundingResponseSchema.extend({
  pageNumber: numericText('Page number'),
  perPageSize: numericText('Per-page size'),
  currentPageSize: numericText('Current page size'),
});
export type PaginatedFundingResponse = z.output<typeof paginatedFundingResponseSchema>;

/**
 * Any funding answer. Lists are always lists ([] when absent); `errormsg` is how the gateway says "No
 * deposits match your request".
 */
export const fundingResponseLenientSchema = lenientObjectOf(
  [...(Object.keys(FUNDING_RESPONSE_FIELDS) as (keyof typeof FUNDING_RESPONSE_FIELDS)[]), 'errormsg'],
  {
    fundings: lenientList(fundingRecordLenientSchema),
    txns: lenientList(fundingTransactionLenientSchema),
    adjustments: lenientList(fundingAdjustmentLenientSchema),
    chargebacks: lenientList(chargebackLenientSchema),
  },
);
export type FundingResponseLenient = z.output<typeof fundingResponseLenientSchema>;
