import type { Jsonify } from '@brigade/api-client/client';
import {
  completeBusinessListingAuth,
  disconnectBusinessListing,
  getBusinessListingAuthUrl,
  type ListingConnection,
  listBusinessListingConnections,
  listBusinessListingLocations,
  selectBusinessListingLocation,
} from '@brigade/contracts/business-listing';
import {
  editBusinessListingProfile,
  syncBusinessListingFull,
  syncBusinessListingProfile,
} from '@brigade/contracts/business-listing-profile';
import type { ProfileEdit } from '@brigade/domain/listing/profile-edit';
import { useSelection } from '@brigade/ui/selection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/**
 * Google Business Profile (issue 19): the listing API names the tenant and restaurant by GUID
 * (docs/behaviour/business-profile.md), so every call here takes them from the selection.
 */

export type Connection = Jsonify<ListingConnection>;

/** The management page Google sends the browser back to (registered as an authorised redirect URI). */
export const CALLBACK_PATH = '/manage/google-business/callback';

export function useListingScope() {
  const { restaurantId } = useCurrentRestaurant();
  const { tenant, restaurant } = useSelection();
  return { restaurantId, tenantGuid: tenant?.guid ?? '', restaurantGuid: restaurant?.guid ?? '' };
}

export const listingKey = (restaurantId: number, ...rest: readonly unknown[]) =>
  restaurantKey(restaurantId, 'google-business', ...rest);

/** The restaurant's connection (the API keeps one per restaurant), or null before the first connect. */
export function useConnection() {
  const { restaurantId, tenantGuid, restaurantGuid } = useListingScope();
  return useQuery({
    queryKey: listingKey(restaurantId, 'connection'),
    queryFn: async ({ signal }) => {
      const answer = await apiClient.call(listBusinessListingConnections, {
        query: { tenantId: tenantGuid, restaurantId: restaurantGuid },
        signal,
      });
      return (answer.data[0] ?? null) as Connection | null;
    },
  });
}

export function useLocations(enabled: boolean) {
  const { restaurantId, tenantGuid, restaurantGuid } = useListingScope();
  return useQuery({
    queryKey: listingKey(restaurantId, 'locations'),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(listBusinessListingLocations, {
          query: { tenantId: tenantGuid, restaurantId: restaurantGuid, pageSize: 100 },
          signal,
        })
      ).data,
    enabled,
  });
}

/** Google's profile of the chosen location beside the restaurant's record (read from Google each time). */
export function useProfileComparison(connectionId: string | undefined) {
  const { restaurantId } = useListingScope();
  return useQuery({
    queryKey: listingKey(restaurantId, 'profile', connectionId),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(syncBusinessListingProfile, {
          params: { connectionId: connectionId ?? '' },
          signal,
        })
      ).data,
    enabled: Boolean(connectionId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useConnectMutations() {
  const { restaurantId, tenantGuid, restaurantGuid } = useListingScope();
  const queryClient = useQueryClient();
  const scope = { tenantId: tenantGuid, restaurantId: restaurantGuid };
  const refresh = () => queryClient.invalidateQueries({ queryKey: listingKey(restaurantId) });
  const store = (connection: unknown) => {
    queryClient.setQueryData(listingKey(restaurantId, 'connection'), connection);
    void refresh();
  };
  return {
    /** Asks for Google's consent page; the caller sends the browser there. */
    authUrl: useMutation({
      mutationFn: async () =>
        (
          await apiClient.call(getBusinessListingAuthUrl, {
            query: { ...scope, redirectUrl: `${window.location.origin}${CALLBACK_PATH}` },
          })
        ).data.url,
    }),
    complete: useMutation({
      mutationFn: async (body: { code: string; state: string }) =>
        (await apiClient.call(completeBusinessListingAuth, { body: { ...body, ...scope } })).data,
      onSuccess: store,
    }),
    select: useMutation({
      mutationFn: async (locationId: string) =>
        (await apiClient.call(selectBusinessListingLocation, { body: { ...scope, locationId } })).data,
      onSuccess: store,
    }),
    disconnect: useMutation({
      mutationFn: async () =>
        (
          await apiClient.call(disconnectBusinessListing, {
            params: { tenantGuid, restaurantGuid },
          })
        ).data,
      onSuccess: store,
    }),
    syncFull: useMutation({
      mutationFn: async (connectionId: string) =>
        (await apiClient.call(syncBusinessListingFull, { params: { connectionId } })).data,
      onSuccess: (result, connectionId) => {
        queryClient.setQueryData(listingKey(restaurantId, 'profile', connectionId), result.profile);
        void queryClient.invalidateQueries({ queryKey: listingKey(restaurantId, 'connection') });
        void queryClient.invalidateQueries({ queryKey: listingKey(restaurantId, 'reviews') });
      },
      // A refused grant turns the connection to "reconnect needed": show it.
      onError: () => void queryClient.invalidateQueries({ queryKey: listingKey(restaurantId, 'connection') }),
    }),
  };
}

/**
 * Changes the profile on Google (PATCH …/connections/{id}/profile): the form's fields, or one field's value
 * from the restaurant's record. The answer replaces the comparison, so it shows the new values at once.
 */
export function useEditProfile(connectionId: string) {
  const { restaurantId } = useListingScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: ProfileEdit) =>
      (await apiClient.call(editBusinessListingProfile, { params: { connectionId }, body: edit })).data,
    onSuccess: (result) => {
      queryClient.setQueryData(listingKey(restaurantId, 'profile', connectionId), result);
      void queryClient.invalidateQueries({ queryKey: listingKey(restaurantId, 'connection') });
    },
    onError: () => {
      // A lost grant turns the connection to "reconnect needed": show it.
      void queryClient.invalidateQueries({ queryKey: listingKey(restaurantId, 'connection') });
    },
  });
}
