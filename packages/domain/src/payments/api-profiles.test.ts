import { describe, expect, it } from 'vitest';
import {
  authoriseInputSchema,
  CARD_NUMBER_MESSAGE,
  CARD_OR_PROFILE_MESSAGE,
  EXPIRY_WITH_TOKEN_MESSAGE,
} from './api';
import {
  PROFILE_UPDATE_EMPTY_MESSAGE,
  profileCreateSchema,
  profileUpdateSchema,
  SURCHARGE_NEEDS_MESSAGE,
  signatureInputSchema,
  surchargeQuerySchema,
} from './api-profiles';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('charging a token or a stored profile', () => {
  const base = { amount: 100, capture: true };
  const profile = { profileId: '12345678901234567890', acctId: '1' };

  it('takes exactly one of the two', () => {
    expect(
      authoriseInputSchema.safeParse({ ...base, token: '9411111111111111', expiry: '1230' }).success,
    ).toBe(true);
    expect(authoriseInputSchema.safeParse({ ...base, profile }).success).toBe(true);
    expect(messages(authoriseInputSchema.safeParse(base))).toEqual([CARD_OR_PROFILE_MESSAGE]);
    expect(
      messages(
        authoriseInputSchema.safeParse({ ...base, profile, token: '9411111111111111', expiry: '1230' }),
      ),
    ).toEqual([CARD_OR_PROFILE_MESSAGE]);
  });

  it('needs an expiry with a token only', () => {
    expect(messages(authoriseInputSchema.safeParse({ ...base, token: '9411111111111111' }))).toEqual([
      EXPIRY_WITH_TOKEN_MESSAGE,
    ]);
    expect(authoriseInputSchema.safeParse({ ...base, profile: { ...profile, acctId: '0' } }).success).toBe(
      false,
    );
  });
});

describe('card numbers where a token belongs', () => {
  it('refuses any Luhn-valid 13-19 digits as a card number, and takes a token that fails the check', () => {
    const base = { amount: 100, capture: true, expiry: '1230' };
    for (const pan of ['4111111111111111', '4012888888881881', '378282246310005', '6011000990139424'])
      expect(messages(authoriseInputSchema.safeParse({ ...base, token: pan })), pan).toEqual([
        CARD_NUMBER_MESSAGE,
      ]);
    expect(
      messages(profileCreateSchema.safeParse({ token: '4111111111111111', expiry: '1230', name: 'A' })),
    ).toEqual([CARD_NUMBER_MESSAGE]);
    expect(authoriseInputSchema.safeParse({ ...base, token: '9411111111111111' }).success).toBe(true);
    // 12 digits is no card number length: only the token format decides
    expect(authoriseInputSchema.safeParse({ ...base, token: '941111111113' }).success).toBe(true);
  });
});

describe('profile, surcharge and signature inputs', () => {
  it('stores a card from a token with a name, never a card number field', () => {
    expect(
      profileCreateSchema.safeParse({ token: '9411111111111111', expiry: '1230', name: 'Ada' }).success,
    ).toBe(true);
    expect(
      profileCreateSchema.safeParse({ account: '4111111111111111', expiry: '1230', name: 'Ada' }).success,
    ).toBe(false);
  });

  it('refuses an update that changes nothing', () => {
    expect(messages(profileUpdateSchema.safeParse({}))).toEqual([PROFILE_UPDATE_EMPTY_MESSAGE]);
    expect(profileUpdateSchema.safeParse({ postal: '55555' }).success).toBe(true);
  });

  it('asks the surcharge of a token or a postal code', () => {
    expect(messages(surchargeQuerySchema.safeParse({ amount: '100' }))).toEqual([SURCHARGE_NEEDS_MESSAGE]);
    expect(surchargeQuerySchema.parse({ postal: '55555', amount: '100' })).toEqual({
      postal: '55555',
      amount: 100,
    });
  });

  it('takes a base64 signature of at most 6144 characters', () => {
    expect(signatureInputSchema.safeParse({ signature: 'QUJD' }).success).toBe(true);
    expect(signatureInputSchema.safeParse({ signature: 'A'.repeat(6145) }).success).toBe(false);
    expect(signatureInputSchema.safeParse({ signature: 'not base64!' }).success).toBe(false);
  });
});
