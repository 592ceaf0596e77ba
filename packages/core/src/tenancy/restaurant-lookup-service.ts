import type { Executor } from '@brigade/db/database';
import { type Actor, decideAccess, worksAt } from '@brigade/domain/access';
import { notFound, validationError } from '@brigade/domain/errors';
import type { Restaurant } from '@brigade/domain/restaurant';
import type { UseCaseDeps } from '../use-case';
import {
  findRestaurant,
  findRestaurantByGuid,
  findRestaurantBySlug,
  listRestaurantsOfTenant,
} from './restaurant-repository';
import { getTenantOrThrow } from './tenant-service';

export interface RestaurantScope {
  tenantId: number;
  restaurantId: number;
}

/** A restaurant of a tenant; access to the tenant was decided by the route. */
export const getRestaurant = (
  deps: UseCaseDeps,
  _actor: Actor,
  input: RestaurantScope,
): Promise<Restaurant> => getRestaurantOrThrow(deps.db, input);

/**
 * A restaurant named by a tenant route: it must belong to that tenant. Another tenant's restaurant is
 * "Restaurant with ID {id} not found", exactly like one that does not exist. A helper that
 * use-cases call inside their own transaction, so it takes the executor like a repository.
 */
export async function getRestaurantOrThrow(ex: Executor, scope: RestaurantScope): Promise<Restaurant> {
  const restaurant = await findRestaurant(ex, scope.tenantId, scope.restaurantId);
  if (!restaurant) throw restaurantNotFound(scope.restaurantId);
  return restaurant;
}

export const restaurantNotFound = (restaurantId: number) =>
  notFound(`Restaurant with ID ${restaurantId} not found`, 'RESTAURANT_NOT_FOUND');

/**
 * Restaurants per tenant; a tenant that does not exist is "Tenant with ID {id} not found". A
 * manager or employee limited to some restaurants lists those (issue 45 item 15).
 */
export async function listRestaurants(
  deps: UseCaseDeps,
  actor: Actor,
  { tenantId }: { tenantId: number },
): Promise<Restaurant[]> {
  await getTenantOrThrow(deps.db, tenantId);
  const restaurants = await listRestaurantsOfTenant(deps.db, tenantId);
  return restaurants.filter((r) => worksAt(actor, tenantId, r.restaurantId));
}

/**
 * Restaurant by guid. As for tenants by guid, access is checked once the restaurant's tenant is
 * known; without access the answer is the spec's "Restaurant not found: {guid}".
 */
export async function getRestaurantByGuid(
  deps: UseCaseDeps,
  actor: Actor,
  { guid }: { guid: string },
): Promise<Restaurant> {
  const restaurant = await findRestaurantByGuid(deps.db, guid);
  if (
    !restaurant ||
    decideAccess(
      actor,
      { kind: 'tenant', role: 'employee' },
      restaurant.tenantId,
      restaurant.restaurantId,
    ) !== 'allow'
  ) {
    throw notFound(`Restaurant not found: ${guid}`, 'RESTAURANT_NOT_FOUND');
  }
  return restaurant;
}

/**
 * By slug across tenants (public sites resolve restaurants this way); "Restaurant not found for slug: {slug}"
 * otherwise.
 */
export async function getRestaurantBySlug(
  deps: UseCaseDeps,
  _actor: Actor,
  { slug }: { slug: string },
): Promise<Restaurant> {
  const restaurant = await findRestaurantBySlug(deps.db, slug.toLowerCase());
  if (!restaurant) throw notFound(`Restaurant not found for slug: ${slug}`, 'RESTAURANT_NOT_FOUND');
  return restaurant;
}

/**
 * 400 on `restaurantIds` for a restaurant that is not the tenant's (a member's restaurants, issue 45 item 15):
 * "Restaurant with ID {id} not found".
 */
export async function refuseForeignRestaurants(
  ex: Executor,
  tenantId: number,
  restaurantIds: readonly number[],
) {
  const known = new Set((await listRestaurantsOfTenant(ex, tenantId)).map((r) => r.restaurantId));
  const unknown = restaurantIds.find((id) => !known.has(id));
  if (unknown === undefined) return;
  const message = restaurantNotFound(unknown).message;
  throw validationError(message, [{ path: 'restaurantIds', message }]);
}
