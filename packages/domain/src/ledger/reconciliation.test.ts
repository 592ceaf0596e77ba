import { describe, expect, it } from 'vitest';
import {
  type DayTransaction,
  daysAfter,
  type ReconciliationInput,
  reconcileDay,
  reconciliationQuerySchema,
  reconciliationRangeQuerySchema,
} from './reconciliation';

const DAY = '2026-03-10';
const txn = (over: Partial<DayTransaction> = {}): DayTransaction => ({
  transactionId: 't1',
  retref: 'R1',
  kind: 'auth',
  orderId: 7,
  orderNumber: 3,
  orderReference: null,
  cardBrand: 'VISA',
  lastFour: '1111',
  ledger: 2500,
  inLedger: true,
  ...over,
});
const input = (over: Partial<ReconciliationInput> = {}): ReconciliationInput => ({
  date: DAY,
  today: '2026-03-20',
  transactions: [txn()],
  settled: [
    {
      retref: 'R1',
      amount: 2500,
      setlstat: 'Accepted',
      outcome: 'accepted',
      batchid: 'B1',
      date: '2026-03-11',
    },
  ],
  funded: [{ retref: 'R1', amount: 2500, date: '2026-03-12' }],
  chargebacks: new Set(),
  ...over,
});
const statusOf = (over: Partial<ReconciliationInput>) => reconcileDay(input(over)).rows[0]!.status;

describe('reconciling a business day', () => {
  it('matches a capture settled and deposited for what the ledger says', () => {
    const day = reconcileDay(input());
    expect(day.rows[0]).toMatchObject({
      status: 'matched',
      settled: 2500,
      settledOn: '2026-03-11',
      batchid: 'B1',
      funded: 2500,
      fundedOn: '2026-03-12',
    });
    expect(day.totals).toEqual({ ledger: 2500, settled: 2500, funded: 2500, differences: 0 });
    expect(day.settlementDays).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
    expect(day.fundingDays).toEqual(['2026-03-11', '2026-03-12', '2026-03-13']);
  });

  it('awaits settlement and funding while their days have not passed, and calls them missing after', () => {
    expect(statusOf({ settled: [], funded: [], today: '2026-03-11' })).toBe('awaiting_settlement');
    expect(statusOf({ settled: [], funded: [], today: '2026-03-12' })).toBe('awaiting_settlement');
    expect(statusOf({ settled: [], funded: [], today: '2026-03-13' })).toBe('missing_from_settlement');
    expect(statusOf({ settled: [], funded: [], transactions: [txn({ voided: true })] })).toBe('voided');
    expect(statusOf({ funded: [], today: '2026-03-13' })).toBe('awaiting_funding');
    expect(statusOf({ funded: [], today: '2026-03-14' })).toBe('missing_from_funding');
  });

  it('tells the differences apart, and counts only those needing someone', () => {
    const day = reconcileDay(
      input({
        transactions: [
          txn(),
          txn({ transactionId: 't2', retref: 'R2', ledger: 1000 }),
          txn({ transactionId: 't3', retref: 'R3', ledger: 0 }),
          txn({ transactionId: 't4', retref: 'R4', ledger: 0, inLedger: false }),
          txn({ transactionId: 't5', retref: 'R5' }),
          txn({ transactionId: 't6', retref: 'R6', ledger: 900 }),
        ],
        settled: [
          { retref: 'R1', amount: 2500, setlstat: 'Accepted', outcome: 'accepted', batchid: 'B', date: DAY },
          { retref: 'R2', amount: 1200, setlstat: 'Accepted', outcome: 'accepted', batchid: 'B', date: DAY },
          { retref: 'R5', amount: 2500, setlstat: 'Rejected', outcome: 'rejected', batchid: 'B', date: DAY },
          { retref: 'R6', amount: 900, setlstat: 'Accepted', outcome: 'accepted', batchid: 'B', date: DAY },
        ],
        funded: [
          { retref: 'R1', amount: 2500, date: '2026-03-12' },
          { retref: 'R6', amount: 800, date: '2026-03-12' },
        ],
      }),
    );
    expect(day.rows.map((r) => [r.transactionId, r.status])).toEqual([
      ['t1', 'matched'],
      ['t2', 'settlement_differs'],
      ['t3', 'voided'],
      ['t4', 'not_in_ledger'],
      ['t5', 'rejected'],
      ['t6', 'funding_differs'],
    ]);
    expect(day.rows[1]!.note).toBe('Settled $12.00, the ledger says $10.00');
    expect(day.rows[5]!.note).toBe('Deposited $8.00, the ledger says $9.00');
    expect(day.totals.differences).toBe(4);
    expect(day.totals.ledger).toBe(2500 + 1000 + 900 + 2500);
  });

  it('reads a refund as money back whatever sign the gateway gives it, and flags a chargeback', () => {
    const refund = txn({ transactionId: 'r', retref: 'RF', kind: 'refund', ledger: -700 });
    const settled = {
      retref: 'RF',
      setlstat: 'Accepted',
      outcome: 'accepted' as const,
      batchid: 'B',
      date: DAY,
    };
    for (const amount of [700, -700])
      expect(
        statusOf({
          transactions: [refund],
          settled: [{ ...settled, amount }],
          funded: [{ retref: 'RF', amount, date: '2026-03-12' }],
        }),
      ).toBe('matched');
    expect(statusOf({ chargebacks: new Set(['R1']) })).toBe('chargeback');
  });

  it('lists the days after as calendar days, across a month end', () => {
    expect(daysAfter('2026-02-27', 0, 2)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('refuses a day that is not a date, with its message', () => {
    const parsed = reconciliationQuerySchema.safeParse({ date: '10/03/2026' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('date must be YYYY-MM-DD');
  });
});

describe('reconciling from stored reports', () => {
  it('awaits what a report not imported yet would list, however long ago its days were', () => {
    const none = { settled: [], funded: [] };
    expect(statusOf(none)).toBe('missing_from_settlement');
    expect(statusOf({ ...none, notImported: { settlement: true, funding: false } })).toBe(
      'awaiting_settlement',
    );
    expect(statusOf({ funded: [] })).toBe('missing_from_funding');
    expect(statusOf({ funded: [], notImported: { settlement: false, funding: true } })).toBe(
      'awaiting_funding',
    );
    // imported and listing it: matched whatever else is not imported
    expect(statusOf({ notImported: { settlement: false, funding: false } })).toBe('matched');
  });

  it('refuses a range backwards or longer than 31 days, with its message', () => {
    const problem = (from: string, to: string) =>
      reconciliationRangeQuerySchema.safeParse({ from, to }).error?.issues[0]?.message;
    expect(problem('2026-03-10', '2026-03-09')).toBe('from must be on or before to');
    expect(problem('2026-03-01', '2026-04-01')).toBe('A reconciliation covers at most 31 days');
    expect(problem('2026-03-01', '2026-03-31')).toBeUndefined();
  });
});
