import type { BodyInput, ResponseOf } from '@brigade/api-client/client';
import {
  addProfileAccount,
  createProfile,
  deleteProfile,
  getProfile,
  listProfiles,
  updateProfile,
} from '@brigade/contracts/payment-profiles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api';
import { useCan } from '../restaurant-context';
import { type IdempotentAttempts, withIdempotencyKey } from './idempotency';
import { usePaymentsTarget } from './payments-api';

/*
 * Stored customer profiles (cards kept at the gateway) for the profiles screen and the virtual terminal.
 * Query keys: ['restaurant', id, 'payments', 'profiles'] (the list) and [..., 'profiles', profileId, acctId]
 * (one account as the gateway holds it now). Every write sends an Idempotency-Key (idempotency.ts) and
 * refreshes both.
 */

export type StoredProfile = ResponseOf<typeof listProfiles>['data'][number];
export type ProfileCreateBody = BodyInput<typeof createProfile>;
export type ProfileAccountBody = BodyInput<typeof addProfileAccount>;
export type ProfileUpdateBody = BodyInput<typeof updateProfile>;
export type ProfileDetail = ResponseOf<typeof getProfile>['data'];
export type ProfileDeleteResult = ResponseOf<typeof deleteProfile>['data'];

export function useStoredProfiles() {
  const { params, key } = usePaymentsTarget();
  return useQuery({
    queryKey: key('profiles'),
    queryFn: async ({ signal }) => (await apiClient.call(listProfiles, { params, signal })).data,
    staleTime: 0,
  });
}

/** One stored account as the gateway holds it now (name, expiry, contact), for the edit dialog. */
export function useProfileDetail(ids: { profileId: string; acctId: string }) {
  const { params, key } = usePaymentsTarget();
  return useQuery({
    queryKey: key('profiles', ids.profileId, ids.acctId),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getProfile, { params: { ...params, ...ids }, signal })).data,
    staleTime: 0,
    gcTime: 0,
    retry: false,
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

/** Stores another card on an existing profile (a second card, possibly the new default). */
export function useAddProfileAccount(profileId: string, attempts: IdempotentAttempts) {
  const { params } = usePaymentsTarget();
  const refresh = useRefreshProfiles();
  return useMutation({
    mutationFn: async (body: ProfileAccountBody) =>
      (
        await withIdempotencyKey(attempts, { profileId, body }, (headers) =>
          apiClient.call(addProfileAccount, { params: { ...params, profileId }, body, headers }),
        )
      ).data.profile,
    onSettled: refresh,
  });
}

/** Changes a stored account at the gateway: only the fields sent change. */
export function useUpdateProfile(ids: { profileId: string; acctId: string }, attempts: IdempotentAttempts) {
  const { params } = usePaymentsTarget();
  const refresh = useRefreshProfiles();
  return useMutation({
    mutationFn: async (body: ProfileUpdateBody) =>
      (
        await withIdempotencyKey(attempts, { ...ids, body }, (headers) =>
          apiClient.call(updateProfile, { params: { ...params, ...ids }, body, headers }),
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
