import type { Actor } from '@brigade/domain/access';
import { isBrigadeError } from '@brigade/domain/errors';
import { IMPORT_PLACE_FIELDS, importDiff } from '@brigade/domain/places-import';
import { applyPlaceSync, type PlatformSync, type SYNC_FREQUENCIES } from '@brigade/domain/platform-sync';
import { databaseNow } from '../db-clock';
import {
  listPlaceLinkedRestaurants,
  lockRestaurant,
  type RestaurantScope,
  restaurantNotFound,
  updateRestaurantRow,
} from '../tenancy/index';
import type { PlaceLinkDeps } from './place-link-service';
import { placeDetails } from './places-service';

/**
 * Re-sync of linked places per `syncFrequency` (issue 18), run by housekeeping: a link whose
 * automatic sync is on and whose last sync is older than its frequency has its name, address and
 * lastSyncAt refreshed from Google, and what differs between the place and the restaurant recorded as
 * `pendingChanges` — shown before anything is overwritten; only an import writes restaurant fields. A
 * failure marks the link `error` with `lastError`, and the next run tries again.
 */

const FREQUENCY_MS: Record<(typeof SYNC_FREQUENCIES)[number], number> = {
  hourly: 60 * 60_000,
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
};

/** Whether a restaurant's place link is due for an automatic sync at `now`. */
export function isSyncDue(sync: PlatformSync, now: Date): boolean {
  const entry = sync.platforms.googlePlaces;
  if (!entry?.placeId || !entry.syncEnabled || !(entry.autoSync || sync.autoSync)) return false;
  const last = entry.lastSyncAt ?? entry.connectedAt;
  return !last || now.getTime() - new Date(last).getTime() >= FREQUENCY_MS[sync.syncFrequency];
}

export interface ResyncResult {
  due: number;
  synced: number;
  failed: number;
}

async function resyncOne(deps: PlaceLinkDeps, actor: Actor, scope: RestaurantScope, placeId: string) {
  const { value: place } = await placeDetails(deps, actor, { placeId, fields: IMPORT_PLACE_FIELDS });
  await deps.transact(async (tx) => {
    const current = await lockRestaurant(tx, scope.tenantId, scope.restaurantId);
    if (!current) throw restaurantNotFound(scope.restaurantId);
    const summary = {
      placeId: place.id,
      placeName: place.displayName ?? current.platformSync.platforms.googlePlaces?.placeName ?? place.id,
      placeAddress: place.formattedAddress ?? current.platformSync.platforms.googlePlaces?.placeAddress ?? '',
    };
    const synced = applyPlaceSync(current.platformSync, summary, await databaseNow(tx));
    const target = {
      address: current.address,
      contact: current.contact,
      operatingHours: current.operatingHours,
      photos: synced.platforms.googlePlaces?.photos ?? [],
    };
    const pendingChanges = importDiff(target, place)
      .fields.filter((field) => field.changed)
      .map((field) => field.field);
    const googlePlaces = { ...synced.platforms.googlePlaces!, pendingChanges };
    const platformSync = { ...synced, platforms: { ...synced.platforms, googlePlaces } };
    await updateRestaurantRow(tx, scope.tenantId, scope.restaurantId, { platformSync });
  });
}

async function markFailed(deps: PlaceLinkDeps, scope: RestaurantScope, error: unknown) {
  const message = isBrigadeError(error) ? error.message : 'The sync with Google Places failed';
  await deps.transact(async (tx) => {
    const current = await lockRestaurant(tx, scope.tenantId, scope.restaurantId);
    const entry = current?.platformSync.platforms.googlePlaces;
    if (!current || !entry) return;
    const googlePlaces = { ...entry, syncStatus: 'error' as const, lastError: message };
    const platformSync = {
      ...current.platformSync,
      platforms: { ...current.platformSync.platforms, googlePlaces },
    };
    await updateRestaurantRow(tx, scope.tenantId, scope.restaurantId, { platformSync });
  });
}

/** Syncs every link that is due at `now`, one after another (each its own short transaction). */
export async function resyncDuePlaces(deps: PlaceLinkDeps, actor: Actor, now: Date): Promise<ResyncResult> {
  const due = (await deps.transact((tx) => listPlaceLinkedRestaurants(tx))).filter((row) =>
    isSyncDue(row.platformSync, now),
  );
  const result: ResyncResult = { due: due.length, synced: 0, failed: 0 };
  for (const row of due) {
    const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
    try {
      await resyncOne(deps, actor, scope, row.platformSync.platforms.googlePlaces!.placeId!);
      result.synced += 1;
    } catch (error) {
      result.failed += 1;
      await markFailed(deps, scope, error).catch(() => undefined);
    }
  }
  return result;
}
