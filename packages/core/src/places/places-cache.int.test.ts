import { placesCache } from '@brigade/db/schema/places';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { describe, expect, it } from 'vitest';
import { cacheKeyOf, purgeExpiredPlaces, readCached, writeCached } from './places-cache';

// The shared places cache: keys independent of field order, answers read until they expire (database
// clock), expired ones never read and removed by housekeeping's purge.

const db = useTestDatabase();

describe('places cache', () => {
  it('keys a request by its content, not its key order', () => {
    expect(cacheKeyOf('search', { a: 1, b: [1, { c: 2, d: undefined }] })).toBe(
      cacheKeyOf('search', { b: [1, { c: 2 }], a: 1 }),
    );
    expect(cacheKeyOf('search', { a: 1 })).not.toBe(cacheKeyOf('details', { a: 1 }));
    expect(cacheKeyOf('search', { a: 1 })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a fresh entry, never an expired one, and purges the expired', async () => {
    const ex = db.database.db;
    await writeCached(ex, { key: 'fresh', kind: 'details', answer: { id: 'p1' }, ttlMs: 60_000 });
    await writeCached(ex, { key: 'stale', kind: 'search', answer: { places: [] }, ttlMs: -1_000 });
    expect(await readCached(ex, 'fresh')).toEqual({ id: 'p1' });
    expect(await readCached(ex, 'stale')).toBeUndefined();
    expect(await readCached(ex, 'absent')).toBeUndefined();
    // a newer answer replaces the old one under the same key
    await writeCached(ex, { key: 'fresh', kind: 'details', answer: { id: 'p2' }, ttlMs: 60_000 });
    expect(await readCached(ex, 'fresh')).toEqual({ id: 'p2' });
    expect(await purgeExpiredPlaces(ex)).toBe(1);
    expect((await ex.select({ key: placesCache.key }).from(placesCache)).map((r) => r.key)).toEqual([
      'fresh',
    ]);
  });
});
