import { randomUUID } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { catalogueCsv } from '@brigade/domain/catalogue/catalogue-csv';
import {
  CATALOGUE_FORMAT,
  CATALOGUE_FORMAT_VERSION,
  type CatalogueDocument,
  type CatalogueImportInput,
  type CatalogueRecords,
  countsOf,
  DOCUMENT_KINDS,
  type DocumentKind,
  emptyRecords,
  type IdMaps,
  type ImportIssue,
  type ImportPreview,
  type ImportResult,
  KIND_OF,
  parentsFirst,
  type Row,
  rewireRecords,
  SHARED_KINDS,
  sharedKeyOf,
} from '@brigade/domain/catalogue/catalogue-io';
import {
  ImportFileError,
  type ImportPlan,
  planImport,
  previewOf,
} from '@brigade/domain/catalogue/import-plan';
import { MAX_BATCH_ROWS } from '@brigade/domain/catalogue/kinds';
import { type FieldError, validationError, validationErrorOf } from '@brigade/domain/errors';
import { issueNextIds } from '../counters/index';
import { getRestaurantOrThrow } from '../tenancy/index';
import type { UseCaseDeps } from '../use-case';
import { createEntities, listEntities } from './catalogue-service';
import { COURSE_STORE, SALES_CATEGORY_STORE, TAG_STORE, TAX_RATE_STORE } from './kind-stores';
import { MENU_GROUP_STORE } from './menu-group-store';
import { ITEM_STORE, MODIFIER_GROUP_STORE } from './product-stores';
import { type CatalogueScope, catalogueScopeOf, resolveCatalogueScope } from './scope';
import type { KindStore } from './store';

/**
 * A restaurant's catalogue out as one file, and in again from such a file or from Square's or Toast's export
 * (docs/behaviour/catalogue.md#import-and-export, decision 065). An import writes every record in one
 * transaction, through the catalogue's own batch create (same checks, same counters), so it is all or nothing.
 */

interface Restaurant {
  tenantId: number;
  restaurantId: number;
}

export const DOCUMENT_STORES: Record<DocumentKind, KindStore> = {
  tags: TAG_STORE,
  courses: COURSE_STORE,
  taxRates: TAX_RATE_STORE,
  salesCategories: SALES_CATEGORY_STORE,
  modifierGroups: MODIFIER_GROUP_STORE,
  items: ITEM_STORE,
  menuGroups: MENU_GROUP_STORE,
};

/** Every record of a kind, page after page (decision 012). */
async function wholeList(ex: Executor, store: KindStore, scope: CatalogueScope): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const page = await listEntities(ex, store, scope, cursor === undefined ? {} : { cursor });
    rows.push(...page.data);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return rows;
}

export async function recordsOf(ex: Executor, scope: CatalogueScope): Promise<CatalogueRecords> {
  const records = emptyRecords();
  for (const kind of DOCUMENT_KINDS) records[kind] = await wholeList(ex, DOCUMENT_STORES[kind], scope);
  return records;
}

/** The whole catalogue of a restaurant as Brigade's versioned JSON file (ids kept). */
export async function exportCatalogue(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant,
): Promise<CatalogueDocument> {
  const restaurant = await getRestaurantOrThrow(deps.db, input);
  const records = await recordsOf(deps.db, catalogueScopeOf(actor, input));
  return {
    format: CATALOGUE_FORMAT,
    version: CATALOGUE_FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    restaurant: { restaurantId: restaurant.restaurantId, name: restaurant.name },
    ...records,
  };
}

/** The items as a spreadsheet (one row per item; docs/behaviour/catalogue.md#csv-columns). */
export async function exportCatalogueCsv(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant,
): Promise<string> {
  return catalogueCsv(await exportCatalogue(deps, actor, input));
}

/** Reads the file; a file that cannot be read at all is a 400 on `content` with the reason. */
function planOf(input: CatalogueImportInput): ImportPlan {
  try {
    return planImport(input.source, input.content);
  } catch (error) {
    if (error instanceof ImportFileError)
      throw validationError(
        error.message,
        [{ path: 'content', message: error.message }],
        'IMPORT_FILE_INVALID',
      );
    throw error;
  }
}

/**
 * The dry run: what the file would create, and every row-level error, without writing anything. Tags,
 * courses, tax rates and sales categories the restaurant already has (same name) are counted as reused.
 */
export async function previewCatalogueImport(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & CatalogueImportInput,
): Promise<ImportPreview & { reused: Record<string, number> }> {
  const scope = await resolveCatalogueScope(deps.db, catalogueScopeOf(actor, input));
  const plan = planOf(input);
  const shared = await sharedIdsOf(deps.db, scope, plan.records);
  const preview = previewOf(plan);
  const reused: Record<string, number> = {};
  for (const kind of SHARED_KINDS) {
    reused[kind] = shared[kind].size;
    preview.counts[kind] -= shared[kind].size;
  }
  return { ...preview, reused };
}

/** Applies the file: 400 with every row-level error and nothing written, or everything in one transaction. */
export async function importCatalogue(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & CatalogueImportInput,
): Promise<ImportResult> {
  const plan = planOf(input);
  refuseErrors(plan.errors);
  return deps.db.transaction((tx) => writeRecords(tx, catalogueScopeOf(actor, input), plan.records));
}

const pathOfIssue = (issue: ImportIssue) =>
  issue.row === null ? issue.column : `${issue.row}.${issue.column}`;

export function refuseErrors(errors: readonly ImportIssue[]): void {
  if (errors.length === 0) return;
  const fieldErrors: FieldError[] = errors.map((issue) => ({
    path: pathOfIssue(issue),
    message: issue.message,
  }));
  throw validationErrorOf(fieldErrors);
}

/**
 * Writes checked records into a restaurant, inside the caller's transaction: records of the shared kinds
 * that the restaurant already has are reused; kind by kind (what is referred to first), every other record
 * gets a new id from its counter (one block per kind) and a new guid, its references are rewritten to the
 * new ids, and the kind is created with the catalogue's batch create (its checks and audit), parent menu
 * groups before their children. A failure at any step leaves nothing: the caller's transaction rolls back.
 */
export async function writeRecords(
  tx: Executor,
  scope: CatalogueScope,
  records: CatalogueRecords,
): Promise<ImportResult> {
  return (await writeMappedRecords(tx, scope, records)).result;
}

export type WritableIdMaps = Record<DocumentKind, Map<unknown, number>>;

export const emptyIdMaps = (): WritableIdMaps =>
  Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, new Map()])) as WritableIdMaps;

/**
 * writeRecords, with the ids each record got (`maps`, record id → the restaurant's id). Records `known`
 * already maps are not created: the restaurant has them, and references to them are rewritten to those ids
 * (a shared menu's publish, menu-share-sync.ts).
 */
export async function writeMappedRecords(
  tx: Executor,
  scope: CatalogueScope,
  records: CatalogueRecords,
  known: WritableIdMaps = emptyIdMaps(),
): Promise<{ result: ImportResult; maps: WritableIdMaps }> {
  const resolved = await resolveCatalogueScope(tx, scope);
  const shared = await sharedIdsOf(tx, resolved, records);
  const maps = emptyIdMaps();
  const created = emptyRecords();
  for (const kind of DOCUMENT_KINDS) {
    const { idField, entityType } = KIND_OF[kind];
    for (const [from, to] of known[kind]) maps[kind].set(from, to);
    const reuse = isShared(kind) ? shared[kind] : new Map<unknown, number>();
    for (const [from, to] of reuse) if (!maps[kind].has(from)) maps[kind].set(from, to);
    const fresh = records[kind].filter((record) => !maps[kind].has(record[idField]));
    const counter = { entityType, tenantId: resolved.tenantId, restaurantId: resolved.restaurantId };
    const ids = fresh.length > 0 ? await issueNextIds(tx, counter, fresh.length) : [];
    fresh.forEach((record, index) => {
      maps[kind].set(record[idField], ids[index]!);
    });
    const rewired = rewireRecords({ ...emptyRecords(), [kind]: fresh }, maps as IdMaps)[kind];
    created[kind] = kind === 'menuGroups' ? parentsFirst(rewired) : rewired;
    const rows = created[kind].map((record) => ({ ...record, guid: randomUUID() }));
    for (let start = 0; start < rows.length; start += MAX_BATCH_ROWS)
      await createEntities(tx, DOCUMENT_STORES[kind], resolved, rows.slice(start, start + MAX_BATCH_ROWS));
  }
  const result = {
    counts: countsOf(created),
    menuGroupIds: created.menuGroups.filter((g) => g.parentId == null).map((g) => g.menuGroupId as number),
    itemIds: created.items.map((item) => item.itemId as number),
  };
  return { result, maps };
}

const isShared = (kind: DocumentKind): kind is SharedKind =>
  (SHARED_KINDS as readonly string[]).includes(kind);

type SharedKind = (typeof SHARED_KINDS)[number];

/** For each shared kind: the file's id → the restaurant's id of the record with the same key. */
async function sharedIdsOf(
  ex: Executor,
  scope: CatalogueScope,
  records: CatalogueRecords,
): Promise<Record<SharedKind, Map<unknown, number>>> {
  const result = {} as Record<SharedKind, Map<unknown, number>>;
  for (const kind of SHARED_KINDS) {
    const { idField } = KIND_OF[kind];
    result[kind] = new Map();
    if (records[kind].length === 0) continue;
    const stored = await wholeList(ex, DOCUMENT_STORES[kind], scope);
    const byKey = new Map(stored.map((record) => [sharedKeyOf(kind, record), record[idField] as number]));
    for (const record of records[kind]) {
      const id = byKey.get(sharedKeyOf(kind, record));
      if (id !== undefined) result[kind].set(record[idField], id);
    }
  }
  return result;
}
