import { describe, expect, it } from 'vitest';
import {
  allowedVoids,
  canRefund,
  canVoid,
  declineCategoryMeaning,
  isApproved,
  isBatchAccepted,
  isCaptured,
  isProcessable,
  isRetryable,
  isSettled,
  isTransactionNotFound,
  isUsualApprovalCode,
  isVoidSuccessful,
  respstatMeaning,
  settlementTransactionOutcome,
} from './transaction-state';

describe('respstat', () => {
  it.each([
    ['A', 'approved', true, false],
    ['B', 'retry', false, true],
    ['C', 'declined', false, false],
    ['a', 'unknown', false, false],
    ['', 'unknown', false, false],
    [undefined, 'unknown', false, false],
  ] as const)('%j means %s', (respstat, meaning, approved, retryable) => {
    expect(respstatMeaning(respstat)).toBe(meaning);
    expect(isApproved({ respstat })).toBe(approved);
    expect(isRetryable({ respstat })).toBe(retryable);
  });

  it('knows the usual approval codes', () => {
    expect(isUsualApprovalCode('00')).toBe(true);
    expect(isUsualApprovalCode('000')).toBe(true);
    expect(isUsualApprovalCode('0')).toBe(false);
    expect(isUsualApprovalCode('05')).toBe(false);
    expect(isUsualApprovalCode(undefined)).toBe(false);
  });
});

describe('isTransactionNotFound', () => {
  it('is PPS 29 only', () => {
    expect(isTransactionNotFound({ respproc: 'PPS', respcode: '29' })).toBe(true);
    expect(isTransactionNotFound({ respproc: 'RPCT', respcode: '29' })).toBe(false);
    expect(isTransactionNotFound({ respproc: 'PPS', respcode: '28' })).toBe(false);
    expect(isTransactionNotFound({})).toBe(false);
  });
});

describe('settlement status', () => {
  it.each([
    ['Authorized', true, ['full', 'partial']],
    ['Queued for Capture', true, ['full']],
    ['Declined', false, []],
    ['Voided', false, []],
    ['Zero Amount', false, []],
    ['Accepted', false, []],
    ['authorized', false, []],
    [undefined, false, []],
  ])('%j: processable %s, voids %j', (setlstat, processable, voids) => {
    expect(isProcessable(setlstat)).toBe(processable);
    expect(allowedVoids(setlstat)).toEqual(voids);
  });

  it.each([
    ['Y', 'accepted'],
    ['N', 'rejected'],
    ['F', 'pending'],
    ['P', 'pending'],
    ['T', 'pending'],
    ['W', 'pending'],
    [undefined, 'pending'],
  ])('a settled transaction %j is %s', (setlstat, outcome) => {
    expect(settlementTransactionOutcome(setlstat)).toBe(outcome);
  });

  it('accepts a batch only at host status GB', () => {
    for (const hoststat of ['', 'BB', 'EB', 'MB', 'RB', 'SB', 'ND', undefined])
      expect(isBatchAccepted({ hoststat })).toBe(false);
    expect(isBatchAccepted({ hoststat: 'GB' })).toBe(true);
  });
});

describe('void, capture and settle', () => {
  it('a void worked only when approved with authcode REVERS', () => {
    expect(isVoidSuccessful({ respstat: 'A', authcode: 'REVERS' })).toBe(true);
    expect(isVoidSuccessful({ respstat: 'A', authcode: '046221' })).toBe(false);
    expect(isVoidSuccessful({ respstat: 'C', authcode: 'REVERS' })).toBe(false);
    expect(isVoidSuccessful({ respstat: 'A' })).toBe(false);
  });

  it('captured and settled are recognised by a 14-digit date', () => {
    expect(isCaptured({ capturedate: '20240301173000' })).toBe(true);
    expect(isSettled({ settledate: '20240302020000' })).toBe(true);
    for (const date of [undefined, '', '20240301', '2024030117300', '202403011730000', '2024-03-01 17:30']) {
      expect(isCaptured({ capturedate: date })).toBe(false);
      expect(isSettled({ settledate: date })).toBe(false);
    }
  });

  it('offers void and refund only on Y', () => {
    expect(canVoid({ voidable: 'Y' })).toBe(true);
    expect(canVoid({ voidable: 'N' })).toBe(false);
    expect(canVoid({})).toBe(false);
    expect(canRefund({ refundable: 'Y' })).toBe(true);
    expect(canRefund({ refundable: 'y' })).toBe(false);
  });
});

describe('declineCategoryMeaning', () => {
  it.each([
    ['1', 'never_retry'],
    ['2', 'retry_later'],
    ['3', 'fix_data_and_retry'],
    ['4', 'other'],
    ['5', 'unknown'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ])('%j is %s', (category, meaning) => {
    expect(declineCategoryMeaning(category)).toBe(meaning);
  });
});
