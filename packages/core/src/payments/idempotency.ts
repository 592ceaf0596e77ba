import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, type ErrorKind, validationError } from '@brigade/domain/errors';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@brigade/domain/payments/api';
import { requestHash as hashOfRequest } from '../request-hash';
import { userIdOf } from '../use-case';
import { GatewayProblem, type PaymentDeps } from './payment-deps';
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotencyClaim,
  type KeyCompletion,
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

/**
 * One request's idempotency key, for operations that claim and complete it inside their own transactions
 * (a payment claims it in the transaction that writes the pending row, and completes it in the one that
 * records the answer: two transactions, not four).
 */
export interface IdempotencyKeyHandle<T> {
  /** Claims the key in `tx`; the stored answer when this request repeats an earlier one (or an error). */
  claim(tx: Executor): Promise<{ replay: T } | null>;
  /** Stores the answer with the key, in the transaction that records it. */
  complete(tx: Executor, result: T): Promise<void>;
  /**
   * The claim as data, for a statement that claims the key together with other writes (a payment's pending
   * row); `claimedWith()` once such a statement claimed it, so that `fail` knows the key is this request's.
   */
  readonly asClaim: IdempotencyClaim;
  claimedWith(): void;
  /** The answer's completion as data, for a statement that records it together with other writes. */
  completion(result: T): KeyCompletion;
  /** After a failure: gives the key back when nothing happened at the gateway, else stores the problem. */
  fail(error: unknown): Promise<void>;
}

export function idempotencyKey<T>(
  // only a failure's release uses it: a caller whose claim rolls back with its own transaction never fails
  deps: Pick<PaymentDeps, 'transact'>,
  actor: Actor,
  call: IdempotentCall,
): IdempotencyKeyHandle<T> {
  const parsed = idempotencyKeySchema.safeParse(call.key);
  if (!parsed.success)
    throw validationError(IDEMPOTENCY_KEY_MESSAGE, [
      { path: 'headers.idempotency-key', message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  const key = parsed.data;
  const requestHash = hashOfRequest(call.operation, call.body);
  let claimed = false;
  const asClaim: IdempotencyClaim = {
    scope: call.scope,
    key,
    endpoint: call.operation,
    requestHash,
    actor: userIdOf(actor),
    ttlSeconds: IDEMPOTENCY_TTL_SECONDS,
  };
  return {
    asClaim,
    claimedWith: () => {
      claimed = true;
    },
    completion: (result) => ({ scope: call.scope, key, response: { status: 200, body: result } }),
    async claim(tx) {
      const existing = await claimIdempotencyKey(tx, asClaim);
      if (existing) return { replay: replay<T>(existing, call.operation, requestHash) };
      claimed = true;
      return null;
    },
    complete: (tx, result) => completeIdempotencyKey(tx, call.scope, key, { status: 200, body: result }),
    async fail(error) {
      if (!claimed) return;
      if (nothingHappened(error)) {
        await deps.transact((tx) => releaseIdempotencyKey(tx, call.scope, key));
        return;
      }
      const problem =
        error instanceof BrigadeError ? error : new BrigadeError('internal', 'INTERNAL', 'Unexpected');
      const stored: StoredProblem = {
        problem: { kind: problem.kind, code: problem.code, message: problem.message },
      };
      await deps.transact((tx) => completeIdempotencyKey(tx, call.scope, key, { status: 500, body: stored }));
    },
  };
}

const nothingHappened = (error: unknown) =>
  error instanceof BrigadeError &&
  (NOTHING_HAPPENED.has(error.kind) || NOTHING_HAPPENED_CODES.has(error.code));

/** An operation under an idempotency key, claimed and completed in transactions of their own. */
export async function idempotent<T>(
  deps: PaymentDeps,
  actor: Actor,
  call: IdempotentCall,
  run: () => Promise<T>,
): Promise<T> {
  const key = idempotencyKey<T>(deps, actor, call);
  const claimed = await deps.transact((tx) => key.claim(tx));
  if (claimed) return claimed.replay;
  try {
    const result = await run();
    await deps.transact((tx) => key.complete(tx, result));
    return result;
  } catch (error) {
    await key.fail(error);
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
