import type { BodyInput } from '@brigade/api-client/client';
import { isProblemError, ProblemError } from '@brigade/api-client/problem-error';
import { bulkUpdateItems, createItemInMenuGroups } from '@brigade/contracts/item-bulk';
import { ITEM_KIND } from '@brigade/domain/catalogue/kinds';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { type ItemRecord, invalidateKind } from '../../catalogue-kit/catalogue-api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/*
 * The two item writes beyond one record (packages/contracts/src/item-bulk.ts): each is one transaction on
 * the server, and each refreshes the items, the menu-group lists and resolved menus (and, for sold out, the
 * ordering settings that hold the "86" list).
 */

export type ItemBulkChange = BodyInput<typeof bulkUpdateItems>['change'];

function useTarget() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const client = useQueryClient();
  return {
    params: { tenantId, restaurantId },
    settle: () => invalidateKind(client, { tenantId, restaurantId }, ITEM_KIND),
    settleSoldOut: () =>
      client.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'ordering', 'settings') }),
  };
}

/** Creates an item and adds it to the end of each menu group named, atomically. */
export function useCreateItemInMenuGroups() {
  const { params, settle } = useTarget();
  return useMutation({
    mutationFn: async ({ item, menuGroupIds }: { item: Record<string, unknown>; menuGroupIds: number[] }) => {
      try {
        const body = { item: item as BodyInput<typeof createItemInMenuGroups>['item'], menuGroupIds };
        return (await apiClient.call(createItemInMenuGroups, { params, body })).data
          .item as unknown as ItemRecord;
      } catch (error) {
        throw asItemProblem(error);
      }
    },
    onSettled: settle,
  });
}

/** The item's field errors (`item.name`) as the item forms name them (`name`), as a plain create answers. */
function asItemProblem(error: unknown): unknown {
  if (!isProblemError(error) || error.errors.length === 0) return error;
  const { status, code, title, detail } = error;
  const errors = error.errors.map((fieldError) => ({
    ...fieldError,
    path: fieldError.path.replace(/^item\./, ''),
  }));
  return new ProblemError(status, { code, title, detail, errors });
}

/** One change for many items, atomically: all of them change or none. */
export function useBulkUpdateItems() {
  const { params, settle, settleSoldOut } = useTarget();
  return useMutation({
    mutationFn: async ({ itemIds, change }: { itemIds: number[]; change: ItemBulkChange }) =>
      (await apiClient.call(bulkUpdateItems, { params, body: { itemIds, change } })).data,
    onSettled: async (_data, _error, { change }) => {
      await Promise.all([settle(), change.soldOut === undefined ? undefined : settleSoldOut()]);
    },
  });
}
