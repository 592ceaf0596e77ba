import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import type { Place } from '@brigade/domain/places';
import {
  IMPORT_PLACE_FIELDS,
  importDiff,
  type PlaceImportDiff,
  type PlaceImportInput,
  placeImportInputSchema,
  placeValues,
} from '@brigade/domain/places-import';
import { type ImportedPlacePhoto, placeSummarySchema } from '@brigade/domain/platform-sync';
import type { Restaurant } from '@brigade/domain/restaurant';
import {
  connectGooglePlace,
  disconnectGooglePlace,
  getRestaurantOrThrow,
  type RestaurantScope,
  syncGooglePlace,
} from '../tenancy/index';
import { validateInput } from '../validate';
import { importChanges, importPhotos, type PlaceImportDeps, removeImported } from './place-import-steps';
import { type PlacesDeps, placeDetails } from './places-service';

/**
 * A restaurant's link to its Google place, done on the server (issue 18): the caller names the
 * place, the server reads its details (through the shared cache) and keeps what the restaurant's place link keeps; an import
 * copies the chosen listing fields into the restaurant, after a preview of what would change. Calls to Google
 * run outside any transaction; each database step is a short transaction of its own (`transact`, under the
 * request's walls).
 */
export interface PlaceLinkDeps extends PlacesDeps {
  transact<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
}

const notConnected = () =>
  new BrigadeError('conflict', 'PLACE_NOT_CONNECTED', 'No Google Place is connected to this restaurant');

async function linkedPlace(deps: PlaceLinkDeps, actor: Actor, scope: RestaurantScope) {
  const restaurant = await deps.transact((tx) => getRestaurantOrThrow(tx, scope));
  const placeId = restaurant.platformSync.platforms.googlePlaces?.placeId;
  if (!placeId) throw notConnected();
  const { value: place } = await placeDetails(deps, actor, { placeId, fields: IMPORT_PLACE_FIELDS });
  return { restaurant, place };
}

const summaryOf = (place: Place) =>
  validateInput(placeSummarySchema, {
    placeId: place.id,
    placeName: place.displayName ?? '',
    placeAddress: place.formattedAddress ?? '',
  });

/** Link the restaurant to a place given by its id; its name and address come from Google. */
export async function linkPlace(
  deps: PlaceLinkDeps,
  actor: Actor,
  input: RestaurantScope & { placeId: string },
): Promise<Restaurant> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  // Refuse an unknown restaurant before asking Google anything.
  await deps.transact((tx) => getRestaurantOrThrow(tx, scope));
  const { value: place } = await placeDetails(deps, actor, {
    placeId: input.placeId,
    fields: IMPORT_PLACE_FIELDS,
  });
  const summary = summaryOf(place);
  return deps.transact((tx) => connectGooglePlace({ db: tx }, actor, { ...scope, place: summary }));
}

/** Refresh the linked place's name and address and lastSyncAt from Google. */
export async function syncLinkedPlace(
  deps: PlaceLinkDeps,
  actor: Actor,
  scope: RestaurantScope,
): Promise<Restaurant> {
  const { place } = await linkedPlace(deps, actor, scope);
  const summary = summaryOf(place);
  return deps.transact((tx) => syncGooglePlace({ db: tx }, actor, { ...scope, place: summary }));
}

/** What an import would change, field by field, without writing anything. */
export async function previewPlaceImport(
  deps: PlaceLinkDeps,
  actor: Actor,
  scope: RestaurantScope,
): Promise<PlaceImportDiff> {
  const { restaurant, place } = await linkedPlace(deps, actor, scope);
  return importDiff(targetOf(restaurant), place);
}

const targetOf = (restaurant: Restaurant) => ({
  address: restaurant.address,
  contact: restaurant.contact,
  operatingHours: restaurant.operatingHours,
  photos: restaurant.platformSync.platforms.googlePlaces?.photos ?? [],
});

/**
 * Imports the chosen fields from the linked place, exactly those, in one transaction. Photos go through the
 * image pipeline first; if anything fails afterwards the stored photos are deleted again, so a failed import
 * changes nothing.
 */
export async function importPlace(
  deps: PlaceImportDeps,
  actor: Actor,
  input: RestaurantScope & { import: unknown },
): Promise<Restaurant> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const chosen: PlaceImportInput = validateInput(placeImportInputSchema, input.import);
  const { restaurant, place } = await linkedPlace(deps, actor, scope);
  const values = placeValues(place);
  const missing = chosen.fields.filter((field) =>
    field === 'photos' ? values.photos.length === 0 : values[field] === undefined,
  );
  if (missing.length > 0)
    throw new BrigadeError(
      'unprocessable',
      'PLACE_FIELD_MISSING',
      `The place has nothing to import for: ${missing.join(', ')}`,
    );
  const photos: ImportedPlacePhoto[] = chosen.fields.includes('photos')
    ? await importPhotos(deps, actor, scope, place, chosen.photos ?? values.photos)
    : [];
  let updated: Restaurant;
  try {
    updated = await deps.transact((tx) => importChanges(tx, scope, chosen.fields, values, photos));
  } catch (error) {
    await removeImported(deps, actor, photos);
    throw error;
  }
  // The photos an import replaced are the restaurant's no longer.
  if (chosen.fields.includes('photos'))
    await removeImported(deps, actor, restaurant.platformSync.platforms.googlePlaces?.photos ?? []);
  return updated;
}

/**
 * Unlinks the restaurant from its place (issue 18). The link's imported photos are the place's, shown under
 * Google's terms with their authors: they go with the link (after the write commits, best effort). What an
 * import copied into the restaurant stays. No call to Google.
 */
export async function unlinkPlace(
  deps: PlaceImportDeps,
  actor: Actor,
  scope: RestaurantScope,
): Promise<Restaurant> {
  const { before, after } = await deps.transact((tx) => disconnectGooglePlace({ db: tx }, actor, scope));
  await removeImported(deps, actor, before.platformSync.platforms.googlePlaces?.photos ?? []);
  return after;
}
