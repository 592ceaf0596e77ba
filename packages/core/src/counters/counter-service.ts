import type { Executor } from '@brigade/db/database';
import {
  type CounterScope,
  checkResetValue,
  initialCounterValue,
  parseCounterScope,
} from '@brigade/domain/counters';
import { BrigadeError, isBrigadeError } from '@brigade/domain/errors';
import { INT32_MAX } from '@brigade/domain/integers';
import {
  addToPlatformCounter,
  addToRestaurantCounter,
  type CounterRecord,
  createRestaurantCounter,
  findCounter,
  setCounter,
} from './counter-repository';
import { holdsCounterLocks, reserveOutside } from './id-blocks';
import { findRestaurantScope, ID_OWNERS } from './id-owners';

/** What callers hand in: checked here, so the CLI and the API can pass untrusted values straight through. */
export interface CounterRequest {
  entityType: unknown;
  tenantId?: unknown;
  restaurantId?: unknown;
}

/**
 * Issues the next id of an entity type: creates the counter at first id − 1 on first use,
 * increments it and returns the new value. Pass the transaction that inserts the row using the id: the
 * collision check runs in it. On PostgreSQL the id is reserved outside it (decision 033), so a rolled-back
 * insert leaves a hole; on PGlite the counter rolls back with it.
 */
export async function issueNextId(ex: Executor, request: CounterRequest): Promise<number> {
  const [id] = await issueNextIds(ex, request, 1);
  return id!;
}

/** Issues `count` consecutive ids in one statement (batch creates). */
export async function issueNextIds(ex: Executor, request: CounterRequest, count: number): Promise<number[]> {
  const scope = parseCounterScope(request);
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new BrigadeError('validation', 'MISSING_REQUIRED_PARAMS', 'count must be a positive integer');
  }
  const last = await guard('UPDATE_FAILED', () => addToCounter(ex, scope, count));
  const first = last - count + 1;
  // The caller's transaction rolls the counter back with this error, so an exhausted counter stays as it was.
  if (last > INT32_MAX) throw idSpaceExhausted(scope.entityType);
  const owner = ID_OWNERS[scope.entityType];
  const taken = owner ? await owner(ex, scope, first, last) : null;
  if (taken !== null) {
    throw new BrigadeError(
      'conflict',
      'ID_COLLISION',
      `ID collision: ${scope.entityType} id ${taken} already exists; the counter may be out of sync`,
    );
  }
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * Ids are PostgreSQL integers (decision 016): once a counter would pass 2147483647 (a record was created with
 * that id supplied), no more ids can be issued and creating one is a conflict, not an overflow.
 */
export const idSpaceExhausted = (what: string) =>
  new BrigadeError(
    'conflict',
    'ID_SPACE_EXHAUSTED',
    `No more IDs can be issued for ${what}: IDs end at ${INT32_MAX}`,
  );

/** Resets a counter to `value`, or to first id − 1 when no value is given; returns the stored value. */
export async function resetCounter(
  ex: Executor,
  request: CounterRequest & { value?: unknown },
): Promise<number> {
  const scope = parseCounterScope(request);
  const value = checkResetValue(scope.entityType, request.value ?? initialCounterValue(scope.entityType));
  await ensureRestaurantScope(ex, scope);
  holdsCounterLocks(ex);
  return guard('UPDATE_FAILED', () => setCounter(ex, scope, value, false));
}

/**
 * Raises a counter so that it will never issue `id` or anything below it. Creates that supply their own id
 * (if both id and guid are supplied, they are used) call this to keep the counter in step.
 */
export async function advanceCounterPast(ex: Executor, request: CounterRequest, id: number): Promise<number> {
  const scope = parseCounterScope(request);
  checkResetValue(scope.entityType, id);
  await ensureRestaurantScope(ex, scope);
  holdsCounterLocks(ex);
  return guard('UPDATE_FAILED', () => setCounter(ex, scope, id, true));
}

export async function readCounter(ex: Executor, request: CounterRequest): Promise<CounterRecord | null> {
  return findCounter(ex, parseCounterScope(request));
}

async function addToCounter(ex: Executor, scope: CounterScope, count: number): Promise<number> {
  const reserved = await reserveOutside(ex, scope, count);
  if (reserved !== null) return reserved;
  holdsCounterLocks(ex);
  const initial = initialCounterValue(scope.entityType);
  if (!('tenantId' in scope)) return addToPlatformCounter(ex, scope.entityType, initial, count);
  const next = await addToRestaurantCounter(ex, scope, count);
  if (next !== null) return next;
  // First use for this restaurant: create the counter, but only under a restaurant that exists.
  await ensureRestaurantScope(ex, scope);
  return guard('CREATE_FAILED', () => createRestaurantCounter(ex, scope, initial, count));
}

async function ensureRestaurantScope(ex: Executor, scope: CounterScope): Promise<void> {
  if (!('tenantId' in scope)) return;
  const found = await findRestaurantScope(ex, scope.tenantId, scope.restaurantId);
  // The not-found texts for a missing tenant or restaurant.
  if (found === 'no-tenant') {
    throw new BrigadeError(
      'not_found',
      'TENANT_NOT_FOUND',
      `Tenant not found for tenantId: ${scope.tenantId}`,
    );
  }
  if (found === 'no-restaurant') {
    throw new BrigadeError(
      'not_found',
      'RESTAURANT_NOT_FOUND',
      `Restaurant not found for restaurantId: ${scope.restaurantId} in tenant: ${scope.tenantId}`,
    );
  }
}

/** Database failures while writing a counter surface with the spec's codes; our own errors pass through. */
async function guard<T>(code: 'UPDATE_FAILED' | 'CREATE_FAILED', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isBrigadeError(error)) throw error;
    throw new BrigadeError(
      'internal',
      code,
      `Counter ${code === 'CREATE_FAILED' ? 'creation' : 'update'} failed`,
      {
        cause: error,
      },
    );
  }
}
