import { describe, expect, it } from 'vitest';
import { isBrigadeError } from '../errors';
import { amountDirection, formatAmount, parseDecimalAmount, parseRequestAmount } from './amount';

describe('parseDecimalAmount', () => {
  it.each([
    ['106.00', 10600],
    ['106', 10600],
    ['5.5', 550],
    ['0.05', 5],
    ['0', 0],
    ['0.00', 0],
    ['-0.00', 0],
    ['-1.05', -105],
    ['1116.95', 111695],
    ['000012.30', 1230],
    ['999999999999', 99_999_999_999_900],
  ])('reads %s as %d minor units', (text, minor) => {
    expect(parseDecimalAmount(text)).toBe(minor);
  });

  it.each(['', '1.234', '.5', '5.', '1,00', '+1', '1e3', ' 1', 'abc', '--1', '١٢'])('refuses %j', (text) => {
    expect(parseDecimalAmount(text)).toBeUndefined();
  });

  it('refuses an amount too large to count exactly', () => {
    expect(parseDecimalAmount('90071992547409.91')).toBe(9_007_199_254_740_991);
    expect(parseDecimalAmount('90071992547409.92')).toBeUndefined();
  });

  it('never goes through floating point (0.1 + 0.2 style errors)', () => {
    expect(parseDecimalAmount('0.29')).toBe(29);
    expect(parseDecimalAmount('1.15')).toBe(115);
    expect(parseDecimalAmount('4.35')).toBe(435);
  });
});

describe('parseRequestAmount', () => {
  it('reads a value with a decimal point as major units', () => {
    expect(parseRequestAmount('106.00')).toBe(10600);
    expect(parseRequestAmount('1116.95')).toBe(111695);
  });

  it('reads a value without a decimal point as minor units', () => {
    expect(parseRequestAmount('111695')).toBe(111695);
    expect(parseRequestAmount('100')).toBe(100);
    expect(parseRequestAmount('-250')).toBe(-250);
    expect(parseRequestAmount('0')).toBe(0);
  });

  it('refuses what is neither', () => {
    expect(parseRequestAmount('1.234')).toBeUndefined();
    expect(parseRequestAmount('abc')).toBeUndefined();
    expect(parseRequestAmount('')).toBeUndefined();
    expect(parseRequestAmount('9007199254740992')).toBeUndefined();
  });
});

describe('formatAmount', () => {
  it.each([
    [10600, '106.00'],
    [5, '0.05'],
    [0, '0.00'],
    [-105, '-1.05'],
    [-5, '-0.05'],
    [111695, '1116.95'],
    [99_999_999_999_900, '999999999999.00'],
  ])('writes %d as %s', (minor, text) => {
    expect(formatAmount(minor)).toBe(text);
  });

  it('round-trips with parseDecimalAmount and parseRequestAmount', () => {
    for (const minor of [0, 1, 99, 100, 12345, -12345, 9_007_199_254_740_991]) {
      expect(parseDecimalAmount(formatAmount(minor))).toBe(minor);
      expect(parseRequestAmount(formatAmount(minor))).toBe(minor);
    }
  });

  it('refuses a fraction of a minor unit or an unsafe number', () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      let thrown: unknown;
      try {
        formatAmount(bad);
      } catch (error) {
        thrown = error;
      }
      expect(isBrigadeError(thrown) && thrown.code).toBe('INVALID_AMOUNT');
    }
  });
});

describe('amountDirection', () => {
  it('calls negative a debit, positive a credit, zero neutral', () => {
    expect(amountDirection(-1)).toBe('debit');
    expect(amountDirection(1)).toBe('credit');
    expect(amountDirection(0)).toBe('neutral');
  });
});
