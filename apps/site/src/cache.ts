import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import {
  isLocalHost,
  type ResolutionResult,
  type ResolveInput,
} from '@brigade/core/domains/resolution-service';
import { ownBytes, packed } from '@brigade/core/packed-bytes';
import { leastRecentKey, makeRoom, type Recent } from '@brigade/core/recency';
import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import type { ChangeArea } from '@brigade/domain/change-areas';
import { CompressionTurns } from './compression-turns';
import type { SiteData } from './load';
import { RESOLUTION_PARAMS } from './request';
import { SeenKeys } from './seen-keys';

/** A change to stored data (the server's change feed): no restaurantId means all of the tenant's
 * restaurants, no tenantId means everything. */
export interface SiteChange {
  area: ChangeArea;
  tenantId?: number;
  restaurantId?: number;
}

export interface CachedPage {
  status: number;
  contentType: string;
  /** Extra headers (X-Robots-Tag). */
  headers: Record<string, string>;
  body: Buffer;
  /** Compressed when the page is stored, for the encoding of the visitor who missed (stored-response.ts). */
  gzip?: Buffer;
  br?: Buffer;
  /**
   * Its gzip or Brotli bytes were made at the quick level, as a miss makes them: the first visitor to find
   * the page stored has them made again at the full level (SiteHandler.cached).
   */
  quick?: boolean;
  /** Strong validator of the identity body; encodings append -gz / -br (-gzq / -brq when quick). */
  etag: string;
  /** Seconds a shared cache (CDN) may keep it. */
  sMaxAge: number;
  expires: number;
  tenantId: number;
  restaurantId: number;
}

const sizeOf = (page: CachedPage) => page.body.length + (page.gzip?.length ?? 0) + (page.br?.length ?? 0);

export const etagOf = (body: Buffer | string) =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

/**
 * A rendered page's text as UTF-8 bytes (issue 20: a miss's cost). Node 20's `Buffer.from(text)` takes
 * ~50 µs for a 20 KB page where writing it into a buffer kept for the purpose and copying the bytes out
 * takes ~20; pages of up to 256 KB of text go that way, larger ones through `Buffer.from`.
 */
export function utf8Bytes(text: string): Buffer {
  if (text.length > 256 * 1024) return Buffer.from(text);
  const written = utf8Scratch.write(text);
  // memory of its own (a page of under 4 KB would otherwise hold a slice of Buffer's shared 8 KB pool)
  return packed(utf8Scratch.subarray(0, written))[0];
}
// UTF-8 takes at most 3 bytes per UTF-16 unit.
const utf8Scratch = Buffer.allocUnsafeSlow(3 * 256 * 1024);

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
// Levels (issue 20), on the 21 KB large-chain home page: Brotli q5 takes 0.55 ms for 5,547 bytes where q9
// takes 21 ms for 5,505 (0.8% smaller); gzip 6 0.46 ms for 5,926 bytes, gzip 9 0.35-0.5 ms for 5,921. A page
// is compressed at these when it has been asked for twice. For the visitor who missed, the quick levels:
// Brotli q1 0.08-0.11 ms for 7,028 bytes, gzip 1 0.08-0.15 ms for 6,682. Brotli q3 made 6,360 bytes in
// 0.18-0.42 ms: its hash tables (256-512 KB) are fresh memory at each call with npm start's malloc settings,
// and on the loop (decision 038) that cost a flood of misses 30-40% of its pages a second. The first
// visitor's page fits TCP's first window (~14 KB) at either level.
export type Level = 'quick' | 'full';
const GZIP = { quick: { level: 1 }, full: { level: 6 } };
const brotliOptions = (body: Buffer, level: Level = 'full') => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: level === 'quick' ? 1 : 5,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  },
});

export type Encoding = 'identity' | 'gzip' | 'br';

/** The encoding a client takes, by its Accept-Encoding: Brotli, else gzip, else none. */
export function encodingOf(acceptEncoding: string | undefined): Encoding {
  const accept = acceptEncoding ?? '';
  return accept.includes('br') && /\bbr\b/.test(accept)
    ? 'br'
    : /\bgzip\b/.test(accept)
      ? 'gzip'
      : 'identity';
}

/**
 * Compresses a page for a visitor, on libuv's thread pool (issue 20): a large page missed (compressedForMiss).
 * A later visitor who takes another encoding gets it compressed once, on the spot (compressedNow, under a
 * millisecond at these levels). A visitor waits for it, so it goes before any background recompression
 * (compression-turns.ts).
 */
export async function compressed(
  body: Buffer,
  encoding: Encoding,
  level: Level = 'full',
): Promise<{ gzip?: Buffer; br?: Buffer }> {
  if (encoding === 'identity') return {};
  await turns.take('visitor');
  try {
    return await compressNow(body, encoding, level);
  } finally {
    turns.release();
  }
}

/**
 * A stored page's bytes made again at the full level, when no visitor's compression is waiting; null when
 * too much such work waits already (the page keeps its quick bytes, and a later visit tries again).
 */
export async function recompressed(
  body: Buffer,
  encoding: 'gzip' | 'br',
): Promise<{ gzip?: Buffer; br?: Buffer } | null> {
  if (!(await turns.take('background'))) return null;
  try {
    return await compressNow(body, encoding, 'full');
  } finally {
    turns.release();
  }
}

/**
 * Pages of up to this many bytes are compressed for the visitor who missed on the event loop (decision 038).
 * At the quick level a 21 KB page takes ~0.1 ms, and 128 KB of HTML 1-2 ms: less, for the loop,
 * than a trip to libuv's thread pool, whose stream objects, output buffer and the page's bytes then outlived
 * the young generation under load and made the full collections come twice as often.
 */
export const QUICK_ON_THE_LOOP_MAX = 128 * 1024;

/**
 * The quick-level bytes for the visitor who missed a page (issue 20): made at once, on the loop, for a page of
 * up to QUICK_ON_THE_LOOP_MAX bytes; a larger one waits for a compression thread (`compressed`).
 */
export async function compressedForMiss(
  body: Buffer,
  encoding: Encoding,
): Promise<{ gzip?: Buffer; br?: Buffer }> {
  if (encoding === 'identity') return {};
  if (body.length > QUICK_ON_THE_LOOP_MAX) return compressed(body, encoding, 'quick');
  return { [encoding]: compressSync(body, encoding, 'quick') };
}

/** A page's bytes compressed at once, on the loop (zlib's output: a view of its working buffer). */
const compressSync = (body: Buffer, encoding: 'gzip' | 'br', level: Level) =>
  encoding === 'br' ? brotliCompressSync(body, brotliOptions(body, level)) : gzipSync(body, GZIP[level]);

const compressNow = async (body: Buffer, encoding: 'gzip' | 'br', level: Level) =>
  encoding === 'br'
    ? { br: await brotliAsync(body, brotliOptions(body, level)) }
    : { gzip: await gzipAsync(body, GZIP[level]) };

/**
 * A page with these compressed bytes, for storing: its bytes and its compressed bytes in one piece of memory
 * of their exact size (packed-bytes.ts: zlib's output is a view of a 16 KB buffer, and each piece of memory
 * the cache keeps is one more for the collector).
 */
export function withCompressed(
  page: CachedPage,
  bytes: { gzip?: Buffer; br?: Buffer },
  quick: boolean,
): CachedPage {
  const encoding = bytes.br ? 'br' : bytes.gzip ? 'gzip' : null;
  if (!encoding) return { ...page, quick: false };
  const [body, compressedBytes] = packed(page.body, bytes[encoding]!);
  const { gzip: _gzip, br: _br, ...rest } = page;
  return { ...rest, body, [encoding]: compressedBytes, quick };
}

// One compression per spare core at a time: more threads than cores would take the CPU from the loop. At
// most 64 recompressions wait (a page each, already stored): under a flood of misses they may wait long.
const COMPRESSION_THREADS = Math.max(1, availableParallelism() - 1);
const RECOMPRESSION_BACKLOG = 64;
const turns = new CompressionTurns(COMPRESSION_THREADS, RECOMPRESSION_BACKLOG);

export const compressedNow = (body: Buffer, encoding: 'gzip' | 'br'): Buffer =>
  ownBytes(compressSync(body, encoding, 'full'));

/** The same, on the spot: for files read once per process (the ordering assets), never per request. */
export const compressedOnce = (body: Buffer): { gzip: Buffer; br: Buffer } => ({
  gzip: gzipSync(body, { level: 9 }),
  br: brotliCompressSync(body, {
    params: { ...brotliOptions(body).params, [constants.BROTLI_PARAM_QUALITY]: 9 },
  }),
});

// Bounded caches (issue 20 item 3): anyone can make up hosts, paths and slugs, so no key space may grow
// without bound, and a flood of new keys must not wipe the busy ones. A hit marks its entry used; room is
// made by second chance (recency.ts).

/**
 * Rendered pages by host and URL, for as long as their data and the clock keep them right: any change to the
 * restaurant, its tenant, its menus, its domains or the site configuration drops them (invalidate), and each
 * expires when a menu's availability window opens or closes (expires). `generation` lets a render that
 * started before an invalidation notice it and not store what it drew from older data.
 */
export class PageCache {
  private readonly pages = new Map<string, { page: CachedPage; used: boolean }>();
  private readonly offered: SeenKeys;
  private gen = 0;
  private bytes = 0;
  constructor(
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {
    // The last 4-8 times as many keys as it stores: under a flood of 2,700 new keys a second, 7-15 s.
    this.offered = new SeenKeys(4 * maxEntries);
  }

  get size() {
    return this.pages.size;
  }
  get generation() {
    return this.gen;
  }

  get(key: string): CachedPage | undefined {
    const kept = this.pages.get(key);
    if (!kept) return undefined;
    if (kept.page.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    kept.used = true;
    return kept.page;
  }

  /** The page stored under `key`, as it is: not marked used, expired or not. */
  peek(key: string): CachedPage | undefined {
    return this.pages.get(key)?.page;
  }

  /**
   * Whether a page of `size` bytes rendered for `key` is to be stored (seen-keys.ts): always while there is
   * room for it, or when it replaces the key's own page; in a full cache, only a key offered before lately.
   * A page not admitted is sent to its visitor and let go.
   */
  admits(key: string, size: number): boolean {
    if (this.pages.has(key)) return true;
    if (this.pages.size < this.maxEntries && this.bytes + size <= this.maxBytes) return true;
    return this.offered.seenBefore(key);
  }

  /** Stores a page unless an invalidation happened since `generation` was read. */
  set(key: string, page: CachedPage, generation: number): boolean {
    if (generation !== this.gen) return false;
    this.delete(key);
    const size = sizeOf(page);
    // The least recently used go first (by second chance: recency.ts).
    while (this.pages.size > 0 && (this.pages.size >= this.maxEntries || this.bytes + size > this.maxBytes)) {
      const evicted = leastRecentKey(this.pages);
      if (evicted === undefined) break;
      this.delete(evicted);
    }
    this.pages.set(key, { page, used: false });
    this.bytes += size;
    return true;
  }

  invalidate(change: SiteChange): void {
    this.gen++;
    // Platform-wide data: every page may show it. A domain change names its tenant (issue 48): only that
    // tenant's pages show its hosts (their links and canonical addresses), and a host newly mapped has no page
    // stored (a page for an unknown host is never stored), so other tenants' pages stay.
    if (change.area === 'site-config' || change.tenantId === undefined) {
      this.clearPages();
      return;
    }
    for (const [key, { page }] of this.pages) {
      if (page.tenantId !== change.tenantId) continue;
      if (
        change.area === 'domains' ||
        change.restaurantId === undefined ||
        page.restaurantId === change.restaurantId
      )
        this.delete(key);
    }
  }

  clear(): void {
    this.gen++;
    this.clearPages();
  }

  private clearPages(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  private delete(key: string): void {
    const kept = this.pages.get(key);
    if (!kept) return;
    this.pages.delete(key);
    this.bytes -= sizeOf(kept.page);
  }
}

/** Public resolution is cached 5 minutes (parameters, domains) and 10 minutes (slugs). */
const RESOLUTION_TTL_MS = { params: 5 * 60_000, domain: 5 * 60_000, slug: 10 * 60_000, none: 60_000 };

export interface RestaurantEntry extends Recent {
  data: SiteData | null;
  /** When the menus shown now may change (the next availability boundary). */
  expires: number;
  menus: Map<number, Promise<ResolvedMenuGroup | null>>;
}

/**
 * What pages are drawn from, kept between renders so that a page not in the page cache (another path, a
 * dropped page) costs a render and no database reads: resolutions (for their cache times) and, per restaurant,
 * its data and resolved menus until its next availability boundary. The change feed drops them like pages;
 * a load that started before a change is not kept.
 */
export class SiteDataCache {
  private readonly resolutions = new Map<
    string,
    { value: ResolutionResult; expires: number; used: boolean }
  >();
  private readonly restaurants = new Map<
    string,
    RestaurantEntry & { tenantId: number; restaurantId: number }
  >();
  private gen = 0;

  constructor(
    private readonly enabled = true,
    private readonly maxEntries = 5000,
    private readonly now: () => number = Date.now,
  ) {}

  async resolution(input: ResolveInput, load: () => Promise<ResolutionResult>): Promise<ResolutionResult> {
    if (!this.enabled) return load();
    const slug = input.path?.split('/').find((s) => s.length > 0) ?? '';
    // Parameters and local hosts (slugs) resolve the same whatever the Host says: one entry, not one per Host.
    const byHost =
      !RESOLUTION_PARAMS.some((name) => input[name] !== undefined) && !isLocalHost(input.host ?? '');
    const key = [
      byHost ? input.host : '',
      input.tenant,
      input.tenantGuid,
      input.restaurant,
      input.restaurantGuid,
      slug,
    ].join('|');
    const hit = this.resolutions.get(key);
    if (hit && hit.expires > this.now()) {
      hit.used = true;
      return hit.value;
    }
    const generation = this.gen;
    const value = await load();
    // Misses are not kept: a restaurant created a moment later must be found.
    if (value.found && generation === this.gen) {
      makeRoom(this.resolutions, this.maxEntries);
      this.resolutions.set(key, {
        value,
        expires: this.now() + RESOLUTION_TTL_MS[value.method],
        used: false,
      });
    }
    return value;
  }

  async restaurant(
    guid: string,
    load: () => Promise<{ data: SiteData | null; ttlMs: number }>,
  ): Promise<RestaurantEntry> {
    const hit = this.enabled ? this.restaurants.get(guid) : undefined;
    if (hit && hit.expires > this.now()) {
      hit.used = true;
      return hit;
    }
    const generation = this.gen;
    const { data, ttlMs } = await load();
    const entry = { data, expires: this.now() + ttlMs, menus: new Map(), used: false };
    if (this.enabled && data && generation === this.gen) {
      makeRoom(this.restaurants, this.maxEntries);
      this.restaurants.set(guid, {
        ...entry,
        tenantId: data.restaurant.tenantId,
        restaurantId: data.restaurant.restaurantId,
      });
    }
    return entry;
  }

  /** A resolved menu of a restaurant entry, read once per entry. */
  menu(
    entry: RestaurantEntry,
    menuGroupId: number,
    load: () => Promise<ResolvedMenuGroup | null>,
  ): Promise<ResolvedMenuGroup | null> {
    let menu = this.enabled ? entry.menus.get(menuGroupId) : undefined;
    if (!menu) {
      menu = load();
      if (this.enabled) {
        entry.menus.set(menuGroupId, menu);
        menu.catch(() => entry.menus.delete(menuGroupId));
      }
    }
    return menu;
  }

  invalidate(change: SiteChange): void {
    this.gen++;
    if (change.area !== 'catalogue' && change.area !== 'images') this.resolutions.clear();
    for (const [guid, entry] of this.restaurants) {
      const concerned =
        change.tenantId === undefined ||
        change.area === 'site-config' ||
        (entry.tenantId === change.tenantId &&
          (change.restaurantId === undefined || entry.restaurantId === change.restaurantId));
      if (concerned) this.restaurants.delete(guid);
    }
  }
}
