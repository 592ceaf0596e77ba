import type { BodyInput } from '@brigade/api-client/client';
import {
  clearMenuShareOverride,
  createMenuShare,
  deleteMenuShare,
  getMenuShare,
  listMenuShares,
  publishMenuShares,
  setMenuShareOverride,
} from '@brigade/contracts/menu-shares';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/*
 * Menu shares (packages/contracts/src/menu-shares.ts). A share, a publish or an override changes catalogues of
 * several restaurants: every write refreshes the shares and the catalogue and menus of every restaurant.
 */

export type MenuShareOverrideBody = BodyInput<typeof setMenuShareOverride>;

function useParams() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return { tenantId, restaurantId };
}

function useSettle() {
  const client = useQueryClient();
  return () =>
    client.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] === 'restaurant' &&
        ['catalogue', 'menus', 'menu-shares'].includes(String(query.queryKey[2])),
    });
}

export function useMenuShares() {
  const params = useParams();
  return useQuery({
    queryKey: restaurantKey(params.restaurantId, 'menu-shares', 'list'),
    queryFn: async ({ signal }) => (await apiClient.call(listMenuShares, { params, signal })).data,
  });
}

export function useMenuShare(shareId: number | null) {
  const params = useParams();
  return useQuery({
    queryKey: restaurantKey(params.restaurantId, 'menu-shares', 'one', shareId),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getMenuShare, { params: { ...params, shareId: shareId as number }, signal }))
        .data,
    enabled: shareId !== null,
  });
}

/** Shares one of this restaurant's menus with another of the organization's restaurants (the location). */
export function useShareMenu() {
  const { tenantId, restaurantId } = useParams();
  const settle = useSettle();
  return useMutation({
    mutationFn: async ({ locationId, menuGroupId }: { locationId: number; menuGroupId: number }) =>
      (
        await apiClient.call(createMenuShare, {
          params: { tenantId, restaurantId: locationId },
          body: { fromRestaurantId: restaurantId, menuGroupId },
        })
      ).data,
    onSettled: settle,
  });
}

export function usePublishMenu() {
  const params = useParams();
  const settle = useSettle();
  return useMutation({
    mutationFn: async (menuGroupId: number) =>
      (await apiClient.call(publishMenuShares, { params, body: { menuGroupId } })).data,
    onSettled: settle,
  });
}

export function useUnlinkShare() {
  const params = useParams();
  const settle = useSettle();
  return useMutation({
    mutationFn: async (shareId: number) => {
      await apiClient.call(deleteMenuShare, { params: { ...params, shareId } });
    },
    onSettled: settle,
  });
}

/** Sets (body) or clears (null) an item's overrides at this location. */
export function useOverride(shareId: number) {
  const params = useParams();
  const settle = useSettle();
  return useMutation({
    mutationFn: async ({ itemId, body }: { itemId: number; body: MenuShareOverrideBody | null }) =>
      body === null
        ? (await apiClient.call(clearMenuShareOverride, { params: { ...params, shareId, itemId } })).data
        : (await apiClient.call(setMenuShareOverride, { params: { ...params, shareId, itemId }, body })).data,
    onSettled: settle,
  });
}
