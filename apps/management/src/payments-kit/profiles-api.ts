import type { BodyInput, ResponseOf } from '@brigade/api-client/client';
import { createProfile, deleteProfile, listProfiles } from '@brigade/contracts/payment-profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api';
import { useCan } from '../restaurant-context';
import { type IdempotentAttempts, withIdempotencyKey } from './idempotency';
import { usePaymentsTarget } from './payments-api';

/*
 * Stored customer profiles (cards kept at the gateway) for the profiles screen. Query key:
 *   ['restaurant', id, 'payments', 'profiles']
 * Storing and deleting send an Idempotency-Key (idempotency.ts) and refresh the list.
 */

export type StoredProfile = ResponseOf<typeof listProfiles>['data'][number];
export type ProfileCreateBody = BodyInput<typeof createProfile>;
export type ProfileDeleteResult = ResponseOf<typeof deleteProfile>['data'];

export function useStoredProfiles() {
  const { params, key } = usePaymentsTarget();
  return useQuery({
    queryKey: key('profiles'),
    queryFn: async ({ signal }) => (await apiClient.call(listProfiles, { params, signal })).data,
    staleTime: 0,
  });
}

function useRefreshProfiles() {
  const queryClient = useQueryClient();
  const { key } = usePaymentsTarget();
  return () => queryClient.invalidateQueries({ queryKey: key('profiles') });
}

export function useCreateProfile(attempts: IdempotentAttempts) {
  const { params } = usePaymentsTarget();
  const refresh = useRefreshProfiles();
  return useMutation({
    mutationFn: async (body: ProfileCreateBody) =>
      (
        await withIdempotencyKey(attempts, body, (headers) =>
          apiClient.call(createProfile, { params, body, headers }),
        )
      ).data.profile,
    onSettled: refresh,
  });
}

/** Deletes one stored card at the gateway, confirmed by repeating its profile ID (the server requires it). */
export function useDeleteProfile(attempts: IdempotentAttempts) {
  const { params } = usePaymentsTarget();
  const refresh = useRefreshProfiles();
  return useMutation({
    mutationFn: async (profile: { profileId: string; acctId: string }) =>
      (
        await withIdempotencyKey(attempts, profile, (headers) =>
          apiClient.call(deleteProfile, {
            params: { ...params, ...profile },
            query: { confirm: profile.profileId },
            headers,
          }),
        )
      ).data,
    onSettled: refresh,
  });
}

/** What the signed-in user's role may do with stored profiles (the server checks it too). */
export function useProfileRights() {
  return { list: useCan(listProfiles), manage: useCan(createProfile) };
}
