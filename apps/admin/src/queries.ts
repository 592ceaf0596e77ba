import type { BodyInput, Jsonify } from '@brigade/api-client/client';
import {
  addTenantAssignment,
  createAdminUser,
  deleteAdminUser,
  deleteAdminUserProfile,
  getAdminUser,
  listAdminUsers,
  removeTenantAssignment,
  updateAdminUser,
  updateTenantAssignment,
} from '@brigade/contracts/admin-users';
import { listAllRestaurants, listRestaurants, updateRestaurantStatus } from '@brigade/contracts/restaurants';
import { listTenantUsers } from '@brigade/contracts/tenant-users';
import { createTenant, listTenants, seedTenant, updateTenant } from '@brigade/contracts/tenants';
import type { Restaurant } from '@brigade/domain/restaurant';
import type { Tenant, TenantPlan, TenantSettings, TenantStatus } from '@brigade/domain/tenant';
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
  userPage: (search: string, pageToken: string | null, filters: UserQueryFilters) =>
    ['admin', 'users', 'page', search, pageToken, filters] as const,
  tenantUsers: (tenantId: number) => ['admin', 'users', 'tenant', tenantId] as const,
  user: (uid: string) => ['admin', 'users', 'one', uid] as const,
  tenants: ['admin', 'tenants'] as const,
  tenantRestaurants: (tenantId: number) => ['admin', 'tenants', tenantId, 'restaurants'] as const,
  restaurants: (search: string, offset: number) => ['admin', 'restaurants', search, offset] as const,
};

export const USER_PAGE_SIZE = 25;

/** The users list's filters as the API takes them (see screens/users/user-filters.ts). */
export interface UserQueryFilters {
  isActive?: 'true' | 'false';
  isSiteAdmin?: 'true' | 'false';
  tenantId?: number;
}

/** One page of users: the plain list (pageToken paging) or a search (≥ 2 characters), filtered by the server. */
export function useUserPage(search: string, pageToken: string | null, filters: UserQueryFilters = {}) {
  return useQuery({
    queryKey: adminKeys.userPage(search, pageToken, filters),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(listAdminUsers, {
          query: search
            ? { search, limit: USER_PAGE_SIZE, ...filters }
            : { limit: USER_PAGE_SIZE, ...filters, ...(pageToken ? { pageToken } : {}) },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** A tenant's users (every assignment to it, active or not) with their role there: GET /tenants/{id}/users. */
export function useTenantUsers(tenantId: number) {
  return useQuery({
    queryKey: adminKeys.tenantUsers(tenantId),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listTenantUsers, { params: { tenantId }, signal })).data.users,
  });
}
export type TenantUserRow = NonNullable<ReturnType<typeof useTenantUsers>['data']>[number];

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
    removeProfile: useUserWrite(
      async () => (await apiClient.call(deleteAdminUserProfile, { params })).data.user as AdminUser,
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
        settings?: TenantSettings;
      }) => (await apiClient.call(updateTenant, { params: { tenantId }, body })).data.tenant,
      onSuccess: done,
    }),
    seed: useMutation({
      mutationFn: async (body: BodyInput<typeof seedTenant>) =>
        (await apiClient.call(seedTenant, { body })).data,
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
