import { isLuhnValid, looksLikeCardNumber } from '@brigade/domain/payments/order-id';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authOutcome, isExpired, maskedCard, tokenOf } from './emulator-cards';
import { ENDPOINT_NAMES, endpointOf, endpointPath, methodsOf } from './endpoints';

describe('the endpoint table', () => {
  it('builds encoded paths and drops an empty set', () => {
    expect(endpointPath('inquire', ['A/B', '496160873888'])).toBe('inquire/A%2FB/496160873888');
    expect(endpointPath('inquireByOrderid', ['o 1', 'm', ''])).toBe('inquireByOrderid/o%201/m');
    expect(endpointPath('inquireByOrderid', ['o', 'm', '1'])).toBe('inquireByOrderid/o/m/1');
    expect(endpointPath('getProfile', ['123', '', 'm'])).toBe('profile/123//m');
    expect(endpointPath('auth')).toBe('auth');
  });

  it('reads every endpoint back from its method and path', () => {
    for (const endpoint of ENDPOINT_NAMES) {
      const segments = endpointPath(endpoint, ['a', 'b', 'c']).split('/').map(decodeURIComponent);
      for (const method of methodsOf(endpoint)) expect(endpointOf(method, segments)).toBe(endpoint);
    }
    expect(endpointOf('GET', ['auth'])).toBeUndefined();
    expect(endpointOf('PATCH', ['profile'])).toBeUndefined();
  });
});

describe('emulated cards', () => {
  it('makes CardSecure-shaped tokens', () => {
    expect(tokenOf('4111111111111111')).toMatch(/^941\d{9}1111$/);
    expect(tokenOf('371449635398431')).toMatch(/^937\d{8}8431$/);
    expect(maskedCard('4111111111111111')).toBe('411111XXXXXX1111');
  });

  it('makes tokens that never pass the Luhn check, as CardSecure does, so no token is taken for a card', () => {
    const testCards = [
      '4111111111111111',
      '4444333322221111',
      '5454545454545454',
      '4387751111111020',
      '4387750101010101',
      '4999006200620062',
      '371449635398431',
      '6011000990139424',
    ];
    for (const card of testCards) {
      expect(isLuhnValid(card), card).toBe(true);
      expect(looksLikeCardNumber(tokenOf(card)), card).toBe(false);
    }
    // Any Luhn-valid number of 13-19 digits: its token fails the check.
    const pan = fc
      .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 })
      .map((digits) => digits.join(''))
      .map((body) => [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `${body}${d}`).find(isLuhnValid)!);
    fc.assert(fc.property(pan, (card) => !isLuhnValid(tokenOf(card))));
  });

  it('decides outcomes by card, amount and expiry', () => {
    const now = Date.parse('2025-03-10T00:00:00Z');
    expect(isExpired('0225', now)).toBe(true);
    expect(isExpired('0325', now)).toBe(false);
    expect(isExpired('202503', now)).toBe(false);
    expect(authOutcome('4111111111111111', 111_695, '1230', now)).toMatchObject({ respcode: '116' });
    expect(authOutcome('4111111111111111', 99_999, '1230', now).respstat).toBe('A');
    expect(authOutcome('4111111111111111', 200_000, '1230', now).respstat).toBe('A');
  });
});
