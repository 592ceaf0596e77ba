import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { type Change, changeConcerns } from '../changes/index';
import { ownBytes } from '../packed-bytes';
import { leastRecentKey, type Recent } from '../recency';
import type { ResolvedScope } from './scope';

interface Entry<T> extends Recent {
  tenantId: number;
  version: number;
  trees: Map<number, T>;
  /** Other things read from the restaurant's rows at this version, by key (a register's basis, its kitchen). */
  values: Map<string, unknown>;
  documents: Map<string, Buffer>;
  /** The documents compressed, by key and encoding, once the compression (off the event loop) is done. */
  encoded: Map<string, Buffer>;
  bytes: number;
}

/** The encodings a finished document is kept in besides plain JSON (issue 20: compressed once, sent many times). */
export type DocumentEncoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const COMPRESSORS: Record<DocumentEncoding, (text: string) => Promise<Buffer>> = {
  // Once per menu version, in libuv's thread pool: the best ratio that still takes a fraction of a second.
  br: (text) =>
    brotli(text, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
      },
    }),
  gzip: (text) => gzipped(text, { level: 9 }),
};

/**
 * Resolved menus kept in memory per restaurant (issue 6; docs/decisions/011-change-feed.md): the rows of a
 * menu's tree as read from the database, and finished response documents by key. Everything is stored under
 * the restaurant's change-feed version, which every read learns from its scope query: a write raises the
 * version in its own transaction, so a read that can see the write can never be served what was cached
 * before it, on this instance or any other. Change-feed events only free the memory early.
 * The least recently used restaurants go first (by second chance: recency.ts) when more than `maxRestaurants` or
 * `maxBytes` of documents are held.
 */
export class MenuCache<T = unknown> {
  readonly #entries = new Map<number, Entry<T>>();
  #bytes = 0;

  constructor(
    readonly maxRestaurants = 200,
    readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  tree(scope: ResolvedScope, menuGroupId: number): T | undefined {
    return this.#current(scope)?.trees.get(menuGroupId);
  }

  storeTree(scope: ResolvedScope, menuGroupId: number, tree: T): void {
    this.#entryFor(scope)?.trees.set(menuGroupId, tree);
  }

  /**
   * A value read from rows that raise the restaurant's version when written (the change feed's triggers):
   * kept under the version it was read at, like the trees. Small: not counted in `maxBytes`.
   */
  value<V>(scope: ResolvedScope, key: string): V | undefined {
    return this.#current(scope)?.values.get(key) as V | undefined;
  }

  storeValue(scope: ResolvedScope, key: string, value: unknown): void {
    this.#entryFor(scope)?.values.set(key, value);
  }

  document(scope: ResolvedScope, key: string): string | undefined {
    return this.#current(scope)?.documents.get(key)?.toString('utf8');
  }

  storeDocument(scope: ResolvedScope, key: string, document: string): void {
    const entry = this.#entryFor(scope);
    if (!entry || entry.documents.has(key)) return;
    // Kept as the bytes sent: a long string would be encoded to UTF-8 again on every send.
    const bytes = Buffer.from(document, 'utf8');
    entry.documents.set(key, bytes);
    entry.bytes += bytes.length;
    this.#bytes += bytes.length;
    this.#evict(scope.restaurantId);
    for (const encoding of Object.keys(COMPRESSORS) as DocumentEncoding[]) {
      void COMPRESSORS[encoding](document).then(
        (body) => this.#storeEncoded(scope, key, encoding, body),
        () => undefined, // plain JSON is still there; the reply compresses on the fly
      );
    }
  }

  /** The document's bytes in this encoding (identity: UTF-8 JSON), when its compression has finished. */
  encoded(scope: ResolvedScope, key: string, encoding: DocumentEncoding | 'identity'): Buffer | undefined {
    const entry = this.#current(scope);
    return encoding === 'identity' ? entry?.documents.get(key) : entry?.encoded.get(`${encoding}:${key}`);
  }

  #storeEncoded(scope: ResolvedScope, key: string, encoding: DocumentEncoding, body: Buffer): void {
    const entry = this.#entries.get(scope.restaurantId);
    // Only into the entry the document went into (a newer version or a drop since: nothing to do).
    if (!entry || entry.version !== scope.version || entry.tenantId !== scope.tenantId) return;
    if (!entry.documents.has(key)) return;
    // zlib's output of a small document is a view of its whole 16 KB working buffer (packed-bytes.ts)
    const bytes = ownBytes(body);
    entry.encoded.set(`${encoding}:${key}`, bytes);
    entry.bytes += bytes.length;
    this.#bytes += bytes.length;
    this.#evict(scope.restaurantId);
  }

  /** Frees what a change made stale (a change feed listener). */
  invalidate(change: Change): void {
    for (const [restaurantId, entry] of this.#entries) {
      if (changeConcerns(change, entry.tenantId, restaurantId)) this.#drop(restaurantId);
    }
  }

  get size(): { restaurants: number; bytes: number } {
    return { restaurants: this.#entries.size, bytes: this.#bytes };
  }

  /** The restaurant's entry if it holds this version (and marks it used). */
  #current(scope: ResolvedScope): Entry<T> | undefined {
    const entry = this.#entries.get(scope.restaurantId);
    if (!entry || entry.version !== scope.version || entry.tenantId !== scope.tenantId) return undefined;
    entry.used = true;
    return entry;
  }

  /** The entry to store into: a newer version replaces an older one; an older read stores nothing. */
  #entryFor(scope: ResolvedScope): Entry<T> | undefined {
    const existing = this.#entries.get(scope.restaurantId);
    if (existing && existing.tenantId === scope.tenantId) {
      if (existing.version === scope.version) return this.#current(scope);
      if (existing.version > scope.version) return undefined;
    }
    if (existing) this.#drop(scope.restaurantId);
    const entry: Entry<T> = {
      tenantId: scope.tenantId,
      version: scope.version,
      trees: new Map(),
      values: new Map(),
      documents: new Map(),
      encoded: new Map(),
      bytes: 0,
      used: false,
    };
    this.#entries.set(scope.restaurantId, entry);
    this.#evict(scope.restaurantId);
    return entry;
  }

  #drop(restaurantId: number): void {
    const entry = this.#entries.get(restaurantId);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    this.#entries.delete(restaurantId);
  }

  /** Makes room within the limits, never by dropping `keep` (the entry being stored into). */
  #evict(keep: number): void {
    while (
      this.#entries.size > 1 &&
      (this.#entries.size > this.maxRestaurants || this.#bytes > this.maxBytes)
    ) {
      const restaurantId = leastRecentKey(this.#entries);
      if (restaurantId === undefined) return;
      if (restaurantId === keep)
        this.#entries.get(keep)!.used = true; // passed over on the next round
      else this.#drop(restaurantId);
    }
  }
}
