import type { Jsonify } from '@brigade/api-client/client';
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
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { apiClient } from '../api';
import {
  endpointsOf,
  invalidateAfterChange,
  useCatalogueList,
  useCatalogueMutations,
  useCatalogueRecord,
} from '../components/catalogue-queries';
import { catalogueKeys, restaurantKey } from '../components/query-keys';
import { useCurrentRestaurant } from '../restaurant-context';

/**
 * The catalogue screens' typed view of the shell's one catalogue data kit (src/components/catalogue-queries.ts,
 * which holds the list, record and mutation hooks; they are re-exported here under the same names, so there
 * is one meaning for each): the rows of each kind as the API sends them, a list hook per kind, and the
 * resolved menu. Every write refreshes the menu-group lists and resolved menus: every change refreshes the
 * cached lists.
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
export const resolvedMenusKey = (scope: Scope) => restaurantKey(scope.restaurantId, 'resolved-menus');

const params = (scope: Scope) => ({ tenantId: scope.tenantId, restaurantId: scope.restaurantId });

function useScope(): Scope {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return { tenantId, restaurantId };
}

export { useCatalogueMutations, useCatalogueRecord };

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

/** After a write outside the kit's mutations (a bulk change, a move): the shell's refresh of that kind. */
export const invalidateKind = (client: QueryClient, scope: Scope, kind: CatalogueKindDefinition) =>
  invalidateAfterChange(client, scope.restaurantId, kind);
