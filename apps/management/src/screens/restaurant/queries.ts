import type { Jsonify } from '@brigade/api-client/client';
import { getRestaurant, updateRestaurant } from '@brigade/contracts/restaurants';
import type { Restaurant, UpdateRestaurantInput } from '@brigade/domain/restaurant';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

export type RestaurantRecord = Jsonify<Restaurant>;

/** The restaurant record (profile, address, contact, hours, settings, website configuration). */
export function useRestaurantRecord() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'profile'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getRestaurant, { params: { tenantId, restaurantId }, signal })).data.restaurant,
  });
}

/**
 * PATCH the restaurant (a sent nested document replaces the stored one). The answer becomes the
 * cached record at once; the public site and the domains screen read it too.
 */
export function useUpdateRestaurant() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateRestaurantInput) =>
      (await apiClient.call(updateRestaurant, { params: { tenantId, restaurantId }, body })).data.restaurant,
    onSuccess: (restaurant) => {
      queryClient.setQueryData(restaurantKey(restaurantId, 'profile'), restaurant);
      void queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'public-link') });
    },
  });
}
