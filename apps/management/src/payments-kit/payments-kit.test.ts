import { ProblemError } from '@brigade/api-client/problem-error';
import { readCardEntryMessage } from '@brigade/domain/payments/card-entry';
import { describe, expect, it } from 'vitest';
import { formatDay, formatMinor, localDay, toMinor, words } from './format';
import { IdempotentAttempts, withIdempotencyKey } from './idempotency';
import { dollars } from './schemas';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('idempotency keys of payment writes', () => {
  it('reuses the key when the same request is retried after no answer, a new key otherwise', async () => {
    const attempts = new IdempotentAttempts(counter());
    const body = { amount: 1250, token: '9411111111111111' };
    const seen: string[] = [];
    const fail = (status: number) => async (headers: { 'Idempotency-Key': string }) => {
      seen.push(headers['Idempotency-Key']);
      throw new ProblemError(status, { detail: 'x' });
    };
    await expect(withIdempotencyKey(attempts, body, fail(0))).rejects.toThrow();
    await expect(withIdempotencyKey(attempts, body, fail(409))).rejects.toThrow();
    // an answer (here a 422) closes the attempt: the next one is a new payment
    await expect(withIdempotencyKey(attempts, body, fail(422))).rejects.toThrow();
    await expect(withIdempotencyKey(attempts, body, fail(0))).rejects.toThrow();
    expect(seen).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
  });

  it('gives a changed request, a success, or a reset a new key', async () => {
    const attempts = new IdempotentAttempts(counter());
    expect(attempts.keyFor({ amount: 1 })).toBe('key-1');
    attempts.settle(new ProblemError(0));
    expect(attempts.keyFor({ amount: 2 })).toBe('key-2');
    attempts.settle(new ProblemError(0));
    attempts.reset();
    expect(attempts.keyFor({ amount: 2 })).toBe('key-3');
    const key = await withIdempotencyKey(
      attempts,
      { amount: 2 },
      async (headers) => headers['Idempotency-Key'],
    );
    expect(key).toBe('key-3');
    expect(attempts.pending).toBe(false);
    expect(attempts.keyFor({ amount: 2 })).toBe('key-4');
  });
});

describe('the card-entry frame’s messages', () => {
  it('reads a token with its expiry, a validation error, and ignores anything else', () => {
    expect(readCardEntryMessage('{"message":"9418594164541111","expiry":"1230"}')).toEqual({
      kind: 'token',
      token: '9418594164541111',
      expiry: '1230',
    });
    expect(readCardEntryMessage('{"validationError":"Invalid card number"}')).toEqual({
      kind: 'invalid',
      message: 'Invalid card number',
    });
    expect(readCardEntryMessage('{"message":""}')).toEqual({ kind: 'empty' });
    expect(readCardEntryMessage({ message: '9418594164541111' })).toBeNull();
    expect(readCardEntryMessage('not json')).toBeNull();
    expect(readCardEntryMessage('{"message":"4111 1111"}')).toBeNull();
  });

  it("reads CardPointe's YYYYMM expiry as MMYY; an expiry of no month is none", () => {
    const token = (expiry: string) =>
      readCardEntryMessage(JSON.stringify({ message: '9418594164541111', expiry }));
    expect(token('203012')).toEqual({ kind: 'token', token: '9418594164541111', expiry: '1230' });
    expect(token('202701')).toMatchObject({ expiry: '0127' });
    expect(token('203013')).toMatchObject({ expiry: '' });
    expect(token('1330')).toMatchObject({ expiry: '' });
  });
});

describe('amounts', () => {
  it('turns dollars into cents without float noise', () => {
    expect(toMinor(12.5)).toBe(1250);
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(1.005 * 100) / 100).toBeCloseTo(100.5);
    expect(toMinor(undefined)).toBeUndefined();
  });

  it('formats minor units in a currency', () => {
    expect(formatMinor(1250, 'USD')).toMatch(/12\.50/);
    expect(formatMinor(null)).toBe('—');
    expect(formatMinor(1250, 'not-a-code')).toBe('12.50');
  });

  it('validates typed dollars with the API’s messages', () => {
    const amount = dollars('Amount', 0.01);
    expect(amount.safeParse(12.34).success).toBe(true);
    expect(amount.safeParse(0).error?.issues[0]?.message).toBe('Amount must be more than 0');
    expect(amount.safeParse(1.234).error?.issues[0]?.message).toBe('Amount can have at most two decimals');
    expect(amount.safeParse(1_000_000_000).error?.issues[0]?.message).toBe(
      'Amount cannot exceed 999,999,999.99',
    );
  });

  it('names days and steps', () => {
    expect(localDay(1, new Date(2026, 11, 31))).toBe('2027-01-01');
    // the restaurant's clock, not the browser's: 00:30 UTC is still yesterday in New York, already today east
    const halfPast = new Date(Date.UTC(2026, 11, 6, 0, 30));
    expect(localDay(0, halfPast, 'America/New_York')).toBe('2026-12-05');
    expect(localDay(0, halfPast, 'Etc/GMT-11')).toBe('2026-12-06');
    expect(localDay(-6, halfPast, 'Etc/GMT-11')).toBe('2026-11-30');
    expect(localDay(0, new Date(2026, 2, 3), 'Not/AZone')).toBe('2026-03-03');
    expect(words('capture_requested')).toBe('Capture requested');
  });
});

describe('days', () => {
  it('reads the gateway’s YYYYMMDD dates as Brigade’s YYYY-MM-DD', () => {
    expect(formatDay('20261126')).toBe(formatDay('2026-11-26'));
    expect(formatDay('20261126')).not.toContain('20261126');
    expect(formatDay(null)).toBe('—');
  });
});
