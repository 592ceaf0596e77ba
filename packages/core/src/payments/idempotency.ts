import { createHash } from 'node:crypto';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, type ErrorKind, validationError } from '@brigade/domain/errors';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@brigade/domain/payments/api';
import { userIdOf } from '../use-case';
import { GatewayProblem, type PaymentDeps } from './payment-deps';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type RestaurantScope,
  releaseIdempotencyKey,
} from './payment-repository';

/**
 * Idempotency keys of payment writes, with Stripe's semantics (docs/decisions/023-payments-module.md): the
 * first request with a key runs; a repeat with the same request gets the stored answer and no second gateway
 * call; the same key with another request is 422; a repeat while the first still runs is 409. Keys are kept
 * 24 hours. A request that did nothing at the gateway (refused before the call, or refused by the gateway
 * without processing) gives its key back, so fixing the input and retrying with the same key works.
 */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used with a different request';
export const KEY_IN_USE_MESSAGE =
  'A request with this Idempotency-Key is still being processed; retry shortly';

/** Errors after which nothing happened at the gateway: the key is released for a corrected retry. */
const NOTHING_HAPPENED: ReadonlySet<ErrorKind> = new Set([
  'validation',
  'not_found',
  'forbidden',
  'unauthorized',
  'conflict',
  'rate_limited',
]);
const NOTHING_HAPPENED_CODES = new Set(['GATEWAY_UNAUTHORIZED', 'GATEWAY_REJECTED']);

export interface IdempotentCall {
  scope: RestaurantScope;
  key: string | undefined;
  /** The operation and its target, e.g. `capturePayment:<transactionId>`. */
  operation: string;
  body: unknown;
}

interface StoredProblem {
  problem: { kind: ErrorKind; code: string; message: string };
}

export async function idempotent<T>(
  deps: PaymentDeps,
  actor: Actor,
  call: IdempotentCall,
  run: () => Promise<T>,
): Promise<T> {
  const parsed = idempotencyKeySchema.safeParse(call.key);
  if (!parsed.success)
    throw validationError(IDEMPOTENCY_KEY_MESSAGE, [
      { path: 'headers.idempotency-key', message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  const key = parsed.data;
  const requestHash = hashOf(call.operation, call.body);
  const existing = await deps.transact((tx) =>
    claimIdempotencyKey(tx, {
      scope: call.scope,
      key,
      endpoint: call.operation,
      requestHash,
      actor: userIdOf(actor),
      ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
    }),
  );
  if (existing) return replay<T>(existing, call.operation, requestHash);
  try {
    const result = await run();
    await deps.transact((tx) => completeIdempotencyKey(tx, call.scope, key, { status: 200, body: result }));
    return result;
  } catch (error) {
    if (
      error instanceof BrigadeError &&
      (NOTHING_HAPPENED.has(error.kind) || NOTHING_HAPPENED_CODES.has(error.code))
    ) {
      await deps.transact((tx) => releaseIdempotencyKey(tx, call.scope, key));
    } else {
      const problem =
        error instanceof BrigadeError ? error : new BrigadeError('internal', 'INTERNAL', 'Unexpected');
      const stored: StoredProblem = {
        problem: { kind: problem.kind, code: problem.code, message: problem.message },
      };
      await deps.transact((tx) => completeIdempotencyKey(tx, call.scope, key, { status: 500, body: stored }));
    }
    throw error;
  }
}

function replay<T>(
  existing: {
    endpoint: string;
    requestHash: string;
    state: string;
    responseStatus: number | null;
    responseBody: unknown;
  },
  operation: string,
  requestHash: string,
): T {
  if (existing.endpoint !== operation || existing.requestHash !== requestHash)
    throw new BrigadeError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED_MESSAGE);
  if (existing.state !== 'done')
    throw new BrigadeError('conflict', 'IDEMPOTENCY_KEY_IN_USE', KEY_IN_USE_MESSAGE);
  const body = existing.responseBody as T | StoredProblem;
  if (existing.responseStatus === 500 && body && typeof body === 'object' && 'problem' in body) {
    const { kind, code, message } = (body as StoredProblem).problem;
    throw new GatewayProblem(kind, code, message);
  }
  return body as T;
}

/** SHA-256 of the operation and the body with its keys sorted, so key order never makes two requests differ. */
function hashOf(operation: string, body: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(stableJson(body)).digest('hex');
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
