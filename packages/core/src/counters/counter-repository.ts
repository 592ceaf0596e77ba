import type { Executor } from '@brigade/db/database';
import { platformCounters, restaurantCounters } from '@brigade/db/schema/counters';
import type { CounterScope } from '@brigade/domain/counters';
import { and, eq, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';

export interface CounterRecord {
  entityType: string;
  tenantId: number | null;
  restaurantId: number | null;
  nextId: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Adds `count` to a platform counter, creating it at `initial` first, in one statement. The row lock taken
 * by the upsert is held until the caller's transaction ends, so concurrent issuers queue up and never see
 * the same value.
 */
export async function addToPlatformCounter(
  ex: Executor,
  entityType: string,
  initial: number,
  count: number,
): Promise<number> {
  const rows = await ex
    .insert(platformCounters)
    .values({ entityType, nextId: initial + count })
    .onConflictDoUpdate({
      target: platformCounters.entityType,
      set: { nextId: sql`${platformCounters.nextId} + ${count}`, updatedAt: sql`now()` },
    })
    .returning({ nextId: platformCounters.nextId });
  return rows[0]!.nextId;
}

/** Adds `count` to an existing restaurant counter; null when the counter does not exist yet. */
export async function addToRestaurantCounter(
  ex: Executor,
  scope: { entityType: string; tenantId: number; restaurantId: number },
  count: number,
): Promise<number | null> {
  const rows = await ex
    .update(restaurantCounters)
    .set({ nextId: sql`${restaurantCounters.nextId} + ${count}`, updatedAt: sql`now()` })
    .where(restaurantScopeWhere(scope))
    .returning({ nextId: restaurantCounters.nextId });
  return rows[0]?.nextId ?? null;
}

/** Creates a restaurant counter at `initial + count`; a concurrent creator's row is incremented instead. */
export async function createRestaurantCounter(
  ex: Executor,
  scope: { entityType: string; tenantId: number; restaurantId: number },
  initial: number,
  count: number,
): Promise<number> {
  const rows = await ex
    .insert(restaurantCounters)
    .values({ ...scope, nextId: initial + count })
    .onConflictDoUpdate({
      target: [restaurantCounters.tenantId, restaurantCounters.restaurantId, restaurantCounters.entityType],
      set: { nextId: sql`${restaurantCounters.nextId} + ${count}`, updatedAt: sql`now()` },
    })
    .returning({ nextId: restaurantCounters.nextId });
  return rows[0]!.nextId;
}

/**
 * Stores `value` as the counter's last issued id (reset), or only raises it to `value` when `raiseOnly`
 * (keeping a counter ahead of ids that callers supplied themselves).
 */
export async function setCounter(
  ex: Executor,
  scope: CounterScope,
  value: number,
  raiseOnly: boolean,
): Promise<number> {
  if (!('tenantId' in scope)) {
    const next = raiseOnly ? sql`greatest(${platformCounters.nextId}, ${value})` : sql`${value}`;
    const rows = await ex
      .insert(platformCounters)
      .values({ entityType: scope.entityType, nextId: value })
      .onConflictDoUpdate({
        target: platformCounters.entityType,
        set: { nextId: next, updatedAt: sql`now()` },
      })
      .returning({ nextId: platformCounters.nextId });
    return rows[0]!.nextId;
  }
  const next = raiseOnly ? sql`greatest(${restaurantCounters.nextId}, ${value})` : sql`${value}`;
  const rows = await ex
    .insert(restaurantCounters)
    .values({ ...scope, nextId: value })
    .onConflictDoUpdate({
      target: [restaurantCounters.tenantId, restaurantCounters.restaurantId, restaurantCounters.entityType],
      set: { nextId: next, updatedAt: sql`now()` },
    })
    .returning({ nextId: restaurantCounters.nextId });
  return rows[0]!.nextId;
}

export async function findCounter(ex: Executor, scope: CounterScope): Promise<CounterRecord | null> {
  if (!('tenantId' in scope)) {
    const rows = await ex
      .select()
      .from(platformCounters)
      .where(eq(platformCounters.entityType, scope.entityType));
    const row = rows[0];
    return row ? { ...row, tenantId: null, restaurantId: null } : null;
  }
  const rows = await ex.select().from(restaurantCounters).where(restaurantScopeWhere(scope));
  return rows[0] ?? null;
}

const restaurantScopeWhere = (scope: { entityType: string; tenantId: number; restaurantId: number }) =>
  and(
    tenantIs(restaurantCounters.tenantId, scope.tenantId),
    eq(restaurantCounters.restaurantId, scope.restaurantId),
    eq(restaurantCounters.entityType, scope.entityType),
  );
