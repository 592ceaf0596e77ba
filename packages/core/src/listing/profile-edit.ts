import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { type ListingProfile, profileDifferences, profileOfLocation } from '@brigade/domain/listing/profile';
import { locationUpdateOf, type ProfileEdit } from '@brigade/domain/listing/profile-edit';
import { findRestaurant } from '../tenancy/index';
import { updateConnectionRow } from './connection-repository';
import { managedConnection, RESTAURANT_NOT_FOUND } from './listing-access';
import type { ListingDeps } from './listing-deps';
import type { ProfileSyncResult } from './profile-sync';
import { callGoogle } from './token-provider';

export const PROFILE_EDIT_LOCATION_NOT_SELECTED = 'Choose a location before editing the profile';

/** A profile with nothing in it: what Google's answer for a location without any fields reads as. */
const EMPTY_PROFILE: ListingProfile = profileOfLocation({});

/** The stored profile with the fields the edit changed as Google now has them. */
function profileAfter(
  stored: ListingProfile | null,
  google: ListingProfile,
  edit: ProfileEdit,
): ListingProfile {
  const base = { ...EMPTY_PROFILE, ...stored };
  return {
    ...base,
    ...(edit.title !== undefined ? { title: google.title } : {}),
    ...(edit.description !== undefined ? { description: google.description } : {}),
    ...(edit.phone !== undefined ? { phone: google.phone } : {}),
    ...(edit.website !== undefined ? { website: google.website } : {}),
    ...(edit.hours !== undefined ? { hours: google.hours } : {}),
  };
}

/**
 * Changes the chosen location's profile on Google (issue 19; Business Information PATCH with an update mask
 * of the fields sent), then keeps what Google answered in the connection's profile, so the comparison shows
 * it. The edit is checked before (profile-edit.ts); when Google refuses or cannot be reached nothing is
 * stored. The restaurant's own record is not changed.
 */
export async function editProfile(
  deps: ListingDeps,
  actor: Actor,
  connectionId: string,
  edit: ProfileEdit,
): Promise<ProfileSyncResult> {
  const connection = await deps.transact((tx) => managedConnection(tx, actor, connectionId));
  const locationId = connection.locationId;
  if (!locationId)
    throw new BrigadeError('conflict', 'LOCATION_NOT_SELECTED', PROFILE_EDIT_LOCATION_NOT_SELECTED);
  const update = locationUpdateOf(edit);
  const answer = await callGoogle(deps, connectionId, (api, token) =>
    api.updateLocation(token, locationId, update),
  );
  const now = deps.now();
  return deps.transact(async (tx) => {
    const row = await managedConnection(tx, actor, connectionId);
    const profile = profileAfter(row.profile, profileOfLocation(answer), edit);
    await updateConnectionRow(tx, connectionId, {
      profile,
      locationTitle: profile.title ?? row.locationTitle,
    });
    const restaurant = await findRestaurant(tx, connection.tenantId, connection.restaurantId);
    if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND, 'RESTAURANT_NOT_FOUND');
    return {
      profile,
      differences: profileDifferences(profile, restaurant),
      lastSyncAt: row.lastSyncAt ?? now,
    };
  });
}
