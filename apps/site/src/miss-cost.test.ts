import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ResolutionResult } from '@brigade/core/domains/resolution-service';
import { describe, expect, it } from 'vitest';
import {
  type CachedPage,
  compressed,
  compressedForMiss,
  encodingOf,
  QUICK_ON_THE_LOOP_MAX,
  SiteDataCache,
} from './cache';
import { LoopTurns } from './loop-turns';
import { storedResponse } from './stored-response';

// What a page-cache miss costs (issue 20): one render per turn of the loop, one resolution for every Host
// that serves slugs, one compression for the visitor who missed.

describe('LoopTurns', () => {
  it('resumes one waiter per turn of the event loop, letting other callbacks run in between', async () => {
    const turns = new LoopTurns();
    const log: string[] = [];
    const waiters = [1, 2, 3].map((n) => turns.next().then(() => log.push(`render ${n}`)));
    setImmediate(() => log.push('other request'));
    setImmediate(() => setImmediate(() => log.push('next turn')));
    await Promise.all(waiters);
    expect(log).toEqual(['render 1', 'other request', 'render 2', 'next turn', 'render 3']);
  });
});

describe('resolutions in the data cache', () => {
  const found = { found: true, method: 'slug' } as ResolutionResult;
  const counted = () => {
    let loads = 0;
    const load = async () => {
      loads++;
      return found;
    };
    return { load, loads: () => loads };
  };

  it('share one resolution between all local Hosts of a slug, and one per Host for mapped domains', async () => {
    const cache = new SiteDataCache(true);
    const slug = counted();
    for (const host of ['127.0.0.1:3004', '127.0.0.2:3004', 'localhost:9000', '[::1]:80'])
      await cache.resolution({ host, path: '/harbor-grill' }, slug.load);
    expect(slug.loads()).toBe(1);
    await cache.resolution({ host: '127.0.0.1:3004', path: '/other-place' }, slug.load);
    expect(slug.loads()).toBe(2);
    const mapped = counted();
    for (const host of ['harbor.example', 'www.harbor.example', 'harbor.example'])
      await cache.resolution({ host, path: '/' }, mapped.load);
    expect(mapped.loads()).toBe(2);
  });
});

describe('compression of a missed page', () => {
  const body = Buffer.from(`<!doctype html><p>${'Harbor Grill menu '.repeat(400)}</p>`);
  const page = (extra: Partial<CachedPage>): CachedPage => ({
    ...{ status: 200, contentType: 'text/html; charset=utf-8', headers: {}, body, etag: '"abc"' },
    ...{ sMaxAge: 60, expires: Date.now() + 60_000, tenantId: 1, restaurantId: 2 },
    ...extra,
  });
  const request = (acceptEncoding?: string) => ({
    ...{ method: 'GET', host: 'h', path: '/', search: '', protocol: 'http' as const },
    acceptEncoding,
  });

  it('compresses only the encoding the visitor who missed takes', async () => {
    expect(encodingOf('gzip, deflate, br')).toBe('br');
    expect(Object.keys(await compressed(body, 'br'))).toEqual(['br']);
    expect(Object.keys(await compressed(body, 'gzip'))).toEqual(['gzip']);
    expect(await compressed(body, 'identity')).toEqual({});
  });

  it('answers every encoding from a page stored with one, each with its own bytes, made once', async () => {
    const stored = page(await compressed(body, 'br'));
    const br = storedResponse(stored, request('br'));
    const gzip = storedResponse(stored, request('gzip'));
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body as Buffer)).toEqual(body);
    expect(gunzipSync(gzip.body as Buffer)).toEqual(body);
    expect(storedResponse(stored, request('gzip')).body).toBe(gzip.body);
    // A page stored for a visitor who took no encoding: Brotli and gzip made later are not mixed up.
    const plain = page({});
    expect(gunzipSync(storedResponse(plain, request('gzip')).body as Buffer)).toEqual(body);
    expect(brotliDecompressSync(storedResponse(plain, request('br')).body as Buffer)).toEqual(body);
    expect(storedResponse(plain, request()).body).toBe(body);
  });
});

describe('the compression for the visitor who missed (decision 038)', () => {
  // Settles before the loop's next turn (made on the loop), or after it (a compression thread's answer needs one).
  const madeBy = async (bytes: Promise<unknown>) =>
    Promise.race([
      bytes.then(() => 'the loop'),
      new Promise((resolve) => setImmediate(() => resolve('a thread'))),
    ]);
  const html = (size: number) =>
    Buffer.from('<p>Grilled halloumi, 12.50</p>'.repeat(Math.ceil(size / 30)).slice(0, size));

  it('makes a page of up to 128 KB on the loop, at the quick level, and a larger one on a compression thread', async () => {
    const small = html(21_000);
    const br = compressedForMiss(small, 'br');
    expect(await madeBy(br)).toBe('the loop');
    expect(brotliDecompressSync((await br).br!).equals(small)).toBe(true);
    const gzip = compressedForMiss(html(QUICK_ON_THE_LOOP_MAX), 'gzip');
    expect(await madeBy(gzip)).toBe('the loop');
    expect(gunzipSync((await gzip).gzip!).equals(html(QUICK_ON_THE_LOOP_MAX))).toBe(true);

    const large = html(QUICK_ON_THE_LOOP_MAX + 1);
    const threaded = compressedForMiss(large, 'br');
    expect(await madeBy(threaded)).toBe('a thread');
    expect(brotliDecompressSync((await threaded).br!).equals(large)).toBe(true);
    expect(await compressedForMiss(small, 'identity')).toEqual({});
  });
});
