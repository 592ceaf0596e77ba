import type { Place } from '@brigade/domain/places';
import { type PlacesApi, PlacesCallError } from '@brigade/places/places-api';
import { makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { describe, expect, it } from 'vitest';
import { connectGooglePlace } from '../tenancy/places-link-service';
import { findRestaurant, updateRestaurantRow } from '../tenancy/restaurant-repository';
import { SYSTEM } from '../use-case';
import type { PlaceLinkDeps } from './place-link-service';
import { isSyncDue, resyncDuePlaces } from './place-resync';
import { createCacheCounters } from './places-cache';

// The automatic re-sync (issue 18): due links get name, address and lastSyncAt from Google and the fields
// that differ as pendingChanges, without any restaurant field overwritten; a failure marks the link.

const db = useTestDatabase();
const DAY = 24 * 60 * 60_000;

function depsWith(getPlace: (id: string) => Promise<Place>): PlaceLinkDeps {
  const api = { getPlace } as unknown as PlacesApi;
  return {
    db: db.database.db,
    places: async () => api,
    counters: createCacheCounters(),
    source: `fake-${Math.random()}`,
    transact: (work) => db.database.db.transaction(work),
  };
}

async function linkedRestaurant(options: { autoSync: boolean; placeId: string }) {
  const ex = db.database.db;
  const tenant = await makeTenant(ex);
  const restaurant = await makeRestaurant(ex, tenant.tenantId);
  const scope = { tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId };
  const linked = await connectGooglePlace({ db: ex }, SYSTEM, {
    ...scope,
    place: { placeId: options.placeId, placeName: 'Old name', placeAddress: 'Old address' },
  });
  const sync = linked.platformSync;
  const entry = {
    ...sync.platforms.googlePlaces!,
    autoSync: options.autoSync,
    connectedAt: new Date(Date.now() - 2 * DAY),
  };
  await updateRestaurantRow(ex, scope.tenantId, scope.restaurantId, {
    platformSync: { ...sync, platforms: { ...sync.platforms, googlePlaces: entry } },
  });
  return { scope, restaurant: (await findRestaurant(ex, scope.tenantId, scope.restaurantId))! };
}

describe('automatic re-sync of linked places', () => {
  it('is due by syncFrequency only when automatic sync is on', async () => {
    const { restaurant } = await linkedRestaurant({ autoSync: true, placeId: 'due-check' });
    const sync = restaurant.platformSync;
    expect(isSyncDue(sync, new Date())).toBe(true);
    expect(isSyncDue({ ...sync, syncFrequency: 'weekly' }, new Date())).toBe(false);
    const manual = { ...sync.platforms.googlePlaces!, autoSync: false };
    expect(isSyncDue({ ...sync, platforms: { googlePlaces: manual } }, new Date())).toBe(false);
  });

  it('refreshes the link and records what differs, overwriting no restaurant field', async () => {
    const placeId = `resync-${Date.now()}`;
    const { scope, restaurant } = await linkedRestaurant({ autoSync: true, placeId });
    const skipped = await linkedRestaurant({ autoSync: false, placeId: `${placeId}-manual` });
    const seen: string[] = [];
    const deps = depsWith(async (id) => {
      seen.push(id);
      return {
        id,
        displayName: 'New name',
        formattedAddress: '2 New St, Portland, OR 97209, USA',
        nationalPhoneNumber: '(503) 555-0199',
        websiteUri: restaurant.contact.website,
      };
    });
    const result = await resyncDuePlaces(deps, SYSTEM, new Date());
    expect(result.failed).toBe(0);
    expect(seen).toContain(placeId);
    expect(seen).not.toContain(`${placeId}-manual`);
    const after = (await findRestaurant(db.database.db, scope.tenantId, scope.restaurantId))!;
    const entry = after.platformSync.platforms.googlePlaces!;
    expect(entry).toMatchObject({
      placeName: 'New name',
      syncStatus: 'completed',
      pendingChanges: ['phone'],
    });
    expect(entry.lastSyncAt).toBeInstanceOf(Date);
    expect(after.contact).toEqual(restaurant.contact);
    expect(after.operatingHours).toEqual(restaurant.operatingHours);
    const untouched = (await findRestaurant(
      db.database.db,
      skipped.scope.tenantId,
      skipped.scope.restaurantId,
    ))!;
    expect(untouched.platformSync).toEqual(skipped.restaurant.platformSync);
    // synced just now: not due again
    expect(isSyncDue(after.platformSync, new Date())).toBe(false);
  });

  it('marks a link whose place cannot be read as error, with the reason', async () => {
    const placeId = `gone-${Date.now()}`;
    const { scope } = await linkedRestaurant({ autoSync: true, placeId });
    const deps = depsWith(async (id) => {
      if (id === placeId) throw new PlacesCallError('not-found', 'Places getPlace: HTTP 404');
      return { id, displayName: 'x', formattedAddress: 'y' };
    });
    const result = await resyncDuePlaces(deps, SYSTEM, new Date());
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const entry = (await findRestaurant(db.database.db, scope.tenantId, scope.restaurantId))!.platformSync
      .platforms.googlePlaces!;
    expect(entry).toMatchObject({ syncStatus: 'error', lastError: 'Place not found' });
  });
});
