import { z } from 'zod';
import { FEE_FORMATS, PAYMENT_LIMITS as L, MERCHANT_FEE_TYPES } from './constants';
import { ALPHANUMERIC, amountText, DIGITS, gatewayText, oneOf, yesNo } from './fields';
import { LENIENT_RESPONSE_FIELDS, RESPONSE_FIELDS, transactionResponseSchemas } from './gateway-response';
import { lenientObjectOf, lenientOneOrMany } from './lenient';

/**
 * Looking a transaction up (by retref or by order id), reading the merchant's settings, and capturing a
 * signature. The inquire answer's voidable and refundable flags decide
 * whether a void or a refund is offered.
 */

const numericMerchid = gatewayText('Merchant ID', {
  required: true,
  max: L.merchid,
  pattern: DIGITS,
  patternMessage: 'Merchant ID must be numeric',
});

export const inquireRequestSchema = z.object({
  retref: gatewayText('Retrieval reference', {
    required: true,
    max: L.retref,
    pattern: ALPHANUMERIC,
    patternMessage: 'Retrieval reference must be letters and digits',
  }),
  merchid: numericMerchid,
});
export type InquireRequest = z.output<typeof inquireRequestSchema>;

export const inquireByOrderIdRequestSchema = z.object({
  orderid: gatewayText('Order ID', { required: true, max: L.orderid }),
  merchid: numericMerchid,
  /** '1' asks for every transaction of the order id. */
  set: oneOf('Set', ['', '1']).optional(),
});
export type InquireByOrderIdRequest = z.output<typeof inquireByOrderIdRequestSchema>;

const merchantMerchid = gatewayText('Merchant ID', {
  required: true,
  max: L.merchid,
  pattern: ALPHANUMERIC,
  patternMessage: 'Merchant ID must be alphanumeric',
});

export const inquireMerchantRequestSchema = z.object({ merchid: merchantMerchid });
export type InquireMerchantRequest = z.output<typeof inquireMerchantRequestSchema>;

/** The strict form: a merchant id of at least 10 characters. */
export const inquireMerchantRequestStrictSchema = z.object({
  merchid: merchantMerchid.min(L.merchidStrictMin, {
    message: `Merchant ID must be at least ${L.merchidStrictMin} characters`,
    abort: true,
  }),
});

const INQUIRE_FIELDS = [
  'merchid',
  'orderid',
  'expiry',
  'amount',
  'currency',
  'retref',
  'respcode',
  'respproc',
  'respstat',
  'resptext',
  'batchid',
  'setlstat',
  'capturedate',
  'settledate',
  'signature',
  'token',
  'profileid',
  'acctid',
  'authdate',
  'lastfour',
  'name',
  'bintype',
  'entrymode',
  'fee_authcode',
  'fee_format',
  'fee_merchid',
  'fee_retref',
  'fee_type',
  'fee_value',
  'fee_amount',
  'emvTagData',
  'receipt',
  'receiptObj',
  'userfields',
  'voidable',
  'refundable',
  'declineCategory',
  'declineCategoryText',
  'merchAdviceCode',
  'merchAdviceText',
] as const;

const NOT_IN_INQUIRE_BY_ORDER = ['batchid', 'capturedate', 'settledate', 'signature', 'profileid', 'acctid'];
type NotInInquireByOrder = 'batchid' | 'capturedate' | 'settledate' | 'signature' | 'profileid' | 'acctid';

const inquireSchemas = transactionResponseSchemas(INQUIRE_FIELDS);
export const inquireResponseSchema = inquireSchemas.strict;
export const inquireResponseLenientSchema = inquireSchemas.lenient;
export type InquireResponse = z.output<typeof inquireResponseSchema>;
export type InquireResponseLenient = z.output<typeof inquireResponseLenientSchema>;

const inquireByOrderSchemas = transactionResponseSchemas(
  INQUIRE_FIELDS.filter(
    (field): field is Exclude<(typeof INQUIRE_FIELDS)[number], NotInInquireByOrder> =>
      !NOT_IN_INQUIRE_BY_ORDER.includes(field),
  ),
);
/** One transaction of an inquire-by-order-id answer. */
export const inquireByOrderIdResponseSchema = inquireByOrderSchemas.strict;
/** The gateway answers one transaction or, with set '1', a list: always read as a list. */
export const inquireByOrderIdResponseLenientSchema = lenientOneOrMany(inquireByOrderSchemas.lenient);
export type InquireByOrderIdResponse = z.output<typeof inquireByOrderIdResponseSchema>;
export type InquireByOrderIdResponseLenient = z.output<typeof inquireByOrderIdResponseLenientSchema>;

const MERCHANT_FIELDS = {
  acctupdater: gatewayText('Account updater', { max: 1 }).optional(),
  avs: yesNo('AVS').optional(),
  cardproc: gatewayText('Card processor', { max: L.respproc }).optional(),
  cvv: yesNo('CVV').optional(),
  echeck: yesNo('eCheck').optional(),
  enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
  fee_format: oneOf('Fee format', FEE_FORMATS).optional(),
  fee_merchid: gatewayText('Fee merchant ID', { max: L.merchid }).optional(),
  fee_type: oneOf('Fee type', MERCHANT_FEE_TYPES).optional(),
  fee_value: amountText('Fee value', L.amount).optional(),
  merchid: gatewayText('Merchant ID', { max: L.merchid }).optional(),
  site: gatewayText('Site', { max: L.site }).optional(),
};

/** The merchant's settings: which checks it runs (avs, cvv), whether it takes ACH, its fee. */
export const merchantResponseSchema = z.object(MERCHANT_FIELDS);
export const merchantResponseLenientSchema = lenientObjectOf(
  Object.keys(MERCHANT_FIELDS) as (keyof typeof MERCHANT_FIELDS)[],
  LENIENT_RESPONSE_FIELDS,
);
export type MerchantResponse = z.output<typeof merchantResponseSchema>;
export type MerchantResponseLenient = z.output<typeof merchantResponseLenientSchema>;

/** A signature for an authorised transaction (a base64 image). */
export const signatureCaptureRequestSchema = z.object({
  merchid: gatewayText('Merchant ID', { required: true, max: L.merchid }),
  retref: gatewayText('Retrieval reference', { required: true, max: L.retref }),
  signature: gatewayText('Signature', { required: true, max: L.signature }),
});
export type SignatureCaptureRequest = z.output<typeof signatureCaptureRequestSchema>;

const SIGCAP_FIELDS = ['resptext', 'respcode', 'retref', 'merchid'] as const;
export const signatureCaptureResponseSchema = z.object({
  resptext: RESPONSE_FIELDS.resptext,
  respcode: RESPONSE_FIELDS.respcode,
  retref: RESPONSE_FIELDS.retref,
  merchid: RESPONSE_FIELDS.merchid,
});
export const signatureCaptureResponseLenientSchema = lenientObjectOf(SIGCAP_FIELDS);
export type SignatureCaptureResponse = z.output<typeof signatureCaptureResponseSchema>;
export type SignatureCaptureResponseLenient = z.output<typeof signatureCaptureResponseLenientSchema>;
