import { z } from 'zod';
import { parseDecimalAmount, UNSIGNED_AMOUNT } from './amount';
import { PAYMENT_LIMITS as L } from './constants';
import { closedObject, DIGITS, gatewayText, UPPER_ALPHANUMERIC } from './fields';
import { transactionResponseSchemas } from './gateway-response';

/**
 * Void, void by order id and refund. A void cancels an authorisation before it
 * settles; a refund returns money after. An absent amount means the whole amount.
 */

export const VOID_INVALID_MESSAGE = 'Invalid VoidRequest data.';
export const VOID_REQUIRED_MESSAGE = 'merchid and retref are required';
export const VOID_BY_ORDER_MERCHID_MESSAGE = 'merchid is required and must be a string';
/** The spec names no message for a missing order id; this one follows the merchid message. */
export const VOID_BY_ORDER_ORDERID_MESSAGE = 'orderid is required and must be a string';

const voidAmount = gatewayText('Amount', {
  max: L.amount,
  pattern: UNSIGNED_AMOUNT,
  message: VOID_INVALID_MESSAGE,
}).optional();

/** Void by retref. Anything wrong beyond a missing merchid or retref is `Invalid VoidRequest data.`. */
export const voidRequestSchema = z.object(
  {
    merchid: gatewayText('Merchant ID', {
      required: true,
      max: L.merchid,
      missingMessage: VOID_REQUIRED_MESSAGE,
      message: VOID_INVALID_MESSAGE,
    }),
    retref: gatewayText('Retrieval reference', {
      required: true,
      max: L.retref,
      missingMessage: VOID_REQUIRED_MESSAGE,
      message: VOID_INVALID_MESSAGE,
    }),
    amount: voidAmount,
  },
  { error: VOID_INVALID_MESSAGE },
);
export type VoidRequest = z.output<typeof voidRequestSchema>;

/** Void by order id, for an authorisation whose answer never arrived. */
export const voidByOrderIdRequestSchema = z.object(
  {
    merchid: gatewayText('Merchant ID', {
      required: true,
      max: L.merchid,
      missingMessage: VOID_BY_ORDER_MERCHID_MESSAGE,
      message: VOID_INVALID_MESSAGE,
    }),
    orderid: gatewayText('Order ID', {
      required: true,
      max: L.orderid,
      missingMessage: VOID_BY_ORDER_ORDERID_MESSAGE,
      message: VOID_INVALID_MESSAGE,
    }),
    amount: voidAmount,
  },
  { error: VOID_INVALID_MESSAGE },
);
export type VoidByOrderIdRequest = z.output<typeof voidByOrderIdRequestSchema>;

export const REFUND_AMOUNT_MESSAGE =
  'Amount must be a positive number string, optionally with up to two decimal places';
export const PARTIAL_REFUND_AMOUNT_MESSAGE = 'Amount is required for a partial refund';

const refundFields = {
  merchid: gatewayText('Merchant ID', { required: true, max: L.merchid }),
  retref: gatewayText('Retrieval reference', { required: true, max: L.retref }),
  amount: gatewayText('Amount', {
    max: L.amountLong,
    pattern: UNSIGNED_AMOUNT,
    patternMessage: REFUND_AMOUNT_MESSAGE,
  }).optional(),
  orderid: gatewayText('Order ID', { max: L.orderid }).optional(),
};

/** A refund of a settled transaction; no amount refunds all of it. */
export const refundRequestSchema = closedObject(refundFields);
export type RefundRequest = z.output<typeof refundRequestSchema>;

/** The strict form: a numeric merchant id, an uppercase retref of 8-14 characters, an amount above zero. */
export const refundRequestStrictSchema = closedObject({
  merchid: refundFields.merchid.regex(DIGITS, { message: 'Merchant ID must be numeric', abort: true }),
  retref: refundFields.retref
    .min(L.retrefStrictMin, {
      message: `Retrieval reference must be at least ${L.retrefStrictMin} characters`,
      abort: true,
    })
    .regex(UPPER_ALPHANUMERIC, {
      message: 'Retrieval reference must be uppercase letters and digits',
      abort: true,
    }),
  amount: refundFields.amount.refine(
    (amount) => amount === undefined || (parseDecimalAmount(amount) ?? 0) > 0,
    'Amount must be greater than zero',
  ),
  orderid: refundFields.orderid,
});

/** A partial refund names its amount. */
export const partialRefundRequestSchema = closedObject({
  ...refundFields,
  amount: gatewayText('Amount', {
    required: true,
    max: L.amountLong,
    pattern: UNSIGNED_AMOUNT,
    patternMessage: REFUND_AMOUNT_MESSAGE,
    missingMessage: PARTIAL_REFUND_AMOUNT_MESSAGE,
  }),
});

const voidSchemas = transactionResponseSchemas([
  'merchid',
  'orderId',
  'authcode',
  'amount',
  'currency',
  'retref',
  'respcode',
  'respproc',
  'respstat',
  'resptext',
  'emvTagData',
  'receipt',
  'receiptObj',
]);
export const voidResponseSchema = voidSchemas.strict;
export const voidResponseLenientSchema = voidSchemas.lenient;
export type VoidResponse = z.output<typeof voidResponseSchema>;
export type VoidResponseLenient = z.output<typeof voidResponseLenientSchema>;

const refundSchemas = transactionResponseSchemas([
  'merchid',
  'retref',
  'amount',
  'currency',
  'orderid',
  'respcode',
  'respproc',
  'respstat',
  'resptext',
  'emvTagData',
  'receipt',
  'receiptObj',
  'declineCategory',
  'declineCategoryText',
]);
export const refundResponseSchema = refundSchemas.strict;
export const refundResponseLenientSchema = refundSchemas.lenient;
export type RefundResponse = z.output<typeof refundResponseSchema>;
export type RefundResponseLenient = z.output<typeof refundResponseLenientSchema>;
