import type { Executor } from '@brigade/db/database';
import {
  items,
  menuGroupItems,
  menuGroupModifierGroups,
  menuGroups,
  modifierGroups,
  tags,
} from '@brigade/db/schema/catalogue';
import { MENU_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import {
  applyMenuGroupRemovals,
  type ItemReference,
  type MenuGroup,
} from '@brigade/domain/catalogue/menu-group';
import type { ModifierGroupReference } from '@brigade/domain/catalogue/modifier-group';
import { and, asc, eq, inArray, isNull, notInArray, type SQL } from 'drizzle-orm';
import {
  childRecord,
  duplicateErrors,
  groupChildren,
  missingReferenceErrors,
  selectChildren,
  storedIds,
  writeChildren,
} from './child-rows';
import { modifierGroupReferenceErrors } from './product-stores';
import { type ResolvedScope, scopeWhere } from './scope';
import type { KindStore, RecordError, Row } from './store';

/**
 * Menu groups as a relational tree: parentId is a column, subgroups are the groups naming this
 * one as parent (ordered by position), and item and modifier-group references live in link tables. The
 * editing-only removal lists are applied on update and never stored.
 */
export const MENU_GROUP_STORE: KindStore = {
  kind: MENU_GROUP_KIND,
  table: menuGroups,
  idColumn: menuGroups.menuGroupId,
  listOrder: [menuGroups.position, menuGroups.menuGroupId],
  // Parent groups are those without parentId (?parent=none); ?parent={id} lists its children.
  listFilter: (filter): SQL | undefined => {
    if (filter.parent === 'none') return isNull(menuGroups.parentId);
    if (typeof filter.parent === 'number') return eq(menuGroups.parentId, filter.parent);
    return undefined;
  },
  children: {
    fields: ['items', 'modifierGroups', 'subgroups'],
    load: async (ex, scope, ids) => {
      const byGroup = new Map<number, Row>();
      const itemRows = await selectChildren(
        ex,
        menuGroupItems,
        menuGroupItems.menuGroupId,
        menuGroupItems.ordinal,
        scope,
        ids,
      );
      groupChildren(byGroup, itemRows, 'menuGroupId', 'items', childRecord('menuGroupId'));
      const groupRows = await selectChildren(
        ex,
        menuGroupModifierGroups,
        menuGroupModifierGroups.menuGroupId,
        menuGroupModifierGroups.ordinal,
        scope,
        ids,
      );
      groupChildren(byGroup, groupRows, 'menuGroupId', 'modifierGroups', childRecord('menuGroupId'));
      for (const child of await selectSubgroups(ex, scope, ids)) {
        const parent = byGroup.get(child.parentId) ?? {};
        parent.subgroups = [...((parent.subgroups as number[] | undefined) ?? []), child.menuGroupId];
        byGroup.set(child.parentId, parent);
      }
      return byGroup;
    },
    save: async (ex, scope, records, { replace, fields }) => {
      if (fields.has('items')) {
        await writeChildren(
          ex,
          menuGroupItems,
          menuGroupItems.menuGroupId,
          'menuGroupId',
          scope,
          records,
          'menuGroupId',
          'items',
          replace,
        );
      }
      if (fields.has('modifierGroups')) {
        await writeChildren(
          ex,
          menuGroupModifierGroups,
          menuGroupModifierGroups.menuGroupId,
          'menuGroupId',
          scope,
          records,
          'menuGroupId',
          'modifierGroups',
          replace,
        );
      }
      if (fields.has('subgroups')) {
        for (const record of records) await linkSubgroups(ex, scope, record as MenuGroup, replace);
      }
    },
  },
  prepareUpdate: (merged, patch) => ({ ...merged, ...applyMenuGroupRemovals(merged as MenuGroup, patch) }),
  checkReferences: checkMenuGroupReferences,
  afterWrite: findCycles,
  // Decision 008: deleting a group keeps its subgroups, which become parent groups.
  beforeDelete: async (ex, scope, id) => {
    await ex
      .update(menuGroups)
      .set({ parentId: null })
      .where(and(scopeWhere(menuGroups, scope), eq(menuGroups.parentId, id)));
  },
};

async function selectSubgroups(ex: Executor, scope: ResolvedScope, parents: readonly number[] | null) {
  if (parents !== null && parents.length === 0) return [];
  const rows = await ex
    .select({ menuGroupId: menuGroups.menuGroupId, parentId: menuGroups.parentId })
    .from(menuGroups)
    .where(
      and(
        scopeWhere(menuGroups, scope),
        parents === null ? undefined : inArray(menuGroups.parentId, [...parents]),
      ),
    )
    .orderBy(asc(menuGroups.parentId), asc(menuGroups.position), asc(menuGroups.menuGroupId));
  return rows.filter((row): row is { menuGroupId: number; parentId: number } => row.parentId !== null);
}

/**
 * A sent subgroups list makes each listed group a child of this one. On update it replaces the children:
 * groups no longer listed become parent groups. On create it only links (children created in the same batch
 * that name this group as parentId stay).
 */
async function linkSubgroups(ex: Executor, scope: ResolvedScope, record: MenuGroup, replace: boolean) {
  const where = scopeWhere(menuGroups, scope);
  if (replace) {
    await ex
      .update(menuGroups)
      .set({ parentId: null })
      .where(
        and(
          where,
          eq(menuGroups.parentId, record.menuGroupId),
          record.subgroups.length > 0 ? notInArray(menuGroups.menuGroupId, record.subgroups) : undefined,
        ),
      );
  }
  if (record.subgroups.length > 0) {
    await ex
      .update(menuGroups)
      .set({ parentId: record.menuGroupId })
      .where(and(where, inArray(menuGroups.menuGroupId, record.subgroups)));
  }
}

async function checkMenuGroupReferences(
  ex: Executor,
  scope: ResolvedScope,
  records: readonly Row[],
): Promise<RecordError[]> {
  const groups = records as unknown as MenuGroup[];
  const itemIds = await storedIds(
    ex,
    items,
    items.itemId,
    scope,
    groups.flatMap((g) => g.items.map((ref) => ref.itemId)),
  );
  const modifierGroupIds = await storedIds(
    ex,
    modifierGroups,
    modifierGroups.modifierGroupId,
    scope,
    groups.flatMap((g) => g.modifierGroups.map((ref) => ref.modifierGroupId)),
  );
  // Groups of the same batch count as existing: a tree can be imported in one request.
  const written = new Set(groups.map((g) => g.menuGroupId));
  const groupIds = await storedIds(ex, menuGroups, menuGroups.menuGroupId, scope, [
    ...groups.flatMap((g) => (g.parentId ? [g.parentId] : [])),
    ...groups.flatMap((g) => g.subgroups),
  ]);
  const groupExists = (id: number) => written.has(id) || groupIds.has(id);
  const missingTags = await missingReferenceErrors(ex, scope, records, [
    { field: 'tagIds', table: tags, idColumn: tags.tagId, label: 'Tag' },
  ]);

  return groups.flatMap((group, index) => {
    const errors: RecordError[] = [
      ...(missingTags.get(index) ?? []),
      ...itemReferenceErrors(index, group.items, itemIds),
      ...modifierGroupReferenceErrors(
        index,
        group.modifierGroups as ModifierGroupReference[],
        modifierGroupIds,
      ),
      ...duplicateErrors(
        index,
        group.subgroups,
        'subgroups',
        null,
        (id) => `Menu group with ID ${id} is listed more than once`,
      ),
    ];
    if (group.parentId) {
      if (group.parentId === group.menuGroupId) {
        errors.push({ index, path: 'parentId', message: 'A menu group cannot be its own parent' });
      } else if (!groupExists(group.parentId)) {
        errors.push({ index, path: 'parentId', message: `Menu group with ID ${group.parentId} not found` });
      }
    }
    group.subgroups.forEach((id, position) => {
      const path = `subgroups.${position}`;
      if (id === group.menuGroupId)
        errors.push({ index, path, message: 'A menu group cannot be its own subgroup' });
      else if (!groupExists(id)) errors.push({ index, path, message: `Menu group with ID ${id} not found` });
    });
    return errors;
  });
}

function itemReferenceErrors(
  index: number,
  references: readonly ItemReference[],
  found: ReadonlySet<number>,
) {
  const errors = duplicateErrors(
    index,
    references as unknown as Row[],
    'items',
    'itemId',
    (id) => `Item with ID ${id} is listed more than once`,
  );
  references.forEach((ref, position) => {
    if (!found.has(ref.itemId)) {
      errors.push({
        index,
        path: `items.${position}.itemId`,
        message: `Item with ID ${ref.itemId} not found`,
      });
    }
  });
  return errors;
}

/** After a write, no group may be its own ancestor (a parentId or subgroups change can close a loop). */
async function findCycles(
  ex: Executor,
  scope: ResolvedScope,
  records: readonly Row[],
): Promise<RecordError[]> {
  const rows = await ex
    .select({ id: menuGroups.menuGroupId, parentId: menuGroups.parentId })
    .from(menuGroups)
    .where(scopeWhere(menuGroups, scope));
  const parentOf = new Map(rows.map((row) => [row.id, row.parentId]));
  const errors: RecordError[] = [];
  records.forEach((record, index) => {
    const start = record.menuGroupId as number;
    let current = parentOf.get(start) ?? null;
    for (let steps = 0; current !== null && steps <= rows.length; steps++) {
      if (current === start) {
        errors.push({
          index,
          path: 'parentId',
          message: 'A menu group cannot be placed inside its own subgroups',
        });
        break;
      }
      current = parentOf.get(current) ?? null;
    }
  });
  return errors;
}
