import { CASCADING_INTO_IDENTITY, IDENTITY_FEED_TABLES } from '@brigade/db/announced-tables';
import { touches } from '@brigade/db/committed-writes';
import type { Database, Executor } from '@brigade/db/database';
import { listenForNotifications, type NotificationListener } from '@brigade/db/notifications';
import { SESSION_POLICY } from '@brigade/domain/session-policy';
import { makeRoom, type Recent } from '../recency';
import { hashToken } from './secrets';
import { type Authenticated, type LoadedSession, loadSession } from './session-service';

/** Where the database announces the uid of a user whose sessions, account or assignments changed (0017). */
export const IDENTITY_CHANNEL = 'brigade_identity';

export interface SessionCacheOptions {
  /** Live sessions kept at most (the least recently used go first, by second chance: recency.ts). */
  maxEntries?: number;
  /**
   * How long a copy is trusted without asking the database: the touch interval, so the idle deadline is
   * pushed on as before and a lost announcement cannot keep a session alive longer than this.
   */
  maxAgeMs?: number;
  now?: () => number;
}

const SESSION_TABLES: ReadonlySet<string> = new Set([...IDENTITY_FEED_TABLES, ...CASCADING_INTO_IDENTITY]);

interface Entry extends LoadedSession, Recent {
  loadedAt: number;
}

/**
 * Live sessions in memory (issue 20): an authenticated request whose session was read in the last few
 * minutes costs no query. Correctness comes from the identity feed: the database announces every committed
 * revocation, user change and assignment change (migration 0018) to every instance, and this process drops
 * that user's sessions when it hears one; while the announcements are not heard (before the listener is
 * connected, or while a lost connection is re-made) nothing is kept, and a gap drops everything. A load
 * that raced with a drop is not kept (a generation count). This process's own committed writes drop
 * everything before the writer resumes (committed-writes.ts), so the writer's next request never meets a
 * session from before its write even though the announcement reaches this process a moment later; writes to
 * other tables (orders, payments, the catalogue) leave them be.
 */
export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #byUser = new Map<string, Set<string>>();
  readonly #listener: NotificationListener | null;
  readonly #maxEntries: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  #generation = 0;
  hits = 0;
  misses = 0;

  /** Without a database nothing is heard, so nothing is kept (every call asks the database). */
  constructor(database?: Database, options: SessionCacheOptions = {}) {
    this.#maxEntries = options.maxEntries ?? 20_000;
    this.#maxAgeMs = options.maxAgeMs ?? SESSION_POLICY.touchEveryMs;
    this.#now = options.now ?? Date.now;
    this.#listener = database
      ? listenForNotifications(database, IDENTITY_CHANNEL, {
          onMessage: (uid) => this.forgetUser(uid),
          onGap: () => this.forgetAll(),
        })
      : null;
    // This process's own writes to what sessions depend on are heard as they commit (PostgreSQL; PGlite's
    // announcements already are); an order or a catalogue write leaves the sessions alone (issue 48).
    database?.committedWrites?.subscribe((tables) => {
      if (touches(tables, SESSION_TABLES)) this.forgetAll();
    });
  }

  get ready(): Promise<void> {
    return this.#listener?.ready ?? Promise.resolve();
  }

  get size(): number {
    return this.#entries.size;
  }

  /**
   * The session behind a token when a fresh copy is held, without a promise (issue 20: the request hook
   * answers a held session in the same turn); undefined when it must be asked of the database.
   */
  held(token: string): Authenticated | undefined {
    const tokenHash = hashToken(token);
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (!this.#fresh(entry, this.#now())) {
      this.#drop(tokenHash);
      return undefined;
    }
    this.hits++;
    entry.used = true;
    return entry.auth;
  }

  /** The session behind a token: from memory when a fresh copy is held, else from the database. */
  async authenticate(ex: Executor, token: string): Promise<Authenticated | null> {
    const held = this.held(token);
    if (held) return held;
    const tokenHash = hashToken(token);
    const now = this.#now();
    this.misses++;
    const generation = this.#generation;
    const keep = this.#listener?.listening() ?? false;
    const loaded = await loadSession(ex, tokenHash);
    if (loaded && keep && generation === this.#generation) this.#store(tokenHash, loaded, now);
    return loaded?.auth ?? null;
  }

  /** Drops one user's sessions (the database announced a change to them). */
  forgetUser(uid: string): void {
    this.#generation++;
    const hashes = this.#byUser.get(uid);
    if (!hashes) return;
    for (const tokenHash of [...hashes]) this.#drop(tokenHash);
  }

  forgetAll(): void {
    this.#generation++;
    this.#entries.clear();
    this.#byUser.clear();
  }

  async close(): Promise<void> {
    this.forgetAll();
    await this.#listener?.close();
  }

  #fresh(entry: Entry, now: number): boolean {
    return (
      now - entry.loadedAt < this.#maxAgeMs &&
      now < entry.idleExpiresAt.getTime() &&
      now < entry.absoluteExpiresAt.getTime()
    );
  }

  #store(tokenHash: string, loaded: LoadedSession, now: number): void {
    this.#drop(tokenHash);
    makeRoom(this.#entries, this.#maxEntries, (evicted) => this.#drop(evicted));
    this.#entries.set(tokenHash, { ...loaded, loadedAt: now, used: false });
    let hashes = this.#byUser.get(loaded.userUid);
    if (!hashes) {
      hashes = new Set();
      this.#byUser.set(loaded.userUid, hashes);
    }
    hashes.add(tokenHash);
  }

  #drop(tokenHash: string): void {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return;
    this.#entries.delete(tokenHash);
    const hashes = this.#byUser.get(entry.userUid);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.#byUser.delete(entry.userUid);
  }
}
