import { moveMenuGroupItem } from '@brigade/contracts/menus';
import { MENU_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '../../api';
import {
  invalidateKind,
  listKey as listKeyOf,
  type MenuGroupRecord,
  useCatalogueMutations,
} from '../../catalogue-kit/catalogue-api';
import { useCurrentRestaurant } from '../../restaurant-context';
import {
  addItemRefs,
  type ItemRefLike,
  moveItemRefBetween,
  nextPosition,
  reorderItemRefs,
  siblingPositionPatches,
} from './tree';

/** Changes groups in the cached menu-group list at once (the writes' optimistic update). */
function usePatchGroupCache() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const client = useQueryClient();
  const listKey = listKeyOf({ tenantId, restaurantId }, MENU_GROUP_KIND);
  return useCallback(
    (changes: Map<number, Partial<MenuGroupRecord>>) => {
      client.setQueryData<MenuGroupRecord[]>(listKey, (groups) =>
        groups?.map((g) => (changes.has(g.menuGroupId) ? { ...g, ...changes.get(g.menuGroupId) } : g)),
      );
    },
    [client, listKey],
  );
}

/** One server call moves an item between groups (both lists change in one transaction). */
function useTransferItem() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: { from: number; itemId: number; to: number }) =>
      apiClient.call(moveMenuGroupItem, {
        params: { tenantId, restaurantId, menuGroupId: move.from, itemId: move.itemId },
        body: { toMenuGroupId: move.to },
      }),
    onSettled: () => invalidateKind(client, { tenantId, restaurantId }, MENU_GROUP_KIND),
  });
}

/**
 * The builder's writes, each shown at once in the cached group list (optimistic) and then refreshed from
 * the server (the mutations invalidate the menu-group lists and resolved menus).
 */
export function useMenuWrites() {
  const toast = useToast();
  const mutations = useCatalogueMutations<MenuGroupRecord>(MENU_GROUP_KIND);
  const patchCache = usePatchGroupCache();
  const transfer = useTransferItem();

  const fail = (error: unknown) => toast.error(errorMessageOf(error, 'Could not save the change'));

  const setItems = async (group: MenuGroupRecord, items: ItemRefLike[]) => {
    patchCache(new Map([[group.menuGroupId, { items }]]));
    try {
      await mutations.update.mutateAsync({ id: group.menuGroupId, patch: { items } });
    } catch (error) {
      fail(error);
      throw error;
    }
  };

  return {
    moveItem: (group: MenuGroupRecord, from: number, to: number) =>
      setItems(group, reorderItemRefs(group.items, from, to)).catch(() => undefined),
    addItems: (group: MenuGroupRecord, itemIds: number[]) =>
      setItems(group, addItemRefs(group.items, itemIds)),
    /** Unlinks an item with the editing-only field removedItemIds. */
    removeItem: async (group: MenuGroupRecord, itemId: number, itemName: string) => {
      patchCache(
        new Map([[group.menuGroupId, { items: group.items.filter((ref) => ref.itemId !== itemId) }]]),
      );
      try {
        await mutations.update.mutateAsync({
          id: group.menuGroupId,
          patch: { removedItemIds: [itemId], isEditing: true },
        });
        toast.success(`${itemName} removed from ${group.name}`);
      } catch (error) {
        fail(error);
      }
    },
    moveGroup: async (siblings: readonly MenuGroupRecord[], from: number, to: number) => {
      const patches = siblingPositionPatches(siblings, from, to);
      if (patches.length === 0) return;
      patchCache(new Map(patches.map(({ id, patch }) => [id, patch])));
      try {
        await mutations.updateMany.mutateAsync(patches);
      } catch (error) {
        fail(error);
      }
    },
    /**
     * Moves an item to the end of another group in one write. The cache shows it there at once; a failure
     * is thrown to the dialog (which shows it) and the refresh puts the lists back.
     */
    moveItemToGroup: async (from: MenuGroupRecord, itemId: number, to: MenuGroupRecord) => {
      const lists = moveItemRefBetween(from.items, to.items, itemId);
      patchCache(
        new Map([
          [from.menuGroupId, { items: lists.from }],
          [to.menuGroupId, { items: lists.to }],
        ]),
      );
      await transfer.mutateAsync({ from: from.menuGroupId, itemId, to: to.menuGroupId });
    },
    /** Makes a group the last subgroup of another group of the same menu (one row: its parentId). */
    moveGroupToParent: async (
      group: MenuGroupRecord,
      parent: MenuGroupRecord,
      parentChildren: readonly MenuGroupRecord[],
    ) => {
      const patch = { parentId: parent.menuGroupId, position: nextPosition(parentChildren) };
      patchCache(new Map([[group.menuGroupId, patch]]));
      await mutations.update.mutateAsync({ id: group.menuGroupId, patch });
    },
    /** Deletes groups one after another (deepest first), then refreshes. */
    deleteGroups: async (ids: readonly number[]) => {
      for (const id of ids) await mutations.remove.mutateAsync(id);
    },
  };
}
