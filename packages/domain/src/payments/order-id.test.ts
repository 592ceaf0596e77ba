import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBrigadeError } from '../errors';
import {
  generateOrderId,
  isLuhnValid,
  isUsableOrderId,
  ORDER_ID_LENGTH,
  ORDER_ID_RANDOM_BYTES,
} from './order-id';

describe('isLuhnValid', () => {
  it.each([
    '4111111111111111',
    '4444333322221111',
    '5454545454545454',
    '4387751111111020',
    '4999006200620062',
    '79927398713',
    '0',
    '00',
  ])('accepts %s', (value) => {
    expect(isLuhnValid(value)).toBe(true);
  });

  it.each([
    '4111111111111112',
    '79927398710',
    '1',
    '',
    '4111-1111-1111-1111',
    '4111 1111 1111 1111',
    'ORDER-4111111111111111',
    '４１１１',
  ])('refuses %j', (value) => {
    expect(isLuhnValid(value)).toBe(false);
  });
});

describe('generateOrderId', () => {
  it('makes 20 digits, never Luhn-valid, from any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: ORDER_ID_RANDOM_BYTES, maxLength: 32 }), (bytes) => {
        const orderid = generateOrderId(bytes);
        expect(orderid).toMatch(/^\d{20}$/);
        expect(isLuhnValid(orderid)).toBe(false);
        expect(isUsableOrderId(orderid)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('is pure: the same bytes give the same id', () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, index) => index * 7);
    expect(generateOrderId(bytes)).toBe(generateOrderId(Uint8Array.from(bytes)));
  });

  it('changes the last digit when the drawn digits would make a Luhn-valid number', () => {
    // All-zero bytes draw 19 zeros; their check digit is 0, so the id ends in 1.
    expect(generateOrderId(new Uint8Array(16))).toBe(`${'0'.repeat(19)}1`);
    expect(isLuhnValid(`${'0'.repeat(19)}0`)).toBe(true);
  });

  it('gives different ids for different random bytes', () => {
    const ids = new Set(
      Array.from({ length: 5000 }, () => generateOrderId(randomBytes(ORDER_ID_RANDOM_BYTES))),
    );
    expect(ids.size).toBe(5000);
    expect(ORDER_ID_LENGTH).toBe(20);
  });

  it('refuses fewer than 16 random bytes', () => {
    let thrown: unknown;
    try {
      generateOrderId(new Uint8Array(15));
    } catch (error) {
      thrown = error;
    }
    expect(isBrigadeError(thrown) && thrown.code).toBe('NOT_ENOUGH_RANDOMNESS');
  });
});

describe('isUsableOrderId', () => {
  it('accepts 1-50 characters that are not a Luhn-valid number', () => {
    expect(isUsableOrderId('BRIGADE-42')).toBe(true);
    expect(isUsableOrderId('x'.repeat(50))).toBe(true);
    expect(isUsableOrderId('4111111111111112')).toBe(true);
  });

  it('refuses empty, too long or Luhn-valid ids', () => {
    expect(isUsableOrderId('')).toBe(false);
    expect(isUsableOrderId('x'.repeat(51))).toBe(false);
    expect(isUsableOrderId('4111111111111111')).toBe(false);
  });
});
