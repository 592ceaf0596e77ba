import type { Database } from '@brigade/db/database';
import { listenForNotifications, type NotificationListener } from '@brigade/db/notifications';
import { CHANGE_AREAS, type ChangeArea } from '@brigade/domain/change-areas';

/**
 * One change. Without restaurantId it concerns every restaurant of the tenant; without tenantId, everything
 * (a listener that lost its connection reports `{ area: 'tenant' }`: whatever it missed is unknown).
 */
export interface Change {
  area: ChangeArea;
  tenantId?: number;
  restaurantId?: number;
}

export type ChangeListener = (change: Change) => void;

export const CHANGE_CHANNEL = 'brigade_changes';

/** Reads a trigger's "<area>:<tenantId>:<restaurantId>" announcement (empty ids are absent). */
export function parseChange(payload: string): Change | null {
  const [area, tenant, restaurant] = payload.split(':');
  if (!area || !(CHANGE_AREAS as readonly string[]).includes(area)) return null;
  const change: Change = { area: area as ChangeArea };
  const tenantId = Number(tenant);
  const restaurantId = Number(restaurant);
  if (tenant && Number.isInteger(tenantId) && tenantId > 0) change.tenantId = tenantId;
  if (change.tenantId && restaurant && Number.isInteger(restaurantId) && restaurantId > 0)
    change.restaurantId = restaurantId;
  return change;
}

/** Does a change concern this restaurant (of this tenant)? */
export const changeConcerns = (change: Change, tenantId: number, restaurantId: number): boolean =>
  change.tenantId === undefined ||
  (change.tenantId === tenantId &&
    (change.restaurantId === undefined || change.restaurantId === restaurantId));

/**
 * The change feed (docs/decisions/011-change-feed.md): what changed, so that caches of derived documents
 * (resolved menus, rendered public pages, host resolution) drop what went stale.
 *
 * Two sources, one stream:
 * - the database: triggers on every restaurant-scoped table, tenants, domain mappings and the site
 *   configuration announce each committed write on the `brigade_changes` channel (migration 0005), whoever
 *   made it — this process, another instance, the CLI, a seed;
 * - `publish`: a handler that just wrote tells this process's listeners at once, before it answers, so the
 *   writer's next request never meets a stale cache (the database's announcement arrives a moment later).
 */
export class ChangeFeed {
  readonly #listeners = new Set<ChangeListener>();
  readonly #listener: NotificationListener | null;

  /** Without a database the feed only carries what `publish` says (unit tests). */
  constructor(database?: Database) {
    this.#listener = database
      ? listenForNotifications(database, CHANGE_CHANNEL, {
          onMessage: (payload) => {
            const change = parseChange(payload);
            if (change) this.#emit(change);
          },
          onGap: () => this.#emit({ area: 'tenant' }),
        })
      : null;
  }

  /** Resolves once the database's announcements are heard. */
  get ready(): Promise<void> {
    return this.#listener?.ready ?? Promise.resolve();
  }

  /**
   * Whether the database's announcements are heard now. A cache that keeps what a read found must not keep it
   * while they are not (before the listener is connected, or while a lost connection is re-made). Without a
   * database nothing is heard.
   */
  listening(): boolean {
    return this.#listener?.listening() ?? false;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells this process's listeners now (the write has committed); other instances hear the database. */
  publish(change: Change): void {
    this.#emit(change);
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await this.#listener?.close();
  }

  #emit(change: Change): void {
    for (const listener of this.#listeners) {
      try {
        listener(change);
      } catch {
        // one cache's failure must not keep the others stale
      }
    }
  }
}
