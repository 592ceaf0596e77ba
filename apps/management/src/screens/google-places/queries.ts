import {
  connectGooglePlace,
  disconnectGooglePlace,
  importGooglePlace,
  previewGooglePlaceImport,
  syncGooglePlace,
} from '@brigade/contracts/place-link';
import { getPlaceDetails, getPlacePhotoMedia, searchPlaces } from '@brigade/contracts/places';
import type { PlaceImportField } from '@brigade/domain/places';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/**
 * Google places matching a text (the server's Places client; the emulator when no key is set), counted
 * against the current tenant's daily search quota.
 */
export function usePlaceSearch(query: string) {
  const { tenantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: ['places', 'search', query],
    queryFn: async ({ signal }) =>
      (await apiClient.call(searchPlaces, { query: { query, pageSize: 6, tenantId }, signal })).data.places,
    enabled: query.trim() !== '',
  });
}

export function usePlaceDetails(placeId: string | undefined) {
  return useQuery({
    queryKey: ['places', 'details', placeId],
    queryFn: async ({ signal }) =>
      (await apiClient.call(getPlaceDetails, { params: { placeId: placeId ?? '' }, query: {}, signal })).data,
    enabled: Boolean(placeId),
  });
}

/** A place photo's address (never the key): Google's terms want it shown with its authors. */
export function usePhotoUri(name: string | undefined, widthPx = 400) {
  return useQuery({
    queryKey: ['places', 'photo', name, widthPx],
    queryFn: async () =>
      (
        await apiClient.call(getPlacePhotoMedia, {
          body: { name: name ?? '', maxWidthPx: widthPx, maxHeightPx: Math.round(widthPx * 0.75) },
        })
      ).data.photoUri,
    enabled: Boolean(name),
    staleTime: 20 * 60_000,
  });
}

export function useImportPreview(enabled: boolean) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'google-places-import'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(previewGooglePlaceImport, { params: { tenantId, restaurantId }, signal })).data,
    enabled,
    gcTime: 0,
  });
}

/** Link, sync and import all answer the restaurant: it becomes the cached record at once. */
export function usePlaceLinkMutations() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  const params = { tenantId, restaurantId };
  const store = (restaurant: unknown) => {
    queryClient.setQueryData(restaurantKey(restaurantId, 'profile'), restaurant);
    void queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'google-places-import') });
    void queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'public-link') });
  };
  return {
    connect: useMutation({
      mutationFn: async (placeId: string) =>
        (await apiClient.call(connectGooglePlace, { params, body: { placeId } })).data.restaurant,
      onSuccess: store,
    }),
    sync: useMutation({
      mutationFn: async () => (await apiClient.call(syncGooglePlace, { params })).data.restaurant,
      onSuccess: store,
    }),
    disconnect: useMutation({
      mutationFn: async () => (await apiClient.call(disconnectGooglePlace, { params })).data.restaurant,
      onSuccess: store,
    }),
    importFields: useMutation({
      mutationFn: async (fields: PlaceImportField[]) =>
        (await apiClient.call(importGooglePlace, { params, body: { fields } })).data.restaurant,
      onSuccess: store,
    }),
  };
}
