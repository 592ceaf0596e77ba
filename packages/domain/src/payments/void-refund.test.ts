import { describe, expect, it } from 'vitest';
import { APPROVED_NEEDS_RETREF, RESPSTAT_MESSAGE } from './gateway-response';
import { issuesOf } from './test-issues';
import {
  PARTIAL_REFUND_AMOUNT_MESSAGE,
  partialRefundRequestSchema,
  REFUND_AMOUNT_MESSAGE,
  refundRequestSchema,
  refundRequestStrictSchema,
  refundResponseLenientSchema,
  refundResponseSchema,
  VOID_BY_ORDER_MERCHID_MESSAGE,
  VOID_BY_ORDER_ORDERID_MESSAGE,
  VOID_INVALID_MESSAGE,
  VOID_REQUIRED_MESSAGE,
  voidByOrderIdRequestSchema,
  voidRequestSchema,
  voidResponseLenientSchema,
  voidResponseSchema,
} from './void-refund';

const voidRequest = { merchid: '496160873888', retref: '288002073633' };

describe('voidRequestSchema', () => {
  it('accepts a full void and a partial one', () => {
    expect(voidRequestSchema.parse(voidRequest)).toEqual(voidRequest);
    expect(voidRequestSchema.parse({ ...voidRequest, amount: '10.00' }).amount).toBe('10.00');
  });

  it.each([
    [{ retref: '288002073633' }, 'merchid'],
    [{ merchid: '496160873888' }, 'retref'],
    [{ merchid: '', retref: '288002073633' }, 'merchid'],
    [{ merchid: 496160873888, retref: '288002073633' }, 'merchid'],
  ])('says merchid and retref are required for %j', (input, path) => {
    expect(issuesOf(voidRequestSchema.safeParse(input))).toEqual([[path, VOID_REQUIRED_MESSAGE]]);
  });

  it.each([
    ['merchid', '1'.repeat(17)],
    ['retref', '1'.repeat(15)],
    ['amount', '1.234'],
    ['amount', '-1.00'],
    ['amount', '1'.repeat(13)],
  ])('calls %s %j invalid data', (field, value) => {
    expect(issuesOf(voidRequestSchema.safeParse({ ...voidRequest, [field]: value }))).toEqual([
      [field, VOID_INVALID_MESSAGE],
    ]);
  });

  it('calls something that is not an object invalid data', () => {
    expect(issuesOf(voidRequestSchema.safeParse('void it'))).toEqual([['', VOID_INVALID_MESSAGE]]);
  });
});

describe('voidByOrderIdRequestSchema', () => {
  const request = { merchid: '496160873888', orderid: 'AB-1001' };

  it('accepts a void by order id', () => {
    expect(voidByOrderIdRequestSchema.parse({ ...request, amount: '5' })).toEqual({
      ...request,
      amount: '5',
    });
  });

  it('names merchid and orderid when they are missing or not strings', () => {
    expect(issuesOf(voidByOrderIdRequestSchema.safeParse({ orderid: 'AB-1001' }))).toEqual([
      ['merchid', VOID_BY_ORDER_MERCHID_MESSAGE],
    ]);
    expect(issuesOf(voidByOrderIdRequestSchema.safeParse({ merchid: 1, orderid: 'AB-1001' }))).toEqual([
      ['merchid', VOID_BY_ORDER_MERCHID_MESSAGE],
    ]);
    expect(issuesOf(voidByOrderIdRequestSchema.safeParse({ merchid: '496160873888' }))).toEqual([
      ['orderid', VOID_BY_ORDER_ORDERID_MESSAGE],
    ]);
  });

  it('calls an over-long order id invalid data', () => {
    expect(issuesOf(voidByOrderIdRequestSchema.safeParse({ ...request, orderid: 'x'.repeat(51) }))).toEqual([
      ['orderid', VOID_INVALID_MESSAGE],
    ]);
  });
});

describe('refundRequestSchema', () => {
  const refund = { merchid: '496160873888', retref: '288002073633' };

  it('accepts a full refund (no amount) and a partial one', () => {
    expect(refundRequestSchema.parse(refund)).toEqual(refund);
    expect(refundRequestSchema.parse({ ...refund, amount: '12.5', orderid: 'AB-1' }).amount).toBe('12.5');
  });

  it.each([
    [{ retref: '1' }, 'merchid', 'Merchant ID is required'],
    [{ merchid: '', retref: '1' }, 'merchid', 'Merchant ID is required'],
    [{ merchid: '1'.repeat(17), retref: '1' }, 'merchid', 'Merchant ID cannot exceed 16 characters'],
    [{ merchid: '1' }, 'retref', 'Retrieval reference is required'],
    [{ merchid: '1', retref: '1'.repeat(15) }, 'retref', 'Retrieval reference cannot exceed 14 characters'],
    [{ merchid: '1', retref: '1', amount: '-1.00' }, 'amount', REFUND_AMOUNT_MESSAGE],
    [{ merchid: '1', retref: '1', amount: '1.005' }, 'amount', REFUND_AMOUNT_MESSAGE],
    [{ merchid: '1', retref: '1', amount: '1'.repeat(15) }, 'amount', 'Amount cannot exceed 14 characters'],
    [
      { merchid: '1', retref: '1', orderid: 'x'.repeat(51) },
      'orderid',
      'Order ID cannot exceed 50 characters',
    ],
  ])('refuses %j', (input, path, message) => {
    expect(issuesOf(refundRequestSchema.safeParse(input))).toEqual([[path, message]]);
  });

  it('refuses unknown fields', () => {
    expect(issuesOf(refundRequestSchema.safeParse({ ...refund, reason: 'cold food' }))).toEqual([
      ['', 'Unknown field: reason'],
    ]);
  });

  it('the strict form wants a numeric merchid, an uppercase retref of 8+ characters and an amount above 0', () => {
    expect(refundRequestStrictSchema.safeParse({ ...refund, amount: '0.01' }).success).toBe(true);
    expect(issuesOf(refundRequestStrictSchema.safeParse({ ...refund, merchid: 'MERCHANT01' }))).toEqual([
      ['merchid', 'Merchant ID must be numeric'],
    ]);
    expect(issuesOf(refundRequestStrictSchema.safeParse({ ...refund, retref: 'abc12345' }))).toEqual([
      ['retref', 'Retrieval reference must be uppercase letters and digits'],
    ]);
    expect(issuesOf(refundRequestStrictSchema.safeParse({ ...refund, retref: 'ABC1234' }))).toEqual([
      ['retref', 'Retrieval reference must be at least 8 characters'],
    ]);
    expect(issuesOf(refundRequestStrictSchema.safeParse({ ...refund, amount: '0.00' }))).toEqual([
      ['amount', 'Amount must be greater than zero'],
    ]);
    expect(issuesOf(refundRequestStrictSchema.safeParse({ ...refund, amount: 'x' }))).toEqual([
      ['amount', REFUND_AMOUNT_MESSAGE],
    ]);
  });

  it('a partial refund needs its amount', () => {
    expect(issuesOf(partialRefundRequestSchema.safeParse(refund))).toEqual([
      ['amount', PARTIAL_REFUND_AMOUNT_MESSAGE],
    ]);
    expect(partialRefundRequestSchema.safeParse({ ...refund, amount: '5.00' }).success).toBe(true);
  });
});

describe('void and refund answers', () => {
  const voided = {
    merchid: '496160873888',
    orderId: 'AB-1001',
    authcode: 'REVERS',
    amount: '0.00',
    currency: 'USD',
    retref: '288002073633',
    respcode: '00',
    respproc: 'FNOR',
    respstat: 'A',
    resptext: 'Approval',
  };

  it('validates a void answer (note orderId with a capital I)', () => {
    expect(voidResponseSchema.parse(voided)).toEqual(voided);
    expect(issuesOf(voidResponseSchema.safeParse({ ...voided, respstat: 'X' }))).toEqual([
      ['respstat', RESPSTAT_MESSAGE],
    ]);
    expect(issuesOf(voidResponseSchema.safeParse({ ...voided, retref: undefined }))).toEqual([
      ['retref', APPROVED_NEEDS_RETREF],
    ]);
    expect(voidResponseSchema.parse({ ...voided, orderid: 'ignored' })).not.toHaveProperty('orderid');
  });

  it('validates a refund answer with its decline category', () => {
    const declined = {
      respstat: 'C',
      respcode: '29',
      resptext: 'Txn not found',
      respproc: 'PPS',
      declineCategory: '3',
    };
    expect(refundResponseSchema.parse(declined)).toEqual(declined);
    expect(issuesOf(refundResponseSchema.safeParse({ ...declined, declineCategory: '9' }))).toEqual([
      ['declineCategory', 'Decline category must be one of 1, 2, 3, 4'],
    ]);
  });

  it('reads answers leniently', () => {
    expect(voidResponseLenientSchema.parse({ ...voided, amount: 0, extra: true })).toEqual({
      ...voided,
      amount: '0',
      extra: true,
    });
    expect(refundResponseLenientSchema.parse({ respstat: 'A', receipt: '{bad' })).toEqual({
      respstat: 'A',
      receipt: {},
    });
  });
});
