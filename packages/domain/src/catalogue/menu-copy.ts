import { type CatalogueRecords, emptyRecords, type Row } from './catalogue-io';

/**
 * The part of a restaurant's catalogue that one menu needs (issue 45 item 13): the group and every group
 * under it, the items they list, the modifier groups those items and groups use, and the tags, courses, tax
 * rates and sales categories the items and groups name. The copied group becomes a menu (no parent).
 * Undefined when the restaurant has no such group.
 */
export function menuRecords(all: CatalogueRecords, menuGroupId: number): CatalogueRecords | undefined {
  const root = all.menuGroups.find((group) => group.menuGroupId === menuGroupId);
  if (!root) return undefined;
  const inside = new Set<unknown>([menuGroupId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const group of all.menuGroups)
      if (!inside.has(group.menuGroupId) && inside.has(group.parentId)) {
        inside.add(group.menuGroupId);
        grew = true;
      }
  }
  const records = emptyRecords();
  records.menuGroups = all.menuGroups
    .filter((group) => inside.has(group.menuGroupId))
    .map((group) => (group === root ? { ...group, parentId: null } : group));
  const itemIds = idsIn(records.menuGroups, 'items', 'itemId');
  records.items = all.items.filter((item) => itemIds.has(item.itemId));
  const users = [...records.items, ...records.menuGroups];
  const pick = (list: Row[], idField: string, ids: Set<unknown>) => list.filter((r) => ids.has(r[idField]));
  records.modifierGroups = pick(
    all.modifierGroups,
    'modifierGroupId',
    idsIn(users, 'modifierGroups', 'modifierGroupId'),
  );
  records.tags = pick(all.tags, 'tagId', idsIn(users, 'tagIds'));
  records.courses = pick(all.courses, 'courseId', idsIn(records.items, 'courseId'));
  records.taxRates = pick(all.taxRates, 'taxRateId', idsIn(records.items, 'taxRateIds'));
  records.salesCategories = pick(
    all.salesCategories,
    'salesCategoryId',
    idsIn(records.items, 'salesCategoryId'),
  );
  return records;
}

/** The ids a field of the records holds: a single id, a list of ids, or a list of references (`key`). */
function idsIn(records: readonly Row[], field: string, key?: string): Set<unknown> {
  const ids = new Set<unknown>();
  for (const record of records) {
    const value = record[field];
    if (value === undefined || value === null) continue;
    for (const entry of Array.isArray(value) ? value : [value]) ids.add(key ? (entry as Row)[key] : entry);
  }
  return ids;
}
