import { createHash } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { placesCache } from '@brigade/db/schema/places';
import { and, eq, gt, lt, sql } from 'drizzle-orm';

/**
 * The one cache of Google Places answers (issue 18; search answers live 10 minutes, details and photos 30): a table every instance shares,
 * keyed by a SHA-256 of the normalised request, so a fetch on one instance is a hit on all. Expiry uses the
 * database's clock, like every other time here. Hits and misses are counted per process (`counters`); the
 * answer header `X-Cache` says which a request was.
 */

export type CacheKind = 'search' | 'nearby' | 'details' | 'photo';

export interface CacheCounters {
  hits: number;
  misses: number;
}

export const createCacheCounters = (): CacheCounters => ({ hits: 0, misses: 0 });

/** A stable JSON text: object keys sorted, undefined left out (so `{a, b}` and `{b, a}` are one key). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const cacheKeyOf = (kind: CacheKind, request: unknown): string =>
  createHash('sha256')
    .update(`${kind}:${canonical(request)}`)
    .digest('hex');

export async function readCached(db: Executor, key: string): Promise<unknown | undefined> {
  const [row] = await db
    .select({ answer: placesCache.answer })
    .from(placesCache)
    .where(and(eq(placesCache.key, key), gt(placesCache.expiresAt, sql`now()`)))
    .limit(1);
  return row?.answer;
}

export async function writeCached(
  db: Executor,
  entry: { key: string; kind: CacheKind; answer: unknown; ttlMs: number },
): Promise<void> {
  const expiresAt = sql`now() + make_interval(secs => ${entry.ttlMs / 1000})`;
  await db
    .insert(placesCache)
    .values({ key: entry.key, kind: entry.kind, answer: entry.answer, expiresAt })
    .onConflictDoUpdate({
      target: placesCache.key,
      set: { answer: entry.answer, kind: entry.kind, expiresAt, createdAt: sql`now()` },
    });
}

/** Removes expired answers (housekeeping); answers how many. */
export async function purgeExpiredPlaces(db: Executor): Promise<number> {
  const removed = await db
    .delete(placesCache)
    .where(lt(placesCache.expiresAt, sql`now()`))
    .returning({ key: placesCache.key });
  return removed.length;
}
