import { CHANGE_FEED_TABLES } from '@brigade/db/announced-tables';
import { type CommittedWrites, touches } from '@brigade/db/committed-writes';
import type { Executor } from '@brigade/db/database';
import { type Change, type ChangeFeed, changeConcerns } from '../changes/index';
import { applicationTenantFiltersOn } from '../tenant-scope';
import { type CatalogueScope, type ResolvedScope, resolveCatalogueScope } from './scope';

/** A scope is its tenant's time zone, its restaurant's special days and change-feed version. */
const SCOPE_TABLES: ReadonlySet<string> = new Set([...CHANGE_FEED_TABLES, 'restaurant_versions']);

/** What the database said of the restaurant (all but who asks). */
type Known = Omit<ResolvedScope, 'actor'>;

// Both copies name every field (issue 20). Built with object rest (`{ actor, ...known }`) and spread
// (`{ ...known, actor }`), every read answered from memory allocated its scope in a way the young
// generation did not collect: the menu read promoted ~130 KB at each scavenge, and lost 10% of its rate.
const knownOf = (resolved: ResolvedScope): Known => ({
  tenantId: resolved.tenantId,
  restaurantId: resolved.restaurantId,
  timezone: resolved.timezone,
  version: resolved.version,
  specialHours: resolved.specialHours,
});

const scopeOf = (known: Known, actor: string): ResolvedScope => ({
  tenantId: known.tenantId,
  restaurantId: known.restaurantId,
  actor,
  timezone: known.timezone,
  version: known.version,
  specialHours: known.specialHours,
});

/**
 * Restaurants' scopes (tenant time zone, change-feed version, special days) in memory (issue 20), so a read
 * answered from the menu cache asks the database nothing, and a catalogue list or record read asks one query
 * fewer (on PGlite a third of such a read's time). The change feed drops a restaurant's entry on any change
 * that concerns it: this instance's writes before they answer (contract-routes publishes, and on PostgreSQL
 * every committed write of this process to a table scopes are made of clears everything as it commits —
 * committed-writes.ts), everyone's through the database's announcements. Nothing is kept while the
 * announcements are not heard, a read that raced with a drop stores nothing (a generation count), and a gap in
 * the feed (`{ area: 'tenant' }` without ids) clears everything.
 *
 * Only behind the application's access check: while the isolation matrix switches the application's
 * tenant checks off to prove row-level security alone, nothing is answered from memory.
 */
export class ScopeCache {
  readonly #entries = new Map<string, Known>();
  readonly #feed: ChangeFeed;
  readonly #maxEntries: number;
  #generation = 0;
  hits = 0;
  misses = 0;

  constructor(feed: ChangeFeed, committedWrites?: CommittedWrites, maxEntries = 10_000) {
    this.#feed = feed;
    this.#maxEntries = maxEntries;
    feed.subscribe((change) => this.invalidate(change));
    // A write of this process (a service called directly too) to what scopes are made of is seen by its next
    // read at once; orders, payments and sessions leave them be (issue 48).
    committedWrites?.subscribe((tables) => {
      if (touches(tables, SCOPE_TABLES)) this.invalidate({ area: 'tenant' });
    });
  }

  /** The scope when a current copy is held (no query), else undefined. */
  cached(scope: CatalogueScope): ResolvedScope | undefined {
    if (!applicationTenantFiltersOn() || !this.#feed.listening()) return undefined;
    const known = this.#entries.get(keyOf(scope));
    if (!known) return undefined;
    this.hits++;
    return scopeOf(known, scope.actor);
  }

  /** The scope from memory, else from the database (resolveCatalogueScope), kept for the next read. */
  async resolve(ex: Executor, scope: CatalogueScope): Promise<ResolvedScope> {
    const cached = this.cached(scope);
    if (cached) return cached;
    this.misses++;
    const generation = this.#generation;
    const keep = this.#feed.listening();
    const resolved = await resolveCatalogueScope(ex, scope);
    if (keep && generation === this.#generation && applicationTenantFiltersOn()) {
      const key = keyOf(scope);
      this.#entries.delete(key);
      this.#entries.set(key, knownOf(resolved));
      if (this.#entries.size > this.#maxEntries) {
        const oldest = this.#entries.keys().next().value;
        if (oldest !== undefined) this.#entries.delete(oldest);
      }
    }
    return resolved;
  }

  invalidate(change: Change): void {
    this.#generation++;
    if (change.tenantId === undefined) {
      this.#entries.clear();
      return;
    }
    for (const [key, known] of this.#entries) {
      if (changeConcerns(change, known.tenantId, known.restaurantId)) this.#entries.delete(key);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}

const keyOf = (scope: { tenantId: number; restaurantId: number }) =>
  `${scope.tenantId}:${scope.restaurantId}`;
