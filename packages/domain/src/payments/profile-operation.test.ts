import { describe, expect, it } from 'vitest';
import {
  isAchAccountType,
  isTokenizedAccount,
  PROFILE_DELETE_RISK,
  PROFILE_WARNINGS,
  profileDeleteOutcome,
  profileGetWarnings,
  profileOperation,
  profileRequestWarnings,
  profileResponseWarnings,
  profileUpdateMode,
} from './profile-operation';

const PROFILE_ID = '16392957743716240155';

describe('profileOperation', () => {
  it.each([
    [{}, 'create'],
    [{ account: '4111111111111111' }, 'create'],
    [{ profile: '' }, 'create'],
    [{ profile: PROFILE_ID, account: '4111111111111111' }, 'add_account'],
    [{ profile: `${PROFILE_ID}/1` }, 'update_account'],
    [{ profile: `${PROFILE_ID}/1`, account: '4111111111111111' }, 'update_account'],
    [{ profile: PROFILE_ID }, 'update_profile'],
    [{ profile: PROFILE_ID, account: '' }, 'update_profile'],
  ])('%j is %s', (request, operation) => {
    expect(profileOperation(request)).toBe(operation);
  });

  it('reads profileupdate: Y partial, N replace', () => {
    expect(profileUpdateMode('Y')).toBe('partial');
    expect(profileUpdateMode('N')).toBe('replace');
    expect(profileUpdateMode(undefined)).toBeUndefined();
  });
});

describe('account kinds', () => {
  it('ECHK and ESAV are ACH', () => {
    expect(isAchAccountType('ECHK')).toBe(true);
    expect(isAchAccountType('ESAV')).toBe(true);
    expect(isAchAccountType('VISA')).toBe(false);
    expect(isAchAccountType(undefined)).toBe(false);
  });

  it('an account of 19+ characters or starting with 9 is a token', () => {
    expect(isTokenizedAccount('1'.repeat(19))).toBe(true);
    expect(isTokenizedAccount('9036001808')).toBe(true);
    expect(isTokenizedAccount('1'.repeat(18))).toBe(false);
    expect(isTokenizedAccount('4111111111111111')).toBe(false);
  });
});

describe('profileRequestWarnings', () => {
  it('warns about ACH accounts without expiry 0000 and cards with it', () => {
    expect(profileRequestWarnings({ accttype: 'ECHK', expiry: '1230' })).toEqual([
      PROFILE_WARNINGS.achExpiry,
    ]);
    expect(profileRequestWarnings({ accttype: 'ECHK' })).toEqual([PROFILE_WARNINGS.achExpiry]);
    expect(profileRequestWarnings({ accttype: 'ECHK', expiry: '0000' })).toEqual([]);
    expect(profileRequestWarnings({ accttype: 'VISA', expiry: '0000' })).toEqual([
      PROFILE_WARNINGS.cardExpiry,
    ]);
    expect(profileRequestWarnings({ expiry: '0000' })).toEqual([PROFILE_WARNINGS.cardExpiry]);
  });

  it('warns about an incomplete address', () => {
    expect(profileRequestWarnings({ address: '1 Main St', postal: '19406' })).toEqual([
      PROFILE_WARNINGS.incompleteAddress,
    ]);
    expect(
      profileRequestWarnings({ address: '1 Main St', city: 'Wayne', region: 'PA', postal: '19406' }),
    ).toEqual([]);
    expect(profileRequestWarnings({})).toEqual([]);
  });

  it('warns that profileupdate N replaces the whole profile on an update', () => {
    expect(profileRequestWarnings({ profile: PROFILE_ID, profileupdate: 'N' })).toEqual([
      PROFILE_WARNINGS.replacesProfile,
    ]);
    expect(profileRequestWarnings({ profileupdate: 'N' })).toEqual([]);
    expect(profileRequestWarnings({ profile: PROFILE_ID, profileupdate: 'Y' })).toEqual([]);
  });

  it('gives the spec texts', () => {
    expect(PROFILE_WARNINGS).toMatchObject({
      achExpiry: 'ACH accounts typically use 0000 as expiry',
      cardExpiry: 'Credit card accounts cannot have 0000 expiry',
      incompleteAddress: 'Incomplete address may affect AVS verification',
      shortToken: 'Token shorter than typical CardSecure format',
    });
  });
});

describe('other profile warnings', () => {
  it('warns about a token shorter than 16 digits', () => {
    expect(profileResponseWarnings({ token: '941859416454111' })).toEqual([PROFILE_WARNINGS.shortToken]);
    expect(profileResponseWarnings({ token: '9418594164541111' })).toEqual([]);
    expect(profileResponseWarnings({})).toEqual([]);
  });

  it('warns about short profile and merchant ids on a look-up', () => {
    expect(profileGetWarnings({ profileid: '1'.repeat(14), merchid: '123456789' })).toEqual([
      PROFILE_WARNINGS.shortProfileId,
      PROFILE_WARNINGS.shortMerchantId,
    ]);
    expect(profileGetWarnings({ profileid: '1'.repeat(15), merchid: '1234567890' })).toEqual([]);
  });
});

describe('profile delete', () => {
  it.each([
    ['A', 'deleted', 'Profile delete successful'],
    ['B', 'retry_required', 'Profile delete requires retry'],
    ['C', 'failed', 'Profile delete failed'],
    ['X', 'failed', 'Profile delete failed'],
    [undefined, 'failed', 'Profile delete failed'],
  ])('respstat %j: %s', (respstat, outcome, message) => {
    expect(profileDeleteOutcome(respstat)).toMatchObject({ outcome, message });
  });

  it('guides: retry is temporary, a failure is investigated with support', () => {
    expect(profileDeleteOutcome('B').guidance).toBe('A temporary issue: try again.');
    expect(profileDeleteOutcome('C').guidance).toBe('Investigate the decline and contact support.');
  });

  it('is high risk and permanent, with checks to make first', () => {
    expect(PROFILE_DELETE_RISK).toEqual({
      level: 'high',
      permanent: true,
      guidance: [
        'Verify the account is not the default account',
        'Check for active billing plans',
        'Confirm the customer consents',
      ],
    });
  });
});
