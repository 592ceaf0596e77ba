import type { Executor } from '@brigade/db/database';
import { menuGroupItems, menuGroups } from '@brigade/db/schema/catalogue';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type ResolvedScope, scopeWhere } from './scope';
import { chunk, chunkSizeFor } from './store';

/** An item's place in a menu group, as the move use-case handles it (position is the list order). */
export interface Reference {
  itemId: number;
  isRequired: boolean;
}

/**
 * Locks menu group rows for update, in id order (so two opposite moves cannot deadlock), and answers the
 * ids that exist in the scope: concurrent writes to either group's items wait for the caller's transaction.
 */
export async function lockMenuGroups(
  ex: Executor,
  scope: ResolvedScope,
  menuGroupIds: readonly number[],
): Promise<number[]> {
  const locked = await ex
    .select({ id: menuGroups.menuGroupId })
    .from(menuGroups)
    .where(and(scopeWhere(menuGroups, scope), inArray(menuGroups.menuGroupId, [...menuGroupIds])))
    .orderBy(asc(menuGroups.menuGroupId))
    .for('update');
  return locked.map((row) => row.id);
}

/** Marks groups as changed now (their updatedAt). */
export async function touchMenuGroups(
  ex: Executor,
  scope: ResolvedScope,
  menuGroupIds: readonly number[],
): Promise<void> {
  await ex
    .update(menuGroups)
    .set({ updatedAt: sql`now()` })
    .where(and(scopeWhere(menuGroups, scope), inArray(menuGroups.menuGroupId, [...menuGroupIds])));
}

/** A group's references in display order: position, then stored order (as the resolver shows them). */
export async function referencesOf(
  ex: Executor,
  scope: ResolvedScope,
  menuGroupId: number,
): Promise<Reference[]> {
  return ex
    .select({ itemId: menuGroupItems.itemId, isRequired: menuGroupItems.isRequired })
    .from(menuGroupItems)
    .where(and(scopeWhere(menuGroupItems, scope), eq(menuGroupItems.menuGroupId, menuGroupId)))
    .orderBy(asc(menuGroupItems.position), asc(menuGroupItems.ordinal));
}

/** Replaces a group's references with the list, numbered densely (position = list order). */
export async function writeReferences(
  ex: Executor,
  scope: ResolvedScope,
  menuGroupId: number,
  references: readonly Reference[],
): Promise<void> {
  await ex
    .delete(menuGroupItems)
    .where(and(scopeWhere(menuGroupItems, scope), eq(menuGroupItems.menuGroupId, menuGroupId)));
  const rows = references.map((ref, index) => ({
    tenantId: scope.tenantId,
    restaurantId: scope.restaurantId,
    menuGroupId,
    itemId: ref.itemId,
    ordinal: index,
    position: index,
    isRequired: ref.isRequired,
  }));
  for (const part of chunk(rows, chunkSizeFor(menuGroupItems))) await ex.insert(menuGroupItems).values(part);
}
