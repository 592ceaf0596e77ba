import { getMenu, listMenus } from '@brigade/contracts/menus';
import { getPublicMenuLink, getPublicMenuQr } from '@brigade/contracts/qr';
import { getRestaurant } from '@brigade/contracts/restaurants';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from './api';

export interface RestaurantRef {
  tenantId: number;
  restaurantId: number;
  guid: string;
}

const params = (r: RestaurantRef) => ({ tenantId: r.tenantId, restaurantId: r.restaurantId });

/** The parent menu groups of the restaurant (for the menu display picker). */
export function useMenus(restaurant: RestaurantRef | null, refetchInterval?: number) {
  return useQuery({
    queryKey: ['menus', restaurant?.tenantId, restaurant?.restaurantId],
    queryFn: async ({ signal }) =>
      (await apiClient.call(listMenus, { params: params(restaurant!), signal })).data,
    enabled: restaurant !== null,
    ...(refetchInterval ? { refetchInterval, staleTime: 0, refetchOnWindowFocus: 'always' as const } : {}),
  });
}

/**
 * One resolved menu, polled: the display refreshes when the menu changes (every `refetchInterval` ms and
 * whenever the screen gets focus again). Unchanged data keeps its identity, so nothing re-renders then.
 */
export function useResolvedMenu(restaurant: RestaurantRef, menuGroupId: number, refetchInterval: number) {
  return useQuery({
    queryKey: ['menu', restaurant.tenantId, restaurant.restaurantId, menuGroupId],
    queryFn: async ({ signal }) => {
      const result = await apiClient.call(getMenu, {
        params: { ...params(restaurant), menuGroupId },
        signal,
      });
      // the menu's items on the 86 list, sent with the menu (issue 45 item 5)
      return { available: result.available, menu: result.data, soldOutItemIds: result.soldOutItemIds };
    },
    refetchInterval,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: 'always',
    staleTime: 0,
  });
}

/** The restaurant record: name and currency (settings.currency, default USD). */
export function useRestaurant(restaurant: RestaurantRef) {
  return useQuery({
    queryKey: ['restaurant', restaurant.tenantId, restaurant.restaurantId],
    queryFn: async ({ signal }) =>
      (await apiClient.call(getRestaurant, { params: params(restaurant), signal })).data.restaurant,
  });
}

export function useMenuLink(restaurantGuid: string) {
  return useQuery({
    queryKey: ['menu-link', restaurantGuid],
    queryFn: async ({ signal }) =>
      (await apiClient.call(getPublicMenuLink, { params: { restaurantGuid }, signal })).data,
  });
}

export const qrImageUrl = (restaurantGuid: string, format: 'svg' | 'png', download = false) =>
  apiClient.url(getPublicMenuQr, { restaurantGuid }, { format, ...(download ? { download: '1' } : {}) });
