import { z } from 'zod';
import {
  BIN_TYPES,
  COF_INITIATORS,
  CVV_RESPONSES,
  DECLINE_CATEGORIES,
  ENTRY_MODES,
  FEE_FORMATS,
  FEE_TYPES,
  PAYMENT_LIMITS as L,
  RESPSTATS,
} from './constants';
import {
  amountText,
  DATE_TIME_14,
  gatewayText,
  jsonObjectField,
  MMYY,
  oneOf,
  pickShape,
  UPPER_ALPHANUMERIC,
  UPPER_LETTERS,
  yesNo,
} from './fields';
import { lenientBoolean, lenientJsonObject, lenientObjectOf, lenientUserfields } from './lenient';

/**
 * The fields a gateway answer may carry with their limits, the receipt and EMV data
 * inside them, and the rules every transaction answer follows. Answers to authorisations and captures
 * carry all of them; the other answers pick theirs from RESPONSE_FIELDS.
 */

export const RESPSTAT_MESSAGE = 'Response status must be A (Approved), B (Retry), or C (Declined)';

const optionalText = (label: string, max?: number) => gatewayText(label, { max }).optional();

/** EMV data of a chip transaction (the emvTagData field). Names as the gateway writes them. */
export const emvTagDataSchema = z.looseObject({
  AID: optionalText('AID'),
  IAD: optionalText('IAD'),
  TSI: optionalText('TSI'),
  TVR: optionalText('TVR'),
  PIN: optionalText('PIN'),
  Signature: optionalText('Signature'),
  Mode: optionalText('Mode'),
  'Network Label': optionalText('Network Label'),
  'Entry method': optionalText('Entry method'),
  'Application Label': optionalText('Application Label'),
});

/** The receipt block (the receipt field). */
export const receiptSchema = z.looseObject({
  address1: optionalText('address1'),
  address2: optionalText('address2'),
  dateTime: optionalText('dateTime'),
  dba: optionalText('dba'),
  footer: optionalText('footer'),
  header: optionalText('header'),
  nameOnCard: optionalText('nameOnCard'),
  phone: optionalText('phone'),
});

/** The extended receipt (the receiptObj field): the receipt plus the EMV lines printed on it. */
export const extendedReceiptSchema = receiptSchema.extend({
  Signature: optionalText('Signature'),
  Mode: optionalText('Mode'),
  'Network Label': optionalText('Network Label'),
  'Entry method': optionalText('Entry method'),
  'Application Label': optionalText('Application Label'),
  PIN: optionalText('PIN'),
  emv: emvTagDataSchema.pick({ AID: true, IAD: true, TSI: true, TVR: true }).optional(),
});

/** Userfields in an answer: names to values of at most 256 characters. */
export const userfieldsSchema = z.record(
  gatewayText('Userfield name'),
  gatewayText('Userfield', { max: L.userfield }),
);

/** Every field of a gateway answer, validated within its limits. */
export const RESPONSE_FIELDS = {
  respstat: z.enum(RESPSTATS, { error: RESPSTAT_MESSAGE }),
  respcode: optionalText('Response code', L.respcode),
  resptext: gatewayText('Response text', { min: 1, max: L.resptext }).optional(),
  respproc: gatewayText('Response processor', {
    max: L.respproc,
    pattern: UPPER_ALPHANUMERIC,
    patternMessage: 'Response processor must be uppercase letters and digits',
  }).optional(),
  retref: gatewayText('Retrieval reference', { min: 1, max: L.retref }).optional(),
  authcode: optionalText('Authorization code', L.authcode),
  amount: amountText('Amount', L.amount, { signed: true }).optional(),
  token: optionalText('Token', L.token),
  profileid: optionalText('Profile ID', L.profileid),
  acctid: optionalText('Account ID', L.acctid),
  setlstat: optionalText('Settlement status'),
  batchid: gatewayText('Batch ID', { min: 1, max: L.batchid }).optional(),
  orderid: optionalText('Order ID', L.orderid),
  orderId: optionalText('Order ID', L.orderid),
  account: optionalText('Account', L.account),
  expiry: gatewayText('Expiry', {
    pattern: new RegExp(`${MMYY.source}|^0000$`),
    patternMessage: "Expiry must be MMYY format or '0000' for ACH accounts",
  }).optional(),
  merchid: gatewayText('Merchant ID', { min: 1, max: L.merchid }).optional(),
  currency: gatewayText('Currency', {
    length: 3,
    pattern: UPPER_LETTERS,
    patternMessage: 'Currency must be 3 uppercase letters',
  }).optional(),
  cardproc: optionalText('Card processor'),
  cof: oneOf('Credential on file', COF_INITIATORS).optional(),
  avsresp: optionalText('AVS response', 2),
  cvvresp: oneOf('CVV response', CVV_RESPONSES).optional(),
  binInfo: jsonObjectField('binInfo', z.looseObject({})).optional(),
  bintype: oneOf('BIN type', BIN_TYPES).optional(),
  entrymode: oneOf('Entry mode', ENTRY_MODES).optional(),
  fee_authcode: optionalText('Fee authorization code', L.authcode),
  fee_format: oneOf('Fee format', FEE_FORMATS).optional(),
  fee_merchid: optionalText('Fee merchant ID', L.merchid),
  fee_retref: optionalText('Fee retrieval reference', L.retref),
  fee_type: oneOf('Fee type', FEE_TYPES).optional(),
  fee_value: amountText('Fee value', L.amount).optional(),
  fee_amount: amountText('Fee amount', L.amount).optional(),
  declineCategory: oneOf('Decline category', DECLINE_CATEGORIES).optional(),
  declineCategoryText: optionalText('Decline category text'),
  merchAdviceCode: gatewayText('Merchant advice code', { length: 2 }).optional(),
  merchAdviceText: optionalText('Merchant advice text'),
  assocRespCode: optionalText('Association response code'),
  assocRespText: optionalText('Association response text'),
  signature: optionalText('Signature', L.signature),
  commcard: yesNo('Commercial card').optional(),
  emv: optionalText('EMV'),
  emvTagData: jsonObjectField('emvTagData', emvTagDataSchema).optional(),
  receipt: jsonObjectField('receipt', receiptSchema).optional(),
  receiptObj: jsonObjectField('receiptObj', extendedReceiptSchema).optional(),
  userfields: userfieldsSchema.optional(),
  voidable: yesNo('Voidable').optional(),
  refundable: yesNo('Refundable').optional(),
  lastfour: gatewayText('Last four', {
    pattern: /^\d{4}$/,
    patternMessage: 'Last four must be 4 digits',
  }).optional(),
  name: optionalText('Name', L.name),
  authdate: gatewayText('Authorization date', {
    pattern: /^(\d{8}|\d{14})$/,
    patternMessage: 'Authorization date must be 8 digits (YYYYMMDD) or 14 digits',
  }).optional(),
  capturedate: gatewayText('Capture date', {
    pattern: DATE_TIME_14,
    patternMessage: 'Capture date must be 14 digits (YYYYMMDDHHMMSS)',
  }).optional(),
  settledate: gatewayText('Settle date', {
    pattern: DATE_TIME_14,
    patternMessage: 'Settle date must be 14 digits (YYYYMMDDHHMMSS)',
  }).optional(),
};

/** How the lenient answers read the fields that are not plain strings. */
export const LENIENT_RESPONSE_FIELDS = {
  binInfo: lenientJsonObject(z.looseObject({})),
  emvTagData: lenientJsonObject(lenientObjectOf(Object.keys(emvTagDataSchema.shape))),
  receipt: lenientJsonObject(lenientObjectOf(Object.keys(receiptSchema.shape))),
  receiptObj: lenientJsonObject(
    lenientObjectOf(Object.keys(extendedReceiptSchema.shape), {
      emv: lenientJsonObject(lenientObjectOf(['AID', 'IAD', 'TSI', 'TVR'])),
    }),
  ),
  userfields: lenientUserfields,
  enabled: lenientBoolean,
} as const;

interface IssueSink {
  addIssue: (issue: { code: 'custom'; message: string; path: PropertyKey[] }) => void;
}

export const APPROVED_NEEDS_RETREF = 'An approved response must carry a retrieval reference';
export const DECLINED_NEEDS_RESPCODE = 'A declined response must carry a response code';
export const DECLINED_NEEDS_RESPTEXT = 'A declined response must carry a response text';

/** An approved answer carries retref; a declined one carries respcode and resptext. */
export const checkTransactionResponse = (
  value: { respstat: string; retref?: string; respcode?: string; resptext?: string },
  ctx: IssueSink,
  options: { retref: boolean } = { retref: true },
) => {
  if (options.retref && value.respstat === 'A' && !value.retref)
    ctx.addIssue({ code: 'custom', message: APPROVED_NEEDS_RETREF, path: ['retref'] });
  if (value.respstat === 'C' && !value.respcode)
    ctx.addIssue({ code: 'custom', message: DECLINED_NEEDS_RESPCODE, path: ['respcode'] });
  if (value.respstat === 'C' && !value.resptext)
    ctx.addIssue({ code: 'custom', message: DECLINED_NEEDS_RESPTEXT, path: ['resptext'] });
};

/** The answer to an authorisation or a capture: any field of RESPONSE_FIELDS. */
export const authResponseSchema = z.object(RESPONSE_FIELDS).superRefine((value, ctx) => {
  checkTransactionResponse(value, ctx);
});
export type AuthResponse = z.output<typeof authResponseSchema>;

/** A capture is answered like an authorisation. */
export const captureResponseSchema = authResponseSchema;

export const authResponseLenientSchema = lenientObjectOf(
  Object.keys(RESPONSE_FIELDS) as (keyof typeof RESPONSE_FIELDS)[],
  LENIENT_RESPONSE_FIELDS,
);
export type AuthResponseLenient = z.output<typeof authResponseLenientSchema>;
export const captureResponseLenientSchema = authResponseLenientSchema;

type ResponseFieldName = keyof typeof RESPONSE_FIELDS;

/**
 * The validating and the lenient schema of a transaction answer made of the named fields of RESPONSE_FIELDS (respstat
 * among them). `retref: false` for answers that carry none (profiles).
 */
export function transactionResponseSchemas<const K extends ResponseFieldName>(
  keys: readonly K[],
  options: { retref: boolean } = { retref: true },
) {
  return {
    strict: z.object(pickShape(RESPONSE_FIELDS, keys)).superRefine((value, ctx) => {
      checkTransactionResponse(value as Parameters<typeof checkTransactionResponse>[0], ctx, options);
    }),
    lenient: lenientObjectOf(keys, LENIENT_RESPONSE_FIELDS),
  };
}
