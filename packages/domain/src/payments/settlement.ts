import { z } from 'zod';
import { HOST_STATUSES, PAYMENT_LIMITS as L, SETTLEMENT_TXN_STATUSES } from './constants';
import { amountText, gatewayText, MMDD, oneOf, UPPER_ALPHANUMERIC } from './fields';
import { lenientList, lenientObjectOf, lenientOneOrMany } from './lenient';

/** The settlement status of a batch. */

export const SETTLESTAT_MESSAGE =
  'Invalid SettleStatRequest: either batchid or date must be provided, but not both.';

/** An empty batchid or date (an empty query parameter) counts as not given. */
export const settleStatRequestSchema = z
  .object({
    merchid: gatewayText('Merchant ID', { required: true, max: L.merchid }),
    batchid: gatewayText('Batch ID', { max: L.batchid }).optional(),
    date: gatewayText('Date', {
      pattern: new RegExp(`^$|${MMDD.source}`),
      patternMessage: 'Date must be MMDD (month 01-12, day 01-31)',
    }).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.batchid === !value.date)
      ctx.addIssue({ code: 'custom', message: SETTLESTAT_MESSAGE, path: [] });
  });
export type SettleStatRequest = z.output<typeof settleStatRequestSchema>;

const SETTLEMENT_TXN_FIELDS = {
  authcode: gatewayText('Authorization code', { max: L.authcode }).optional(),
  cardtype: gatewayText('Card type').optional(),
  retref: gatewayText('Retrieval reference', { required: true, max: L.retref }).optional(),
  setlamount: amountText('Settled amount', L.amount, { signed: true }).optional(),
  salesdoc: gatewayText('Sales document').optional(),
  /** Y accepted, N rejected; F, P, T and W are intermediate states. */
  setlstat: oneOf('Settlement status', SETTLEMENT_TXN_STATUSES).optional(),
};

export const settlementTransactionSchema = z.object(SETTLEMENT_TXN_FIELDS);
export const settlementTransactionLenientSchema = lenientObjectOf(
  Object.keys(SETTLEMENT_TXN_FIELDS) as (keyof typeof SETTLEMENT_TXN_FIELDS)[],
);

const SETTLEMENT_FIELDS = {
  batchid: gatewayText('Batch ID', { required: true, max: L.batchid }).optional(),
  /** GB: the batch was accepted. */
  hoststat: oneOf('Host status', HOST_STATUSES).optional(),
  hostbatch: gatewayText('Host batch').optional(),
  merchid: gatewayText('Merchant ID', { required: true, max: L.merchid }).optional(),
  respproc: gatewayText('Response processor', {
    max: L.respproc,
    pattern: UPPER_ALPHANUMERIC,
    patternMessage: 'Response processor must be uppercase letters and digits',
  }).optional(),
  txns: z.array(settlementTransactionSchema).optional(),
};

/** One batch. */
export const settlementResponseSchema = z.object(SETTLEMENT_FIELDS);
export type SettlementResponse = z.output<typeof settlementResponseSchema>;

const settlementBatchLenientSchema = lenientObjectOf(
  Object.keys(SETTLEMENT_FIELDS) as (keyof typeof SETTLEMENT_FIELDS)[],
  { txns: lenientList(settlementTransactionLenientSchema) },
);
/** A settlestat answer: one batch, or (by date) a list of batches; always read as a list. */
export const settlementResponseLenientSchema = lenientOneOrMany(settlementBatchLenientSchema);
export type SettlementBatchLenient = z.output<typeof settlementBatchLenientSchema>;
export type SettlementResponseLenient = z.output<typeof settlementResponseLenientSchema>;
export type SettlementTransaction = z.output<typeof settlementTransactionSchema>;
