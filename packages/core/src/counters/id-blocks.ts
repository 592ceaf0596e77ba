import type { Executor } from '@brigade/db/database';
import { type SideConnection, sideConnectionFor, transactionKey } from '@brigade/db/side-connection';
import type { CounterScope } from '@brigade/domain/counters';
import { INT32_MAX } from '@brigade/domain/integers';

/**
 * Id blocks reserved outside the caller's transaction (decision 033). On PostgreSQL the callers waiting for
 * ids of one counter share one self-committing `UPDATE … RETURNING` on a side connection, so the counter's
 * row lock is held for one statement instead of until each caller's commit. Every reserved id is handed out
 * at once, so the stored value stays the last id issued; an id whose transaction rolls back is a hole.
 *
 * `null` means "issue in the caller's transaction": on PGlite (one connection), when the counter does not
 * exist yet or would pass the id range, after a failed reservation, and in a transaction that has written a
 * counter itself (it holds that row's lock until it ends, so a reservation would wait for it).
 */
export async function reserveOutside(
  ex: Executor,
  scope: CounterScope,
  count: number,
): Promise<number | null> {
  const key = transactionKey(ex);
  if (key && lockingTransactions.has(key)) return null;
  const side = sideConnectionFor(ex);
  if (!side) return null;
  let reserver = reservers.get(side);
  if (!reserver) {
    reserver = new BlockReserver(side);
    reservers.set(side, reserver);
  }
  return reserver.request(scope, count);
}

/** Records that `ex` wrote a counter row itself: it keeps issuing in its own transaction from then on. */
export function holdsCounterLocks(ex: Executor): void {
  const key = transactionKey(ex);
  if (key) lockingTransactions.add(key);
}

const lockingTransactions = new WeakSet<object>();
const reservers = new WeakMap<SideConnection, BlockReserver>();

interface Waiter {
  count: number;
  resolve: (last: number | null) => void;
}

interface Pending {
  scope: CounterScope;
  waiters: Waiter[];
}

const PLATFORM = `update platform_counters set next_id = next_id + $2, updated_at = now()
  where entity_type = $1 and next_id + $2 <= ${INT32_MAX} returning next_id`;
const RESTAURANT = `update restaurant_counters set next_id = next_id + $4, updated_at = now()
  where tenant_id = $1 and restaurant_id = $2 and entity_type = $3 and next_id + $4 <= ${INT32_MAX}
  returning next_id`;

/** Queues requests per counter; one reservation at a time takes a block for everything queued meanwhile. */
class BlockReserver {
  private readonly queue = new Map<string, Pending>();
  private running = false;

  constructor(private readonly side: SideConnection) {}

  request(scope: CounterScope, count: number): Promise<number | null> {
    const id =
      'tenantId' in scope ? `${scope.entityType}:${scope.tenantId}:${scope.restaurantId}` : scope.entityType;
    return new Promise((resolve) => {
      const pending = this.queue.get(id);
      if (pending) pending.waiters.push({ count, resolve });
      else this.queue.set(id, { scope, waiters: [{ count, resolve }] });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.size > 0) {
        const round = [...this.queue.values()];
        this.queue.clear();
        for (const pending of round) await this.reserve(pending);
      }
    } finally {
      this.running = false;
    }
  }

  private async reserve({ scope, waiters }: Pending): Promise<void> {
    const total = waiters.reduce((sum, w) => sum + w.count, 0);
    let last: number | null = null;
    try {
      const rows =
        'tenantId' in scope
          ? await this.side.query<{ next_id: string | number }>(RESTAURANT, [
              scope.tenantId,
              scope.restaurantId,
              scope.entityType,
              total,
            ])
          : await this.side.query<{ next_id: string | number }>(PLATFORM, [scope.entityType, total]);
      last = rows[0] ? Number(rows[0].next_id) : null;
    } catch {
      // The caller's own transaction retries, and reports a real failure with the spec's codes.
      last = null;
    }
    if (last === null) {
      for (const waiter of waiters) waiter.resolve(null);
      return;
    }
    let next = last - total;
    for (const waiter of waiters) {
      next += waiter.count;
      waiter.resolve(next);
    }
  }
}
