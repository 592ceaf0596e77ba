import {
  authoriseInputSchema,
  captureInputSchema,
  cardEntrySchema,
  fundingDaySchema,
  fundingQuerySchema,
  fundingRangeQuerySchema,
  merchantAccountInputSchema,
  merchantAccountSchema,
  merchantTestSchema,
  refundInputSchema,
  settlementBatchSchema,
  settlementQuerySchema,
  transactionEventSchema,
  transactionQuerySchema,
  transactionSchema,
  voidInputSchema,
} from '@brigade/domain/payments/api';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
/**
 * Card payments through the restaurant's CardPointe merchant account (docs/behaviour/payments.md). Roles:
 * owners and admins manage the merchant account; managers also void and refund, read settlement and
 * funding, and store, change and delete customer profiles; employees take and capture payments (a stored
 * profile's card too), list the stored profiles, ask about surcharges and BINs and capture signatures. Every write that moves money takes an `Idempotency-Key`
 * header — so do the writes that store a customer's card (profiles) or a signature: the same key and body answer the stored result without a second gateway call, another body is
 * 422, a concurrent repeat 409. Writes that call the gateway run outside one long transaction (`outside`)
 * so a slow gateway never holds the database.
 */
import {
  base,
  GATEWAY_PROBLEMS,
  idempotency,
  idempotencyHeaders,
  params,
  tags,
  transactionParams,
  transactionResult,
} from './payments-shared';

export const getMerchantAccount = defineEndpoint({
  id: 'getMerchantAccount',
  method: 'GET',
  path: `${base}/merchant-account`,
  summary: "The restaurant's merchant account (never its credentials); null when none is connected",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params },
  response: { status: 200, description: 'The account', schema: successOf(merchantAccountSchema.nullable()) },
});

export const saveMerchantAccount = defineEndpoint({
  id: 'saveMerchantAccount',
  method: 'PUT',
  path: `${base}/merchant-account`,
  summary: 'Connect or change the merchant account (credentials sealed with AES-256-GCM)',
  description: 'Username and password are required to connect; on a change, both or neither.',
  tags,
  access: { kind: 'tenant', role: 'admin' },
  changes: 'none',
  request: { params, body: merchantAccountInputSchema },
  response: { status: 200, description: 'Saved', schema: successOf(merchantAccountSchema) },
});

export const testMerchantAccount = defineEndpoint({
  id: 'testMerchantAccount',
  method: 'POST',
  path: `${base}/merchant-account/test`,
  summary: 'Test the connection: asks the gateway about the merchant (inquireMerchant)',
  tags,
  access: { kind: 'tenant', role: 'admin' },
  changes: 'none',
  outside: true,
  request: { params },
  response: { status: 200, description: 'What the gateway said', schema: successOf(merchantTestSchema) },
  problems: [404],
});

export const getCardEntry = defineEndpoint({
  id: 'getCardEntry',
  method: 'GET',
  path: `${base}/card-entry`,
  summary: 'Where the hosted card-entry frame loads from (card numbers go to the gateway, never to Brigade)',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params },
  response: { status: 200, description: 'The frame', schema: successOf(cardEntrySchema) },
  problems: [404],
});

export const authorisePayment = defineEndpoint({
  id: 'authorisePayment',
  method: 'POST',
  path: `${base}/transactions`,
  summary: 'Take a payment: authorise a tokenised card, and capture it at once for a sale',
  description:
    `${idempotency} A declined card is a 201 with status declined and the gateway's words; when the ` +
    'gateway gives no answer, the transaction is reconciled by its order id before the answer (decision 023).',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params, body: authoriseInputSchema, headers: idempotencyHeaders },
  response: { status: 201, description: 'The transaction', schema: transactionResult },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const listTransactions = defineEndpoint({
  id: 'listTransactions',
  method: 'GET',
  path: `${base}/transactions`,
  summary: 'Transactions, newest first, with filters; follow nextCursor',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params, query: transactionQuerySchema },
  response: {
    status: 200,
    description: 'A page',
    schema: successOf(z.array(transactionSchema), { nextCursor: z.string().nullable() }),
  },
});

export const getTransaction = defineEndpoint({
  id: 'getTransaction',
  method: 'GET',
  path: `${base}/transactions/{transactionId}`,
  summary: 'A transaction with its history and its refunds',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params: transactionParams },
  response: {
    status: 200,
    description: 'The transaction',
    schema: successOf(
      z.object({
        transaction: transactionSchema,
        events: z.array(transactionEventSchema),
        refunds: z.array(transactionSchema),
      }),
    ),
  },
  problems: [404],
});

export const refreshTransaction = defineEndpoint({
  id: 'refreshTransaction',
  method: 'POST',
  path: `${base}/transactions/{transactionId}/inquire`,
  summary: 'Ask the gateway for the transaction’s state now (settlement, voidable, refundable)',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params: transactionParams },
  response: { status: 200, description: 'The transaction', schema: transactionResult },
  problems: [404, 429, 502, 503, 504],
});

export const capturePayment = defineEndpoint({
  id: 'capturePayment',
  method: 'POST',
  path: `${base}/transactions/{transactionId}/capture`,
  summary:
    'Capture an authorisation: in full, partially, or with a tip (up to 25% over the authorised amount)',
  description: idempotency,
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params: transactionParams, body: captureInputSchema, headers: idempotencyHeaders },
  response: { status: 200, description: 'The transaction', schema: transactionResult },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const voidPayment = defineEndpoint({
  id: 'voidPayment',
  method: 'POST',
  path: `${base}/transactions/{transactionId}/void`,
  summary: 'Void a transaction before it settles (partially only while it is not queued for capture)',
  description: idempotency,
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  outside: true,
  request: { params: transactionParams, body: voidInputSchema, headers: idempotencyHeaders },
  response: { status: 200, description: 'The transaction', schema: transactionResult },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const refundPayment = defineEndpoint({
  id: 'refundPayment',
  method: 'POST',
  path: `${base}/transactions/{transactionId}/refund`,
  summary: 'Refund a settled transaction, in full or in part; the refund is a transaction of its own',
  description: idempotency,
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  outside: true,
  request: { params: transactionParams, body: refundInputSchema, headers: idempotencyHeaders },
  response: { status: 201, description: 'The refund', schema: transactionResult },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const voidPaymentByOrder = defineEndpoint({
  id: 'voidPaymentByOrder',
  method: 'POST',
  path: `${base}/transactions/{transactionId}/void-by-order`,
  summary: 'Void whatever stands under an unknown payment’s order id (the last resort when no answer came)',
  description: idempotency,
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  outside: true,
  request: { params: transactionParams, body: z.strictObject({}), headers: idempotencyHeaders },
  response: { status: 200, description: 'The transaction', schema: transactionResult },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const getSettlement = defineEndpoint({
  id: 'getSettlement',
  method: 'GET',
  path: `${base}/settlements`,
  summary: "The day's settlement batches and what each accepted or rejected",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  outside: true,
  request: { params, query: settlementQuerySchema },
  response: {
    status: 200,
    description: 'Batches',
    schema: successOf(z.object({ batches: z.array(settlementBatchSchema) })),
  },
  problems: [404, 429, 502, 503, 504],
});

export const getFunding = defineEndpoint({
  id: 'getFunding',
  method: 'GET',
  path: `${base}/funding`,
  summary: "The day's deposit: net sales, fees, adjustments and chargebacks; null when nothing was funded",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  outside: true,
  request: { params, query: fundingQuerySchema },
  response: { status: 200, description: 'The day', schema: successOf(fundingDaySchema.nullable()) },
  problems: [404, 429, 502, 503, 504],
});

export const listFunding = defineEndpoint({
  id: 'listFunding',
  method: 'GET',
  path: `${base}/funding/daily`,
  summary: 'Deposits day by day over at most 31 days, for the funding chart',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  outside: true,
  request: { params, query: fundingRangeQuerySchema },
  response: { status: 200, description: 'Days', schema: successOf(z.array(fundingDaySchema)) },
  problems: [404, 429, 502, 503, 504],
});

/** Stored customer profiles, look-ups before a payment, and signature capture after one. */
