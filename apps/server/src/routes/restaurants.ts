import {
  checkSlugAvailability,
  connectGooglePlace,
  createRestaurant,
  getRestaurant,
  getRestaurantByGuid,
  getRestaurantBySlug,
  listAllRestaurants,
  listRestaurants,
  syncGooglePlace,
  updateRestaurant,
  updateRestaurantStatus,
} from '@brigade/contracts/restaurants';
import { listOrSearchAllRestaurants } from '@brigade/core/tenancy/admin-restaurants-service';
import {
  connectGooglePlace as connectGooglePlaceUseCase,
  syncGooglePlace as syncGooglePlaceUseCase,
} from '@brigade/core/tenancy/places-link-service';
import { createRestaurantWithinPlan } from '@brigade/core/tenancy/restaurant-creation-service';
import {
  getRestaurantByGuidFor,
  getRestaurantBySlug as getRestaurantBySlugUseCase,
  getRestaurantOrThrow,
  listRestaurants as listRestaurantsUseCase,
} from '@brigade/core/tenancy/restaurant-lookup-service';
import {
  checkSlugAvailability as checkSlugAvailabilityUseCase,
  updateRestaurantStatus as updateRestaurantStatusUseCase,
  updateRestaurant as updateRestaurantUseCase,
} from '@brigade/core/tenancy/restaurant-update-service';
import { publicRestaurantView, type Restaurant } from '@brigade/domain/restaurant';
import { implement, success } from '../plugins/contract-routes';

const restaurantResult = (restaurant: Restaurant) => success({ restaurant });

export const restaurantRoutes = [
  implement(createRestaurant, async ({ params, body, actor, deps }) =>
    restaurantResult(
      await createRestaurantWithinPlan(deps.database.db, actor, { ...body, tenantId: params.tenantId }),
    ),
  ),
  implement(listRestaurants, async ({ params, deps }) =>
    success({ restaurants: await listRestaurantsUseCase(deps.database.db, params.tenantId) }),
  ),
  implement(checkSlugAvailability, async ({ params, query, deps }) =>
    success(
      await checkSlugAvailabilityUseCase(
        deps.database.db,
        params.tenantId,
        query.slug,
        query.excludeRestaurantId,
      ),
    ),
  ),
  implement(getRestaurant, async ({ params, deps }) =>
    restaurantResult(await getRestaurantOrThrow(deps.database.db, params)),
  ),
  implement(updateRestaurant, async ({ params, body, deps }) =>
    restaurantResult(await updateRestaurantUseCase(deps.database.db, params, body)),
  ),
  implement(updateRestaurantStatus, async ({ params, body, deps }) =>
    restaurantResult(
      await updateRestaurantStatusUseCase(deps.database.db, { ...params, status: body.status }),
    ),
  ),
  implement(connectGooglePlace, async ({ params, body, deps }) =>
    restaurantResult(await connectGooglePlaceUseCase(deps.database.db, params, body)),
  ),
  implement(syncGooglePlace, async ({ params, body, deps }) =>
    restaurantResult(await syncGooglePlaceUseCase(deps.database.db, params, body)),
  ),
  implement(getRestaurantByGuid, async ({ params, actor, deps }) =>
    restaurantResult(await getRestaurantByGuidFor(deps.database.db, actor, params.guid)),
  ),
  implement(getRestaurantBySlug, async ({ params, deps }) =>
    success({
      restaurant: publicRestaurantView(await getRestaurantBySlugUseCase(deps.database.db, params.slug)),
    }),
  ),
  implement(listAllRestaurants, async ({ query, deps }) =>
    success({ restaurants: await listOrSearchAllRestaurants(deps.database.db, query) }),
  ),
];
