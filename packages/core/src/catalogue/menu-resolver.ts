import type { Executor } from '@brigade/db/database';
import { menuGroups } from '@brigade/db/schema/catalogue';
import type { Actor } from '@brigade/domain/access';
import {
  isGroupAvailableAt,
  isGroupOnChannel,
  isItemOnChannel,
  type LocalMoment,
  toLocalMoment,
} from '@brigade/domain/catalogue/menu-availability';
import type { MenuGroup } from '@brigade/domain/catalogue/menu-group';
import type {
  MenuFilter,
  MenuSummary,
  ResolvedItemReference,
  ResolvedMenuGroup,
} from '@brigade/domain/catalogue/resolved-menu';
import { notFound } from '@brigade/domain/errors';
import { specialDayOn } from '@brigade/domain/hours/special';
import { and, asc, isNull } from 'drizzle-orm';
import type { UseCaseDeps } from '../use-case';
import { MenuCache } from './menu-cache';
import { clean, type Row, readTree, type TreeData, withoutOrdinal } from './menu-tree-reader';
import { catalogueScopeOf, type ResolvedScope, resolveCatalogueScope, scopeWhere } from './scope';

/**
 * Resolved menus (issue 6): a parent group's whole tree in one document, read with a fixed number of
 * queries whatever the size of the tree: four rounds of one to three indexed queries (groups and tags;
 * links; items, sizes and references; modifier groups and modifiers), the queries of a round side by side,
 * then assembled in memory. (A single round with the subtree as a recursive subquery was measured ~10x
 * slower on the embedded engine, whose planner has no statistics for such subqueries.) The reads are in
 * menu-tree-reader.ts.
 */

interface Filters {
  channel?: MenuFilter['channel'];
  moment?: LocalMoment;
  /** The moment falls on a date the restaurant is closed for (a holiday): no menu is shown then. */
  closed?: boolean;
}

const filtersOf = (filter: MenuFilter, scope: ResolvedScope): Filters => {
  if (!filter.at) return filter.channel ? { channel: filter.channel } : {};
  const moment = toLocalMoment(filter.at, scope.timezone);
  return {
    ...(filter.channel ? { channel: filter.channel } : {}),
    moment,
    closed: specialDayOn(scope.specialHours, moment.date)?.closed === true,
  };
};

/** Is a group shown: active, on the channel, available at the moment (and not on a holiday closure). */
const groupShown = (group: MenuGroup, filters: Filters) =>
  group.isActive &&
  !filters.closed &&
  (!filters.channel || isGroupOnChannel(group, filters.channel)) &&
  (!filters.moment || isGroupAvailableAt(group, filters.moment));

/** The restaurant whose menus are read, and the channel and moment they are shown for. */
export type MenuInput = { tenantId: number; restaurantId: number } & MenuFilter;

/** What resolved menus read besides the database: the menu cache, when there is one. */
export interface MenuDeps extends UseCaseDeps {
  menuCache?: MenuTreeCache | undefined;
}

/** Menu chooser: the parent groups (no parentId) that are shown, by position. */
export async function listMenus(deps: UseCaseDeps, actor: Actor, input: MenuInput): Promise<MenuSummary[]> {
  const { tenantId, restaurantId, ...filter } = input;
  return (await listMenusFor(deps, actor, { tenantId, restaurantId }, [filter]))[0]!;
}

/** listMenus for a scope already resolved. */
export async function listMenusIn(
  db: Executor,
  resolved: ResolvedScope,
  filter: MenuFilter,
): Promise<MenuSummary[]> {
  return (await listMenusEach(db, resolved, [filter]))[0]!;
}

/**
 * listMenus for several filters of one restaurant (the public site: the menus shown now and those listed at
 * all), from one scope and one read of its menu groups.
 */
export async function listMenusFor(
  deps: UseCaseDeps,
  actor: Actor,
  scope: { tenantId: number; restaurantId: number },
  filters: MenuFilter[],
): Promise<MenuSummary[][]> {
  const resolved = await resolveCatalogueScope(deps.db, catalogueScopeOf(actor, scope));
  return listMenusEach(deps.db, resolved, filters);
}

async function listMenusEach(
  db: Executor,
  resolved: ResolvedScope,
  filters: MenuFilter[],
): Promise<MenuSummary[][]> {
  const groups = await readTopMenuGroups(db, resolved);
  return filters.map((filter) => menusShownIn(groups, resolved, filter));
}

/** The restaurant's top menu groups, read once for any number of moments (menusShownIn). */
export async function readTopMenuGroups(db: Executor, resolved: ResolvedScope): Promise<MenuGroup[]> {
  const rows = await db
    .select()
    .from(menuGroups)
    .where(and(scopeWhere(menuGroups, resolved), isNull(menuGroups.parentId)))
    .orderBy(asc(menuGroups.position), asc(menuGroups.menuGroupId));
  return rows.map((row) => clean<MenuGroup>(row));
}

/** The menus of readTopMenuGroups shown for a filter (a channel, a moment), as listMenusIn answers them. */
export function menusShownIn(
  groups: MenuGroup[],
  resolved: ResolvedScope,
  filter: MenuFilter,
): MenuSummary[] {
  const shown = filtersOf(filter, resolved);
  return groups
    .filter((group) => groupShown(group, shown))
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

/** One parent group's resolved tree, read through the menu cache when deps has one. */
export async function resolveMenu(
  deps: MenuDeps,
  actor: Actor,
  input: MenuInput & { menuGroupId: number },
): Promise<ResolvedMenu> {
  const { tenantId, restaurantId, menuGroupId, ...filter } = input;
  const resolved = await resolveCatalogueScope(deps.db, catalogueScopeOf(actor, { tenantId, restaurantId }));
  return resolveMenuIn(deps.db, resolved, menuGroupId, filter, deps.menuCache);
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
