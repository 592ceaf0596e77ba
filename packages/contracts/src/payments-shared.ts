import { idempotencyKeySchema, transactionSchema } from '@brigade/domain/payments/api';
import { z } from 'zod';
import { successOf } from './envelope';
import { restaurantIdParam, tenantIdParam } from './tenancy-params';

/** What the payment contracts (payments.ts, payment-profiles.ts) share: paths, parameters, headers, answers. */
export const tags = ['payments'];
export const base = '/tenants/{tenantId}/restaurants/{restaurantId}/payments';
export const params = z.object({ tenantId: tenantIdParam, restaurantId: restaurantIdParam });
export const transactionParams = params.extend({
  transactionId: z.uuid({ error: 'Transaction ID must be a UUID' }),
});
export const idempotency = 'Requires an `Idempotency-Key` header (kept 24 hours).';
/** The header every payment write carries (decision 023). */
export const idempotencyHeaders = z.object({ 'idempotency-key': idempotencyKeySchema });

export const transactionResult = successOf(z.object({ transaction: transactionSchema }));
export const GATEWAY_PROBLEMS = [409, 422, 429, 502, 503, 504];
