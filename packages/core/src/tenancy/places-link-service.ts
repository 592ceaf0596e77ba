import type { Executor } from '@brigade/db/database';
import {
  applyPlaceSync,
  connectPlace,
  type PlaceSummary,
  type PlatformSync,
  placeSummarySchema,
} from '@brigade/domain/platform-sync';
import type { Restaurant } from '@brigade/domain/restaurant';
import { databaseNow } from '../db-clock';
import { validateInput } from '../validate';
import { type RestaurantScope, restaurantNotFound } from './restaurant-lookup-service';
import { lockRestaurant, updateRestaurantRow } from './restaurant-repository';

type PlaceEdit = (sync: PlatformSync, place: PlaceSummary, now: Date) => PlatformSync;

async function editPlacesLink(
  ex: Executor,
  scope: RestaurantScope,
  input: unknown,
  edit: PlaceEdit,
): Promise<Restaurant> {
  const place = validateInput(placeSummarySchema, input);
  return ex.transaction(async (tx) => {
    const current = await lockRestaurant(tx, scope.tenantId, scope.restaurantId);
    if (!current) throw restaurantNotFound(scope.restaurantId);
    const platformSync = edit(current.platformSync, place, await databaseNow(tx));
    return (await updateRestaurantRow(tx, scope.tenantId, scope.restaurantId, { platformSync }))!;
  });
}

/** spec 01 §4: connecting sets enabled and syncEnabled true, autoSync false, and stamps connectedAt. */
export const connectGooglePlace = (ex: Executor, scope: RestaurantScope, input: unknown) =>
  editPlacesLink(ex, scope, input, connectPlace);

/**
 * spec 01 §4: a later sync refreshes name, address and lastSyncAt, and keeps (or backfills) connectedAt.
 * The place details come from the caller until the Places integration (spec 03) fetches them itself.
 */
export const syncGooglePlace = (ex: Executor, scope: RestaurantScope, input: unknown) =>
  editPlacesLink(ex, scope, input, applyPlaceSync);
