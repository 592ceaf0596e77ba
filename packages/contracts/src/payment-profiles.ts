import { acctIdSchema, profileIdSchema } from '@brigade/domain/payments/api';
import {
  binQuerySchema,
  binSchema,
  profileAccountCreateSchema,
  profileCreateSchema,
  profileDeleteQuerySchema,
  profileDeleteResultSchema,
  profileDetailSchema,
  profileSchema,
  profileUpdateSchema,
  signatureInputSchema,
  surchargeQuerySchema,
  surchargeSchema,
} from '@brigade/domain/payments/api-profiles';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
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

const profileParams = params.extend({ profileId: profileIdSchema });
const accountParams = profileParams.extend({ acctId: acctIdSchema });
const profileResult = successOf(z.object({ profile: profileSchema }));

/**
 * Stored customer profiles, surcharge and BIN look-ups and signature capture (docs/behaviour/payments.md):
 * the roles and Idempotency-Key rules of payments.ts.
 */
export const listProfiles = defineEndpoint({
  id: 'listPaymentProfiles',
  method: 'GET',
  path: `${base}/profiles`,
  summary: "The restaurant's stored customer profiles (cards kept at the gateway), newest first",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params },
  response: { status: 200, description: 'Profiles', schema: successOf(z.array(profileSchema)) },
});

export const createProfile = defineEndpoint({
  id: 'createPaymentProfile',
  method: 'POST',
  path: `${base}/profiles`,
  summary: "Store a customer's card at the gateway from a token of the card-entry frame",
  description: `${idempotency} Brigade keeps the profile's ids, name, last four digits, brand and expiry only.`,
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  outside: true,
  request: { params, body: profileCreateSchema, headers: idempotencyHeaders },
  response: { status: 201, description: 'The stored profile', schema: profileResult },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const addProfileAccount = defineEndpoint({
  id: 'addPaymentProfileAccount',
  method: 'POST',
  path: `${base}/profiles/{profileId}/accounts`,
  summary: 'Store another card on a customer profile',
  description: idempotency,
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  outside: true,
  request: { params: profileParams, body: profileAccountCreateSchema, headers: idempotencyHeaders },
  response: { status: 201, description: 'The stored account', schema: profileResult },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const getProfile = defineEndpoint({
  id: 'getPaymentProfile',
  method: 'GET',
  path: `${base}/profiles/{profileId}/accounts/{acctId}`,
  summary: 'A stored account as the gateway holds it now, with what Brigade keeps of it',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  outside: true,
  request: { params: accountParams },
  response: { status: 200, description: 'The account', schema: successOf(profileDetailSchema) },
  problems: [404, 422, 429, 502, 503, 504],
});

export const updateProfile = defineEndpoint({
  id: 'updatePaymentProfile',
  method: 'PATCH',
  path: `${base}/profiles/{profileId}/accounts/{acctId}`,
  summary: "Change a stored account's name, contact details or expiry, or make it the default",
  description: `${idempotency} Only the fields sent change (profileupdate Y).`,
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  outside: true,
  request: { params: accountParams, body: profileUpdateSchema, headers: idempotencyHeaders },
  response: { status: 200, description: 'The account', schema: profileResult },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const deleteProfile = defineEndpoint({
  id: 'deletePaymentProfile',
  method: 'DELETE',
  path: `${base}/profiles/{profileId}/accounts/{acctId}`,
  summary: 'Delete a stored account at the gateway: permanent, so `confirm` must repeat the profile ID',
  description: `${idempotency} Irreversible: refused (400) without \`confirm=<profileId>\`. Brigade forgets the account only when deleted.`,
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  outside: true,
  request: { params: accountParams, query: profileDeleteQuerySchema, headers: idempotencyHeaders },
  response: {
    status: 200,
    description: 'What the gateway did',
    schema: successOf(profileDeleteResultSchema),
  },
  problems: [404, ...GATEWAY_PROBLEMS],
});

export const getSurcharge = defineEndpoint({
  id: 'getPaymentSurcharge',
  method: 'GET',
  path: `${base}/surcharge`,
  summary: 'Whether a surcharge may be added for a card (token) and postal code, and the fee for an amount',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  outside: true,
  request: { params, query: surchargeQuerySchema },
  response: { status: 200, description: 'The answer', schema: successOf(surchargeSchema) },
  problems: [404, 429, 502, 503, 504],
});

export const getBin = defineEndpoint({
  id: 'getPaymentBin',
  method: 'GET',
  path: `${base}/bin`,
  summary: "What a card's BIN says about it: product, country, issuer, prepaid, corporate",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  outside: true,
  request: { params, query: binQuerySchema },
  response: { status: 200, description: 'The card', schema: successOf(binSchema) },
  problems: [404, 429, 502, 503, 504],
});

export const captureSignature = defineEndpoint({
  id: 'capturePaymentSignature',
  method: 'POST',
  path: `${base}/transactions/{transactionId}/signature`,
  summary: "Attach the customer's signature (a base64 image) to an approved payment",
  description: idempotency,
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params: transactionParams, body: signatureInputSchema, headers: idempotencyHeaders },
  response: { status: 200, description: 'The transaction', schema: transactionResult },
  problems: [404, ...GATEWAY_PROBLEMS],
});
