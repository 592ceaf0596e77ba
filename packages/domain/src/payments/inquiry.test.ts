import { describe, expect, it } from 'vitest';
import {
  inquireByOrderIdRequestSchema,
  inquireByOrderIdResponseLenientSchema,
  inquireByOrderIdResponseSchema,
  inquireMerchantRequestSchema,
  inquireMerchantRequestStrictSchema,
  inquireRequestSchema,
  inquireResponseLenientSchema,
  inquireResponseSchema,
  merchantResponseLenientSchema,
  merchantResponseSchema,
  signatureCaptureRequestSchema,
  signatureCaptureResponseLenientSchema,
  signatureCaptureResponseSchema,
} from './inquiry';
import { issuesOf } from './test-issues';

describe('inquiry requests', () => {
  it('inquire: retref 1-14 letters and digits, merchid 1-16 digits', () => {
    expect(inquireRequestSchema.safeParse({ retref: '288002073633', merchid: '496160873888' }).success).toBe(
      true,
    );
    expect(issuesOf(inquireRequestSchema.safeParse({ retref: '288-002', merchid: 'MERCH' }))).toEqual([
      ['retref', 'Retrieval reference must be letters and digits'],
      ['merchid', 'Merchant ID must be numeric'],
    ]);
    expect(
      issuesOf(inquireRequestSchema.safeParse({ retref: '1'.repeat(15), merchid: '1'.repeat(17) })),
    ).toEqual([
      ['retref', 'Retrieval reference cannot exceed 14 characters'],
      ['merchid', 'Merchant ID cannot exceed 16 characters'],
    ]);
    expect(issuesOf(inquireRequestSchema.safeParse({}))).toEqual([
      ['retref', 'Retrieval reference is required'],
      ['merchid', 'Merchant ID is required'],
    ]);
  });

  it("inquire by order id: orderid 1-50, merchid digits, set empty or '1'", () => {
    const request = { orderid: 'AB-1001', merchid: '496160873888' };
    for (const set of [undefined, '', '1'])
      expect(inquireByOrderIdRequestSchema.safeParse({ ...request, set }).success).toBe(true);
    expect(issuesOf(inquireByOrderIdRequestSchema.safeParse({ ...request, set: '2' }))).toEqual([
      ['set', 'Set must be one of blank, 1'],
    ]);
    expect(
      issuesOf(inquireByOrderIdRequestSchema.safeParse({ ...request, orderid: 'x'.repeat(51) })),
    ).toEqual([['orderid', 'Order ID cannot exceed 50 characters']]);
  });

  it("inquire merchant: the spec's messages, and at least 10 characters in the strict form", () => {
    expect(issuesOf(inquireMerchantRequestSchema.safeParse({}))).toEqual([
      ['merchid', 'Merchant ID is required'],
    ]);
    expect(issuesOf(inquireMerchantRequestSchema.safeParse({ merchid: '' }))).toEqual([
      ['merchid', 'Merchant ID is required'],
    ]);
    expect(issuesOf(inquireMerchantRequestSchema.safeParse({ merchid: 'MERCH-01' }))).toEqual([
      ['merchid', 'Merchant ID must be alphanumeric'],
    ]);
    expect(inquireMerchantRequestSchema.safeParse({ merchid: 'MERCH01' }).success).toBe(true);
    expect(issuesOf(inquireMerchantRequestStrictSchema.safeParse({ merchid: 'MERCH01' }))).toEqual([
      ['merchid', 'Merchant ID must be at least 10 characters'],
    ]);
    expect(inquireMerchantRequestStrictSchema.safeParse({ merchid: '496160873888' }).success).toBe(true);
  });
});

const inquired = {
  merchid: '496160873888',
  orderid: 'AB-1001',
  amount: '106.00',
  currency: 'USD',
  retref: '288002073633',
  respcode: '00',
  respproc: 'RPCT',
  respstat: 'A',
  resptext: 'Approval',
  batchid: '1900941444',
  setlstat: 'Accepted',
  capturedate: '20240301173000',
  settledate: '20240302020000',
  authdate: '20240301',
  lastfour: '1111',
  voidable: 'N',
  refundable: 'Y',
  entrymode: 'ECommerce',
};

describe('inquire answers', () => {
  it('validates an inquire answer', () => {
    expect(inquireResponseSchema.parse(inquired)).toEqual(inquired);
  });

  it('leaves out batchid, capture and settle dates, signature and profile ids by order id', () => {
    const parsed = inquireByOrderIdResponseSchema.parse({
      ...inquired,
      profileid: '1',
      acctid: '1',
      signature: 's',
    });
    expect(Object.keys(parsed).sort()).toEqual(
      Object.keys(inquired)
        .filter((key) => !['batchid', 'capturedate', 'settledate'].includes(key))
        .sort(),
    );
  });

  it('reads an inquire-by-order-id answer as a list whether one or many come back', () => {
    expect(inquireByOrderIdResponseLenientSchema.parse(inquired)).toHaveLength(1);
    expect(
      inquireByOrderIdResponseLenientSchema.parse([inquired, { ...inquired, retref: '2' }, 'x']),
    ).toHaveLength(2);
  });

  it('reads an inquire answer leniently', () => {
    expect(inquireResponseLenientSchema.parse({ ...inquired, voidable: 'y', noise: 1 })).toMatchObject({
      voidable: 'y',
      noise: 1,
    });
  });
});

describe('merchant answers', () => {
  const merchant = {
    acctupdater: 'N',
    avs: 'Y',
    cardproc: 'RPCT',
    cvv: 'Y',
    echeck: 'N',
    enabled: true,
    fee_type: 'S',
    fee_format: 'percent',
    fee_value: '3.00',
    merchid: '496160873888',
    site: 'fts',
  };

  it('validates a merchant answer', () => {
    expect(merchantResponseSchema.parse(merchant)).toEqual(merchant);
  });

  it.each([
    ['avs', 'Q', 'AVS must be Y or N'],
    ['cvv', 'yes', 'CVV must be Y or N'],
    ['echeck', '', 'eCheck must be Y or N'],
    ['enabled', 'true', 'Enabled must be true or false'],
    ['cardproc', 'RPCTX', 'Card processor cannot exceed 4 characters'],
    ['acctupdater', 'NN', 'Account updater cannot exceed 1 character'],
    ['site', 'x'.repeat(13), 'Site cannot exceed 12 characters'],
    ['merchid', '1'.repeat(17), 'Merchant ID cannot exceed 16 characters'],
    ['fee_type', 'X', 'Fee type must be one of C, F, S, N'],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(merchantResponseSchema.safeParse({ ...merchant, [field]: value }))).toEqual([
      [field, message],
    ]);
  });

  it('reads enabled from a string leniently', () => {
    expect(merchantResponseLenientSchema.parse({ ...merchant, enabled: 'true' }).enabled).toBe(true);
    expect(merchantResponseLenientSchema.parse({ ...merchant, enabled: 'N' }).enabled).toBe(false);
  });
});

describe('signature capture', () => {
  it('needs merchid, retref and a signature of at most 6144 characters', () => {
    const request = { merchid: '496160873888', retref: '288002073633', signature: 'iVBORw0KGgo=' };
    expect(signatureCaptureRequestSchema.parse(request)).toEqual(request);
    expect(issuesOf(signatureCaptureRequestSchema.safeParse({ ...request, signature: '' }))).toEqual([
      ['signature', 'Signature is required'],
    ]);
    expect(
      issuesOf(signatureCaptureRequestSchema.safeParse({ ...request, signature: 'x'.repeat(6145) })),
    ).toEqual([['signature', 'Signature cannot exceed 6144 characters']]);
  });

  it('reads the answer', () => {
    const answer = {
      resptext: 'signature stored',
      respcode: '00',
      retref: '288002073633',
      merchid: '496160873888',
    };
    expect(signatureCaptureResponseSchema.parse(answer)).toEqual(answer);
    expect(signatureCaptureResponseLenientSchema.parse({ ...answer, respcode: 0 }).respcode).toBe('0');
  });
});
