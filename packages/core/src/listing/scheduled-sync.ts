import type { Executor } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import { isBrigadeError } from '@brigade/domain/errors';
import { sql } from 'drizzle-orm';
import { enqueue } from '../jobs/index';
import { SYSTEM } from '../use-case';
import { updateConnectionRow } from './connection-repository';
import type { ListingDeps } from './listing-deps';
import { syncFull } from './profile-sync';

/**
 * Scheduled syncs per connection `syncFrequency` (issues 19 and 41), run as jobs
 * (docs/jobs.md): every minute `listing.schedule` claims the due connections and queues one `listing.sync`
 * job each in the claim's transaction, so a connection's sync runs on its own, on any instance. A due
 * connection (connected, a location chosen, next_sync_at passed or never set) is claimed by moving its
 * next_sync_at on, in one statement under `FOR UPDATE SKIP LOCKED`: with several server instances on one
 * database each due sync is claimed by exactly one, and the schedule lives in the table, so it survives
 * restarts. A failed sync keeps what was stored (each sync writes in one transaction) and records what failed.
 */

/** How far a claim moves next_sync_at; realtime (Google sends no notifications here) means every minute. */
const NEXT_SYNC = sql`CASE sync_frequency
  WHEN 'realtime' THEN interval '1 minute'
  WHEN 'hourly' THEN interval '1 hour'
  WHEN 'weekly' THEN interval '7 days'
  ELSE interval '1 day' END`;

/** Connections claimed by one run of the schedule (the syncs themselves are jobs of their own). */
export const SYNC_BATCH = 500;

export async function claimDueConnections(ex: Executor, now: Date, limit = SYNC_BATCH): Promise<string[]> {
  const result = (await ex.execute(sql`
    update business_listing_connections set next_sync_at = ${now.toISOString()}::timestamptz + ${NEXT_SYNC}
    where connection_id in (
      select connection_id from business_listing_connections
      where status = 'connected' and account_id is not null and location_id is not null
        and (next_sync_at is null or next_sync_at <= ${now.toISOString()}::timestamptz)
      order by next_sync_at nulls first
      limit ${limit}
      for update skip locked)
    returning connection_id`)) as unknown as { rows: { connection_id: string }[] };
  return result.rows.map((row) => row.connection_id);
}

export interface ScheduledSyncResult {
  due: number;
  synced: number;
  failed: number;
}

/** The `listing.schedule` job: claims the due connections and queues each one's sync, in one transaction. */
export async function queueDueSyncs(deps: Pick<ListingDeps, 'transact'>, now: Date): Promise<number> {
  return deps.transact(async (tx) => {
    const claimed = await claimDueConnections(tx, now);
    for (const connectionId of claimed) await enqueue(tx, QUEUES.listingSync.name, { connectionId });
    return claimed.length;
  });
}

/**
 * The `listing.sync` job: one connection's sync (profile, then reviews). A failure keeps what was stored, is
 * recorded on the connection, and waits for the connection's next turn. True when it synced.
 */
export async function syncConnection(deps: ListingDeps, connectionId: string): Promise<boolean> {
  try {
    await syncFull(deps, SYSTEM, connectionId);
    await deps.transact((tx) =>
      updateConnectionRow(tx, connectionId, { lastSyncStatus: 'completed', lastSyncError: null }),
    );
    return true;
  } catch (error) {
    const message = isBrigadeError(error) ? error.message : 'The sync with Google Business Profile failed';
    deps.log.warn({ connectionId, reason: message }, 'scheduled Google Business Profile sync failed');
    await deps
      .transact((tx) =>
        updateConnectionRow(tx, connectionId, { lastSyncStatus: 'error', lastSyncError: message }),
      )
      .catch(() => undefined);
    return false;
  }
}

/** Claims the due connections and syncs each here, one after another (what the two jobs do, in one call). */
export async function syncDueListings(deps: ListingDeps, now: Date): Promise<ScheduledSyncResult> {
  const claimed = await deps.transact((tx) => claimDueConnections(tx, now));
  const result: ScheduledSyncResult = { due: claimed.length, synced: 0, failed: 0 };
  for (const connectionId of claimed) {
    if (await syncConnection(deps, connectionId)) result.synced += 1;
    else result.failed += 1;
  }
  return result;
}
