import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { changeConcerns, parseChange } from '../changes/change-feed';
import { MenuCache } from './menu-cache';
import type { ResolvedScope } from './scope';

const scope = (restaurantId: number, version: number, tenantId = 1): ResolvedScope => ({
  tenantId,
  restaurantId,
  version,
  actor: 'test',
  specialHours: [],
  timezone: 'UTC',
});

/** The text of compressed bytes, or undefined while there are none yet. */
const unbrotli = (bytes: Buffer | undefined) => bytes && brotliDecompressSync(bytes).toString();
const gunzip = (bytes: Buffer | undefined) => bytes && gunzipSync(bytes).toString();

describe('MenuCache', () => {
  it('keeps each document compressed in br and gzip once the compression finishes, for its version only', async () => {
    const cache = new MenuCache<string>();
    const json = JSON.stringify({
      items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}` })),
    });
    cache.storeDocument(scope(1, 3), 'k', json);
    await expect.poll(() => unbrotli(cache.encoded(scope(1, 3), 'k', 'br'))).toBe(json);
    await expect.poll(() => gunzip(cache.encoded(scope(1, 3), 'k', 'gzip'))).toBe(json);
    expect(cache.encoded(scope(1, 3), 'k', 'br')!.length).toBeLessThan(json.length / 5);
    // kept in memory of their own size, not as views of zlib's 16 KB working buffer (packed-bytes.ts)
    for (const encoding of ['br', 'gzip'] as const) {
      const bytes = cache.encoded(scope(1, 3), 'k', encoding)!;
      expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
    expect(cache.encoded(scope(1, 4), 'k', 'br')).toBeUndefined();
    // a newer version arrives while the older one's compression runs: the old bytes land nowhere
    cache.storeDocument(scope(2, 1), 'k', json);
    cache.storeDocument(scope(2, 2), 'k', 'v2');
    await expect.poll(() => gunzip(cache.encoded(scope(2, 2), 'k', 'gzip'))).toBe('v2');
    expect(cache.encoded(scope(2, 1), 'k', 'gzip')).toBeUndefined();
  });

  it('serves what it holds only for the same version', () => {
    const cache = new MenuCache<string>();
    cache.storeTree(scope(1, 3), 10, 'tree v3');
    cache.storeDocument(scope(1, 3), 'k', 'doc v3');
    expect(cache.tree(scope(1, 3), 10)).toBe('tree v3');
    expect(cache.document(scope(1, 3), 'k')).toBe('doc v3');
    expect(cache.tree(scope(1, 4), 10)).toBeUndefined();
    expect(cache.document(scope(1, 4), 'k')).toBeUndefined();
    // same restaurant id under another tenant is another restaurant's cache: never served
    expect(cache.document(scope(1, 3, 2), 'k')).toBeUndefined();
  });

  it('lets a newer version replace an older one, and never the reverse', () => {
    const cache = new MenuCache<string>();
    cache.storeDocument(scope(1, 5), 'k', 'v5');
    cache.storeDocument(scope(1, 4), 'k', 'v4 from a slow read');
    expect(cache.document(scope(1, 5), 'k')).toBe('v5');
    cache.storeDocument(scope(1, 6), 'k', 'v6');
    expect(cache.document(scope(1, 6), 'k')).toBe('v6');
    expect(cache.document(scope(1, 5), 'k')).toBeUndefined();
    expect(cache.size.bytes).toBe(2);
  });

  it('evicts the least recently used restaurant beyond its limits', () => {
    const cache = new MenuCache<string>(2, 1_000);
    cache.storeDocument(scope(1, 1), 'k', 'one');
    cache.storeDocument(scope(2, 1), 'k', 'two');
    cache.document(scope(1, 1), 'k'); // 1 is now more recent than 2
    cache.storeDocument(scope(3, 1), 'k', 'three');
    expect(cache.document(scope(2, 1), 'k')).toBeUndefined();
    expect(cache.document(scope(1, 1), 'k')).toBe('one');
    expect(cache.document(scope(3, 1), 'k')).toBe('three');
    const small = new MenuCache<string>(10, 6);
    small.storeDocument(scope(1, 1), 'k', 'aaaa');
    small.storeDocument(scope(2, 1), 'k', 'bbbb');
    expect(small.size).toEqual({ restaurants: 1, bytes: 4 });
  });

  it('drops what a change concerns', () => {
    const cache = new MenuCache<string>();
    cache.storeDocument(scope(1, 1, 7), 'k', 'a');
    cache.storeDocument(scope(2, 1, 7), 'k', 'b');
    cache.storeDocument(scope(3, 1, 8), 'k', 'c');
    cache.invalidate({ area: 'catalogue', tenantId: 7, restaurantId: 1 });
    expect(cache.size.restaurants).toBe(2);
    cache.invalidate({ area: 'tenant', tenantId: 7 });
    expect(cache.size.restaurants).toBe(1);
    cache.invalidate({ area: 'tenant' });
    expect(cache.size).toEqual({ restaurants: 0, bytes: 0 });
  });
});

describe('change announcements', () => {
  it('reads the triggers’ payloads', () => {
    expect(parseChange('catalogue:10000001:20000002')).toEqual({
      area: 'catalogue',
      tenantId: 10000001,
      restaurantId: 20000002,
    });
    expect(parseChange('tenant:10000001:')).toEqual({ area: 'tenant', tenantId: 10000001 });
    expect(parseChange('site-config::')).toEqual({ area: 'site-config' });
    expect(parseChange('bogus:1:2')).toBeNull();
    expect(parseChange('catalogue:x:2')).toEqual({ area: 'catalogue' });
  });

  it('knows whom a change concerns', () => {
    expect(changeConcerns({ area: 'catalogue', tenantId: 1, restaurantId: 2 }, 1, 2)).toBe(true);
    expect(changeConcerns({ area: 'catalogue', tenantId: 1, restaurantId: 2 }, 1, 3)).toBe(false);
    expect(changeConcerns({ area: 'tenant', tenantId: 1 }, 1, 3)).toBe(true);
    expect(changeConcerns({ area: 'tenant', tenantId: 1 }, 2, 3)).toBe(false);
    expect(changeConcerns({ area: 'site-config' }, 2, 3)).toBe(true);
  });
});
