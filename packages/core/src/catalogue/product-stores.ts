import {
  courses,
  itemModifierGroups,
  itemSizePrices,
  items,
  modifierGroups,
  modifiers,
  prepStations,
  salesCategories,
  tags,
  taxRates,
} from '@brigade/db/schema/catalogue';
import { ITEM_KIND, MODIFIER_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import type { ModifierGroupReference } from '@brigade/domain/catalogue/modifier-group';
import {
  childRecord,
  duplicateErrors,
  fillLocalIds,
  groupChildren,
  missingReferenceErrors,
  type ReferenceField,
  selectChildren,
  storedIds,
  writeChildren,
} from './child-rows';
import type { KindStore, RecordError, Row } from './store';

/** Modifier groups with their modifiers, kept in list order in their own table. */
export const MODIFIER_GROUP_STORE: KindStore = {
  kind: MODIFIER_GROUP_KIND,
  table: modifierGroups,
  idColumn: modifierGroups.modifierGroupId,
  children: {
    fields: ['modifiers'],
    load: async (ex, scope, ids) => {
      const byGroup = new Map<number, Row>();
      const rows = await selectChildren(
        ex,
        modifiers,
        modifiers.modifierGroupId,
        modifiers.ordinal,
        scope,
        ids,
      );
      groupChildren(byGroup, rows, 'modifierGroupId', 'modifiers', childRecord('modifierGroupId'));
      return byGroup;
    },
    save: (ex, scope, records, { replace }) =>
      writeChildren(
        ex,
        modifiers,
        modifiers.modifierGroupId,
        'modifierGroupId',
        scope,
        records,
        'modifierGroupId',
        'modifiers',
        replace,
      ),
  },
  complete: (record) => ({ ...record, modifiers: fillLocalIds(record.modifiers as Row[]) }),
  checkReferences: async (_ex, _scope, records) =>
    records.flatMap((record, index) =>
      duplicateErrors(
        index,
        record.modifiers as Row[],
        'modifiers',
        'id',
        (id) => `Modifier ID ${id} appears more than once`,
      ),
    ),
};

/**
 * The other entities an item points at by id. They must exist in the same restaurant, so that a menu never
 * shows a tag, tax rate or station that is not there (they are plain id fields).
 */
const ITEM_REFERENCES: readonly ReferenceField[] = [
  { field: 'tagIds', table: tags, idColumn: tags.tagId, label: 'Tag' },
  { field: 'taxRateIds', table: taxRates, idColumn: taxRates.taxRateId, label: 'Tax rate' },
  {
    field: 'prepStationIds',
    table: prepStations,
    idColumn: prepStations.prepStationId,
    label: 'Prep station',
  },
  { field: 'courseId', table: courses, idColumn: courses.courseId, label: 'Course' },
  {
    field: 'salesCategoryId',
    table: salesCategories,
    idColumn: salesCategories.salesCategoryId,
    label: 'Sales category',
  },
];

/** Items with their size prices and modifier-group references, each in its own table. */
export const ITEM_STORE: KindStore = {
  kind: ITEM_KIND,
  table: items,
  idColumn: items.itemId,
  children: {
    fields: ['sizePrice', 'modifierGroups'],
    load: async (ex, scope, ids) => {
      const byItem = new Map<number, Row>();
      const sizes = await selectChildren(
        ex,
        itemSizePrices,
        itemSizePrices.itemId,
        itemSizePrices.ordinal,
        scope,
        ids,
      );
      groupChildren(byItem, sizes, 'itemId', 'sizePrice', childRecord('itemId'));
      const refs = await selectChildren(
        ex,
        itemModifierGroups,
        itemModifierGroups.itemId,
        itemModifierGroups.ordinal,
        scope,
        ids,
      );
      groupChildren(byItem, refs, 'itemId', 'modifierGroups', childRecord('itemId'));
      return byItem;
    },
    save: async (ex, scope, records, { replace, fields }) => {
      if (fields.has('sizePrice')) {
        await writeChildren(
          ex,
          itemSizePrices,
          itemSizePrices.itemId,
          'itemId',
          scope,
          records,
          'itemId',
          'sizePrice',
          replace,
        );
      }
      if (fields.has('modifierGroups')) {
        await writeChildren(
          ex,
          itemModifierGroups,
          itemModifierGroups.itemId,
          'itemId',
          scope,
          records,
          'itemId',
          'modifierGroups',
          replace,
        );
      }
    },
  },
  complete: (record) => ({ ...record, sizePrice: fillLocalIds(record.sizePrice as Row[]) }),
  checkReferences: async (ex, scope, records) => {
    const referenced = records.flatMap((record) =>
      (record.modifierGroups as ModifierGroupReference[]).map((ref) => ref.modifierGroupId),
    );
    const found = await storedIds(ex, modifierGroups, modifierGroups.modifierGroupId, scope, referenced);
    const missing = await missingReferenceErrors(ex, scope, records, ITEM_REFERENCES);
    return records.flatMap((record, index) => [
      ...(missing.get(index) ?? []),
      ...duplicateErrors(
        index,
        record.sizePrice as Row[],
        'sizePrice',
        'id',
        (id) => `Size price ID ${id} appears more than once`,
      ),
      ...modifierGroupReferenceErrors(index, record.modifierGroups as ModifierGroupReference[], found),
    ]);
  },
};

/** A modifier-group reference (of an item or a menu group) must name a group of the restaurant, once. */
export function modifierGroupReferenceErrors(
  index: number,
  references: readonly ModifierGroupReference[],
  found: ReadonlySet<number>,
): RecordError[] {
  const errors = duplicateErrors(
    index,
    references as unknown as Row[],
    'modifierGroups',
    'modifierGroupId',
    (id) => `Modifier group with ID ${id} is listed more than once`,
  );
  references.forEach((ref, position) => {
    if (!found.has(ref.modifierGroupId)) {
      errors.push({
        index,
        path: `modifierGroups.${position}.modifierGroupId`,
        message: `Modifier group with ID ${ref.modifierGroupId} not found`,
      });
    }
  });
  return errors;
}
