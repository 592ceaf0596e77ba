import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import type { PlatformSync } from '@brigade/domain/platform-sync';
import { withServerTimestamps } from '@brigade/domain/platform-sync';
import {
  type Restaurant,
  type RestaurantStatusUpdate,
  restaurantStatusUpdateSchema,
  type UpdateRestaurantInput,
  updateRestaurantInputSchema,
} from '@brigade/domain/restaurant';
import { slugify } from '@brigade/domain/slug';
import { withDefaultSeoTitle } from '@brigade/domain/website-config';
import { databaseNow } from '../db-clock';
import { isUniqueViolation } from '../db-errors';
import type { UseCaseDeps } from '../use-case';
import { validateInput } from '../validate';
import { type RestaurantScope, restaurantNotFound } from './restaurant-lookup-service';
import {
  findSlugHolder,
  lockRestaurant,
  type RestaurantChanges,
  updateRestaurantRow,
} from './restaurant-repository';

const SLUG_EMPTY = 'Slug must contain letters or digits';
const slugTaken = (slug: string) => {
  const message = `Slug ${slug} is already in use`;
  return new BrigadeError('conflict', 'SLUG_TAKEN', message, { errors: [{ path: 'slug', message }] });
};

/**
 * Slug availability: the candidate is normalised like a name, and is available unless another
 * restaurant uses it. The edited restaurant is excluded only when it belongs to the asking tenant, so the
 * answer says nothing about other tenants' restaurant ids.
 */
export async function checkSlugAvailability(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { tenantId: number; slug: string; excludeRestaurantId?: number | undefined },
): Promise<{ slug: string; available: boolean }> {
  const { tenantId, excludeRestaurantId } = input;
  const slug = slugify(input.slug);
  if (!slug) throw validationError(SLUG_EMPTY, [{ path: 'query.slug', message: SLUG_EMPTY }]);
  const holder = await findSlugHolder(deps.db, slug);
  const isExcluded =
    holder !== null && holder.tenantId === tenantId && holder.restaurantId === excludeRestaurantId;
  return { slug, available: holder === null || isExcluded };
}

/**
 * Restaurant update: server fields dropped, the rest validated as a partial restaurant; omitted
 * fields stay, sent nested documents replace the stored ones. A sent slug is normalised and must be free;
 * renaming does not change the slug (public URLs stay put). A website configuration without an SEO title
 * gets the default "{name} - Restaurant"; connectedAt and lastSyncAt stay the server's.
 */
export async function updateRestaurant(
  deps: UseCaseDeps,
  _actor: Actor,
  input: RestaurantScope & { changes: UpdateRestaurantInput },
): Promise<Restaurant> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const data = validateInput(updateRestaurantInputSchema, input.changes);
  try {
    return await deps.db.transaction(async (tx) => {
      const current = await lockRestaurant(tx, scope.tenantId, scope.restaurantId);
      if (!current) throw restaurantNotFound(scope.restaurantId);
      const { slug: sentSlug, websiteConfig, platformSync, ...plain } = data;
      const changes: RestaurantChanges = Object.fromEntries(
        Object.entries(plain).filter(([, value]) => value !== undefined),
      );
      if (sentSlug !== undefined) {
        const slug = slugify(sentSlug);
        if (!slug) throw validationError(SLUG_EMPTY, [{ path: 'slug', message: SLUG_EMPTY }]);
        const holder = await findSlugHolder(tx, slug);
        if (holder && holder.restaurantId !== current.restaurantId) throw slugTaken(slug);
        changes.slug = slug;
      }
      if (websiteConfig !== undefined) {
        changes.websiteConfig = withDefaultSeoTitle(websiteConfig, data.name ?? current.name);
      }
      if (platformSync !== undefined) {
        changes.platformSync = withServerTimestamps(
          withStoredPlatforms(platformSync, current.platformSync),
          current.platformSync,
          await databaseNow(tx),
        );
      }
      return (await updateRestaurantRow(tx, scope.tenantId, scope.restaurantId, changes))!;
    });
  } catch (error) {
    // Two restaurants claiming one free slug at once: the second insert hits the unique index.
    if (isUniqueViolation(error, 'restaurants_slug_key')) throw slugTaken(slugify(data.slug ?? ''));
    throw error;
  }
}

/**
 * A sent platform sync merges its platforms into the stored ones (issue 45 item 14): a platform the body does
 * not name keeps its stored entry, so saving the sync settings, or one platform, never drops the Google place
 * link or another platform's connection. A platform is changed by naming it (the place link is removed
 * through its own endpoint).
 */
function withStoredPlatforms(sent: PlatformSync, stored: PlatformSync): PlatformSync {
  const named = Object.fromEntries(Object.entries(sent.platforms).filter(([, entry]) => entry !== undefined));
  return { ...sent, platforms: { ...stored.platforms, ...named } };
}

/** A status update needs a tenantId (minimum 10000001), a restaurantId and active or inactive. */
export async function updateRestaurantStatus(
  deps: UseCaseDeps,
  _actor: Actor,
  input: RestaurantStatusUpdate,
): Promise<Restaurant> {
  const data = validateInput(restaurantStatusUpdateSchema, input);
  const updated = await updateRestaurantRow(deps.db, data.tenantId, data.restaurantId, {
    status: data.status,
  });
  if (!updated) throw restaurantNotFound(data.restaurantId);
  return updated;
}
