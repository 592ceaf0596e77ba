import type { Actor } from '@brigade/domain/access';
import {
  applyPlaceSync,
  connectPlace,
  disconnectPlace,
  type PlaceSummary,
  type PlatformSync,
  placeSummarySchema,
} from '@brigade/domain/platform-sync';
import type { Restaurant } from '@brigade/domain/restaurant';
import { databaseNow } from '../db-clock';
import type { UseCaseDeps } from '../use-case';
import { validateInput } from '../validate';
import { type RestaurantScope, restaurantNotFound } from './restaurant-lookup-service';
import { lockRestaurant, updateRestaurantRow } from './restaurant-repository';

type PlaceEdit = (sync: PlatformSync, place: PlaceSummary, now: Date) => PlatformSync;

/** The restaurant whose link changes, and the place as the caller sends it (validated here). */
export type PlacesLinkInput = RestaurantScope & { place: unknown };

async function editPlacesLink(
  deps: UseCaseDeps,
  input: PlacesLinkInput,
  edit: PlaceEdit,
): Promise<Restaurant> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const place = validateInput(placeSummarySchema, input.place);
  return deps.db.transaction(async (tx) => {
    const current = await lockRestaurant(tx, scope.tenantId, scope.restaurantId);
    if (!current) throw restaurantNotFound(scope.restaurantId);
    const platformSync = edit(current.platformSync, place, await databaseNow(tx));
    return (await updateRestaurantRow(tx, scope.tenantId, scope.restaurantId, { platformSync }))!;
  });
}

/** Connecting sets enabled and syncEnabled true, autoSync false, and stamps connectedAt. */
export const connectGooglePlace = (deps: UseCaseDeps, _actor: Actor, input: PlacesLinkInput) =>
  editPlacesLink(deps, input, connectPlace);

/**
 * A later sync refreshes name, address and lastSyncAt, and keeps (or backfills) connectedAt.
 * The place details come from the caller until the Places integration fetches them itself.
 */
export const syncGooglePlace = (deps: UseCaseDeps, _actor: Actor, input: PlacesLinkInput) =>
  editPlacesLink(deps, input, applyPlaceSync);

/** Issue 18: unlink the place (platform-sync disconnectPlace); answers the restaurant before and after. */
export async function disconnectGooglePlace(
  deps: UseCaseDeps,
  _actor: Actor,
  scope: RestaurantScope,
): Promise<{ before: Restaurant; after: Restaurant }> {
  return deps.db.transaction(async (tx) => {
    const before = await lockRestaurant(tx, scope.tenantId, scope.restaurantId);
    if (!before) throw restaurantNotFound(scope.restaurantId);
    const platformSync = disconnectPlace(before.platformSync);
    const after = (await updateRestaurantRow(tx, scope.tenantId, scope.restaurantId, { platformSync }))!;
    return { before, after };
  });
}
