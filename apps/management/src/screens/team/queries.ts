import type { Jsonify } from '@brigade/api-client/client';
import {
  createInvitation,
  type invitationSchema,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from '@brigade/contracts/invitations';
import {
  listTenantUsers,
  type tenantUserSchema,
  updateMemberRestaurants,
} from '@brigade/contracts/tenant-users';
import type { CreateInvitationInput } from '@brigade/domain/invitation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiClient } from '../../api';
import { tenantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

export type Invitation = Jsonify<z.infer<typeof invitationSchema>>;
export type Member = Jsonify<z.infer<typeof tenantUserSchema>>;

// The team belongs to the organization, whichever restaurant is selected.
export function useMembers() {
  const { tenantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: tenantKey(tenantId, 'members'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listTenantUsers, { params: { tenantId }, signal })).data.users,
  });
}

export function useInvitations() {
  const { tenantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: tenantKey(tenantId, 'invitations'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listInvitations, { params: { tenantId }, signal })).data,
  });
}

export function useInvitationMutations() {
  const { tenantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'invitations') });
  return {
    create: useMutation({
      mutationFn: async (body: CreateInvitationInput) =>
        (await apiClient.call(createInvitation, { params: { tenantId }, body })).data,
      onSuccess: refresh,
    }),
    resend: useMutation({
      mutationFn: async (invitationId: string) =>
        (await apiClient.call(resendInvitation, { params: { tenantId, invitationId } })).data.invitation,
      onSuccess: refresh,
    }),
    revoke: useMutation({
      mutationFn: async (invitationId: string) => {
        await apiClient.call(revokeInvitation, { params: { tenantId, invitationId } });
      },
      onSuccess: refresh,
    }),
  };
}

/** Where a manager or employee works (null: every restaurant); the members list is read again. */
export function useMemberMutations() {
  const { tenantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  return {
    setRestaurants: useMutation({
      mutationFn: async ({ uid, restaurantIds }: { uid: string; restaurantIds: number[] | null }) =>
        (
          await apiClient.call(updateMemberRestaurants, {
            params: { tenantId, uid },
            body: { restaurantIds },
          })
        ).data.user,
      onSuccess: () => queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'members') }),
    }),
  };
}
