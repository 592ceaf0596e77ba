import { z } from 'zod';
import { parseDecimalAmount } from './amount';
import { ADJUSTMENT_CATEGORIES, PAYMENT_LIMITS as L } from './constants';
import {
  amountText,
  checkPaymentRules,
  DIGITS,
  gatewayText,
  ISO_DATE,
  MASKED_CARD,
  oneOf,
  type PaymentRule,
  recordDate,
  UPPER_ALPHANUMERIC,
  UPPER_LETTERS,
  YYYYMMDD,
} from './fields';
import { lenientObjectOf } from './lenient';

/**
 * The records of a funding (deposit) report: fundings, their transactions, adjustments and
 * chargebacks. Every value is a string; amounts are signed (negative = debit).
 */

const recordText = (label: string, max?: number) => gatewayText(label, { max }).optional();
const signedAmount = (label: string) => amountText(label, L.amount, { signed: true }).optional();
const date = (label: string) => recordDate(label).optional();
const currency = gatewayText('Currency', {
  length: 3,
  pattern: UPPER_LETTERS,
  patternMessage: 'Currency must be 3 uppercase letters',
}).optional();
const maskedCard = gatewayText('Card number', {
  pattern: MASKED_CARD,
  patternMessage: 'Card number must be 4-25 digits, X or *',
}).optional();

const FUNDING_RECORD_FIELDS = {
  fundingid: recordText('Funding ID'),
  fundingmasterid: recordText('Funding master ID'),
  netsales: signedAmount('Net sales'),
  totalfunding: signedAmount('Total funding'),
  fee: signedAmount('Fee'),
  thirdparty: signedAmount('Third party'),
  reversal: signedAmount('Reversal'),
  interchangefee: signedAmount('Interchange fee'),
  adjustment: signedAmount('Adjustment'),
  servicecharge: signedAmount('Service charge'),
  otheradjustment: signedAmount('Other adjustment'),
  datechanged: date('Date changed'),
  dateadded: date('Date added'),
  deposittrancode: recordText('Deposit transaction code'),
  ddanumber: recordText('DDA number'),
  currency,
  depositachtracenumber: recordText('Deposit ACH trace number'),
  abanumber: recordText('ABA number'),
};

/** One deposit to the merchant's bank account. */
export const fundingRecordSchema = z.object(FUNDING_RECORD_FIELDS);
export const fundingRecordLenientSchema = lenientObjectOf(
  Object.keys(FUNDING_RECORD_FIELDS) as (keyof typeof FUNDING_RECORD_FIELDS)[],
);
export type FundingRecord = z.output<typeof fundingRecordSchema>;
export type FundingRecordLenient = z.output<typeof fundingRecordLenientSchema>;

const USERFIELDS = Object.fromEntries(
  Array.from({ length: 10 }, (_, index) => [
    `userfield${index}`,
    recordText(`Userfield ${index}`, L.userfield),
  ]),
) as Record<`userfield${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}`, ReturnType<typeof recordText>>;

const FUNDING_TXN_FIELDS = {
  fundingtxnid: recordText('Funding transaction ID'),
  fundingid: recordText('Funding ID'),
  batchid: recordText('Batch ID', L.batchid),
  authcode: recordText('Authorization code', L.fundingAuthcode),
  authdate: gatewayText('Authorization date', {
    pattern: new RegExp(`${ISO_DATE.source}|${YYYYMMDD.source}|^\\d{14}$`),
    patternMessage: 'Authorization date must be YYYY-MM-DD, YYYYMMDD or 14 digits',
  }).optional(),
  respcode: gatewayText('Response code', {
    pattern: /^[A-Z0-9]{2,3}$/,
    patternMessage: 'Response code must be 2-3 uppercase letters or digits',
  }).optional(),
  cardnumber: maskedCard,
  cardtype: recordText('Card type'),
  cardbrand: recordText('Card brand'),
  cardproc: recordText('Card processor'),
  retref: recordText('Retrieval reference', L.retref),
  amount: signedAmount('Amount'),
  currency,
  type: recordText('Type'),
  status: recordText('Status'),
  date: date('Date'),
  interchangeunitfee: recordText('Interchange unit fee'),
  interchangepercentfee: recordText('Interchange percent fee'),
  plancode: recordText('Plan code'),
  downgradereasoncodes: recordText('Downgrade reason codes'),
  invoicenumber: recordText('Invoice number'),
  sourcetransactionid: recordText('Source transaction ID', L.sourceTransactionId),
  terminalnumber: recordText('Terminal number'),
  achreturncode: recordText('ACH return code'),
  parentretref: recordText('Parent retrieval reference', L.retref),
  ...USERFIELDS,
};

/** One transaction inside a deposit. */
export const fundingTransactionSchema = z.object(FUNDING_TXN_FIELDS);
export const fundingTransactionLenientSchema = lenientObjectOf(
  Object.keys(FUNDING_TXN_FIELDS) as (keyof typeof FUNDING_TXN_FIELDS)[],
);
export type FundingTransaction = z.output<typeof fundingTransactionSchema>;
export type FundingTransactionLenient = z.output<typeof fundingTransactionLenientSchema>;

export const REVERSAL_AMOUNT_MESSAGE = 'Reversal amount must be negative';
export const THIRD_PARTY_TYPE_MESSAGE = 'Type is required for third-party adjustments';
export const CHARGEBACK_CASE_MESSAGE = 'Case number is required for chargeback adjustments';

const ADJUSTMENT_FIELDS = {
  fundingmasterid: recordText('Funding master ID'),
  fundingadjustmentid: recordText('Funding adjustment ID'),
  amount: signedAmount('Amount'),
  datechanged: date('Date changed'),
  dateadded: date('Date added'),
  description: recordText('Description', L.adjustmentDescription),
  category: oneOf('Category', ADJUSTMENT_CATEGORIES).optional(),
  type: recordText('Type', L.adjustmentType),
  currency,
  casenumber: recordText('Case number', L.caseNumber),
  merchid: gatewayText('Merchant ID', {
    max: L.merchid,
    pattern: DIGITS,
    patternMessage: 'Merchant ID must contain only digits',
  }).optional(),
};
type AdjustmentFields = z.output<z.ZodObject<typeof ADJUSTMENT_FIELDS>>;

const adjustmentRules: readonly PaymentRule<AdjustmentFields>[] = [
  {
    path: 'amount',
    message: REVERSAL_AMOUNT_MESSAGE,
    holds: (v) => v.category !== 'REVERSAL' || (parseDecimalAmount(v.amount ?? '') ?? 0) < 0,
  },
  { path: 'type', message: THIRD_PARTY_TYPE_MESSAGE, holds: (v) => v.category !== 'THIRD PARTY' || !!v.type },
  {
    path: 'casenumber',
    message: CHARGEBACK_CASE_MESSAGE,
    holds: (v) => v.category !== 'CHARGEBACK' || !!v.casenumber,
  },
];

/** A correction to a deposit: a reversal, a third-party charge, a chargeback, a fee, or another kind. */
export const fundingAdjustmentSchema = z
  .object(ADJUSTMENT_FIELDS)
  .superRefine(checkPaymentRules(adjustmentRules));
export const fundingAdjustmentLenientSchema = lenientObjectOf(
  Object.keys(ADJUSTMENT_FIELDS) as (keyof typeof ADJUSTMENT_FIELDS)[],
);
export type FundingAdjustment = z.output<typeof fundingAdjustmentSchema>;
export type FundingAdjustmentLenient = z.output<typeof fundingAdjustmentLenientSchema>;

const CHARGEBACK_FIELDS = {
  fundingmasterid: recordText('Funding master ID'),
  fundingchargebackid: recordText('Funding chargeback ID'),
  invoicenumber: recordText('Invoice number'),
  amount: signedAmount('Amount'),
  transactionamount: signedAmount('Transaction amount'),
  depositdate: date('Deposit date'),
  transactiondate: date('Transaction date'),
  chargebackdate: date('Chargeback date'),
  datechanged: date('Date changed'),
  dateadded: date('Date added'),
  reasondescription: recordText('Reason description', L.reasonDescription),
  reasoncode: gatewayText('Reason code', {
    required: true,
    max: L.reasonCode,
    pattern: UPPER_ALPHANUMERIC,
    patternMessage: 'Reason code must be uppercase letters and digits',
  }).optional(),
  sourcetransactionid: recordText('Source transaction ID', L.sourceTransactionId),
  authcode: recordText('Authorization code', L.fundingAuthcode),
  retref: recordText('Retrieval reference', L.retref),
  cardnumber: maskedCard,
  casenumber: recordText('Case number', L.caseNumber),
  sequencenumber: recordText('Sequence number', L.sequenceNumber),
  acquirereferencenumber: recordText('Acquirer reference number', L.acquirerReference),
  merchid: recordText('Merchant ID', L.merchid),
};

/** A chargeback: a disputed transaction taken back from the merchant. */
export const chargebackSchema = z.object(CHARGEBACK_FIELDS);
export const chargebackLenientSchema = lenientObjectOf(
  Object.keys(CHARGEBACK_FIELDS) as (keyof typeof CHARGEBACK_FIELDS)[],
);
export type Chargeback = z.output<typeof chargebackSchema>;
export type ChargebackLenient = z.output<typeof chargebackLenientSchema>;
