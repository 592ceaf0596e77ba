import { describe, expect, it } from 'vitest';
import {
  SETTLESTAT_MESSAGE,
  settlementResponseLenientSchema,
  settlementResponseSchema,
  settleStatRequestSchema,
} from './settlement';
import { issuesOf } from './test-issues';

describe('settleStatRequestSchema', () => {
  it('takes exactly one of batchid or date', () => {
    expect(
      settleStatRequestSchema.safeParse({ merchid: '496160873888', batchid: '1900941444' }).success,
    ).toBe(true);
    expect(settleStatRequestSchema.safeParse({ merchid: '496160873888', date: '0301' }).success).toBe(true);
    for (const request of [
      { merchid: '1' },
      { merchid: '1', batchid: '', date: '' },
      { merchid: '1', batchid: '1900941444', date: '0301' },
    ]) {
      expect(issuesOf(settleStatRequestSchema.safeParse(request))).toEqual([['', SETTLESTAT_MESSAGE]]);
    }
  });

  it.each([
    ['batchid', '1'.repeat(13), 'Batch ID cannot exceed 12 characters'],
    ['date', '1301', 'Date must be MMDD (month 01-12, day 01-31)'],
    ['date', '0132', 'Date must be MMDD (month 01-12, day 01-31)'],
    ['date', '20240301', 'Date must be MMDD (month 01-12, day 01-31)'],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(settleStatRequestSchema.safeParse({ merchid: '1', [field]: value }))).toEqual([
      [field, message],
    ]);
  });

  it('needs a merchant id of at most 16 characters', () => {
    expect(issuesOf(settleStatRequestSchema.safeParse({ batchid: '1' }))).toEqual([
      ['merchid', 'Merchant ID is required'],
    ]);
    expect(issuesOf(settleStatRequestSchema.safeParse({ merchid: '1'.repeat(17), batchid: '1' }))).toEqual([
      ['merchid', 'Merchant ID cannot exceed 16 characters'],
    ]);
  });
});

const batch = {
  batchid: '1900941444',
  hoststat: 'GB',
  hostbatch: '1900941444',
  merchid: '496160873888',
  respproc: 'RPCT',
  txns: [
    {
      retref: '288002073633',
      authcode: '046221',
      setlamount: '106.00',
      setlstat: 'Y',
      salesdoc: 'AB-1',
      cardtype: 'VISA',
    },
  ],
};

describe('settlement answers', () => {
  it('validates a batch', () => {
    expect(settlementResponseSchema.parse(batch)).toEqual(batch);
    expect(settlementResponseSchema.safeParse({ ...batch, hoststat: '' }).success).toBe(true);
  });

  it('knows the host statuses and the transaction letters', () => {
    expect(issuesOf(settlementResponseSchema.safeParse({ ...batch, hoststat: 'XB' }))).toEqual([
      ['hoststat', 'Host status must be one of blank, BB, EB, GB, MB, RB, SB, ND'],
    ]);
    const txns = [{ ...batch.txns[0], setlstat: 'Q' }];
    expect(issuesOf(settlementResponseSchema.safeParse({ ...batch, txns }))).toEqual([
      ['txns.0.setlstat', 'Settlement status must be one of F, N, P, T, W, Y'],
    ]);
  });

  it('reads one batch or a list of batches as a list', () => {
    expect(settlementResponseLenientSchema.parse(batch)).toHaveLength(1);
    const batches = settlementResponseLenientSchema.parse([batch, { ...batch, txns: { retref: '2' } }]);
    expect(batches[1]?.txns).toEqual([{ retref: '2' }]);
  });
});
