import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { defaultPlatformSync } from '@brigade/domain/platform-sync';
import {
  type CreateRestaurantData,
  type CreateRestaurantInput,
  createRestaurantInputSchema,
  type Restaurant,
} from '@brigade/domain/restaurant';
import { slugify } from '@brigade/domain/slug';
import { defaultWebsiteConfig, withDefaultSeoTitle } from '@brigade/domain/website-config';
import { sql } from 'drizzle-orm';
import { advanceCounterPast, issueNextId } from '../counters/index';
import { isUniqueViolation } from '../db-errors';
import type { UseCaseDeps } from '../use-case';
import { validateInput } from '../validate';
import { insertRestaurant, listSlugsLike } from './restaurant-repository';
import { getTenantOrThrow } from './tenant-service';

/** As for tenants: id and guid together are kept, a guid alone is kept with a counter id. */
export type SuppliedRestaurantIdentity =
  | { restaurantId: number; guid: string }
  | { restaurantId?: undefined; guid: string };

/**
 * Creates a restaurant (validate, generate restaurantId and guid, derive the
 * slug, set timestamps). A slug already used by another restaurant gets the first free numeric suffix
 * (`harbor-grill-2`), since slugs are unique across tenants. Plan caps belong to the tenancy API
 * (createRestaurantWithinPlan); `identity` is for seeds only (the API's body schema has no such field).
 */
export async function createRestaurant(
  deps: UseCaseDeps,
  _actor: Actor,
  input: CreateRestaurantInput & { identity?: SuppliedRestaurantIdentity | undefined },
): Promise<Restaurant> {
  const { identity, ...fields } = input;
  const data = validateInput(createRestaurantInputSchema, fields);
  // A slug can still be taken between the look and the insert (a rename); the loser retries with a fresh look.
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertWithFreshIds(deps.db, data, identity);
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'restaurants_slug_key')) throw error;
    }
  }
}

function insertWithFreshIds(ex: Executor, data: CreateRestaurantData, identity?: SuppliedRestaurantIdentity) {
  return ex.transaction(async (tx) => {
    // Creating under a missing tenant fails with "Tenant with ID {id} not found".
    await getTenantOrThrow(tx, data.tenantId);
    if (identity?.restaurantId !== undefined) {
      await advanceCounterPast(tx, { entityType: 'restaurants' }, identity.restaurantId);
    }
    const restaurantId = identity?.restaurantId ?? (await issueNextId(tx, { entityType: 'restaurants' }));
    const slug = await freeSlug(tx, slugify(data.name) || `restaurant-${restaurantId}`);
    return insertRestaurant(tx, {
      ...data,
      restaurantId,
      ...(identity ? { guid: identity.guid } : {}),
      slug,
      platformSync: data.platformSync ?? defaultPlatformSync(),
      websiteConfig: data.websiteConfig
        ? withDefaultSeoTitle(data.websiteConfig, data.name)
        : defaultWebsiteConfig(data.name),
    });
  });
}

// Any constant works: it only has to differ from other advisory lock users of the same database.
const SLUG_LOCK = 4_242_007;

/**
 * The first free slug for `base`. Creates of one name wait for each other here until their transactions
 * end: since ids are issued outside the caller's transaction (decision 033), nothing else orders them, and
 * six at once would otherwise each take the same slug and retry one round per winner.
 */
async function freeSlug(ex: Executor, base: string): Promise<string> {
  await ex.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK}, hashtext(${base}))`);
  const taken = new Set(await listSlugsLike(ex, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}
