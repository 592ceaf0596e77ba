import { describe, expect, it } from 'vitest';
import {
  describeRow,
  type Report,
  type RowFigures,
  reconciliationCsv,
  reconciliationRangeCsv,
  reportsWords,
  rowsToLookAt,
  statusWords,
} from './reconciliation-figures';

const base: RowFigures = {
  transactionId: 't-1',
  retref: '123456789012',
  kind: 'auth',
  orderId: 42,
  orderNumber: 12,
  orderReference: null,
  cardBrand: 'VISA',
  lastFour: '1111',
  ledger: 2612,
  settled: 2612,
  settledOn: '2026-03-11',
  batchid: '000123',
  funded: null,
  fundedOn: null,
  status: 'awaiting_funding',
  note: 'Settled; not deposited yet',
};

describe('the reconciliation screen’s words and CSV', () => {
  it('names a row by its order or as a refund, with its card', () => {
    expect(describeRow(base)).toBe('Order #12 · VISA 1111');
    expect(describeRow({ ...base, cardBrand: 'visa' })).toBe('Order #12 · Visa 1111');
    expect(describeRow({ ...base, kind: 'refund', cardBrand: null, lastFour: null })).toBe(
      'Refund of order #12',
    );
    expect(describeRow({ ...base, kind: 'refund', orderId: null, orderNumber: null, lastFour: null })).toBe(
      'Refund · VISA',
    );
    expect(describeRow({ ...base, orderId: null, orderNumber: null, cardBrand: null })).toBe(
      'Card sale · Card 1111',
    );
  });

  it('gives every status a label, and an unknown one its own name', () => {
    expect(statusWords('not_in_ledger')).toEqual({ label: 'Not in the ledger', tone: 'danger' });
    expect(statusWords('something_new').label).toBe('something_new');
  });

  it('writes one line per transaction in dollars, quoting what needs it', () => {
    const csv = reconciliationCsv(
      {
        date: '2026-03-10',
        rows: [base, { ...base, transactionId: 't-2', ledger: -500, settled: null, note: 'a, b' }],
      },
      'Harbor Grill',
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Restaurant,Harbor Grill');
    expect(lines[4]).toBe(
      't-1,123456789012,Order #12 · VISA 1111,26.12,26.12,2026-03-11,000123,,,Not deposited yet,Settled; not deposited yet',
    );
    expect(lines[5]).toContain(',-5.00,,');
    expect(lines[5]).toMatch(/"a, b"$/);
  });

  it('lists across a range only the rows someone must look at, each with its day', () => {
    const days = [
      {
        date: '2026-03-10',
        rows: [base, { ...base, transactionId: 't-2', status: 'missing_from_settlement' }],
      },
      { date: '2026-03-11', rows: [{ ...base, transactionId: 't-3', status: 'matched' }] },
      { date: '2026-03-12', rows: [{ ...base, transactionId: 't-4', status: 'chargeback' }] },
    ];
    expect(rowsToLookAt(days).map((r) => [r.date, r.transactionId])).toEqual([
      ['2026-03-10', 't-2'],
      ['2026-03-12', 't-4'],
    ]);
    expect(rowsToLookAt([days[1]!])).toEqual([]);
  });

  it('writes a range with the business day first on every transaction line', () => {
    const csv = reconciliationRangeCsv(
      {
        from: '2026-03-10',
        to: '2026-03-16',
        days: [
          { date: '2026-03-10', rows: [base] },
          { date: '2026-03-12', rows: [{ ...base, transactionId: 't-9', ledger: -250 }] },
        ],
        deposits: [
          {
            date: '2026-03-12',
            sales: 2612,
            fees: 106,
            adjustments: 0,
            reversals: -50,
            chargebacks: 0,
            deposited: 2456,
          },
        ],
      },
      'Harbor Grill',
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[1]).toBe('Business days,2026-03-10 to 2026-03-16');
    expect(lines[3]).toBe(
      'Business day,Transaction,Retrieval reference,What,Ledger,Settled,Settled on,Batch,Deposited,Deposited on,Status,Note',
    );
    expect(lines[4]).toMatch(/^2026-03-10,t-1,123456789012,Order #12 · VISA 1111,26\.12,/);
    expect(lines[5]).toMatch(/^2026-03-12,t-9,.*,-2\.50,/);
    expect(lines[7]).toBe('Deposited on,Card sales,Fees,Adjustments,Reversals,Chargebacks,Deposit');
    expect(lines[8]).toBe('2026-03-12,26.12,1.06,0.00,-0.50,0.00,24.56');
    expect(lines).toHaveLength(9);
  });
});

describe("the day's gateway reports in words", () => {
  const window = (read: (index: number) => Pick<Report, 'importedAt' | 'final'>): Report[] =>
    [
      ['settlement', '2026-12-07'],
      ['settlement', '2026-12-08'],
      ['settlement', '2026-12-09'],
      ['funding', '2026-12-08'],
      ['funding', '2026-12-09'],
      ['funding', '2026-12-10'],
    ].map(([report, date], index) => ({
      report: report as Report['report'],
      date: date!,
      ...read(index),
    }));
  const day = (date: string) =>
    new Date(`${date}T00:00:00`).toLocaleDateString(undefined, { dateStyle: 'medium' });

  it('says nothing was read yet, naming the window', () => {
    const words = reportsWords(window(() => ({ importedAt: null, final: false })));
    expect(words).toContain('Not read from the gateway yet');
    expect(words).toContain(`the settlement of ${day('2026-12-07')} to ${day('2026-12-09')}`);
    expect(words).toContain(`the deposits of ${day('2026-12-08')} to ${day('2026-12-10')}`);
  });

  it('gives the latest read, how many are unread, and whether a read may still change', () => {
    const early = '2026-12-07T20:00:00Z';
    const late = '2026-12-11T06:00:00Z';
    const some = reportsWords(
      window((i) => (i === 0 ? { importedAt: early, final: false } : { importedAt: null, final: false })),
    );
    expect(some).toContain(
      `last read ${new Date(early).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
    expect(some).toContain('5 of them not read yet.');
    expect(some).toContain('may still change');
    const done = reportsWords(window((i) => ({ importedAt: i === 5 ? late : early, final: true })));
    expect(done).toContain(
      `last read ${new Date(late).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`,
    );
    expect(done).not.toContain('not read yet');
    expect(done).not.toContain('may still change');
  });
});
