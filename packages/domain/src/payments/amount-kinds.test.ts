import { describe, expect, it } from 'vitest';
import { authorisationKind, captureKind, refundKind } from './amount-kinds';

describe('authorisationKind', () => {
  it.each([
    [10600, 'authorisation'],
    [1, 'authorisation'],
    [0, 'account_verification'],
    [-1, 'forced_credit'],
    [-10600, 'forced_credit'],
  ])('%d minor units is %s', (amount, kind) => {
    expect(authorisationKind(amount)).toBe(kind);
  });
});

describe('captureKind', () => {
  it.each([
    [10000, undefined, 'full'],
    [10000, 10000, 'full'],
    [10000, 9999, 'partial'],
    [10000, 0, 'partial'],
    [10000, 10001, 'tip_adjustment'],
    [10000, 12500, 'tip_adjustment'],
    [10000, 12501, 'tip_adjustment_over_limit'],
    [10600, 13250, 'tip_adjustment'],
    [10600, 13251, 'tip_adjustment_over_limit'],
    [3, 3, 'full'],
    [3, 4, 'tip_adjustment_over_limit'],
    [0, 1, 'tip_adjustment_over_limit'],
    [0, undefined, 'full'],
  ])('authorised %d, captured %j: %s', (authorised, captured, kind) => {
    expect(captureKind(authorised, captured)).toBe(kind);
  });

  it('compares exactly at large amounts', () => {
    const authorised = 99_999_999_999_900;
    expect(captureKind(authorised, authorised + authorised / 4)).toBe('tip_adjustment');
    expect(captureKind(authorised, authorised + authorised / 4 + 1)).toBe('tip_adjustment_over_limit');
  });
});

describe('refundKind', () => {
  it.each([
    [undefined, 10600, 'full'],
    [undefined, undefined, 'full'],
    [10600, 10600, 'full'],
    [500, 10600, 'partial'],
    [500, undefined, 'partial'],
    [10601, 10600, 'exceeds_original'],
  ])('refund %j of %j is %s', (requested, original, kind) => {
    expect(refundKind(requested, original)).toBe(kind);
  });
});
