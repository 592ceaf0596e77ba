import { describe, expect, it } from 'vitest';
import {
  APPROVED_NEEDS_RETREF,
  authResponseLenientSchema,
  authResponseSchema,
  DECLINED_NEEDS_RESPCODE,
  DECLINED_NEEDS_RESPTEXT,
  RESPSTAT_MESSAGE,
} from './gateway-response';
import { issuesOf } from './test-issues';

const approved = {
  respstat: 'A',
  retref: '288002073633',
  account: '9418594164541111',
  token: '9418594164541111',
  amount: '106.00',
  merchid: '496160873888',
  respcode: '00',
  resptext: 'Approval',
  respproc: 'RPCT',
  authcode: '046221',
  cvvresp: 'M',
  avsresp: 'Z',
  commcard: 'N',
  expiry: '1230',
};

describe('authResponseSchema (validating)', () => {
  it('accepts an approval', () => {
    expect(authResponseSchema.parse(approved)).toEqual(approved);
  });

  it.each([undefined, 'D', 'a', ''])('refuses respstat %j with the spec message', (respstat) => {
    expect(issuesOf(authResponseSchema.safeParse({ ...approved, respstat }))).toEqual([
      ['respstat', RESPSTAT_MESSAGE],
    ]);
  });

  it('needs a retref on an approval and respcode and resptext on a decline', () => {
    expect(issuesOf(authResponseSchema.safeParse({ respstat: 'A' }))).toEqual([
      ['retref', APPROVED_NEEDS_RETREF],
    ]);
    expect(issuesOf(authResponseSchema.safeParse({ respstat: 'C', retref: '1' }))).toEqual([
      ['respcode', DECLINED_NEEDS_RESPCODE],
      ['resptext', DECLINED_NEEDS_RESPTEXT],
    ]);
    expect(
      authResponseSchema.safeParse({ respstat: 'C', respcode: '05', resptext: 'Do not honor' }).success,
    ).toBe(true);
    expect(
      authResponseSchema.safeParse({ respstat: 'B', respcode: '62', resptext: 'Timed out' }).success,
    ).toBe(true);
  });

  it.each([
    ['respcode', '1234', 'Response code cannot exceed 3 characters'],
    ['respproc', 'rpct', 'Response processor must be uppercase letters and digits'],
    ['respproc', 'RPCTX', 'Response processor cannot exceed 4 characters'],
    ['resptext', 'x'.repeat(41), 'Response text cannot exceed 40 characters'],
    ['resptext', '', 'Response text cannot be empty'],
    ['retref', '1'.repeat(15), 'Retrieval reference cannot exceed 14 characters'],
    ['amount', '1.001', 'Amount must be a number with up to two decimal places'],
    ['amount', '1'.repeat(13), 'Amount cannot exceed 12 characters'],
    ['currency', 'usd', 'Currency must be 3 uppercase letters'],
    ['token', '9'.repeat(20), 'Token cannot exceed 19 characters'],
    ['account', '9'.repeat(28), 'Account cannot exceed 27 characters'],
    ['profileid', '1'.repeat(21), 'Profile ID cannot exceed 20 characters'],
    ['acctid', '1234', 'Account ID cannot exceed 3 characters'],
    ['name', 'x'.repeat(31), 'Name cannot exceed 30 characters'],
    ['lastfour', '111', 'Last four must be 4 digits'],
    ['authcode', '1234567', 'Authorization code cannot exceed 6 characters'],
    ['orderid', 'x'.repeat(51), 'Order ID cannot exceed 50 characters'],
    ['expiry', '1330', "Expiry must be MMYY format or '0000' for ACH accounts"],
    ['authdate', '2024030', 'Authorization date must be 8 digits (YYYYMMDD) or 14 digits'],
    ['capturedate', '20240301', 'Capture date must be 14 digits (YYYYMMDDHHMMSS)'],
    ['settledate', '2024030112000', 'Settle date must be 14 digits (YYYYMMDDHHMMSS)'],
    ['signature', 'x'.repeat(6145), 'Signature cannot exceed 6144 characters'],
    ['avsresp', 'ZZZ', 'AVS response cannot exceed 2 characters'],
    ['cvvresp', 'Q', 'CVV response must be one of M, N, P, S, U, X, blank'],
    ['merchAdviceCode', '1', 'Merchant advice code must be exactly 2 characters'],
    ['fee_authcode', '1234567', 'Fee authorization code cannot exceed 6 characters'],
    ['cof', 'X', 'Credential on file must be one of C, M'],
    ['commcard', 'X', 'Commercial card must be Y or N'],
    ['declineCategory', '5', 'Decline category must be one of 1, 2, 3, 4'],
    ['fee_format', 'fixed', 'Fee format must be one of flat, percent'],
    [
      'fee_type',
      'TIP',
      'Fee type must be one of CVNFEE, SURCHRG, SRVCFEE, SRVC_WAIVED, CVN_WAIVED, SURCHRG_WAIVED, FEE_TXN',
    ],
    [
      'entrymode',
      'Telepathy',
      'Entry mode must be one of Keyed, Moto, ECommerce, Recurring, Swipe (Non EMV), DigitalWallet, Digital Wallet, EMVContact, Contactless, Fallback to Track, Fallback to Keyed',
    ],
    [
      'bintype',
      'Gold',
      'BIN type must be one of Corp, FSA+Prepaid, GSA+Purchase, Prepaid, Prepaid+Corp, Prepaid+Purchase, Purchase',
    ],
    ['voidable', 'y', 'Voidable must be Y or N'],
    ['refundable', 'yes', 'Refundable must be Y or N'],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(authResponseSchema.safeParse({ ...approved, [field]: value }))).toEqual([
      [field, message],
    ]);
  });

  it('accepts negative amounts (forced credits), ACH expiry, blank cvvresp and 14-digit auth dates', () => {
    const answer = { ...approved, amount: '-5.00', expiry: '0000', cvvresp: '', authdate: '20240301120000' };
    expect(authResponseSchema.safeParse(answer).success).toBe(true);
  });

  it('reads emvTagData, receipt and receiptObj from objects or JSON strings', () => {
    const parsed = authResponseSchema.parse({
      ...approved,
      emvTagData: '{"TVR":"0280008000","AID":"A0000000031010","Network Label":"VISA"}',
      receipt: { dba: 'Harbor Grill', nameOnCard: 'ANA' },
      receiptObj: '{"dba":"Harbor Grill","emv":{"TSI":"E800"}}',
    });
    expect(parsed.emvTagData).toEqual({ TVR: '0280008000', AID: 'A0000000031010', 'Network Label': 'VISA' });
    expect(parsed.receipt).toEqual({ dba: 'Harbor Grill', nameOnCard: 'ANA' });
    expect(parsed.receiptObj).toEqual({ dba: 'Harbor Grill', emv: { TSI: 'E800' } });
  });

  it.each(['emvTagData', 'receipt', 'receiptObj'])('refuses a %s string that is not JSON', (field) => {
    expect(issuesOf(authResponseSchema.safeParse({ ...approved, [field]: '{oops' }))).toEqual([
      [field, `Invalid JSON in ${field} string`],
    ]);
    expect(issuesOf(authResponseSchema.safeParse({ ...approved, [field]: '[1]' }))).toEqual([
      [field, `Invalid JSON in ${field} string`],
    ]);
  });

  it('limits userfields to 256 characters each', () => {
    expect(
      authResponseSchema.safeParse({ ...approved, userfields: { table: 'x'.repeat(256) } }).success,
    ).toBe(true);
    expect(
      issuesOf(authResponseSchema.safeParse({ ...approved, userfields: { table: 'x'.repeat(257) } })),
    ).toEqual([['userfields.table', 'Userfield cannot exceed 256 characters']]);
  });

  it('drops fields it does not know', () => {
    expect(authResponseSchema.parse({ ...approved, dummy1: 'x' })).toEqual(approved);
  });
});

describe('authResponseLenientSchema', () => {
  it('keeps unknown fields, takes numbers for strings and ignores order', () => {
    const shuffled = {
      zzDummy: 'UAT noise',
      amount: 106,
      respstat: 'A',
      retref: 288002073633,
      respcode: '00',
    };
    expect(authResponseLenientSchema.parse(shuffled)).toEqual({
      zzDummy: 'UAT noise',
      amount: '106',
      respstat: 'A',
      retref: '288002073633',
      respcode: '00',
    });
  });

  it('checks no formats, so an odd value is kept for the derivations to judge', () => {
    const parsed = authResponseLenientSchema.parse({
      respstat: 'Z',
      respproc: 'lowercase',
      resptext: 'x'.repeat(99),
    });
    expect(parsed.respstat).toBe('Z');
    expect(parsed.resptext).toHaveLength(99);
  });

  it('turns JSON-string fields that do not parse into empty objects', () => {
    const parsed = authResponseLenientSchema.parse({
      respstat: 'A',
      emvTagData: '{broken',
      receipt: 'null',
      receiptObj: '{"dba":"Harbor Grill","emv":"{\\"AID\\":\\"A0000000031010\\"}"}',
      binInfo: 'x',
    });
    expect(parsed.emvTagData).toEqual({});
    expect(parsed.receipt).toEqual({});
    expect(parsed.receiptObj).toEqual({ dba: 'Harbor Grill', emv: { AID: 'A0000000031010' } });
    expect(parsed.binInfo).toEqual({});
  });

  it('reads userfields in any of the shapes the gateway uses', () => {
    expect(authResponseLenientSchema.parse({ userfields: [{ table: '12' }] }).userfields).toEqual({
      table: '12',
    });
  });

  it('fails only when the answer is not an object', () => {
    expect(authResponseLenientSchema.safeParse({}).success).toBe(true);
    expect(authResponseLenientSchema.safeParse('Unauthorized').success).toBe(false);
    expect(authResponseLenientSchema.safeParse(null).success).toBe(false);
  });
});
