import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import {
  type CatalogueRecords,
  checkRecords,
  type DocumentKind,
  emptyRecords,
  type IdMaps,
  KIND_OF,
  locateInJson,
  type Row,
  rewireRecords,
} from '@brigade/domain/catalogue/catalogue-io';
import { menuRecords } from '@brigade/domain/catalogue/menu-copy';
import { type PublishedLocation, pricesAt } from '@brigade/domain/catalogue/menu-share';
import { notFound } from '@brigade/domain/errors';
import type { z } from 'zod';
import { deleteCatalogueRecord, updateCatalogueRecord } from './catalogue-service';
import {
  emptyIdMaps,
  recordsOf,
  refuseErrors,
  type WritableIdMaps,
  writeMappedRecords,
} from './catalogue-transfer';
import {
  dropOverridesOf,
  type LinkMaps,
  linksOf,
  type MenuShareRow,
  markPublished,
  type OverrideRow,
  overridesOf,
  replaceLinks,
} from './menu-share-repository';
import { catalogueScopeOf, resolveCatalogueScope } from './scope';

/**
 * Brings a location's copy of a shared menu up to date with the master (decision 074), inside the caller's
 * transaction: records the share links are updated through the catalogue's own update (same checks, same
 * audit as a PATCH), records the location lacks are created as a copy creates them, menu groups that left the
 * master menu are deleted, items and modifier groups that left it stay in the location, unlinked. The
 * location's overrides are applied to the master's records first, so a publish keeps them.
 */

/** The kinds a location holds its own linked copy of (tags, courses, tax rates and sales categories are matched by name). */
export const LINKED_KINDS = [
  'modifierGroups',
  'items',
  'menuGroups',
] as const satisfies readonly DocumentKind[];

/** A master menu's records as a copy takes them (checked with the import's rules); 404 without the menu. */
export async function masterMenuOf(
  tx: Executor,
  actor: Actor,
  master: { tenantId: number; restaurantId: number; menuGroupId: number },
): Promise<CatalogueRecords> {
  const scope = catalogueScopeOf(actor, master);
  await resolveCatalogueScope(tx, scope);
  const records = menuRecords(await recordsOf(tx, scope), master.menuGroupId);
  if (!records) throw notFound(`Menu group with ID ${master.menuGroupId} not found`, 'MENU_GROUP_NOT_FOUND');
  const checked = checkRecords(records, locateInJson);
  refuseErrors(checked.errors);
  return checked.records;
}

/** The master's records as this location has them: its prices, and its unavailable items out of every group. */
export function withOverrides(master: CatalogueRecords, overrides: readonly OverrideRow[]): CatalogueRecords {
  const byItem = new Map(overrides.map((override) => [override.sourceItemId, override]));
  const hidden = new Set(overrides.filter((o) => o.available === false).map((o) => o.sourceItemId));
  return {
    ...master,
    items: master.items.map((item) => {
      const override = byItem.get(item.itemId as number);
      return override ? { ...item, ...pricesAt(item, override) } : item;
    }),
    menuGroups: master.menuGroups.map((group) => ({
      ...group,
      items: ((group.items as Row[]) ?? []).filter((ref) => !hidden.has(ref.itemId as number)),
    })),
  };
}

/** Publishes `master` (the master menu's checked records) to one share's location. */
export async function syncShare(
  tx: Executor,
  actor: Actor,
  share: MenuShareRow,
  master: CatalogueRecords,
): Promise<PublishedLocation & { publishedAt: Date }> {
  const { tenantId, shareId, restaurantId } = share;
  const scope = catalogueScopeOf(actor, { tenantId, restaurantId });
  const records = withOverrides(master, await overridesOf(tx, tenantId, shareId));
  const location = await recordsOf(tx, scope);
  const links = await linksOf(tx, tenantId, shareId);
  const known = knownOf(links, records, location);
  const { result, maps } = await writeMappedRecords(tx, scope, records, known);
  const updated = await updateLinked(tx, actor, { tenantId, restaurantId }, records, known, maps, location);
  const deleted = await deleteDropped(tx, actor, { tenantId, restaurantId }, links, records, location);
  const gone = (kind: DocumentKind) => [...links[kind].keys()].filter((id) => !maps[kind].has(id));
  await dropOverridesOf(tx, tenantId, shareId, gone('items'));
  await replaceLinks(tx, tenantId, shareId, maps);
  const publishedAt = await markPublished(tx, tenantId, shareId);
  const unlinked = gone('items').length + gone('modifierGroups').length;
  return { shareId, restaurantId, created: result.counts, updated, deleted, unlinked, publishedAt };
}

const idsOf = (records: CatalogueRecords, kind: DocumentKind) =>
  new Set(records[kind].map((record) => record[KIND_OF[kind].idField] as number));

/** The links that still hold: the master still has the record in its menu and the location still has its copy. */
function knownOf(links: LinkMaps, master: CatalogueRecords, location: CatalogueRecords): WritableIdMaps {
  const known = emptyIdMaps();
  for (const kind of LINKED_KINDS) {
    const inMaster = idsOf(master, kind);
    const inLocation = idsOf(location, kind);
    for (const [source, target] of links[kind])
      if (inMaster.has(source) && inLocation.has(target)) known[kind].set(source, target);
  }
  return known;
}

/** Fields a publish leaves to the location: its kitchen set-up, and subgroups (they follow from parentId). */
const LOCATION_FIELDS: Partial<Record<DocumentKind, readonly string[]>> = {
  items: ['prepStationIds'],
  menuGroups: ['subgroups', 'removedItemIds', 'removedModifierGroupIds', 'removedSubgroupIds', 'isEditing'],
};

/** Updates the location's linked records that differ from the master's; how many were updated. */
async function updateLinked(
  tx: Executor,
  actor: Actor,
  target: { tenantId: number; restaurantId: number },
  records: CatalogueRecords,
  known: WritableIdMaps,
  maps: WritableIdMaps,
  location: CatalogueRecords,
): Promise<number> {
  const linked = emptyRecords();
  for (const kind of LINKED_KINDS)
    linked[kind] = records[kind].filter((record) => known[kind].has(record[KIND_OF[kind].idField]));
  const rewired = rewireRecords(linked, maps as IdMaps);
  let updated = 0;
  for (const kind of LINKED_KINDS) {
    const definition = KIND_OF[kind];
    const stored = new Map(location[kind].map((record) => [record[definition.idField], record]));
    for (const record of rewired[kind]) {
      const id = record[definition.idField] as number;
      const patch = patchOf(kind, record, stored.get(id) ?? {});
      if (!patch) continue;
      await updateCatalogueRecord({ db: tx }, actor, { kind: definition, ...target, id, patch });
      updated++;
    }
  }
  return updated;
}

/**
 * The merge patch that makes `stored` say what `record` says, field by field of the kind's update body;
 * null clears a field the master no longer has. Undefined when nothing differs.
 */
export function patchOf(kind: DocumentKind, record: Row, stored: Row): Row | undefined {
  const { patch: schema, idField } = KIND_OF[kind];
  const skip = new Set([idField, 'guid', ...(LOCATION_FIELDS[kind] ?? [])]);
  const patch: Row = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    if (skip.has(key) || sameValue(record[key], stored[key])) continue;
    if (record[key] !== undefined) patch[key] = record[key];
    else if ((field as unknown as z.ZodType).safeParse(null).success) patch[key] = null;
  }
  return Object.keys(patch).length > 0 ? patch : undefined;
}

/** Equal as data: nested ids and guids (of sizes and modifiers) and key order aside, undefined as null. */
function sameValue(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  const walk = (v: unknown, nested: boolean): unknown => {
    if (v === undefined || v === null) return null;
    if (Array.isArray(v)) return v.map((entry) => walk(entry, true));
    if (typeof v === 'object') {
      const entries = Object.entries(v as Row)
        .filter(([key, inner]) => inner !== undefined && !(nested && (key === 'guid' || key === 'id')))
        .sort(([x], [y]) => (x < y ? -1 : 1));
      return Object.fromEntries(entries.map(([key, inner]) => [key, walk(inner, true)]));
    }
    return v;
  };
  return JSON.stringify(walk(value, false));
}

/** Deletes the location's copies of menu groups that are no longer under the master menu. */
async function deleteDropped(
  tx: Executor,
  actor: Actor,
  target: { tenantId: number; restaurantId: number },
  links: LinkMaps,
  records: CatalogueRecords,
  location: CatalogueRecords,
): Promise<number> {
  const inMaster = idsOf(records, 'menuGroups');
  const inLocation = idsOf(location, 'menuGroups');
  let deleted = 0;
  for (const [source, id] of links.menuGroups) {
    if (inMaster.has(source) || !inLocation.has(id)) continue;
    await deleteCatalogueRecord({ db: tx }, actor, { kind: KIND_OF.menuGroups, ...target, id });
    deleted++;
  }
  return deleted;
}
