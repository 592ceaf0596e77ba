import type { Actor } from '@brigade/domain/access';
import { MENU_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { UseCaseDeps } from '../use-case';
import { getCatalogueRecord } from './catalogue-service';
import {
  lockMenuGroups,
  type Reference,
  referencesOf,
  touchMenuGroups,
  writeReferences,
} from './menu-group-references';
import { catalogueScopeOf, resolveCatalogueScope } from './scope';
import type { Row } from './store';

export interface MoveMenuGroupItem {
  tenantId: number;
  restaurantId: number;
  menuGroupId: number;
  itemId: number;
  toMenuGroupId: number;
  /** 0-based place in the target; past the end or absent: the end. */
  position?: number | undefined;
}

/**
 * Moves an item reference from one menu group to another in one transaction (item references):
 * both groups' lists are rewritten 0..n-1 together, so a failure leaves both as they were. The target being
 * the source is a reorder. The change feed's triggers raise the restaurant's version, so cached resolved
 * menus follow.
 */
export async function moveMenuGroupItem(
  deps: UseCaseDeps,
  actor: Actor,
  move: MoveMenuGroupItem,
): Promise<{ from: Row; to: Row }> {
  const { menuGroupId, itemId, toMenuGroupId } = move;
  return deps.db.transaction(async (tx) => {
    const resolved = await resolveCatalogueScope(tx, catalogueScopeOf(actor, move));
    // Both group rows are locked (in id order, so two opposite moves cannot deadlock): concurrent writes to
    // either group's items wait for this one.
    const found = new Set(await lockMenuGroups(tx, resolved, [menuGroupId, toMenuGroupId]));
    for (const id of [menuGroupId, toMenuGroupId]) {
      if (!found.has(id)) throw notFound(`Menu group with ID ${id} not found`, 'MENU_GROUP_NOT_FOUND');
    }

    const source = await referencesOf(tx, resolved, menuGroupId);
    const moved = source.find((ref) => ref.itemId === itemId);
    if (!moved) {
      throw notFound(`Item ${itemId} is not in menu group ${menuGroupId}`, 'ITEM_NOT_IN_MENU_GROUP');
    }
    const remaining = source.filter((ref) => ref !== moved);
    if (toMenuGroupId === menuGroupId) {
      await writeReferences(tx, resolved, menuGroupId, insertAt(remaining, moved, move.position));
    } else {
      const target = await referencesOf(tx, resolved, toMenuGroupId);
      if (target.some((ref) => ref.itemId === itemId)) {
        throw new BrigadeError(
          'conflict',
          'ITEM_ALREADY_IN_MENU_GROUP',
          `Item ${itemId} is already in menu group ${toMenuGroupId}`,
        );
      }
      await writeReferences(tx, resolved, menuGroupId, remaining);
      await writeReferences(tx, resolved, toMenuGroupId, insertAt(target, moved, move.position));
    }
    await touchMenuGroups(tx, resolved, [...found]);

    const { tenantId, restaurantId } = move;
    const group = (id: number) =>
      getCatalogueRecord({ ...deps, db: tx }, actor, { kind: MENU_GROUP_KIND, tenantId, restaurantId, id });
    const from = await group(menuGroupId);
    const to = toMenuGroupId === menuGroupId ? from : await group(toMenuGroupId);
    return { from, to };
  });
}

const insertAt = (list: readonly Reference[], ref: Reference, position: number | undefined): Reference[] => {
  const at = Math.min(position ?? list.length, list.length);
  return [...list.slice(0, at), ref, ...list.slice(at)];
};
