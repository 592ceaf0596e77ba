import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import {
  type ListingProfile,
  PROFILE_READ_MASK,
  type ProfileDifference,
  profileDifferences,
  profileOfLocation,
} from '@brigade/domain/listing/profile';
import { findRestaurant } from '../tenancy/index';
import { updateConnectionRow } from './connection-repository';
import { managedConnection, RESTAURANT_NOT_FOUND } from './listing-access';
import type { ListingDeps } from './listing-deps';
import { type ReviewSyncResult, syncReviews } from './review-sync';
import { callGoogle } from './token-provider';

export interface ProfileSyncResult {
  profile: ListingProfile;
  /** Where Google and the restaurant's own record disagree, field by field (both values). */
  differences: ProfileDifference[];
  lastSyncAt: Date;
}

export const PROFILE_LOCATION_NOT_SELECTED = 'Choose a location before syncing the profile';

/**
 * POST …/connections/{id}/sync/profile: the chosen location's title, address, phones, categories,
 * hours, website and map link from Google, kept on the connection and set beside the restaurant's own data.
 * Nothing of the restaurant is changed: the differences are shown, not applied.
 */
export async function syncProfile(
  deps: ListingDeps,
  actor: Actor,
  connectionId: string,
): Promise<ProfileSyncResult> {
  const connection = await deps.transact((tx) => managedConnection(tx, actor, connectionId));
  const locationId = connection.locationId;
  if (!locationId) throw new BrigadeError('conflict', 'LOCATION_NOT_SELECTED', PROFILE_LOCATION_NOT_SELECTED);
  const location = await callGoogle(deps, connectionId, (api, token) =>
    api.getLocation(token, locationId, PROFILE_READ_MASK),
  );
  const profile = profileOfLocation(location);
  const now = deps.now();
  return deps.transact(async (tx) => {
    await updateConnectionRow(tx, connectionId, { profile, locationTitle: profile.title, lastSyncAt: now });
    const restaurant = await findRestaurant(tx, connection.tenantId, connection.restaurantId);
    if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND, 'RESTAURANT_NOT_FOUND');
    return { profile, differences: profileDifferences(profile, restaurant), lastSyncAt: now };
  });
}

/** POST …/connections/{id}/sync/full: the profile, then the reviews. */
export async function syncFull(
  deps: ListingDeps,
  actor: Actor,
  connectionId: string,
): Promise<{ profile: ProfileSyncResult; reviews: ReviewSyncResult }> {
  const profile = await syncProfile(deps, actor, connectionId);
  return { profile, reviews: await syncReviews(deps, actor, connectionId) };
}
