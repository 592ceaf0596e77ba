import type { Actor } from '@brigade/domain/access';
import {
  ADMIN_RESTAURANT_LIST_DEFAULT_LIMIT,
  ADMIN_RESTAURANT_SEARCH_DEFAULT_LIMIT,
  ADMIN_RESTAURANT_SEARCH_MIN_CHARS,
} from '@brigade/domain/restaurant';
import type { UseCaseDeps } from '../use-case';
import { listRestaurantsWithTenant, type RestaurantWithTenant } from './restaurant-repository';

/**
 * Site administrators list and search restaurants across all tenants. An empty or one-letter
 * search term finds nothing, as for users.
 */
export async function listOrSearchAllRestaurants(
  deps: UseCaseDeps,
  _actor: Actor,
  query: { limit?: number | undefined; offset?: number | undefined; search?: string | undefined },
): Promise<RestaurantWithTenant[]> {
  const ex = deps.db;
  if (query.search !== undefined) {
    const term = query.search.trim();
    if (term.length < ADMIN_RESTAURANT_SEARCH_MIN_CHARS) return [];
    return listRestaurantsWithTenant(ex, {
      term,
      limit: query.limit ?? ADMIN_RESTAURANT_SEARCH_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
  }
  return listRestaurantsWithTenant(ex, {
    limit: query.limit ?? ADMIN_RESTAURANT_LIST_DEFAULT_LIMIT,
    offset: query.offset ?? 0,
  });
}
