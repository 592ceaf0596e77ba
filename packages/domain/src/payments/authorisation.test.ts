import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGE,
  AMOUNT_MESSAGE,
  authRequestSchema,
  captureRequestSchema,
  gatewayCaptureRequestSchema,
  MERCHID_MESSAGE,
  RETREF_MESSAGE,
  voiceAuthRequestSchema,
} from './authorisation';
import { LUHN_VALID_ORDER_ID_MESSAGE } from './order-id';
import { issuesOf } from './test-issues';

const auth = { merchid: '496160873888', account: '4111111111111111', amount: '106.00' };
const withField = (field: string, value: unknown) => authRequestSchema.safeParse({ ...auth, [field]: value });

describe('authRequestSchema', () => {
  it('accepts the smallest authorisation and keeps it as sent', () => {
    expect(authRequestSchema.parse(auth)).toEqual(auth);
  });

  it.each([
    ['merchid', MERCHID_MESSAGE],
    ['account', ACCOUNT_MESSAGE],
    ['amount', AMOUNT_MESSAGE],
  ])('refuses a missing %s with the constructor message', (field, message) => {
    const { [field as keyof typeof auth]: _, ...rest } = auth;
    expect(issuesOf(authRequestSchema.safeParse(rest))).toEqual([[field, message]]);
  });

  it.each([
    ['merchid', '', MERCHID_MESSAGE],
    ['merchid', '1'.repeat(17), MERCHID_MESSAGE],
    ['merchid', 496160873888, MERCHID_MESSAGE],
    ['account', '', ACCOUNT_MESSAGE],
    ['account', '4'.repeat(28), ACCOUNT_MESSAGE],
    ['amount', '', AMOUNT_MESSAGE],
    ['amount', '1.234', AMOUNT_MESSAGE],
    ['amount', '1'.repeat(15), AMOUNT_MESSAGE],
    ['amount', 'ten', AMOUNT_MESSAGE],
    ['amount', 10, AMOUNT_MESSAGE],
  ])('refuses %s %j with the constructor message', (field, value, message) => {
    expect(issuesOf(withField(field, value))).toEqual([[field, message]]);
  });

  it('accepts 16-character merchant ids, 27-character accounts and 14-character amounts', () => {
    expect(withField('merchid', '1'.repeat(16)).success).toBe(true);
    expect(withField('account', '9'.repeat(27)).success).toBe(true);
    expect(withField('amount', '99999999999.99').success).toBe(true);
  });

  it('accepts zero (account verification), negative (forced credit) and minor-unit amounts', () => {
    for (const amount of ['0', '0.00', '-5.00', '111695'])
      expect(withField('amount', amount).success).toBe(true);
  });

  it('refuses unknown fields', () => {
    expect(issuesOf(authRequestSchema.safeParse({ ...auth, tip: '1.00', foo: 'x' }))).toEqual([
      ['', 'Unknown field: tip, foo'],
    ]);
  });

  it.each([
    ['authcode', '123456', '1234567', 'Authorization code cannot exceed 6 characters'],
    ['capture', 'Y', 'yes', 'Capture must be Y or N'],
    ['tokenize', 'N', 'true', 'Tokenize must be Y or N'],
    ['orderid', 'x'.repeat(50), 'x'.repeat(51), 'Order ID cannot exceed 50 characters'],
    ['currency', 'USD', 'usd', 'Currency must be 3 uppercase letters'],
    ['currency', 'CAD', 'US', 'Currency must be exactly 3 characters'],
    ['expiry', '1230', '1330', 'Expiry must be MMYY, YYYYMM or YYYYMMDD'],
    ['expiry', '203012', '203013', 'Expiry must be MMYY, YYYYMM or YYYYMMDD'],
    ['expiry', '20301231', '20301232', 'Expiry must be MMYY, YYYYMM or YYYYMMDD'],
    ['cvv2', '1234', '12', 'CVV2 must be 3 or 4 digits'],
    ['track', 'x'.repeat(76), 'x'.repeat(77), 'Track cannot exceed 76 characters'],
    ['ecomind', 'E', 'X', 'E-commerce indicator must be one of T, R, E'],
    ['cof', 'C', 'X', 'Credential on file must be one of C, M'],
    ['cofpermission', 'Y', 'X', 'COF permission must be Y or N'],
    ['bankaba', '123456789', '12345678', 'Bank ABA must be 9 digits'],
    ['achEntryCode', 'WEB', 'ABC', 'ACH entry code must be one of CCD, PPD, TEL, WEB'],
    ['achDescription', 'x'.repeat(10), 'x'.repeat(11), 'ACH description cannot exceed 10 characters'],
    ['accttype', 'VISA', 'x'.repeat(7), 'Account type cannot exceed 6 characters'],
    ['postal', '12345', '1'.repeat(11), 'Postal code cannot exceed 10 characters'],
    ['address', 'x'.repeat(30), 'x'.repeat(31), 'Address cannot exceed 30 characters'],
    ['address2', 'x'.repeat(30), 'x'.repeat(31), 'Address line 2 cannot exceed 30 characters'],
    ['city', 'x'.repeat(30), 'x'.repeat(31), 'City cannot exceed 30 characters'],
    ['region', 'x'.repeat(20), 'x'.repeat(21), 'Region cannot exceed 20 characters'],
    ['country', 'US', 'us', 'Country must be 2 uppercase letters'],
    ['name', 'x'.repeat(30), 'x'.repeat(31), 'Name cannot exceed 30 characters'],
    ['company', 'x'.repeat(128), 'x'.repeat(129), 'Company cannot exceed 128 characters'],
    ['phone', '1'.repeat(15), '1'.repeat(16), 'Phone cannot exceed 15 characters'],
    ['email', 'ana@example.com', 'not-an-email', 'Email must be a valid email address'],
    [
      'email',
      `${'a'.repeat(116)}@example.com`,
      `${'a'.repeat(117)}@example.com`,
      'Email cannot exceed 128 characters',
    ],
    ['receipt', 'json', 'maybe', 'Receipt must be one of Y, N, json'],
    ['bin', 'Y', 'X', 'BIN must be Y or N'],
    ['profile', '1'.repeat(24), '1'.repeat(25), 'Profile cannot exceed 24 characters'],
    ['auoptout', 'N', 'X', 'Account updater opt-out must be Y or N'],
    ['signature', 'x'.repeat(6144), 'x'.repeat(6145), 'Signature cannot exceed 6144 characters'],
    ['termid', 'ABC12345', 'ABCD1234', 'Terminal ID must be 8 characters ending in 5 digits'],
    ['termid', '00012345', '0001234', 'Terminal ID must be 8 characters ending in 5 digits'],
    ['taxexempt', 'Y', 'X', 'Tax exempt must be Y or N'],
    ['ponumber', 'x'.repeat(36), 'x'.repeat(37), 'PO number cannot exceed 36 characters'],
    ['frtamnt', '10.00', '10.001', 'Freight amount must be a number with up to two decimal places'],
    ['dutyamnt', '1'.repeat(12), '1'.repeat(13), 'Duty amount cannot exceed 12 characters'],
    ['orderdate', '20240301', '2024031', 'Order date must be 8 digits'],
    ['shipfromzip', '1'.repeat(12), '1'.repeat(13), 'Ship-from ZIP cannot exceed 12 characters'],
    ['shiptocountry', 'CA', 'CAN', 'Ship-to country must be exactly 2 characters'],
    ['invoiceid', 'x'.repeat(12), 'x'.repeat(13), 'Invoice ID cannot exceed 12 characters'],
    ['securedstid', 'x'.repeat(36), 'x'.repeat(37), '3-D Secure transaction ID cannot exceed 36 characters'],
    [
      'secureexemption',
      'lowvalue',
      'high',
      '3-D Secure exemption must be one of ivr, lowrisk, lowvalue, trusted',
    ],
    ['secureflag', '05', '07', '3-D Secure flag must be one of 05, 06'],
    ['securevalue', 'x'.repeat(32), 'x'.repeat(33), '3-D Secure value cannot exceed 32 characters'],
  ])('%s: accepts %j, refuses %j', (field, good, bad, message) => {
    expect(issuesOf(withField(field, good))).toEqual([]);
    expect(issuesOf(withField(field, bad))).toEqual([[field, message]]);
  });

  it('refuses control characters in every text field', () => {
    expect(issuesOf(withField('name', 'Ana\u0000'))).toEqual([
      ['name', 'Text cannot contain control characters or invalid Unicode'],
    ]);
  });
});

describe('authorisation cross rules', () => {
  it('requires cofscheduled when cof is M', () => {
    expect(issuesOf(authRequestSchema.safeParse({ ...auth, cof: 'M' }))).toEqual([
      ['cofscheduled', 'COF scheduled is required when cof is M'],
    ]);
    expect(authRequestSchema.safeParse({ ...auth, cof: 'M', cofscheduled: 'N' }).success).toBe(true);
    expect(authRequestSchema.safeParse({ ...auth, cof: 'C' }).success).toBe(true);
  });

  it('requires bankaba for ECHK and ESAV accounts', () => {
    for (const accttype of ['ECHK', 'ESAV']) {
      expect(issuesOf(authRequestSchema.safeParse({ ...auth, accttype }))).toEqual([
        ['bankaba', 'Bank ABA is required for ECHK and ESAV accounts'],
      ]);
      expect(authRequestSchema.safeParse({ ...auth, accttype, bankaba: '036001808' }).success).toBe(true);
    }
    expect(authRequestSchema.safeParse({ ...auth, accttype: 'VISA' }).success).toBe(true);
  });

  it('holds a US postal code to 5 digits or 5+4, with or without a hyphen', () => {
    for (const postal of ['12345', '12345-6789', '123456789'])
      expect(authRequestSchema.safeParse({ ...auth, postal }).success).toBe(true);
    for (const postal of ['1234', 'K1A 0B1', '12345-678']) {
      expect(issuesOf(authRequestSchema.safeParse({ ...auth, postal, country: 'US' }))).toEqual([
        ['postal', 'Invalid postal code for the selected country'],
      ]);
    }
    expect(authRequestSchema.safeParse({ ...auth, postal: 'K1A 0B1', country: 'CA' }).success).toBe(true);
  });

  it('holds a US ship-to ZIP to 5 digits or 5+4', () => {
    expect(issuesOf(authRequestSchema.safeParse({ ...auth, shiptozip: '1234' }))).toEqual([
      ['shiptozip', 'Invalid ship-to ZIP code for the selected country'],
    ]);
    expect(authRequestSchema.safeParse({ ...auth, shiptozip: '1234', shiptocountry: 'GB' }).success).toBe(
      true,
    );
    expect(authRequestSchema.safeParse({ ...auth, shiptozip: '19406-1234' }).success).toBe(true);
  });

  it('needs a zero tax amount when tax exempt and a non-zero one when not', () => {
    expect(authRequestSchema.safeParse({ ...auth, taxexempt: 'Y' }).success).toBe(true);
    expect(authRequestSchema.safeParse({ ...auth, taxexempt: 'Y', taxamnt: '0.00' }).success).toBe(true);
    expect(issuesOf(authRequestSchema.safeParse({ ...auth, taxexempt: 'Y', taxamnt: '1.00' }))).toEqual([
      ['taxamnt', 'Tax amount must be zero when tax exempt'],
    ]);
    expect(authRequestSchema.safeParse({ ...auth, taxexempt: 'N', taxamnt: '8.25' }).success).toBe(true);
    for (const taxamnt of [undefined, '0', '0.00']) {
      expect(issuesOf(authRequestSchema.safeParse({ ...auth, taxexempt: 'N', taxamnt }))).toEqual([
        ['taxamnt', 'Tax amount must not be zero when not tax exempt'],
      ]);
    }
  });

  it('refuses a Luhn-valid order id, which the gateway would mask', () => {
    expect(issuesOf(authRequestSchema.safeParse({ ...auth, orderid: '4111111111111111' }))).toEqual([
      ['orderid', LUHN_VALID_ORDER_ID_MESSAGE],
    ]);
    expect(authRequestSchema.safeParse({ ...auth, orderid: '4111111111111112' }).success).toBe(true);
    expect(authRequestSchema.safeParse({ ...auth, orderid: 'BRG-4111111111111111' }).success).toBe(true);
  });
});

describe('line items and userfields', () => {
  const item = {
    lineno: '1',
    description: 'Burger',
    quantity: '2',
    unitcost: '12.50',
    netamnt: '25.00',
    uom: 'EA',
  };
  const withItem = (extra: Record<string, unknown>) => withField('items', [{ ...item, ...extra }]);

  it('accepts line items', () => {
    expect(
      withItem({ upc: '012345678905', material: 'FOOD', discamnt: '1.00', taxamnt: '2.06' }).success,
    ).toBe(true);
  });

  it.each([
    ['description', '', 'Description is required'],
    ['description', 'x'.repeat(27), 'Description cannot exceed 26 characters'],
    ['quantity', 'two', 'Quantity must be a number'],
    ['quantity', '1'.repeat(13), 'Quantity cannot exceed 12 characters'],
    ['unitcost', '', 'Unit cost is required'],
    ['netamnt', '-1', 'Net amount must be a number'],
    ['uom', 'x'.repeat(9), 'Unit of measure cannot exceed 8 characters'],
    ['upc', '000000', 'UPC cannot be all zeros'],
    ['upc', '1'.repeat(15), 'UPC cannot exceed 14 characters'],
    ['taxamnt', '1'.repeat(13), 'Tax amount cannot exceed 12 characters'],
    ['lineno', '12345', 'Line number cannot exceed 4 characters'],
    ['lineno', 'A', 'Line number must be digits'],
  ])('refuses %s %j', (field, value, message) => {
    expect(issuesOf(withItem({ [field]: value }))).toEqual([[`items.0.${field}`, message]]);
  });

  it('refuses unknown fields in a line item', () => {
    expect(issuesOf(withItem({ colour: 'red' }))).toEqual([['items.0', 'Unknown field: colour']]);
  });

  it('holds userfields to 4000 characters of JSON', () => {
    expect(withField('userfields', { table: '12' }).success).toBe(true);
    // {"a":"…"} is 8 characters around the value.
    expect(withField('userfields', { a: 'x'.repeat(3992) }).success).toBe(true);
    expect(issuesOf(withField('userfields', { a: 'x'.repeat(3993) }))).toEqual([
      ['userfields', 'Userfields cannot exceed 4000 characters as JSON'],
    ]);
  });
});

describe('voiceAuthRequestSchema', () => {
  it('requires the authcode the issuer gave', () => {
    expect(issuesOf(voiceAuthRequestSchema.safeParse(auth))).toEqual([
      ['authcode', 'Authorization code is required'],
    ]);
    expect(voiceAuthRequestSchema.safeParse({ ...auth, authcode: '046221' }).success).toBe(true);
    expect(issuesOf(voiceAuthRequestSchema.safeParse({ ...auth, authcode: '1234567' }))).toEqual([
      ['authcode', 'Authorization code cannot exceed 6 characters'],
    ]);
  });
});

describe('captureRequestSchema', () => {
  const capture = { merchid: '496160873888', account: '9418594164541111', retref: '288002073633' };

  it('needs merchid, account and retref; the amount is optional', () => {
    expect(captureRequestSchema.parse(capture)).toEqual(capture);
    expect(captureRequestSchema.parse({ ...capture, amount: '120.00' }).amount).toBe('120.00');
  });

  it('refuses a missing or invalid retref with the constructor message', () => {
    expect(issuesOf(captureRequestSchema.safeParse({ ...capture, retref: undefined }))).toEqual([
      ['retref', RETREF_MESSAGE],
    ]);
    expect(issuesOf(captureRequestSchema.safeParse({ ...capture, retref: '1'.repeat(15) }))).toEqual([
      ['retref', RETREF_MESSAGE],
    ]);
    expect(issuesOf(captureRequestSchema.safeParse({ merchid: '1', retref: '1' }))).toEqual([
      ['account', ACCOUNT_MESSAGE],
    ]);
  });

  it('checks a given amount like an authorisation', () => {
    expect(issuesOf(captureRequestSchema.safeParse({ ...capture, amount: '1.234' }))).toEqual([
      ['amount', AMOUNT_MESSAGE],
    ]);
  });
});

describe('gatewayCaptureRequestSchema (what the gateway accepts)', () => {
  it('takes merchid and retref alone, as the gateway does; checks the rest like a capture', () => {
    const bare = { merchid: '496160873888', retref: '110776233356' };
    expect(gatewayCaptureRequestSchema.parse(bare)).toEqual(bare);
    expect(issuesOf(gatewayCaptureRequestSchema.safeParse({ merchid: '496160873888' }))).toEqual([
      ['retref', RETREF_MESSAGE],
    ]);
    expect(issuesOf(gatewayCaptureRequestSchema.safeParse({ ...bare, amount: '1.234' }))).toEqual([
      ['amount', AMOUNT_MESSAGE],
    ]);
  });
});
