import { enqueue } from '@brigade/core/jobs/jobs';
import { claimDueConnections, syncDueListings } from '@brigade/core/listing/scheduled-sync';
import { QUEUES } from '@brigade/db/job-queue';
import { businessListingConnections, businessListingReviews } from '@brigade/db/schema/business-listing';
import { rowsOf } from '@brigade/test-utils/card-data';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduledListingDeps } from '../business-listing-runtime';
import { createJobRunner } from '../job-runtime';
import { useTestApp } from '../test-app';
import { api, connect, makeWorld, type Place } from './test-business-listing';

// Scheduled syncs per syncFrequency (issue 19): the schedule lives in the connections table, a
// due connection is claimed by exactly one of several instances (FOR UPDATE SKIP LOCKED), a failed sync
// keeps what was stored and says what failed. Against the in-process emulator over HTTP.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld(t);
});

const DAY = 24 * 60 * 60_000;
const logs = { warn: () => {} };
/** One server instance's housekeeping deps (a second call is a second instance: nothing kept in memory). */
const instance = () => scheduledListingDeps(t.deps, t.database.db, logs);

async function withLocation(): Promise<{ place: Place; connectionId: string }> {
  const place = await world.newPlace();
  const { connectionId } = await connect(t, world.owner, place);
  const body = { tenantId: place.tenantGuid, restaurantId: place.restaurantGuid, locationId: '4001' };
  expect((await api(t, world.owner, 'PATCH', '/locations/select', body)).statusCode).toBe(200);
  return { place, connectionId };
}

const rowOf = async (connectionId: string) =>
  (
    await t.database.db
      .select()
      .from(businessListingConnections)
      .where(eq(businessListingConnections.connectionId, connectionId))
  )[0]!;
const reviewCount = async (place: Place) =>
  (
    await t.database.db
      .select()
      .from(businessListingReviews)
      .where(eq(businessListingReviews.restaurantId, place.restaurantId))
  ).length;
/** Only the connections made here are due: every other one is scheduled far away. */
const onlyDue = async (ids: string[]) => {
  await t.database.db
    .update(businessListingConnections)
    .set({ nextSyncAt: new Date(Date.now() + 365 * DAY) });
  await t.database.db
    .update(businessListingConnections)
    .set({ nextSyncAt: null })
    .where(inArray(businessListingConnections.connectionId, ids));
};

describe('scheduled listing syncs', () => {
  it('runs as jobs: the schedule queues one listing.sync per due connection, which the job runner syncs', async () => {
    const { place, connectionId } = await withLocation();
    await onlyDue([connectionId]);
    const db = t.database.db;
    const housekeeping = {
      db,
      storage: t.deps.imageStorage,
      instanceId: t.deps.instanceId,
      listing: instance,
    };
    const runner = createJobRunner(t.deps, housekeeping, t.app.log);
    await runner.start();
    try {
      await enqueue(db, QUEUES.listingSchedule.name, {});
      await vi.waitFor(
        async () => {
          const jobs = rowsOf(
            await db.execute(sql`select state, data from pgboss.job where name = 'listing.sync'`),
          ) as { state: string; data: { connectionId: string } }[];
          expect(jobs).toEqual([{ state: 'completed', data: { connectionId } }]);
        },
        { timeout: 15_000, interval: 100 },
      );
      expect((await rowOf(connectionId)).lastSyncStatus).toBe('completed');
      expect(await reviewCount(place)).toBeGreaterThan(0);
    } finally {
      await runner.stop();
    }
  });

  it('syncs a due connection, schedules the next one by its frequency, and keeps the schedule across restarts', async () => {
    const { place, connectionId } = await withLocation();
    await onlyDue([connectionId]);
    const now = new Date();
    expect(await syncDueListings(instance(), now)).toEqual({ due: 1, synced: 1, failed: 0 });
    expect(await reviewCount(place)).toBe(25);
    const row = await rowOf(connectionId);
    expect(row).toMatchObject({ lastSyncStatus: 'completed', lastSyncError: null, syncFrequency: 'daily' });
    expect(row.nextSyncAt?.getTime()).toBe(now.getTime() + DAY);
    // Another instance (or this one after a restart) finds nothing due until the day has passed.
    expect((await syncDueListings(instance(), new Date(now.getTime() + DAY - 1000))).due).toBe(0);
    expect((await syncDueListings(instance(), new Date(now.getTime() + DAY + 1000))).due).toBe(1);
    expect(await reviewCount(place)).toBe(25);
  });

  it('claims each due connection for exactly one of two instances running at once', async () => {
    const made = await Promise.all([
      withLocation(),
      withLocation(),
      withLocation(),
      withLocation(),
      withLocation(),
    ]);
    const ids = made.map((m) => m.connectionId);
    await onlyDue(ids);
    const now = new Date();
    const claim = () => t.database.db.transaction((tx) => claimDueConnections(tx, now, 3));
    const [a, b] = await Promise.all([claim(), claim()]);
    // Three at most each: together all five, none twice.
    expect(a.length).toBeLessThanOrEqual(3);
    expect(b.length).toBeLessThanOrEqual(3);
    expect([...a, ...b].sort()).toEqual([...ids].sort());
    // A third claim at the same moment finds nothing left.
    expect(await claim()).toEqual([]);
  });

  it('follows a changed frequency at once, and refuses an unknown one', async () => {
    const { connectionId } = await withLocation();
    await onlyDue([]);
    const patched = await api(t, world.owner, 'PATCH', `/connections/${connectionId}`, {
      syncFrequency: 'hourly',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({ syncFrequency: 'hourly', nextSyncAt: null });
    const now = new Date();
    expect((await syncDueListings(instance(), now)).due).toBe(1);
    expect((await rowOf(connectionId)).nextSyncAt?.getTime()).toBe(now.getTime() + 60 * 60_000);
    const bad = await api(t, world.owner, 'PATCH', `/connections/${connectionId}`, {
      syncFrequency: 'monthly',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('syncFrequency must be realtime, hourly, daily or weekly');
  });

  it('records a failed sync, keeps the stored reviews, and tries again when next due', async () => {
    const { place, connectionId } = await withLocation();
    await onlyDue([connectionId]);
    expect((await syncDueListings(instance(), new Date())).synced).toBe(1);
    const e = (await t.deps.businessListing.emulator())!;
    for (const grant of e.state.refreshTokens.values()) grant.revoked = true;
    e.expireAccessTokens();
    const later = new Date(Date.now() + 2 * DAY);
    await onlyDue([connectionId]);
    expect(await syncDueListings(instance(), later)).toEqual({ due: 1, synced: 0, failed: 1 });
    const row = await rowOf(connectionId);
    expect(row).toMatchObject({ lastSyncStatus: 'error', status: 'error', statusReason: 'reconnect_needed' });
    expect(row.lastSyncError).toContain('reconnect');
    expect(await reviewCount(place)).toBe(25);
    // A connection that needs reconnecting is not due any more: nothing to run until someone reconnects.
    await onlyDue([connectionId]);
    expect((await syncDueListings(instance(), later)).due).toBe(0);
  });
});
