import type { AnyEndpoint, Jsonify } from '@brigade/api-client/client';
import { getMenu } from '@brigade/contracts/menus';
import type { Course } from '@brigade/domain/catalogue/course';
import type { Item } from '@brigade/domain/catalogue/item';
import {
  type CatalogueKindDefinition,
  COURSE_KIND,
  ITEM_KIND,
  MENU_GROUP_KIND,
  MODIFIER_GROUP_KIND,
  PREP_STATION_KIND,
  SALES_CATEGORY_KIND,
  TAG_KIND,
  TAX_RATE_KIND,
} from '@brigade/domain/catalogue/kinds';
import type { MenuChannel } from '@brigade/domain/catalogue/menu-availability';
import type { MenuGroup } from '@brigade/domain/catalogue/menu-group';
import type { ModifierGroup } from '@brigade/domain/catalogue/modifier-group';
import type { PrepStation } from '@brigade/domain/catalogue/prep-station';
import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import type { SalesCategory } from '@brigade/domain/catalogue/sales-category';
import type { Tag } from '@brigade/domain/catalogue/tag';
import type { TaxRate } from '@brigade/domain/catalogue/tax-rate';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../api';
import {
  endpointsOf,
  invalidateAfterChange,
  useCatalogueList as useSharedCatalogueList,
} from '../components/catalogue-queries';
import { catalogueKeys, restaurantKey } from '../components/query-keys';
import { useCurrentRestaurant } from '../restaurant-context';

/**
 * Data hooks for the catalogue screens (menus, items, modifier groups) over the generic catalogue API
 * (packages/contracts/src/catalogue.ts), on the shell's query keys (src/components/query-keys.ts). Beyond the
 * shell's catalogue-queries.ts: typed rows of these kinds, sequential updates (reordering siblings) with
 * one refresh, the resolved menu, and items refreshed after a modifier-group write. Every write refreshes
 * the menu-group lists and resolved menus (spec 02 §7: "every change refreshes the cached lists").
 */

export type ItemRecord = Jsonify<Item>;
export type MenuGroupRecord = Jsonify<MenuGroup>;
export type ModifierGroupRecord = Jsonify<ModifierGroup>;
export type TaxRateRecord = Jsonify<TaxRate>;
export type PrepStationRecord = Jsonify<PrepStation>;
export type TagRecord = Jsonify<Tag>;
export type CourseRecord = Jsonify<Course>;
export type SalesCategoryRecord = Jsonify<SalesCategory>;
export type ResolvedMenuRecord = Jsonify<ResolvedMenuGroup>;

export const itemEndpoints = endpointsOf(ITEM_KIND);
export const menuGroupEndpoints = endpointsOf(MENU_GROUP_KIND);
export const modifierGroupEndpoints = endpointsOf(MODIFIER_GROUP_KIND);

interface Scope {
  tenantId: number;
  restaurantId: number;
}

/** The shell's key scheme (src/components/query-keys.ts), so every screen's writes refresh these lists. */
export const listKey = (scope: Scope, kind: CatalogueKindDefinition) =>
  catalogueKeys.list(scope.restaurantId, kind);
const recordKey = (scope: Scope, kind: CatalogueKindDefinition, id: number) =>
  catalogueKeys.one(scope.restaurantId, kind, id);
export const resolvedMenusKey = (scope: Scope) => restaurantKey(scope.restaurantId, 'resolved-menus');

/**
 * The generic catalogue endpoints are typed per kind only loosely (their schemas come from a list), so the
 * screens call them through this untyped door and type the answers themselves.
 */
const call = (
  endpoint: AnyEndpoint,
  options: {
    params: Record<string, unknown>;
    body?: unknown;
    query?: Record<string, unknown>;
    signal?: AbortSignal;
  },
) => (apiClient.call as (e: AnyEndpoint, o: object) => Promise<unknown>)(endpoint, options);

const params = (scope: Scope) => ({ tenantId: scope.tenantId, restaurantId: scope.restaurantId });

function useScope(): Scope {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return { tenantId, restaurantId };
}

/** Every record of a kind, across all pages: the shell's own list query (one cache entry for all screens). */
const useCatalogueList = <T>(kind: CatalogueKindDefinition) => useSharedCatalogueList<T>(kind);

export function useCatalogueRecord<T>(kind: CatalogueKindDefinition, id: number | null) {
  const scope = useScope();
  return useQuery({
    queryKey: recordKey(scope, kind, id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const answer = (await call(endpointsOf(kind).get, {
        params: { ...params(scope), [kind.idParam]: id as number },
        signal,
      })) as { data: T };
      return answer.data;
    },
  });
}

export const useItems = () => useCatalogueList<ItemRecord>(ITEM_KIND);
export const useMenuGroups = () => useCatalogueList<MenuGroupRecord>(MENU_GROUP_KIND);
export const useModifierGroups = () => useCatalogueList<ModifierGroupRecord>(MODIFIER_GROUP_KIND);
export const useTaxRates = () => useCatalogueList<TaxRateRecord>(TAX_RATE_KIND);
export const usePrepStations = () => useCatalogueList<PrepStationRecord>(PREP_STATION_KIND);
export const useTags = () => useCatalogueList<TagRecord>(TAG_KIND);
export const useCourses = () => useCatalogueList<CourseRecord>(COURSE_KIND);
export const useSalesCategories = () => useCatalogueList<SalesCategoryRecord>(SALES_CATEGORY_KIND);

/** The resolved menu (GET …/menus/{id}), optionally for one channel: what diners' screens will show. */
export function useResolvedMenu(menuGroupId: number, channel: MenuChannel | null) {
  const scope = useScope();
  return useQuery({
    queryKey: [...resolvedMenusKey(scope), menuGroupId, channel ?? 'all'],
    queryFn: async ({ signal }) => {
      const answer = await apiClient.call(getMenu, {
        params: { ...params(scope), menuGroupId },
        query: channel ? { channel } : {},
        signal,
      });
      return { available: answer.available, menu: answer.data as unknown as ResolvedMenuRecord };
    },
  });
}

/**
 * After a write: the shell's invalidation (the kind, the menu-group lists, resolved menus, dashboard counts)
 * and, for a modifier group, the items (their editors show the groups' names and bounds).
 */
export async function invalidateKind(
  client: QueryClient,
  scope: Scope,
  kind: CatalogueKindDefinition,
): Promise<void> {
  await Promise.all([
    invalidateAfterChange(client, scope.restaurantId, kind),
    kind === MODIFIER_GROUP_KIND
      ? client.invalidateQueries({ queryKey: catalogueKeys.kind(scope.restaurantId, ITEM_KIND) })
      : undefined,
  ]);
}

/** Create, update (merge patch), delete and batch-create for one kind; each refreshes the lists it touches. */
export function useCatalogueMutations<T>(kind: CatalogueKindDefinition) {
  const scope = useScope();
  const client = useQueryClient();
  const endpoints = endpointsOf(kind);
  const settle = () => invalidateKind(client, scope, kind);

  const create = useMutation({
    mutationFn: async (body: Record<string, unknown>) =>
      ((await call(endpoints.create, { params: params(scope), body })) as { data: T }).data,
    onSettled: settle,
  });
  const update = useMutation({
    mutationFn: async ({ id, patch }: { id: number; patch: Record<string, unknown> }) =>
      (
        (await call(endpoints.update, {
          params: { ...params(scope), [kind.idParam]: id },
          body: patch,
        })) as { data: T }
      ).data,
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => {
      await call(endpoints.delete, { params: { ...params(scope), [kind.idParam]: id } });
    },
    onSettled: settle,
  });
  /** Several updates one after another (reordering siblings), refreshing once at the end. */
  const updateMany = useMutation({
    mutationFn: async (patches: readonly { id: number; patch: Record<string, unknown> }[]) => {
      const results: T[] = [];
      for (const { id, patch } of patches) {
        const answer = (await call(endpoints.update, {
          params: { ...params(scope), [kind.idParam]: id },
          body: patch,
        })) as { data: T };
        results.push(answer.data);
      }
      return results;
    },
    onSettled: settle,
  });
  return { create, update, remove, updateMany };
}
