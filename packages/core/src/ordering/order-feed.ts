import type { Database } from '@brigade/db/database';
import { listenForNotifications, type NotificationListener } from '@brigade/db/notifications';

/*
 * The order feed (docs/jobs.md#live-screens): what changed in which restaurant's orders, heard from the
 * database's `brigade_orders` channel (migration 0030), so screens are pushed changes made on any instance.
 * It listens only while someone is subscribed. A lost connection is reported to every subscriber as a
 * change of everything (`orderId: null`): what was announced meanwhile is unknown.
 */

export interface OrderChange {
  tenantId: number;
  restaurantId: number;
  /** null: anything may have changed (the feed lost its connection for a while). */
  orderId: number | null;
}

type Listener = (change: OrderChange) => void;

export class OrderFeed {
  readonly #listeners = new Set<Listener>();
  #listener: NotificationListener | undefined;

  constructor(private readonly database: Database) {}

  /** Hears every change from now on; resolves once listening. The returned function unsubscribes. */
  async subscribe(listener: Listener): Promise<() => void> {
    this.#listeners.add(listener);
    this.#listener ??= listenForNotifications(this.database, 'brigade_orders', {
      onMessage: (payload) => this.#emit(payload),
      onGap: () => {
        for (const each of this.#listeners) each({ tenantId: 0, restaurantId: 0, orderId: null });
      },
    });
    await this.#listener.ready;
    return () => {
      this.#listeners.delete(listener);
    };
  }

  /** Whether changes are heard now (false before the first subscriber and while reconnecting). */
  listening(): boolean {
    return this.#listener?.listening() ?? false;
  }

  async close(): Promise<void> {
    this.#listeners.clear();
    await this.#listener?.close();
    this.#listener = undefined;
  }

  #emit(payload: string): void {
    const [tenant, restaurant, order] = payload.split(':').map(Number);
    if (!tenant || !restaurant || !order) return;
    const change = { tenantId: tenant, restaurantId: restaurant, orderId: order };
    for (const listener of this.#listeners) listener(change);
  }
}
