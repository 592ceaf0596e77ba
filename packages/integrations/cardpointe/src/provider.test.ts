import { describe, expect, it } from 'vitest';
import { answerOf, foundByOrder, gatewayDateTime, voidAnswerOf } from './provider';

// What CardPointe's answers mean in the provider port's words, for the answers the emulator does
// not give: an approved void that did not reverse, "Txn not found", an unknown respstat, odd dates.

describe("reading CardPointe's answers into the port's words", () => {
  it('counts a void as done only when approved with authcode REVERS', () => {
    expect(voidAnswerOf({ respstat: 'A', authcode: 'REVERS' }).voided).toBe(true);
    expect(voidAnswerOf({ respstat: 'A', authcode: 'PPS123' }).voided).toBe(false);
    expect(voidAnswerOf({ respstat: 'C', authcode: 'REVERS' }).voided).toBe(false);
  });

  it('reads "Txn not found" (PPS 29) under an order id as nothing found, and keeps the rest', () => {
    const notFound = { respstat: 'C', respproc: 'PPS', respcode: '29', resptext: 'Txn not found' };
    const declined = { respstat: 'C', respproc: 'RPCT', respcode: '05', resptext: 'Do not honor' };
    expect(foundByOrder([notFound])).toEqual([]);
    expect(foundByOrder([notFound, declined])).toMatchObject([
      { approval: 'declined', processorCode: '05', processorPlatform: 'RPCT' },
    ]);
  });

  it('reads A, B and C as approved, retry and declined, anything else as no approval; amounts in cents', () => {
    expect(answerOf({ respstat: 'A', amount: '12.34' })).toMatchObject({
      approval: 'approved',
      amount: 1234,
    });
    expect(answerOf({ respstat: 'B' }).approval).toBe('retry');
    expect(answerOf({ respstat: 'C' }).approval).toBe('declined');
    expect(answerOf({ respstat: 'X', amount: 'twelve' })).toMatchObject({ approval: null, amount: null });
  });

  it("reads the gateway's 14-digit times as UTC, and nothing else as a time", () => {
    expect(gatewayDateTime('20250310153000')?.toISOString()).toBe('2025-03-10T15:30:00.000Z');
    expect(gatewayDateTime('20251340000000')).toBeNull();
    expect(gatewayDateTime('2025031015')).toBeNull();
  });
});
