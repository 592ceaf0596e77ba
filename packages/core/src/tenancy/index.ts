/**
 * Tenancy's face to the other areas of core (issue 49 §1; docs/architecture.md): tenants and restaurants —
 * finding them by id, GUID or slug, creating them, the scope checks that answer "not found" for another
 * tenant's, and a restaurant's Google place link.
 * Other areas import only this file (dependency-rules.test.ts); the server's routes still import the
 * use-case files directly.
 */
export { connectGooglePlace, disconnectGooglePlace, syncGooglePlace } from './places-link-service';
export {
  getRestaurantBySlug,
  getRestaurantOrThrow,
  type RestaurantScope,
  refuseForeignRestaurants,
  restaurantNotFound,
} from './restaurant-lookup-service';
export {
  findRestaurant,
  findRestaurantByGuid,
  findRestaurantBySlug,
  listPlaceLinkedRestaurants,
  listRestaurantsOfTenant,
  lockRestaurant,
  type RestaurantChanges,
  updateRestaurantRow,
} from './restaurant-repository';
export { createRestaurant } from './restaurant-service';
export { findTenantByGuid, findTenantById, listTenants } from './tenant-repository';
export { createTenant, getTenantOrThrow } from './tenant-service';
