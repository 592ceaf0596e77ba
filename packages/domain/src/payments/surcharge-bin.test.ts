import { describe, expect, it } from 'vitest';
import {
  BIN_BIN_REQUIRED,
  BIN_COUNTRY_REQUIRED,
  binRequestSchema,
  binResponseLenientSchema,
  binResponseSchema,
  SURCHARGE_POSTAL_OR_TOKEN_MESSAGE,
  SURCHARGE_RESPONSE_MESSAGES,
  surchargeRequestSchema,
  surchargeResponseLenientSchema,
  surchargeResponseSchema,
} from './surcharge-bin';
import { issuesOf } from './test-issues';

describe('surchargeRequestSchema', () => {
  it('needs a postal code or a token', () => {
    expect(
      surchargeRequestSchema.safeParse({ merchid: '1', postal: '19406', amount: '106.00' }).success,
    ).toBe(true);
    expect(surchargeRequestSchema.safeParse({ merchid: '1', token: '9418594164541111' }).success).toBe(true);
    expect(issuesOf(surchargeRequestSchema.safeParse({ merchid: '1', amount: '1.00' }))).toEqual([
      ['', SURCHARGE_POSTAL_OR_TOKEN_MESSAGE],
    ]);
  });

  it.each([
    ['postal', '1940', 'Postal code must be 5 digits or 5+4'],
    ['postal', '19406-12', 'Postal code must be 5 digits or 5+4'],
    ['token', '9'.repeat(20), 'Token cannot exceed 19 characters'],
    ['amount', '1.001', 'Amount must be a number with up to two decimal places'],
    ['merchid', '1'.repeat(17), 'Merchant ID cannot exceed 16 characters'],
  ])('%s %j: %s', (field, value, message) => {
    const result = surchargeRequestSchema.safeParse({
      merchid: '1',
      token: '9418594164541111',
      [field]: value,
    });
    expect(issuesOf(result)).toEqual([[field, message]]);
  });
});

describe('surcharge answers', () => {
  const answer = { token: 'CREDIT', postal: 'NOT_RESTRICTED', fee_amount: '3.00', messages: [] };

  it('validates an answer', () => {
    expect(surchargeResponseSchema.parse(answer)).toEqual(answer);
    const problems = { ...answer, messages: [{ field: 'postal', message: 'Invalid postal code' }] };
    expect(surchargeResponseSchema.parse(problems)).toEqual(problems);
  });

  it('knows the token types, postal statuses and message fields', () => {
    expect(issuesOf(surchargeResponseSchema.safeParse({ ...answer, token: 'PREPAID' }))).toEqual([
      ['token', 'Token must be CREDIT, DEBIT or UNKNOWN'],
    ]);
    expect(issuesOf(surchargeResponseSchema.safeParse({ ...answer, postal: 'OPEN' }))).toEqual([
      ['postal', 'Postal must be RESTRICTED, NOT_RESTRICTED or UNKNOWN'],
    ]);
    const messages = [{ field: 'name', message: 'x'.repeat(29) }];
    expect(issuesOf(surchargeResponseSchema.safeParse({ ...answer, messages }))).toEqual([
      ['messages.0.field', 'Message field must be one of amount, merchid, postal, token'],
      ['messages.0.message', 'Message cannot exceed 28 characters'],
    ]);
  });

  it('loading fails when token, postal or messages is missing, even leniently', () => {
    expect(issuesOf(surchargeResponseLenientSchema.safeParse({}))).toEqual([
      ['token', SURCHARGE_RESPONSE_MESSAGES.token],
      ['postal', SURCHARGE_RESPONSE_MESSAGES.postal],
      ['messages', SURCHARGE_RESPONSE_MESSAGES.messages],
    ]);
    expect(issuesOf(surchargeResponseSchema.safeParse({ token: 'CREDIT', postal: 'UNKNOWN' }))).toEqual([
      ['messages', SURCHARGE_RESPONSE_MESSAGES.messages],
    ]);
  });

  it('otherwise reads leniently', () => {
    const parsed = surchargeResponseLenientSchema.parse({
      ...answer,
      token: 'PREPAID',
      fee_amount: 3,
      messages: ['x', { field: 'amount' }],
      extra: 1,
    });
    expect(parsed).toEqual({
      token: 'PREPAID',
      postal: 'NOT_RESTRICTED',
      fee_amount: '3',
      messages: [{ field: 'amount' }],
      extra: 1,
    });
  });
});

describe('BIN look-ups', () => {
  it('needs merchid and token', () => {
    expect(binRequestSchema.safeParse({ merchid: '1', token: '9418594164541111' }).success).toBe(true);
    expect(issuesOf(binRequestSchema.safeParse({ merchid: '', token: '9'.repeat(20) }))).toEqual([
      ['merchid', 'Merchant ID is required'],
      ['token', 'Token cannot exceed 19 characters'],
    ]);
  });

  const visa = {
    country: 'US',
    product: 'V',
    bin: '411111',
    cardusestring: 'Regulated Credit',
    gsa: false,
    corporate: false,
    fsa: false,
    subtype: 'Business',
    purchase: false,
    prepaid: false,
    issuer: 'JPMORGAN CHASE BANK N.A.',
    binlo: '411111XXX',
    binhi: '411111XXX',
  };

  it('validates an answer; Visa and Mastercard carry country and bin', () => {
    expect(binResponseSchema.parse(visa)).toEqual(visa);
    expect(issuesOf(binResponseSchema.safeParse({ product: 'M' }))).toEqual([
      ['country', BIN_COUNTRY_REQUIRED],
      ['bin', BIN_BIN_REQUIRED],
    ]);
    expect(binResponseSchema.safeParse({ product: 'A' }).success).toBe(true);
  });

  it.each([
    ['product', 'X', 'Product must be one of A, D, M, N, V'],
    ['bin', '41111', 'BIN must be 6 digits'],
    ['country', 'USA', 'Country must be exactly 2 characters'],
    ['binlo', '411111', 'BIN range must be 6 digits followed by XXX'],
    ['binhi', '411111xxx', 'BIN range must be 6 digits followed by XXX'],
    ['gsa', 'false', 'GSA must be true or false'],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(binResponseSchema.safeParse({ ...visa, [field]: value }))).toEqual([[field, message]]);
  });

  it('reads flags sent as strings leniently', () => {
    const parsed = binResponseLenientSchema.parse({ ...visa, country: 'USA', prepaid: 'true', gsa: 'N' });
    expect(parsed).toMatchObject({ country: 'USA', prepaid: true, gsa: false });
  });
});
