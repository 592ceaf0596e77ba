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
import type { Item, SizePrice } from '@brigade/domain/catalogue/item';
import {
  isGroupAvailableAt,
  isGroupOnChannel,
  isItemOnChannel,
  type LocalMoment,
  toLocalMoment,
} from '@brigade/domain/catalogue/menu-availability';
import type { MenuGroup } from '@brigade/domain/catalogue/menu-group';
import type { Modifier, ModifierGroup } from '@brigade/domain/catalogue/modifier-group';
import type {
  MenuFilter,
  MenuSummary,
  ResolvedItem,
  ResolvedItemReference,
  ResolvedMenuGroup,
  ResolvedModifierGroupReference,
} from '@brigade/domain/catalogue/resolved-menu';
import type { Tag } from '@brigade/domain/catalogue/tag';
import { notFound } from '@brigade/domain/errors';
import { and, asc, inArray, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { MenuCache } from './menu-cache';
import { type CatalogueScope, type ResolvedScope, resolveCatalogueScope, scopeWhere } from './scope';

/**
 * Resolved menus (issue 6): a parent group's whole tree in one document, read with a fixed number of
 * queries whatever the size of the tree: four rounds of one to three indexed queries (groups and tags;
 * links; items, sizes and references; modifier groups and modifiers), the queries of a round side by side,
 * then assembled in memory. (A single round with the subtree as a recursive subquery was measured ~10x
 * slower on the embedded engine, whose planner has no statistics for such subqueries.)
 */

type Row = Record<string, unknown>;

/** A row as the domain sees it: nulls absent, scope and list-order columns dropped. */
function clean<T>(row: Row, ...drop: string[]): T {
  const record: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (value !== null && key !== 'tenantId' && key !== 'restaurantId' && !drop.includes(key))
      record[key] = value;
  }
  return record as T;
}

interface Filters {
  channel?: MenuFilter['channel'];
  moment?: LocalMoment;
}

const filtersOf = (filter: MenuFilter, scope: ResolvedScope): Filters => ({
  ...(filter.channel ? { channel: filter.channel } : {}),
  ...(filter.at ? { moment: toLocalMoment(filter.at, scope.timezone) } : {}),
});

/** Is a group shown: active, on the channel, available at the moment. */
const groupShown = (group: MenuGroup, filters: Filters) =>
  group.isActive &&
  (!filters.channel || isGroupOnChannel(group, filters.channel)) &&
  (!filters.moment || isGroupAvailableAt(group, filters.moment));

/** spec 02 §2 menu chooser: the parent groups (no parentId) that are shown, by position. */
export async function listMenus(
  db: Executor,
  scope: CatalogueScope,
  filter: MenuFilter = {},
): Promise<MenuSummary[]> {
  const resolved = await resolveCatalogueScope(db, scope);
  const filters = filtersOf(filter, resolved);
  const rows = await db
    .select()
    .from(menuGroups)
    .where(and(scopeWhere(menuGroups, resolved), isNull(menuGroups.parentId)))
    .orderBy(asc(menuGroups.position), asc(menuGroups.menuGroupId));
  return rows
    .map((row) => clean<MenuGroup>(row))
    .filter((group) => groupShown(group, filters))
    .map((group) => ({
      menuGroupId: group.menuGroupId,
      guid: group.guid,
      name: group.name,
      ...(group.description === undefined ? {} : { description: group.description }),
      ...(group.image === undefined ? {} : { image: group.image }),
      position: group.position,
      isMenu: group.isMenu,
    }));
}

/**
 * Every start and end time (HH:MM, the restaurant's clock) of the restaurant's menu-group time ranges: the
 * minutes at which what a menu shows can change (the public site's page lifetime ends there).
 */
export async function listMenuTimeBoundaries(
  db: Executor,
  scope: { tenantId: number; restaurantId: number },
): Promise<string[]> {
  const rows = await db
    .select({ timeRange: menuGroups.timeRange })
    .from(menuGroups)
    .where(scopeWhere(menuGroups, scope));
  return rows.flatMap((r) => (r.timeRange ? [r.timeRange.startTime, r.timeRange.endTime] : []));
}

/** The result of a resolved read: the group, and whether it is shown for the filter (its contents are not, if not). */
export interface ResolvedMenu {
  menu: ResolvedMenuGroup;
  available: boolean;
}

export async function resolveMenu(
  db: Executor,
  scope: CatalogueScope,
  menuGroupId: number,
  filter: MenuFilter = {},
  cache?: MenuTreeCache,
): Promise<ResolvedMenu> {
  return resolveMenuIn(db, await resolveCatalogueScope(db, scope), menuGroupId, filter, cache);
}

/** The rows a menu's tree is assembled from, as the menu cache keeps them. */
export type MenuTreeCache = MenuCache<TreeData>;

export const createMenuCache = (): MenuTreeCache => new MenuCache<TreeData>();

/** resolveMenu for a scope already resolved (its version keys the cache). */
export async function resolveMenuIn(
  db: Executor,
  resolved: ResolvedScope,
  menuGroupId: number,
  filter: MenuFilter = {},
  cache?: MenuTreeCache,
): Promise<ResolvedMenu> {
  const filters = filtersOf(filter, resolved);
  let data = cache?.tree(resolved, menuGroupId);
  if (!data) {
    data = await readTree(db, resolved, menuGroupId);
    // a missing group is not cached: it may be created under this very version's successor only
    if (data.groups.has(menuGroupId)) cache?.storeTree(resolved, menuGroupId, data);
  }
  const root = data.groups.get(menuGroupId);
  if (!root) throw notFound(`Menu group with ID ${menuGroupId} not found`);
  const available = groupShown(root, filters);
  return { menu: assemble(data, root, filters, available, new Set()), available };
}

interface TreeData {
  groups: Map<number, MenuGroup>;
  childrenOf: Map<number, MenuGroup[]>;
  itemLinks: Map<number, { itemId: number; position: number; isRequired: boolean; ordinal: number }[]>;
  groupRefs: Map<number, (ResolvedModifierGroupReference & { ordinal: number })[]>;
  items: Map<number, ResolvedItem>;
  tags: Map<number, Tag>;
}

async function readTree(ex: Executor, scope: ResolvedScope, rootId: number): Promise<TreeData> {
  const inScope = (table: Parameters<typeof scopeWhere>[0]) => scopeWhere(table, scope);
  const where = (table: Parameters<typeof scopeWhere>[0], column: PgColumn, ids: readonly number[]) =>
    and(inScope(table), inArray(column, ids.length > 0 ? [...ids] : [-1]));

  // 1. The restaurant's groups (a few dozen to a few hundred rows) and its tags; the subtree is found here.
  const [allGroups, tagRows] = await Promise.all([
    ex.select().from(menuGroups).where(inScope(menuGroups)),
    ex.select().from(tags).where(inScope(tags)),
  ]);
  const subtree = subtreeOf(allGroups, rootId);

  // 2. What the subtree's groups reference.
  const [linkRows, groupRefRows] = await Promise.all([
    ex
      .select()
      .from(menuGroupItems)
      .where(where(menuGroupItems, menuGroupItems.menuGroupId, subtree))
      .orderBy(asc(menuGroupItems.menuGroupId), asc(menuGroupItems.position), asc(menuGroupItems.ordinal)),
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

  // 3. The items, with their size prices and modifier-group references.
  const itemIds = [...new Set(linkRows.map((row) => row.itemId))];
  const [itemRows, sizeRows, itemRefRows] = await Promise.all([
    ex
      .select()
      .from(items)
      .where(where(items, items.itemId, itemIds)),
    ex
      .select()
      .from(itemSizePrices)
      .where(where(itemSizePrices, itemSizePrices.itemId, itemIds))
      .orderBy(asc(itemSizePrices.itemId), asc(itemSizePrices.ordinal)),
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

  // 4. The modifier groups referenced by the items and the groups, with their modifiers.
  const modifierGroupIds = [...new Set([...itemRefRows, ...groupRefRows].map((row) => row.modifierGroupId))];
  const [modifierGroupRows, modifierRows] = await Promise.all([
    ex
      .select()
      .from(modifierGroups)
      .where(where(modifierGroups, modifierGroups.modifierGroupId, modifierGroupIds)),
    ex
      .select()
      .from(modifiers)
      .where(where(modifiers, modifiers.modifierGroupId, modifierGroupIds))
      .orderBy(asc(modifiers.modifierGroupId), asc(modifiers.ordinal)),
  ]);
  const groupRows = allGroups.filter((row) => subtree.includes(row.menuGroupId));

  const tagMap = new Map(tagRows.map((row) => [row.tagId, clean<Tag>(row)]));
  const tagsOf = (ids: readonly number[]) => ids.flatMap((id) => tagMap.get(id) ?? []);

  // Modifier groups with their modifiers; inactive groups are not offered.
  const modifiersOf = groupBy(modifierRows, (row) => row.modifierGroupId);
  const modifierGroupMap = new Map<number, ModifierGroup>();
  for (const row of modifierGroupRows) {
    if (!row.isActive) continue;
    const group = clean<ModifierGroup>(row);
    group.modifiers = (modifiersOf.get(row.modifierGroupId) ?? []).map((m) =>
      clean<Modifier>(m, 'modifierGroupId', 'ordinal'),
    );
    modifierGroupMap.set(row.modifierGroupId, group);
  }
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

  const sizesOf = groupBy(sizeRows, (row) => row.itemId);
  const itemRefsOf = groupBy(itemRefRows, (row) => row.itemId);
  const itemMap = new Map<number, ResolvedItem>();
  for (const row of itemRows) {
    const item = clean<Item>(row) as unknown as ResolvedItem;
    item.sizePrice = (sizesOf.get(row.itemId) ?? []).map((s) => clean<SizePrice>(s, 'itemId', 'ordinal'));
    item.modifierGroups = (itemRefsOf.get(row.itemId) ?? []).flatMap(resolveRef).map(withoutOrdinal);
    item.tags = tagsOf(row.tagIds);
    itemMap.set(row.itemId, item);
  }

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

  return {
    groups,
    childrenOf,
    itemLinks: groupBy(linkRows, (row) => row.menuGroupId) as TreeData['itemLinks'],
    groupRefs: new Map(
      [...groupBy(groupRefRows, (row) => row.menuGroupId)].map(([id, refs]) => [
        id,
        refs.flatMap(resolveRef),
      ]),
    ),
    items: itemMap,
    tags: tagMap,
  };
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

const withoutOrdinal = <T extends { ordinal?: number }>({ ordinal: _ordinal, ...rest }: T) => rest;

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const row of rows) {
    const id = key(row);
    const list = map.get(id);
    if (list) list.push(row);
    else map.set(id, [row]);
  }
  return map;
}

function assemble(
  data: TreeData,
  group: MenuGroup,
  filters: Filters,
  shown: boolean,
  visited: Set<number>,
): ResolvedMenuGroup {
  visited.add(group.menuGroupId);
  const { items: _items, modifierGroups: _refs, subgroups: _subgroups, ...fields } = group as MenuGroup & Row;
  const tags = (group.tagIds ?? []).flatMap((id) => data.tags.get(id) ?? []);
  if (!shown) return { ...(fields as ResolvedMenuGroup), items: [], modifierGroups: [], subgroups: [], tags };
  const items: ResolvedItemReference[] = [];
  for (const link of data.itemLinks.get(group.menuGroupId) ?? []) {
    const item = data.items.get(link.itemId);
    if (!item || (filters.channel && !isItemOnChannel(item, filters.channel))) continue;
    items.push({ itemId: link.itemId, position: link.position, isRequired: link.isRequired, item });
  }
  const subgroups = (data.childrenOf.get(group.menuGroupId) ?? [])
    .filter((child) => !visited.has(child.menuGroupId) && groupShown(child, filters))
    .map((child) => assemble(data, child, filters, true, visited));
  return {
    ...(fields as ResolvedMenuGroup),
    items,
    modifierGroups: (data.groupRefs.get(group.menuGroupId) ?? []).map(withoutOrdinal),
    subgroups,
    tags,
  };
}
