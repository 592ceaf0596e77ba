import type { Executor } from '@brigade/db/database';
import {
  itemModifierGroups,
  itemSizePrices,
  items,
  menuGroupItems,
  menuGroupModifierGroups,
  menuGroups,
  modifierGroups,
  modifiers,
  tags,
} from '@brigade/db/schema/catalogue';
import { sideBySide } from '@brigade/db/side-by-side';
import type { Item, SizePrice } from '@brigade/domain/catalogue/item';
import type { MenuGroup } from '@brigade/domain/catalogue/menu-group';
import type { Modifier, ModifierGroup } from '@brigade/domain/catalogue/modifier-group';
import type { ResolvedItem, ResolvedModifierGroupReference } from '@brigade/domain/catalogue/resolved-menu';
import type { Tag } from '@brigade/domain/catalogue/tag';
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type ResolvedScope, scopeWhere } from './scope';

/**
 * The rows a menu's tree is assembled from (see menu-resolver.ts): four rounds of one to three indexed
 * queries, the queries of a round side by side, then indexed in memory.
 */

export type Row = Record<string, unknown>;

/** A row as the domain sees it: nulls absent, scope and list-order columns dropped. */
export function clean<T>(row: Row, ...drop: string[]): T {
  const record: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (value !== null && key !== 'tenantId' && key !== 'restaurantId' && !drop.includes(key))
      record[key] = value;
  }
  return record as T;
}

export interface TreeData {
  groups: Map<number, MenuGroup>;
  childrenOf: Map<number, MenuGroup[]>;
  itemLinks: Map<number, { itemId: number; position: number; isRequired: boolean; ordinal: number }[]>;
  groupRefs: Map<number, (ResolvedModifierGroupReference & { ordinal: number })[]>;
  items: Map<number, ResolvedItem>;
  tags: Map<number, Tag>;
}

type ScopedTable = Parameters<typeof scopeWhere>[0];
/** The rows of a table in the scope whose column is one of the ids (none for no ids). */
type WhereIds = (table: ScopedTable, column: PgColumn, ids: readonly number[]) => SQL | undefined;

/** A menu group's tree: the restaurant's groups and tags, then what the subtree references. */
export async function readTree(ex: Executor, scope: ResolvedScope, rootId: number): Promise<TreeData> {
  const inScope = (table: ScopedTable) => scopeWhere(table, scope);
  const where: WhereIds = (table, column, ids) =>
    and(inScope(table), inArray(column, ids.length > 0 ? [...ids] : [-1]));

  // 1. The restaurant's groups (a few dozen to a few hundred rows) and its tags; the subtree is found here.
  const [allGroups, tagRows] = await sideBySide(ex, [
    () => ex.select().from(menuGroups).where(inScope(menuGroups)),
    () => ex.select().from(tags).where(inScope(tags)),
  ]);
  const subtree = subtreeOf(allGroups, rootId);
  // 2. What the subtree's groups reference.
  const links = await readGroupLinks(ex, where, subtree);
  // 3. The items, with their size prices and modifier-group references.
  const itemIds = [...new Set(links.itemLinks.map((row) => row.itemId))];
  const itemRows = await readItems(ex, where, itemIds);
  // 4. The modifier groups referenced by the items and the groups, with their modifiers.
  const modifierGroupIds = [
    ...new Set([...itemRows.refs, ...links.groupRefs].map((row) => row.modifierGroupId)),
  ];
  const modifierGroupRows = await readModifierGroups(ex, where, modifierGroupIds);

  const tagMap = new Map(tagRows.map((row) => [row.tagId, clean<Tag>(row)]));
  const modifierGroupMap = modifierGroupsById(modifierGroupRows);
  const resolveRef = (row: Row) => {
    const modifierGroup = modifierGroupMap.get(row.modifierGroupId as number);
    return modifierGroup
      ? [
          {
            ...clean<ResolvedModifierGroupReference & { ordinal: number }>(row, 'itemId', 'menuGroupId'),
            modifierGroup,
          },
        ]
      : [];
  };
  return {
    ...groupsWithChildren(allGroups.filter((row) => subtree.includes(row.menuGroupId))),
    itemLinks: groupBy(links.itemLinks, (row) => row.menuGroupId) as TreeData['itemLinks'],
    groupRefs: new Map(
      [...groupBy(links.groupRefs, (row) => row.menuGroupId)].map(([id, refs]) => [
        id,
        refs.flatMap(resolveRef),
      ]),
    ),
    items: itemsById(itemRows, resolveRef, (ids) => ids.flatMap((id) => tagMap.get(id) ?? [])),
    tags: tagMap,
  };
}

/** Round 2: the subtree's item links and modifier-group references, in their order. */
async function readGroupLinks(ex: Executor, where: WhereIds, subtree: readonly number[]) {
  const [itemLinks, groupRefs] = await sideBySide(ex, [
    () =>
      ex
        .select()
        .from(menuGroupItems)
        .where(where(menuGroupItems, menuGroupItems.menuGroupId, subtree))
        .orderBy(asc(menuGroupItems.menuGroupId), asc(menuGroupItems.position), asc(menuGroupItems.ordinal)),
    () =>
      ex
        .select()
        .from(menuGroupModifierGroups)
        .where(where(menuGroupModifierGroups, menuGroupModifierGroups.menuGroupId, subtree))
        .orderBy(
          asc(menuGroupModifierGroups.menuGroupId),
          asc(menuGroupModifierGroups.position),
          asc(menuGroupModifierGroups.ordinal),
        ),
  ]);
  return { itemLinks, groupRefs };
}

/** Round 3: the items, their size prices and their modifier-group references, in their order. */
async function readItems(ex: Executor, where: WhereIds, itemIds: readonly number[]) {
  const [rows, sizes, refs] = await sideBySide(ex, [
    () =>
      ex
        .select()
        .from(items)
        .where(where(items, items.itemId, itemIds)),
    () =>
      ex
        .select()
        .from(itemSizePrices)
        .where(where(itemSizePrices, itemSizePrices.itemId, itemIds))
        .orderBy(asc(itemSizePrices.itemId), asc(itemSizePrices.ordinal)),
    () =>
      ex
        .select()
        .from(itemModifierGroups)
        .where(where(itemModifierGroups, itemModifierGroups.itemId, itemIds))
        .orderBy(
          asc(itemModifierGroups.itemId),
          asc(itemModifierGroups.position),
          asc(itemModifierGroups.ordinal),
        ),
  ]);
  return { rows, sizes, refs };
}

/** Round 4: the modifier groups and their modifiers, in their order. */
async function readModifierGroups(ex: Executor, where: WhereIds, modifierGroupIds: readonly number[]) {
  const [groups, modifierRows] = await sideBySide(ex, [
    () =>
      ex
        .select()
        .from(modifierGroups)
        .where(where(modifierGroups, modifierGroups.modifierGroupId, modifierGroupIds)),
    () =>
      ex
        .select()
        .from(modifiers)
        .where(where(modifiers, modifiers.modifierGroupId, modifierGroupIds))
        .orderBy(asc(modifiers.modifierGroupId), asc(modifiers.ordinal)),
  ]);
  return { groups, modifiers: modifierRows };
}

/** Modifier groups with their modifiers; inactive groups are not offered. */
function modifierGroupsById({
  groups,
  modifiers: modifierRows,
}: Awaited<ReturnType<typeof readModifierGroups>>): Map<number, ModifierGroup> {
  const modifiersOf = groupBy(modifierRows, (row) => row.modifierGroupId);
  const byId = new Map<number, ModifierGroup>();
  for (const row of groups) {
    if (!row.isActive) continue;
    const group = clean<ModifierGroup>(row);
    group.modifiers = (modifiersOf.get(row.modifierGroupId) ?? []).map((m) =>
      clean<Modifier>(m, 'modifierGroupId', 'ordinal'),
    );
    byId.set(row.modifierGroupId, group);
  }
  return byId;
}

/** Items with their size prices, resolved modifier-group references and tags. */
function itemsById(
  { rows, sizes, refs }: Awaited<ReturnType<typeof readItems>>,
  resolveRef: (row: Row) => (ResolvedModifierGroupReference & { ordinal: number })[],
  tagsOf: (ids: readonly number[]) => Tag[],
): Map<number, ResolvedItem> {
  const sizesOf = groupBy(sizes, (row) => row.itemId);
  const itemRefsOf = groupBy(refs, (row) => row.itemId);
  const byId = new Map<number, ResolvedItem>();
  for (const row of rows) {
    const item = clean<Item>(row) as unknown as ResolvedItem;
    item.sizePrice = (sizesOf.get(row.itemId) ?? []).map((s) => clean<SizePrice>(s, 'itemId', 'ordinal'));
    item.modifierGroups = (itemRefsOf.get(row.itemId) ?? []).flatMap(resolveRef).map(withoutOrdinal);
    item.tags = tagsOf(row.tagIds);
    byId.set(row.itemId, item);
  }
  return byId;
}

/** The subtree's groups by id, and each group's children by position. */
function groupsWithChildren(groupRows: readonly Row[]): Pick<TreeData, 'groups' | 'childrenOf'> {
  const groups = new Map<number, MenuGroup>();
  const childrenOf = new Map<number, MenuGroup[]>();
  for (const row of groupRows) {
    const group = clean<MenuGroup>(row);
    groups.set(group.menuGroupId, group);
    if (group.parentId !== undefined && group.parentId !== null) {
      const siblings = childrenOf.get(group.parentId) ?? [];
      siblings.push(group);
      childrenOf.set(group.parentId, siblings);
    }
  }
  for (const siblings of childrenOf.values()) {
    siblings.sort((a, b) => a.position - b.position || a.menuGroupId - b.menuGroupId);
  }
  return { groups, childrenOf };
}

/** The root and every group under it, root first (the write path keeps the tree free of loops). */
function subtreeOf(
  groups: readonly { menuGroupId: number; parentId: number | null }[],
  rootId: number,
): number[] {
  if (!groups.some((group) => group.menuGroupId === rootId)) return [];
  const children = groupBy(
    groups.filter((group) => group.parentId !== null),
    (group) => group.parentId!,
  );
  const ids = [rootId];
  const seen = new Set(ids);
  for (let i = 0; i < ids.length; i++) {
    for (const child of children.get(ids[i]!) ?? []) {
      if (!seen.has(child.menuGroupId)) {
        seen.add(child.menuGroupId);
        ids.push(child.menuGroupId);
      }
    }
  }
  return ids;
}

export const withoutOrdinal = <T extends { ordinal?: number }>({ ordinal: _ordinal, ...rest }: T) => rest;

export function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const list = map.get(id);
    if (list) list.push(row);
    else map.set(id, [row]);
  }
  return map;
}
