import { describe, expect, it } from 'vitest';
import { DECLINED_NEEDS_RESPCODE, RESPSTAT_MESSAGE } from './gateway-response';
import {
  APPROVED_PROFILE_NEEDS_ID,
  profileDeleteResponseLenientSchema,
  profileDeleteResponseSchema,
  profileGetResponseLenientSchema,
  profileResponseLenientSchema,
  profileResponseSchema,
} from './profile-response';
import { issuesOf } from './test-issues';

const saved = {
  profileid: '16392957743716240155',
  acctid: '1',
  respstat: 'A',
  token: '9418594164541111',
  respcode: '09',
  resptext: 'Profile Saved',
  respproc: 'PPS',
  accttype: 'VISA',
  expiry: '1230',
  name: 'Ana Ruiz',
  country: 'US',
  postal: '19406',
  defaultacct: 'Y',
  gsacard: 'N',
  auoptout: 'N',
  cofpermission: 'N',
};

describe('profileResponseSchema', () => {
  it('validates a saved profile', () => {
    expect(profileResponseSchema.parse(saved)).toEqual(saved);
  });

  it('an approval must carry the profile id; a decline its code and text', () => {
    expect(issuesOf(profileResponseSchema.safeParse({ ...saved, profileid: undefined }))).toEqual([
      ['profileid', APPROVED_PROFILE_NEEDS_ID],
    ]);
    expect(
      issuesOf(profileResponseSchema.safeParse({ respstat: 'C', resptext: 'Profile not found' })),
    ).toEqual([['respcode', DECLINED_NEEDS_RESPCODE]]);
  });

  it.each([
    ['respstat', 'Y', RESPSTAT_MESSAGE],
    ['profileid', 'abc', 'Profile ID must be numeric'],
    ['acctid', '1234', 'Account ID cannot exceed 3 characters'],
    ['token', '9418-5941', 'Token must be digits'],
    ['token', '9'.repeat(20), 'Token cannot exceed 19 characters'],
    ['gsacard', 'X', 'GSA card must be Y or N'],
    ['country', 'USA', 'Country must be exactly 2 characters'],
    ['expiry', '1399', "Expiry must be MMYY format or '0000' for ACH accounts"],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(profileResponseSchema.safeParse({ ...saved, [field]: value }))).toEqual([
      [field, message],
    ]);
  });

  it('reads a look-up answer as a list, one account or many', () => {
    expect(profileGetResponseLenientSchema.parse(saved)).toHaveLength(1);
    expect(profileGetResponseLenientSchema.parse([saved, { ...saved, acctid: 2 }])[1]?.acctid).toBe('2');
    expect(profileResponseLenientSchema.parse({ ...saved, extra: 'x' })).toMatchObject({ extra: 'x' });
  });
});

describe('profileDeleteResponseSchema', () => {
  it('validates the delete answer', () => {
    const deleted = { resptext: 'Profile Deleted', respcode: '08', respproc: 'PPS', respstat: 'A' };
    expect(profileDeleteResponseSchema.parse(deleted)).toEqual(deleted);
    expect(profileDeleteResponseLenientSchema.parse({ ...deleted, respcode: 8 }).respcode).toBe('8');
    expect(issuesOf(profileDeleteResponseSchema.safeParse({ respstat: 'C', respcode: '96' }))).toEqual([
      ['resptext', 'A declined response must carry a response text'],
    ]);
  });
});
