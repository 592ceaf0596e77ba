import { describe, expect, it } from 'vitest';
import {
  FUNDING_LIMIT_MESSAGE,
  FUNDING_MERCHID_MESSAGE,
  fundingDateProblem,
  fundingRequestSchema,
  fundingResponseLenientSchema,
  fundingResponseSchema,
  paginatedFundingResponseSchema,
} from './funding';
import {
  CHARGEBACK_CASE_MESSAGE,
  chargebackSchema,
  fundingAdjustmentSchema,
  fundingRecordSchema,
  fundingTransactionSchema,
  REVERSAL_AMOUNT_MESSAGE,
  THIRD_PARTY_TYPE_MESSAGE,
} from './funding-records';
import { issuesOf } from './test-issues';

describe('fundingRequestSchema', () => {
  it('accepts a merchant id alone, a date and paging', () => {
    expect(fundingRequestSchema.parse({ merchid: '496160873888' })).toEqual({ merchid: '496160873888' });
    expect(
      fundingRequestSchema.parse({ merchid: '496160873888', date: '0301', page: '2', limit: 100 }),
    ).toEqual({
      merchid: '496160873888',
      date: '0301',
      page: 2,
      limit: 100,
    });
  });

  it.each([undefined, '', 'MERCH', '1'.repeat(17)])(
    'refuses merchid %j with the fromJSON message',
    (merchid) => {
      expect(issuesOf(fundingRequestSchema.safeParse({ merchid }))).toEqual([
        ['merchid', FUNDING_MERCHID_MESSAGE],
      ]);
    },
  );

  it.each([
    ['0301', undefined],
    ['20240301', undefined],
    ['21000101', undefined],
    ['19000131', undefined],
    ['03-01', 'Date must be numeric'],
    ['031', 'Date must be MMDD or YYYYMMDD'],
    ['202403', 'Date must be MMDD or YYYYMMDD'],
    ['1301', 'Date month must be 1-12'],
    ['0001', 'Date month must be 1-12'],
    ['0132', 'Date day must be 1-31'],
    ['0100', 'Date day must be 1-31'],
    ['18991231', 'Date year must be 1900-2100'],
    ['21010101', 'Date year must be 1900-2100'],
  ])('date %j: %j', (date, problem) => {
    expect(fundingDateProblem(date)).toBe(problem);
    expect(issuesOf(fundingRequestSchema.safeParse({ merchid: '1', date }))).toEqual(
      problem ? [['date', problem]] : [],
    );
  });

  it('refuses a date over 8 characters', () => {
    expect(issuesOf(fundingRequestSchema.safeParse({ merchid: '1', date: '202403011' }))).toEqual([
      ['date', 'Date cannot exceed 8 characters'],
    ]);
  });

  it('wants positive whole pages and at most 10,000 records per page', () => {
    expect(fundingRequestSchema.safeParse({ merchid: '1', limit: 10_000 }).success).toBe(true);
    expect(issuesOf(fundingRequestSchema.safeParse({ merchid: '1', limit: 10_001 }))).toEqual([
      ['limit', FUNDING_LIMIT_MESSAGE],
    ]);
    expect(issuesOf(fundingRequestSchema.safeParse({ merchid: '1', page: 0 }))).toEqual([
      ['page', 'Page must be a positive integer'],
    ]);
    expect(issuesOf(fundingRequestSchema.safeParse({ merchid: '1', page: 1.5 }))).toEqual([
      ['page', 'Page must be a positive integer'],
    ]);
    expect(issuesOf(fundingRequestSchema.safeParse({ merchid: '1', page: 'two' }))).toEqual([
      ['page', 'Page must be a positive integer'],
    ]);
    expect(issuesOf(fundingRequestSchema.safeParse({ merchid: '1', page: 2_147_483_648 }))).toEqual([
      ['page', 'Page must be at most 2147483647'],
    ]);
  });
});

const funding = {
  fundingid: '3138',
  fundingmasterid: '1995',
  netsales: '1106.00',
  totalfunding: '1074.31',
  fee: '-31.69',
  interchangefee: '-22.10',
  datechanged: '2024-03-02',
  dateadded: '20240302',
  currency: 'USD',
};
const txn = {
  fundingtxnid: '71',
  retref: '288002073633',
  authcode: 'PPS1234567',
  respcode: '00',
  cardnumber: '41XXXXXXXXXX1111',
  amount: '-106.00',
  authdate: '2024-03-01',
  date: '2024-03-02',
  userfield0: 'table 12',
};
const answer = {
  fundingdate: '2024-03-02',
  fundingmasterid: '1995',
  merchid: '496160873888',
  fundings: [funding],
  txns: [txn],
};

describe('funding records', () => {
  it('validates a funding and a transaction', () => {
    expect(fundingRecordSchema.parse(funding)).toEqual(funding);
    expect(fundingTransactionSchema.parse(txn)).toEqual(txn);
  });

  it.each([
    [
      fundingRecordSchema,
      funding,
      'totalfunding',
      '1.001',
      'Total funding must be a number with up to two decimal places',
    ],
    [fundingRecordSchema, funding, 'currency', 'usd', 'Currency must be 3 uppercase letters'],
    [
      fundingRecordSchema,
      funding,
      'dateadded',
      '2024-13-01',
      'Date added must be a date (YYYY-MM-DD or YYYYMMDD)',
    ],
    [
      fundingRecordSchema,
      funding,
      'datechanged',
      '1899-12-31',
      'Date changed must be a date (YYYY-MM-DD or YYYYMMDD)',
    ],
    [
      fundingTransactionSchema,
      txn,
      'authcode',
      '1'.repeat(11),
      'Authorization code cannot exceed 10 characters',
    ],
    [fundingTransactionSchema, txn, 'respcode', '0', 'Response code must be 2-3 uppercase letters or digits'],
    [
      fundingTransactionSchema,
      txn,
      'respcode',
      'nu',
      'Response code must be 2-3 uppercase letters or digits',
    ],
    [fundingTransactionSchema, txn, 'cardnumber', '41-11', 'Card number must be 4-25 digits, X or *'],
    [fundingTransactionSchema, txn, 'cardnumber', '411', 'Card number must be 4-25 digits, X or *'],
    [
      fundingTransactionSchema,
      txn,
      'userfield9',
      'x'.repeat(257),
      'Userfield 9 cannot exceed 256 characters',
    ],
    [
      fundingTransactionSchema,
      txn,
      'parentretref',
      '1'.repeat(15),
      'Parent retrieval reference cannot exceed 14 characters',
    ],
  ] as const)('%#: %s %j', (schema, record, field, value, message) => {
    expect(issuesOf(schema.safeParse({ ...record, [field]: value }))).toEqual([[field, message]]);
  });
});

describe('funding adjustments', () => {
  const adjustment = {
    fundingadjustmentid: '9',
    amount: '-5.00',
    category: 'FEE',
    description: 'Monthly fee',
    merchid: '496160873888',
  };

  it('validates an adjustment', () => {
    expect(fundingAdjustmentSchema.parse(adjustment)).toEqual(adjustment);
  });

  it('a reversal must be negative', () => {
    expect(fundingAdjustmentSchema.safeParse({ ...adjustment, category: 'REVERSAL' }).success).toBe(true);
    for (const amount of ['5.00', '0', undefined]) {
      expect(
        issuesOf(fundingAdjustmentSchema.safeParse({ ...adjustment, category: 'REVERSAL', amount })),
      ).toEqual([['amount', REVERSAL_AMOUNT_MESSAGE]]);
    }
  });

  it('a third-party adjustment needs a type, a chargeback a case number', () => {
    expect(issuesOf(fundingAdjustmentSchema.safeParse({ ...adjustment, category: 'THIRD PARTY' }))).toEqual([
      ['type', THIRD_PARTY_TYPE_MESSAGE],
    ]);
    expect(
      fundingAdjustmentSchema.safeParse({ ...adjustment, category: 'THIRD PARTY', type: 'Amex' }).success,
    ).toBe(true);
    expect(issuesOf(fundingAdjustmentSchema.safeParse({ ...adjustment, category: 'CHARGEBACK' }))).toEqual([
      ['casenumber', CHARGEBACK_CASE_MESSAGE],
    ]);
    expect(
      fundingAdjustmentSchema.safeParse({ ...adjustment, category: 'CHARGEBACK', casenumber: 'C-1' }).success,
    ).toBe(true);
  });

  it.each([
    ['merchid', '4961-6087', 'Merchant ID must contain only digits'],
    ['merchid', '1'.repeat(17), 'Merchant ID cannot exceed 16 characters'],
    ['description', 'x'.repeat(501), 'Description cannot exceed 500 characters'],
    ['type', 'x'.repeat(101), 'Type cannot exceed 100 characters'],
    ['casenumber', 'x'.repeat(31), 'Case number cannot exceed 30 characters'],
    ['category', 'MISC', 'Category must be one of REVERSAL, THIRD PARTY, CHARGEBACK, FEE, ADJUSTMENT, OTHER'],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(fundingAdjustmentSchema.safeParse({ ...adjustment, [field]: value }))).toEqual([
      [field, message],
    ]);
  });
});

describe('chargeback records', () => {
  const chargeback = {
    fundingchargebackid: '4',
    amount: '-25.00',
    transactionamount: '106.00',
    reasoncode: '31',
    reasondescription: 'Transaction amount differs',
    chargebackdate: '2024-03-10',
    cardnumber: '54**********5454',
  };

  it('validates a chargeback', () => {
    expect(chargebackSchema.parse(chargeback)).toEqual(chargeback);
  });

  it.each([
    ['reasoncode', '', 'Reason code is required'],
    ['reasoncode', '4837a', 'Reason code must be uppercase letters and digits'],
    ['reasoncode', '1'.repeat(11), 'Reason code cannot exceed 10 characters'],
    ['reasondescription', 'x'.repeat(201), 'Reason description cannot exceed 200 characters'],
    ['sourcetransactionid', 'x'.repeat(101), 'Source transaction ID cannot exceed 100 characters'],
    ['sequencenumber', 'x'.repeat(31), 'Sequence number cannot exceed 30 characters'],
    ['acquirereferencenumber', 'x'.repeat(31), 'Acquirer reference number cannot exceed 30 characters'],
    ['authcode', 'x'.repeat(11), 'Authorization code cannot exceed 10 characters'],
    ['depositdate', '03/10/2024', 'Deposit date must be a date (YYYY-MM-DD or YYYYMMDD)'],
    ['cardnumber', '5454 5454', 'Card number must be 4-25 digits, X or *'],
  ])('%s %j: %s', (field, value, message) => {
    expect(issuesOf(chargebackSchema.safeParse({ ...chargeback, [field]: value }))).toEqual([
      [field, message],
    ]);
  });
});

describe('funding answers', () => {
  it('validates a full answer and wraps a single chargeback into a list', () => {
    const parsed = fundingResponseSchema.parse({
      ...answer,
      chargebacks: { reasoncode: '30', amount: '-1.00' },
    });
    expect(parsed.chargebacks).toEqual([{ reasoncode: '30', amount: '-1.00' }]);
  });

  it('needs funding date, master id, a funding and a transaction', () => {
    expect(issuesOf(fundingResponseSchema.safeParse({ fundings: [], txns: [] }))).toEqual([
      ['fundingdate', 'Funding date must be a string'],
      ['fundingmasterid', 'Funding master ID is required'],
      ['fundings', 'A funding response must hold at least one funding record'],
      ['txns', 'A funding response must hold at least one transaction'],
    ]);
  });

  it('a paginated answer needs numeric paging values', () => {
    expect(
      issuesOf(paginatedFundingResponseSchema.safeParse({ ...answer, pageNumber: 'one', perPageSize: '10' })),
    ).toEqual([
      ['pageNumber', 'Page number must be numeric'],
      ['currentPageSize', 'Current page size is required'],
    ]);
    const paged = { ...answer, pageNumber: '1', perPageSize: '10', currentPageSize: '10' };
    expect(paginatedFundingResponseSchema.safeParse(paged).success).toBe(true);
  });

  it('reads any answer leniently, lists always lists', () => {
    expect(fundingResponseLenientSchema.parse({ errormsg: 'No deposits match your request' })).toEqual({
      errormsg: 'No deposits match your request',
      fundings: [],
      txns: [],
      adjustments: [],
      chargebacks: [],
    });
    const parsed = fundingResponseLenientSchema.parse({
      ...answer,
      pageNumber: 1,
      chargebacks: { reasoncode: 30 },
    });
    expect(parsed.pageNumber).toBe('1');
    expect(parsed.chargebacks).toEqual([{ reasoncode: '30' }]);
    expect(parsed.txns[0]?.amount).toBe('-106.00');
  });
});
