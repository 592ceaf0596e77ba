import { describe, expect, it } from 'vitest';
import {
  ACH_BANKABA_MESSAGE,
  ACH_NAME_MESSAGE,
  DELETE_IDENTIFIER_MESSAGE,
  EXPIRY_MESSAGE,
  POSTAL_MESSAGE,
  PROFILE_IDENTIFIER_MESSAGE,
  profileDeleteIdentifierSchema,
  profileDeleteRequestSchema,
  profileDeleteRequestStrictSchema,
  profileGetRequestSchema,
  profileGetRequestStrictSchema,
  profileRequestBody,
  profileRequestSchema,
  profileRequestSchemaFor,
  profileRequestStrictSchema,
  UPDATE_ACCOUNT_MESSAGE,
} from './profile-request';
import { issuesOf } from './test-issues';

const PROFILE_ID = '16392957743716240155';

describe('profileGetRequestSchema', () => {
  const request = { profileid: PROFILE_ID, accountid: '1', merchid: '496160873888' };

  it('accepts a look-up', () => {
    expect(profileGetRequestSchema.parse(request)).toEqual(request);
  });

  it.each([
    ['profileid', undefined, 'Profile ID is required'],
    ['profileid', '', 'Profile ID is required'],
    ['profileid', '1'.repeat(21), 'Profile ID cannot exceed 20 characters'],
    ['profileid', '1639-2957', 'Profile ID must be numeric'],
    ['accountid', '1234', 'Account ID cannot exceed 3 characters'],
    ['accountid', 'A', 'Account ID must contain only digits'],
    ['accountid', '0', 'Account ID must be positive'],
    ['accountid', '000', 'Account ID must be positive'],
    ['merchid', 'MERCH', 'Merchant ID must be numeric'],
    ['merchid', '1'.repeat(17), 'Merchant ID cannot exceed 16 characters'],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(profileGetRequestSchema.safeParse({ ...request, [field]: value }))).toEqual([
      [field, message],
    ]);
  });

  it('the strict form wants profile ids of at least 15 digits', () => {
    expect(
      issuesOf(profileGetRequestStrictSchema.safeParse({ ...request, profileid: '1'.repeat(14) })),
    ).toEqual([['profileid', 'Profile ID must be at least 15 digits']]);
    expect(profileGetRequestStrictSchema.safeParse({ ...request, profileid: '1'.repeat(15) }).success).toBe(
      true,
    );
    expect(profileGetRequestSchema.safeParse({ ...request, profileid: '1' }).success).toBe(true);
  });
});

const card = { merchid: '496160873888', account: '4111111111111111', expiry: '1230' };

describe('profileRequestSchema fields', () => {
  it('creates with defaults: cofpermission and auoptout N, country US', () => {
    expect(profileRequestSchema.parse(card)).toEqual({
      ...card,
      cofpermission: 'N',
      auoptout: 'N',
      country: 'US',
    });
  });

  it.each([
    ['expiry', '1330', EXPIRY_MESSAGE],
    ['expiry', '123', EXPIRY_MESSAGE],
    ['expiry', '203012', EXPIRY_MESSAGE],
    ['profile', '1234', PROFILE_IDENTIFIER_MESSAGE],
    ['profile', `${PROFILE_ID}/`, PROFILE_IDENTIFIER_MESSAGE],
    ['profile', `${PROFILE_ID.slice(0, 15)}/1234`, PROFILE_IDENTIFIER_MESSAGE],
    ['profile', `${PROFILE_ID.slice(0, 14)}/1`, PROFILE_IDENTIFIER_MESSAGE],
    ['profile', `${PROFILE_ID}-1`, PROFILE_IDENTIFIER_MESSAGE],
    ['profile', '1'.repeat(25), 'Profile identifier cannot exceed 24 characters'],
    ['account', '4'.repeat(28), 'Account cannot exceed 27 characters'],
    ['account', '', 'Account is required'],
    ['accttype', 'visa', 'Account type must be 1-6 uppercase letters'],
    ['accttype', 'CHECKING', 'Account type cannot exceed 6 characters'],
    ['bankaba', '1234', 'Bank ABA must be 9 digits'],
    ['name', 'x'.repeat(31), 'Name cannot exceed 30 characters'],
    ['address', 'x'.repeat(31), 'Address cannot exceed 30 characters'],
    ['city', 'x'.repeat(31), 'City cannot exceed 30 characters'],
    ['region', 'x'.repeat(21), 'Region cannot exceed 20 characters'],
    ['country', 'usa', 'Country must be exactly 2 characters'],
    ['country', 'us', 'Country must be 2 uppercase letters'],
    ['phone', '1'.repeat(16), 'Phone cannot exceed 15 characters'],
    ['phone', '555-CALL', 'Phone may hold only digits, spaces, dashes, parentheses, plus and dots'],
    ['email', 'ana@', 'Email must be a valid email address'],
    ['company', 'x'.repeat(129), 'Company cannot exceed 128 characters'],
    ['defaultacct', 'X', 'Default account must be Y or N'],
    ['profileupdate', 'yes', 'Profile update must be Y or N'],
    ['cofpermission', '1', 'COF permission must be Y or N'],
    ['auoptout', 'n', 'Account updater opt-out must be Y or N'],
    ['merchid', 'M1', 'Merchant ID must be numeric'],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(profileRequestSchema.safeParse({ ...card, [field]: value }))).toEqual([[field, message]]);
  });

  it('accepts ACH expiry 0000, a 20-digit identifier with an account id, and a valid phone', () => {
    const request = { ...card, profile: `${PROFILE_ID}/1`, expiry: '0000', phone: '(555) 010.2030' };
    expect(profileRequestSchema.safeParse(request).success).toBe(true);
  });

  it('checks the postal code by country', () => {
    for (const postal of ['19406', '19406-1234', '194061234'])
      expect(profileRequestSchema.safeParse({ ...card, postal }).success).toBe(true);
    for (const postal of ['1940', 'K1A 0B1'])
      expect(issuesOf(profileRequestSchema.safeParse({ ...card, postal }))).toEqual([
        ['postal', POSTAL_MESSAGE],
      ]);
    expect(profileRequestSchema.safeParse({ ...card, postal: 'K1A 0B1', country: 'CA' }).success).toBe(true);
    expect(profileRequestSchema.safeParse({ ...card, postal: 'SW1A-1AA', country: 'GB' }).success).toBe(true);
    expect(issuesOf(profileRequestSchema.safeParse({ ...card, postal: 'SW1A_1AA', country: 'GB' }))).toEqual([
      ['postal', POSTAL_MESSAGE],
    ]);
  });
});

describe('profileRequestSchema business rules', () => {
  const ach = {
    merchid: '496160873888',
    account: '1234567890',
    expiry: '0000',
    accttype: 'ECHK',
    bankaba: '036001808',
  };

  it('a new account needs an account and an expiry', () => {
    expect(issuesOf(profileRequestSchema.safeParse({ merchid: '496160873888' }))).toEqual([
      ['account', 'Account is required for a new account'],
      ['expiry', 'Expiry is required for a new account'],
    ]);
    expect(
      issuesOf(profileRequestSchema.safeParse({ merchid: '496160873888', account: '4111111111111111' })),
    ).toEqual([['expiry', 'Expiry is required for a new account']]);
  });

  it('a new account given as a CardSecure token may leave the expiry out (the token can carry it)', () => {
    const request = { merchid: '496160873888', account: '9418594164541111', name: 'Test User' };
    expect(profileRequestSchema.safeParse(request).success).toBe(true);
  });

  it('ACH accounts need a name', () => {
    expect(issuesOf(profileRequestSchema.safeParse(ach))).toEqual([['name', ACH_NAME_MESSAGE]]);
    expect(profileRequestSchema.safeParse({ ...ach, name: 'Ana Ruiz' }).success).toBe(true);
  });

  it('a non-tokenized ACH account needs a bank ABA; tokens (19+ characters or starting with 9) do not', () => {
    const named = { ...ach, name: 'Ana Ruiz', bankaba: undefined };
    expect(issuesOf(profileRequestSchema.safeParse(named))).toEqual([['bankaba', ACH_BANKABA_MESSAGE]]);
    expect(profileRequestSchema.safeParse({ ...named, account: '1'.repeat(19) }).success).toBe(true);
    expect(profileRequestSchema.safeParse({ ...named, account: '9036001808' }).success).toBe(true);
    expect(profileRequestSchema.safeParse({ ...named, accttype: 'VISA' }).success).toBe(true);
  });

  it('a partial update names only what changes and gets no defaults', () => {
    const update = { merchid: '496160873888', profile: PROFILE_ID, profileupdate: 'Y', name: 'Ana Ruiz' };
    expect(profileRequestSchema.parse(update)).toEqual(update);
  });

  it('an update with profileupdate N replaces the account, so it gets the defaults', () => {
    const replace = { ...card, profile: `${PROFILE_ID}/1`, profileupdate: 'N' };
    expect(profileRequestSchema.parse(replace)).toMatchObject({
      cofpermission: 'N',
      auoptout: 'N',
      country: 'US',
    });
  });
});

describe('profileRequestSchema strict form', () => {
  it('needs a merchant id of at least 10 digits', () => {
    expect(issuesOf(profileRequestStrictSchema.safeParse({ ...card, merchid: '123456789' }))).toEqual([
      ['merchid', 'Merchant ID must be at least 10 digits'],
    ]);
  });

  it('adding or updating an account needs account, expiry and account type', () => {
    expect(
      issuesOf(profileRequestStrictSchema.safeParse({ merchid: '496160873888', profile: `${PROFILE_ID}/1` })),
    ).toEqual([
      ['account', 'Account is required when adding or updating an account'],
      ['expiry', 'Expiry is required when adding or updating an account'],
      ['accttype', 'Account type is required when adding or updating an account'],
    ]);
    const add = { ...card, profile: PROFILE_ID, accttype: 'VISA' };
    expect(profileRequestStrictSchema.safeParse(add).success).toBe(true);
  });

  it('holds the expiry to the account type', () => {
    const ach = { merchid: '496160873888', account: '9036001808', accttype: 'ESAV', name: 'Ana Ruiz' };
    expect(issuesOf(profileRequestStrictSchema.safeParse({ ...ach, expiry: '1230' }))).toEqual([
      ['expiry', 'ACH accounts must use 0000 as expiry'],
    ]);
    expect(profileRequestStrictSchema.safeParse({ ...ach, expiry: '0000' }).success).toBe(true);
    expect(issuesOf(profileRequestStrictSchema.safeParse({ ...card, expiry: '0000' }))).toEqual([
      ['expiry', 'Credit card accounts cannot have 0000 expiry'],
    ]);
    expect(profileRequestSchema.safeParse({ ...card, expiry: '0000' }).success).toBe(true);
  });
});

describe('profileRequestSchemaFor an intended operation', () => {
  it.each([
    ['create', { ...card, profile: PROFILE_ID }, 'A new profile cannot carry a profile identifier'],
    [
      'add_account',
      { ...card, profile: `${PROFILE_ID}/1` },
      'Adding an account needs a profile ID without an account ID, and an account',
    ],
    ['update_account', { ...card, profile: PROFILE_ID }, UPDATE_ACCOUNT_MESSAGE],
    [
      'update_profile',
      { ...card, profile: PROFILE_ID },
      'Updating a profile needs its profile ID, without an account ID or an account',
    ],
  ] as const)('%s refuses a request that does something else', (intent, request, message) => {
    expect(issuesOf(profileRequestSchemaFor({ intent }).safeParse(request))).toEqual([['profile', message]]);
  });

  it('accepts a request that does what is intended', () => {
    expect(profileRequestSchemaFor({ intent: 'create' }).safeParse(card).success).toBe(true);
    expect(
      profileRequestSchemaFor({ intent: 'add_account' }).safeParse({ ...card, profile: PROFILE_ID }).success,
    ).toBe(true);
    const updateAccount = { merchid: '496160873888', profile: `${PROFILE_ID}/2`, name: 'Ana' };
    expect(profileRequestSchemaFor({ intent: 'update_account' }).safeParse(updateAccount).success).toBe(true);
    const updateProfile = { merchid: '496160873888', profile: PROFILE_ID, email: 'ana@example.com' };
    expect(profileRequestSchemaFor({ intent: 'update_profile' }).safeParse(updateProfile).success).toBe(true);
  });
});

describe('profileRequestBody', () => {
  it('sends only fields that have a value', () => {
    const request = profileRequestSchema.parse({ ...card, name: '', company: 'Harbor Grill' });
    expect(profileRequestBody(request)).toEqual({
      ...card,
      company: 'Harbor Grill',
      cofpermission: 'N',
      auoptout: 'N',
      country: 'US',
    });
  });
});

describe('profileDeleteRequestSchema', () => {
  const request = { profileid: PROFILE_ID, accountid: '1', merchid: '496160873888' };

  it('accepts a delete', () => {
    expect(profileDeleteRequestSchema.parse(request)).toEqual(request);
  });

  it.each([
    ['profileid', undefined, 'Missing or invalid required field: profileid'],
    ['profileid', 'abc', 'Missing or invalid required field: profileid'],
    ['profileid', '1'.repeat(21), 'Profile ID cannot exceed 20 characters'],
    ['profileid', '1'.repeat(14), 'Profile ID must be at least 15 digits'],
    ['accountid', undefined, 'Missing or invalid required field: accountid'],
    ['accountid', '', 'Missing or invalid required field: accountid'],
    ['accountid', 'A1', 'Account ID must contain only digits'],
    ['accountid', '1234', 'Account ID cannot exceed 3 characters'],
    ['merchid', undefined, 'Missing or invalid required field: merchid'],
    ['merchid', 'MERCH-1', 'Merchant ID must be alphanumeric'],
    ['merchid', '1'.repeat(17), 'Merchant ID cannot exceed 16 characters'],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(profileDeleteRequestSchema.safeParse({ ...request, [field]: value }))).toEqual([
      [field, message],
    ]);
  });

  it('the strict form wants 20-digit profile ids, account ids without a leading 0, merchant ids of 10+', () => {
    expect(profileDeleteRequestStrictSchema.safeParse(request).success).toBe(true);
    expect(
      issuesOf(profileDeleteRequestStrictSchema.safeParse({ ...request, profileid: '1'.repeat(19) })),
    ).toEqual([['profileid', 'Profile ID must be exactly 20 digits']]);
    expect(issuesOf(profileDeleteRequestStrictSchema.safeParse({ ...request, accountid: '01' }))).toEqual([
      ['accountid', 'Account ID cannot start with 0'],
    ]);
    expect(
      issuesOf(profileDeleteRequestStrictSchema.safeParse({ ...request, merchid: 'MERCH0001' })),
    ).toEqual([['merchid', 'Merchant ID must be at least 10 characters']]);
    expect(profileDeleteRequestSchema.safeParse({ ...request, accountid: '01' }).success).toBe(true);
  });

  it('splits a profileid/accountid identifier', () => {
    expect(profileDeleteIdentifierSchema.parse(`${PROFILE_ID}/1`)).toEqual({
      profileid: PROFILE_ID,
      accountid: '1',
    });
    for (const bad of [PROFILE_ID, `${PROFILE_ID}/`, '/1', `${PROFILE_ID}/1/2`, '', 5]) {
      expect(issuesOf(profileDeleteIdentifierSchema.safeParse(bad))).toEqual([
        ['', DELETE_IDENTIFIER_MESSAGE],
      ]);
    }
  });
});
