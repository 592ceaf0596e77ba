import type { Executor } from '@brigade/db/database';
import { tags, taxRates } from '@brigade/db/schema/catalogue';
import type { Actor } from '@brigade/domain/access';
import {
  type BulkUpdateItems,
  type CreateItemInMenuGroupsInput,
  ITEM_CHANNEL_FLAGS,
  type ItemBulkChange,
  notBasePricedMessage,
} from '@brigade/domain/catalogue/item-bulk';
import { ITEM_KIND } from '@brigade/domain/catalogue/kinds';
import { type FieldError, notFound, validationErrorOf } from '@brigade/domain/errors';
import { readSettings, saveSettings } from '../ordering/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { createCatalogueRecord, present, validateRows, withChildren } from './catalogue-service';
import { missingReferenceErrors, type ReferenceField } from './child-rows';
import { lockMenuGroups, referencesOf, touchMenuGroups, writeReferences } from './menu-group-references';
import { ITEM_STORE } from './product-stores';
import { catalogueScopeOf, type ResolvedScope, resolveCatalogueScope } from './scope';
import { type Row, selectRecords, updateRecord } from './store';

/**
 * Item work beyond one record (docs/behaviour/catalogue.md#bulk-changes-to-items). Each use-case is one
 * transaction: a failure anywhere — a missing group or item, a refused price — stores nothing. The audit
 * log's triggers record every row changed, as for any write (decision 019).
 */

interface Restaurant {
  tenantId: number;
  restaurantId: number;
}

/**
 * Creates an item (the spec's create, unchanged: ids, defaults, messages) and appends it to the end of each
 * menu group named. The groups are locked first, so a group deleted meanwhile cannot be linked.
 */
export async function createItemInMenuGroups(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & { item: CreateItemInMenuGroupsInput['item']; menuGroupIds: readonly number[] },
): Promise<{ item: Row; menuGroupIds: number[] }> {
  const { tenantId, restaurantId, menuGroupIds } = input;
  return deps.db.transaction(async (tx) => {
    const scope = await resolveCatalogueScope(tx, catalogueScopeOf(actor, input));
    const found = new Set(await lockMenuGroups(tx, scope, menuGroupIds));
    const missing = menuGroupIds.find((id) => !found.has(id));
    if (missing !== undefined) {
      throw notFound(`Menu group with ID ${missing} not found`, 'MENU_GROUP_NOT_FOUND');
    }
    const item = await createCatalogueRecord({ ...deps, db: tx }, actor, {
      kind: ITEM_KIND,
      tenantId,
      restaurantId,
      record: input.item,
    });
    const itemId = item.itemId as number;
    for (const menuGroupId of menuGroupIds) {
      const references = await referencesOf(tx, scope, menuGroupId);
      await writeReferences(tx, scope, menuGroupId, [...references, { itemId, isRequired: false }]);
    }
    if (menuGroupIds.length > 0) await touchMenuGroups(tx, scope, menuGroupIds);
    return { item, menuGroupIds: [...menuGroupIds] };
  });
}

/** The ids a bulk change points at, checked like an item's own references (its id lists). */
const CHANGE_REFERENCES: readonly ReferenceField[] = [
  { field: 'taxRateIds', table: taxRates, idColumn: taxRates.taxRateId, label: 'Tax rate' },
  { field: 'addTagIds', table: tags, idColumn: tags.tagId, label: 'Tag' },
];

/**
 * Applies one change to many items of the restaurant. The items are locked in id order; an id that is not
 * one of them is 404 "Item with ID {n} not found" (another restaurant's items are not found here either).
 * Each changed item is validated whole with the stored schema, as an update would be.
 */
export async function bulkUpdateItems(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & BulkUpdateItems,
): Promise<{ items: Row[]; soldOutItemIds: number[] }> {
  const { itemIds, change } = input;
  return deps.db.transaction(async (tx) => {
    const scope = await resolveCatalogueScope(tx, catalogueScopeOf(actor, input));
    const stored = await selectRecords(tx, ITEM_STORE, scope, { ids: itemIds, forUpdate: true });
    const byId = new Map(stored.map((record) => [record.itemId as number, record]));
    const missing = itemIds.find((id) => !byId.has(id));
    if (missing !== undefined) throw notFound(ITEM_KIND.notFound(missing));

    await checkChange(tx, scope, change, itemIds, byId);
    const withSizes = await withChildren(tx, ITEM_STORE, scope, stored);
    const current = new Map(withSizes.map((record) => [record.itemId as number, record]));
    const changed = itemIds.map((id) => changedItem(current.get(id)!, change));
    const records = validateRows(ITEM_KIND.stored, changed, true);
    const updated: Row[] = [];
    for (const record of records) {
      const updatedAt = itemChanges(change)
        ? await updateRecord(tx, ITEM_STORE, scope, record.itemId as number, record)
        : null;
      updated.push(updatedAt ? { ...record, updatedAt } : record);
    }
    const soldOutItemIds = await markSoldOut(tx, scope, actor, itemIds, change.soldOut);
    return { items: present(ITEM_STORE, updated), soldOutItemIds };
  });
}

/** Refuses, before anything is written, a price for items not priced by one base price, and unknown ids. */
async function checkChange(
  ex: Executor,
  scope: ResolvedScope,
  change: ItemBulkChange,
  itemIds: readonly number[],
  byId: ReadonlyMap<number, Row>,
): Promise<void> {
  const errors: FieldError[] = [];
  if (change.basePrice !== undefined) {
    itemIds.forEach((id, index) => {
      const strategy = byId.get(id)!.pricingStrategy as string;
      if (strategy !== 'base')
        errors.push({ path: `itemIds.${index}`, message: notBasePricedMessage(id, strategy) });
    });
  }
  const missing = await missingReferenceErrors(ex, scope, [change], CHANGE_REFERENCES);
  for (const error of missing.get(0) ?? [])
    errors.push({ path: `change.${error.path}`, message: error.message });
  if (errors.length > 0) throw validationErrorOf(errors);
}

/** Whether the change touches the item rows (sold out lives in the ordering settings). */
const itemChanges = (change: ItemBulkChange) =>
  Object.entries(change).some(([key, value]) => key !== 'soldOut' && value !== undefined);

function changedItem(record: Row, change: ItemBulkChange): Row {
  const next: Row = { ...record };
  if (change.basePrice !== undefined) next.basePrice = change.basePrice;
  if (change.taxRateIds !== undefined) next.taxRateIds = [...new Set(change.taxRateIds)];
  if (change.addTagIds !== undefined || change.removeTagIds !== undefined) {
    const removed = new Set(change.removeTagIds ?? []);
    const kept = [...(record.tagIds as number[]), ...(change.addTagIds ?? [])].filter(
      (id) => !removed.has(id),
    );
    next.tagIds = [...new Set(kept)];
  }
  for (const flag of ITEM_CHANNEL_FLAGS) if (change[flag] !== undefined) next[flag] = change[flag];
  return next;
}

/** Sold out ("86") is the ordering settings' list (docs/behaviour/ordering.md): changed in the same transaction. */
async function markSoldOut(
  ex: Executor,
  scope: ResolvedScope,
  actor: Actor,
  itemIds: readonly number[],
  soldOut: boolean | undefined,
): Promise<number[]> {
  const settings = await readSettings(ex, scope);
  if (soldOut === undefined) return settings.soldOutItemIds;
  const named = new Set(itemIds);
  const others = settings.soldOutItemIds.filter((id) => !named.has(id));
  const soldOutItemIds = soldOut ? [...others, ...itemIds] : others;
  await saveSettings(ex, scope, { ...settings, soldOutItemIds }, userIdOf(actor));
  return soldOutItemIds;
}
