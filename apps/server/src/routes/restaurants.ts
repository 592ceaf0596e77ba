import {
  checkSlugAvailability,
  createRestaurant,
  getRestaurant,
  getRestaurantByGuid,
  getRestaurantBySlug,
  listAllRestaurants,
  listRestaurants,
  updateRestaurant,
  updateRestaurantStatus,
} from '@brigade/contracts/restaurants';
import { listOrSearchAllRestaurants } from '@brigade/core/tenancy/admin-restaurants-service';
import { createRestaurantWithinPlan } from '@brigade/core/tenancy/restaurant-creation-service';
import {
  getRestaurantByGuid as getRestaurantByGuidUseCase,
  getRestaurantBySlug as getRestaurantBySlugUseCase,
  getRestaurant as getRestaurantUseCase,
  listRestaurants as listRestaurantsUseCase,
} from '@brigade/core/tenancy/restaurant-lookup-service';
import {
  checkSlugAvailability as checkSlugAvailabilityUseCase,
  updateRestaurantStatus as updateRestaurantStatusUseCase,
  updateRestaurant as updateRestaurantUseCase,
} from '@brigade/core/tenancy/restaurant-update-service';
import { publicRestaurantView, type Restaurant } from '@brigade/domain/restaurant';
import { useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

const restaurantResult = (restaurant: Restaurant) => success({ restaurant });

export const restaurantRoutes = [
  implement(createRestaurant, async ({ params, body, actor, deps }) =>
    restaurantResult(
      await createRestaurantWithinPlan(useCaseDeps(deps), actor, { ...body, tenantId: params.tenantId }),
    ),
  ),
  implement(listRestaurants, async ({ params, actor, deps }) =>
    success({ restaurants: await listRestaurantsUseCase(useCaseDeps(deps), actor, params) }),
  ),
  implement(checkSlugAvailability, async ({ params, query, actor, deps }) =>
    success(await checkSlugAvailabilityUseCase(useCaseDeps(deps), actor, { ...query, ...params })),
  ),
  implement(getRestaurant, async ({ params, actor, deps }) =>
    restaurantResult(await getRestaurantUseCase(useCaseDeps(deps), actor, params)),
  ),
  implement(updateRestaurant, async ({ params, body, actor, deps }) =>
    restaurantResult(await updateRestaurantUseCase(useCaseDeps(deps), actor, { ...params, changes: body })),
  ),
  implement(updateRestaurantStatus, async ({ params, body, actor, deps }) =>
    restaurantResult(
      await updateRestaurantStatusUseCase(useCaseDeps(deps), actor, { ...params, status: body.status }),
    ),
  ),
  implement(getRestaurantByGuid, async ({ params, actor, deps }) =>
    restaurantResult(await getRestaurantByGuidUseCase(useCaseDeps(deps), actor, params)),
  ),
  implement(getRestaurantBySlug, async ({ params, actor, deps }) =>
    success({
      restaurant: publicRestaurantView(await getRestaurantBySlugUseCase(useCaseDeps(deps), actor, params)),
    }),
  ),
  implement(listAllRestaurants, async ({ query, actor, deps }) =>
    success({ restaurants: await listOrSearchAllRestaurants(useCaseDeps(deps), actor, query) }),
  ),
];
