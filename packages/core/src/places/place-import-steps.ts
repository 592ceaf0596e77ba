import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import type { Place, PlaceImportField } from '@brigade/domain/places';
import type { ImportableValues } from '@brigade/domain/places-import';
import type { ImportedPlacePhoto } from '@brigade/domain/platform-sync';
import type { Restaurant } from '@brigade/domain/restaurant';
import { deleteImage, type ImageDeps, uploadImage } from '../images/index';
import {
  lockRestaurant,
  type RestaurantChanges,
  type RestaurantScope,
  restaurantNotFound,
  updateRestaurantRow,
} from '../tenancy/index';
import type { PlaceLinkDeps } from './place-link-service';
import { placePhotoMedia } from './places-service';

/** The steps of an import (place-link-service.ts importPlace): photos in, fields written, photos out on failure. */
export interface PlaceImportDeps extends PlaceLinkDeps {
  images: ImageDeps;
  /** The bytes behind a photo address. */
  downloadPhoto(photoUri: string): Promise<Buffer>;
}

/** Imported photos are stored this large at most (the pipeline makes smaller variants). */
const PHOTO_IMPORT_PX = 1600;
/** Where imported photos are stored, below the restaurant (the image path scheme). */
export const PLACE_PHOTO_FOLDER = 'google-places';

/** Each chosen photo through the image pipeline, with its authorAttributions; all or none are kept. */
export async function importPhotos(
  deps: PlaceImportDeps,
  actor: Actor,
  scope: RestaurantScope,
  place: Place,
  names: readonly string[],
): Promise<ImportedPlacePhoto[]> {
  const byName = new Map((place.photos ?? []).map((photo) => [photo.name, photo]));
  const unknown = names.filter((name) => !byName.has(name));
  if (unknown.length > 0)
    throw new BrigadeError(
      'validation',
      'VALIDATION_FAILED',
      `Not a photo of this place: ${unknown.join(', ')}`,
    );
  const imported: ImportedPlacePhoto[] = [];
  try {
    for (const name of names) {
      const request = {
        name,
        maxWidthPx: PHOTO_IMPORT_PX,
        maxHeightPx: PHOTO_IMPORT_PX,
        skipHttpRedirect: true as const,
      };
      const { value: media } = await placePhotoMedia(deps, actor, request);
      const data = await deps.downloadPhoto(media.photoUri);
      const image = await uploadImage(deps.images, actor, {
        data,
        scope: { ...scope, folder: PLACE_PHOTO_FOLDER },
      });
      imported.push({ name, image, authorAttributions: byName.get(name)!.authorAttributions });
    }
  } catch (error) {
    await removeImported(deps, actor, imported);
    throw error;
  }
  return imported;
}

/** Deletes the images of an import that did not complete (best effort; what remains is logged by deleteImage). */
export async function removeImported(
  deps: PlaceImportDeps,
  actor: Actor,
  photos: readonly ImportedPlacePhoto[],
): Promise<void> {
  for (const photo of photos)
    await deleteImage(deps.images, actor, { image: JSON.stringify(photo.image) }).catch(() => undefined);
}

/** The restaurant's changes for the chosen fields: exactly those, nothing else. */
function changesOf(
  current: Restaurant,
  fields: readonly PlaceImportField[],
  values: ImportableValues,
  photos: ImportedPlacePhoto[],
): RestaurantChanges {
  const has = (field: PlaceImportField) => fields.includes(field);
  const changes: RestaurantChanges = {};
  if (has('hours')) changes.operatingHours = values.hours!;
  if (has('phone') || has('website'))
    changes.contact = {
      ...current.contact,
      ...(has('phone') ? { phone: values.phone! } : {}),
      ...(has('website') ? { website: values.website! } : {}),
    };
  if (has('address') || has('coordinates')) {
    const { coordinates, ...stored } = current.address;
    const base = has('address') ? values.address! : stored;
    const kept = has('coordinates') ? values.coordinates : coordinates;
    changes.address = { ...base, ...(kept ? { coordinates: kept } : {}) };
  }
  const sync = current.platformSync;
  const entry = sync.platforms.googlePlaces!;
  if (has('photos') || entry.pendingChanges?.some(has)) {
    // What was pending and is now imported is pending no longer.
    const pendingChanges = entry.pendingChanges?.filter((field) => !has(field));
    const googlePlaces = {
      ...entry,
      ...(has('photos') ? { photos } : {}),
      ...(pendingChanges ? { pendingChanges } : {}),
    };
    changes.platformSync = { ...sync, platforms: { ...sync.platforms, googlePlaces } };
  }
  return changes;
}

/** Writes the chosen fields in the caller's transaction, the restaurant locked. */
export async function importChanges(
  tx: Executor,
  scope: RestaurantScope,
  fields: readonly PlaceImportField[],
  values: ImportableValues,
  photos: ImportedPlacePhoto[],
): Promise<Restaurant> {
  const current = await lockRestaurant(tx, scope.tenantId, scope.restaurantId);
  if (!current) throw restaurantNotFound(scope.restaurantId);
  const updated = await updateRestaurantRow(
    tx,
    scope.tenantId,
    scope.restaurantId,
    changesOf(current, fields, values, photos),
  );
  return updated!;
}
