import type { Jsonify } from '@brigade/api-client/client';
import {
  addTenantAssignment,
  createAdminUser,
  deleteAdminUser,
  getAdminUser,
  listAdminUsers,
  removeTenantAssignment,
  updateAdminUser,
  updateTenantAssignment,
} from '@brigade/contracts/admin-users';
import { listAllRestaurants, listRestaurants, updateRestaurantStatus } from '@brigade/contracts/restaurants';
import { createTenant, listTenants, updateTenant } from '@brigade/contracts/tenants';
import type { Restaurant } from '@brigade/domain/restaurant';
import type { Tenant, TenantPlan, TenantStatus } from '@brigade/domain/tenant';
import type {
  AdminCreateUserInput,
  AdminUpdateUserInput,
  TenantAssignment,
  User,
} from '@brigade/domain/user';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from './api';

export type AdminUser = Jsonify<User>;
export type Assignment = Jsonify<TenantAssignment>;
export type TenantRow = Jsonify<Tenant>;
export type RestaurantRow = Jsonify<Restaurant>;
export type TenantRole = Assignment['role'];

/** Query keys of the admin app: every user write invalidates ['admin', 'users'], tenant writes ['admin', 'tenants']. */
export const adminKeys = {
  users: ['admin', 'users'] as const,
  userPage: (search: string, pageToken: string | null) =>
    ['admin', 'users', 'page', search, pageToken] as const,
  allUsers: ['admin', 'users', 'all'] as const,
  user: (uid: string) => ['admin', 'users', 'one', uid] as const,
  tenants: ['admin', 'tenants'] as const,
  tenantRestaurants: (tenantId: number) => ['admin', 'tenants', tenantId, 'restaurants'] as const,
  restaurants: (search: string, offset: number) => ['admin', 'restaurants', search, offset] as const,
};

export const USER_PAGE_SIZE = 25;

/** One page of users: the plain list (pageToken paging) or a search (≥ 2 characters). */
export function useUserPage(search: string, pageToken: string | null) {
  return useQuery({
    queryKey: adminKeys.userPage(search, pageToken),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(listAdminUsers, {
          query: search
            ? { search, limit: USER_PAGE_SIZE }
            : { limit: USER_PAGE_SIZE, ...(pageToken ? { pageToken } : {}) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** Every user, page after page (a tenant's members: the API lists users, not a tenant's users). */
export function useAllUsers(enabled = true) {
  return useQuery({
    queryKey: adminKeys.allUsers,
    enabled,
    queryFn: async ({ signal }) => {
      const users: AdminUser[] = [];
      let pageToken: string | null = null;
      do {
        const page: { users: AdminUser[]; nextPageToken: string | null } = (
          await apiClient.call(listAdminUsers, {
            query: { limit: 100, ...(pageToken ? { pageToken } : {}) },
            signal,
          })
        ).data;
        users.push(...page.users);
        pageToken = page.nextPageToken;
      } while (pageToken);
      return users;
    },
  });
}

export function useUser(uid: string) {
  return useQuery({
    queryKey: adminKeys.user(uid),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getAdminUser, { params: { uid }, signal })).data.user,
  });
}

export function useTenants() {
  return useQuery({
    queryKey: adminKeys.tenants,
    queryFn: async ({ signal }) => (await apiClient.call(listTenants, { query: {}, signal })).data.tenants,
  });
}

export function useTenantRestaurants(tenantId: number) {
  return useQuery({
    queryKey: adminKeys.tenantRestaurants(tenantId),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listRestaurants, { params: { tenantId }, signal })).data.restaurants,
  });
}

export const RESTAURANT_PAGE_SIZE = 25;

export function useAllRestaurants(search: string, offset: number) {
  return useQuery({
    queryKey: adminKeys.restaurants(search, offset),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(listAllRestaurants, {
          query: { limit: RESTAURANT_PAGE_SIZE, offset, ...(search ? { search } : {}) },
          signal,
        })
      ).data.restaurants,
    placeholderData: keepPreviousData,
  });
}

/** After a user write: the user's own record is the answer; lists are read again. */
function useUserWrite<V>(run: (vars: V) => Promise<AdminUser>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (user) => {
      client.setQueryData(adminKeys.user(user.uid), user);
      void client.invalidateQueries({ queryKey: adminKeys.users, predicate: (q) => q.queryKey[2] !== 'one' });
    },
  });
}

export function useCreateUser() {
  return useUserWrite(
    async (body: AdminCreateUserInput) =>
      (await apiClient.call(createAdminUser, { body })).data.user as AdminUser,
  );
}

export function useUserMutations(uid: string) {
  const client = useQueryClient();
  const params = { uid };
  return {
    update: useUserWrite(
      async (body: AdminUpdateUserInput) =>
        (await apiClient.call(updateAdminUser, { params, body })).data.user as AdminUser,
    ),
    addAssignment: useUserWrite(
      async (body: { tenantId: number; role: TenantRole }) =>
        (await apiClient.call(addTenantAssignment, { params, body })).data.user as AdminUser,
    ),
    updateAssignment: useUserWrite(
      async ({ tenantId, ...body }: { tenantId: number; role?: TenantRole; isActive?: boolean }) =>
        (await apiClient.call(updateTenantAssignment, { params: { uid, tenantId }, body })).data
          .user as AdminUser,
    ),
    removeAssignment: useUserWrite(
      async (tenantId: number) =>
        (await apiClient.call(removeTenantAssignment, { params: { uid, tenantId } })).data.user as AdminUser,
    ),
    remove: useMutation({
      mutationFn: async () => {
        await apiClient.call(deleteAdminUser, { params });
      },
      onSuccess: () => {
        client.removeQueries({ queryKey: adminKeys.user(uid) });
        void client.invalidateQueries({ queryKey: adminKeys.users });
      },
    }),
  };
}

export function useTenantMutations() {
  const client = useQueryClient();
  const done = () => void client.invalidateQueries({ queryKey: adminKeys.tenants });
  return {
    create: useMutation({
      mutationFn: async (body: {
        name: string;
        displayName: string;
        plan: TenantPlan;
        status: TenantStatus;
      }) => (await apiClient.call(createTenant, { body })).data.tenant,
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: async ({
        tenantId,
        ...body
      }: {
        tenantId: number;
        plan?: TenantPlan;
        status?: TenantStatus;
        displayName?: string;
      }) => (await apiClient.call(updateTenant, { params: { tenantId }, body })).data.tenant,
      onSuccess: done,
    }),
  };
}

export function useRestaurantStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (r: { tenantId: number; restaurantId: number; status: 'active' | 'inactive' }) =>
      (
        await apiClient.call(updateRestaurantStatus, {
          params: { tenantId: r.tenantId, restaurantId: r.restaurantId },
          body: { status: r.status },
        })
      ).data.restaurant,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'restaurants'] });
      void client.invalidateQueries({ queryKey: adminKeys.tenants });
    },
  });
}

/** The management app opened on a restaurant (its selection from the address, as links into it do). */
export function managementUrl(tenantGuid: string, restaurantGuid: string): string {
  return `/manage/?tenantId=${encodeURIComponent(tenantGuid)}&restaurantId=${encodeURIComponent(restaurantGuid)}`;
}
