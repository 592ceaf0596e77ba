import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import type { CatalogueKindDefinition } from '@brigade/domain/catalogue/kinds';
import { MAX_BATCH_ROWS } from '@brigade/domain/catalogue/kinds';
import { applyMergePatch } from '@brigade/domain/catalogue/merge-patch';
import { DEFAULT_LIST_LIMIT } from '@brigade/domain/catalogue/paging';
import {
  BrigadeError,
  type FieldError,
  fieldErrorsOf,
  notFound,
  validationErrorOf,
} from '@brigade/domain/errors';
import type { z } from 'zod';
import { isUniqueViolation } from '../db-errors';
import type { UseCaseDeps } from '../use-case';
import { assignIdentities } from './identities';
import { storeOf } from './kind-stores';
import { decodeCursor, encodeCursor } from './paging';
import { type PrinterAddressPolicy, STRICT_PRINTER_ADDRESSES } from './printer-addresses';
import { type CatalogueScope, catalogueScopeOf, type ResolvedScope, resolveCatalogueScope } from './scope';
import type { ScopeCache } from './scope-cache';
import {
  type CheckContext,
  deleteRecord,
  insertRecords,
  type KindStore,
  listOrderOf,
  orderKeyOf,
  type RecordError,
  type Row,
  selectRecords,
  updateRecord,
} from './store';

/**
 * The use-cases every catalogue kind shares: list, get, create, batch create, update (merge),
 * delete, in the shape of every use-case (decision 021): `(deps, actor, input)`, the input naming the kind
 * and the restaurant. Each resolves its scope under its tenant first (scope.ts); writes run in one
 * transaction, so a batch is all or nothing. Access to the tenant was decided by the route (the contracts
 * declare it per kind, packages/domain/src/catalogue/access.ts).
 *
 * Below them is the generic layer they run, over a kind's store and a scope: `(db, store, scope, ...)`.
 */

/** What every catalogue use-case names: the kind of record and the restaurant it belongs to. */
export interface CatalogueTarget {
  kind: CatalogueKindDefinition;
  tenantId: number;
  restaurantId: number;
}

/**
 * What the catalogue's reads take: with `scopes`, the restaurant's scope comes from memory when a current copy
 * is held (issue 20: one query fewer per read), else from the database as without it.
 */
export interface CatalogueReadDeps extends UseCaseDeps {
  scopes?: ScopeCache | undefined;
}

export const listCatalogueRecords = (
  deps: CatalogueReadDeps,
  actor: Actor,
  input: CatalogueTarget & { query?: ListQuery | undefined },
): Promise<ListPage> =>
  listEntities(deps.db, storeOf(input.kind), catalogueScopeOf(actor, input), input.query, deps.scopes);

export const getCatalogueRecord = (
  deps: CatalogueReadDeps,
  actor: Actor,
  input: CatalogueTarget & { id: number },
): Promise<Row> =>
  getEntity(deps.db, storeOf(input.kind), catalogueScopeOf(actor, input), input.id, deps.scopes);

/**
 * What the catalogue's writes take besides the database: where this deployment lets a printer be (decision
 * 040); strict (never this machine) when not said.
 */
export interface CatalogueWriteDeps extends UseCaseDeps {
  printerAddresses?: PrinterAddressPolicy | undefined;
}

const checkContextOf = (deps: CatalogueWriteDeps): CheckContext => ({
  printerAddresses: deps.printerAddresses ?? STRICT_PRINTER_ADDRESSES,
});

/** Creates one record; field errors name the field (`name`). */
export async function createCatalogueRecord(
  deps: CatalogueWriteDeps,
  actor: Actor,
  input: CatalogueTarget & { record: unknown },
): Promise<Row> {
  const scope = catalogueScopeOf(actor, input);
  const store = storeOf(input.kind);
  const [created] = await writeNew(deps.db, store, scope, [input.record], false, checkContextOf(deps));
  return created!;
}

/**
 * Batch create (each row is validated before saving): every row is validated first, and nothing is
 * stored unless every row is valid and stored. Field errors name the row (`3.name`).
 */
export const createCatalogueRecords = (
  deps: CatalogueWriteDeps,
  actor: Actor,
  input: CatalogueTarget & { records: readonly unknown[] },
): Promise<Row[]> =>
  createEntities(
    deps.db,
    storeOf(input.kind),
    catalogueScopeOf(actor, input),
    input.records,
    checkContextOf(deps),
  );

/**
 * Update by id (an update merges the changes): the patch is merged into the stored record and the merged
 * record is validated with the stored schema, so rules across fields hold whichever fields were sent.
 */
export const updateCatalogueRecord = (
  deps: CatalogueWriteDeps,
  actor: Actor,
  input: CatalogueTarget & { id: number; patch: unknown },
): Promise<Row> =>
  updateEntity(
    deps.db,
    storeOf(input.kind),
    catalogueScopeOf(actor, input),
    { id: input.id, patch: input.patch },
    checkContextOf(deps),
  );

export const deleteCatalogueRecord = (
  deps: UseCaseDeps,
  actor: Actor,
  input: CatalogueTarget & { id: number },
): Promise<void> => deleteEntity(deps.db, storeOf(input.kind), catalogueScopeOf(actor, input), input.id);

/** A list request: the kind's filter fields (menu groups: parent) and the page wanted (decision 012). */
export interface ListQuery extends Row {
  limit?: number;
  cursor?: string;
}

export interface ListPage {
  data: Row[];
  /** Continues the list after this page; null on the last page. */
  nextCursor: string | null;
}

/**
 * One page of a kind's list, in the list order (keyset paging, decision 012). One query reads the page and
 * one row more, which tells whether another page follows. Exported (with createEntities) only for
 * large-chain.ts, which still calls the generic layer; use-cases call listCatalogueRecords.
 */
export async function listEntities(
  db: Executor,
  store: KindStore,
  scope: CatalogueScope,
  query: ListQuery = {},
  scopes?: ScopeCache,
): Promise<ListPage> {
  const { limit = DEFAULT_LIST_LIMIT, cursor, ...filter } = query;
  const resolved = await resolveScope(db, scope, scopes);
  const where = store.listFilter?.(filter);
  // The cursor names the list it continues, so it cannot be replayed on another restaurant, kind or filter.
  const list = `${store.kind.path}/${resolved.tenantId}/${resolved.restaurantId}?${JSON.stringify(filter)}`;
  const after = cursor === undefined ? undefined : decodeCursor(cursor, list, listOrderOf(store).length);
  const rows = await selectRecords(db, store, resolved, { where, after, limit: limit + 1 });
  const more = rows.length > limit;
  const records = more ? rows.slice(0, limit) : rows;
  // The whole unfiltered list in one page reads the restaurant's children at once (one query per child table).
  const whole = !where && !after && !more;
  const data = present(store, await withChildren(db, store, resolved, records, whole ? null : undefined));
  const last = records.at(-1);
  return { data, nextCursor: more && last ? encodeCursor(list, orderKeyOf(store, last)) : null };
}

async function getEntity(
  db: Executor,
  store: KindStore,
  scope: CatalogueScope,
  id: number,
  scopes?: ScopeCache,
): Promise<Row> {
  const resolved = await resolveScope(db, scope, scopes);
  const [record] = await selectRecords(db, store, resolved, { ids: [id] });
  if (!record) throw notFound(store.kind.notFound(id));
  const [shown] = present(store, await withChildren(db, store, resolved, [record]));
  return shown!;
}

const resolveScope = (db: Executor, scope: CatalogueScope, scopes: ScopeCache | undefined) =>
  scopes ? scopes.resolve(db, scope) : resolveCatalogueScope(db, scope);

/** Batch create in the generic layer: at most MAX_BATCH_ROWS rows (see createCatalogueRecords). */
export async function createEntities(
  db: Executor,
  store: KindStore,
  scope: CatalogueScope,
  inputs: readonly unknown[],
  context: CheckContext = { printerAddresses: STRICT_PRINTER_ADDRESSES },
): Promise<Row[]> {
  if (inputs.length > MAX_BATCH_ROWS) {
    const message = `A batch holds at most ${MAX_BATCH_ROWS} rows`;
    throw validationErrorOf([{ path: '', message }]);
  }
  return writeNew(db, store, scope, inputs, true, context);
}

async function writeNew(
  db: Executor,
  store: KindStore,
  scope: CatalogueScope,
  inputs: readonly unknown[],
  batch: boolean,
  context: CheckContext,
): Promise<Row[]> {
  const data = validateRows(store.kind.create, inputs, batch);
  return guardConflicts(store, () =>
    db.transaction(async (tx) => {
      const resolved = await resolveCatalogueScope(tx, scope);
      const records = await assignIdentities(tx, store, resolved, data, batch);
      const completed = records.map((record) => store.complete?.(record, { scope: resolved }) ?? record);
      await check(store, tx, resolved, completed, [], batch, context);
      const stamps = await insertRecords(tx, store, resolved, completed);
      await store.children?.save(tx, resolved, completed, {
        replace: false,
        fields: new Set(store.children.fields),
      });
      await afterWrite(store, tx, resolved, completed, batch);
      const stored = completed.map((record) => ({
        ...record,
        ...stamps.get(record[store.kind.idField] as number),
      }));
      return present(store, stored);
    }),
  );
}

async function updateEntity(
  db: Executor,
  store: KindStore,
  scope: CatalogueScope,
  { id, patch: patchInput }: { id: number; patch: unknown },
  context: CheckContext,
): Promise<Row> {
  const patch = validateRows(store.kind.patch, [patchInput], false)[0] as Row;
  return guardConflicts(store, () =>
    db.transaction(async (tx) => {
      const resolved = await resolveCatalogueScope(tx, scope);
      // The row lock serialises concurrent merges into the same record.
      const [stored] = await selectRecords(tx, store, resolved, { ids: [id], forUpdate: true });
      if (!stored) throw notFound(store.kind.notFound(id));
      const [previous] = await withChildren(tx, store, resolved, [stored]);
      let merged = applyMergePatch(previous!, patch);
      merged = store.prepareUpdate?.(merged, patch) ?? merged;
      merged = store.complete?.(merged, { scope: resolved, previous }) ?? merged;
      const record = validateRows(store.kind.stored, [merged], false)[0] as Row;
      await check(store, tx, resolved, [record], [previous], false, context);
      const updatedAt = await updateRecord(tx, store, resolved, id, record);
      if (!updatedAt) throw notFound(store.kind.notFound(id));
      if (store.children) {
        const touched = new Set(store.children.fields.filter((field) => touches(patch, field)));
        if (touched.size > 0)
          await store.children.save(tx, resolved, [record], { replace: true, fields: touched });
      }
      await afterWrite(store, tx, resolved, [record], false);
      const [shown] = present(store, [{ ...record, updatedAt }]);
      return shown!;
    }),
  );
}

// The editing-only removal lists of menu groups change the list they name.
const REMOVAL_LISTS: Record<string, string> = {
  items: 'removedItemIds',
  modifierGroups: 'removedModifierGroupIds',
  subgroups: 'removedSubgroupIds',
};
const touches = (patch: Row, field: string) =>
  patch[field] !== undefined ||
  (REMOVAL_LISTS[field] !== undefined && patch[REMOVAL_LISTS[field]] !== undefined);

async function deleteEntity(
  db: Executor,
  store: KindStore,
  scope: CatalogueScope,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const resolved = await resolveCatalogueScope(tx, scope);
    const [stored] = await selectRecords(tx, store, resolved, { ids: [id], forUpdate: true });
    if (!stored) throw notFound(store.kind.notFound(id));
    await store.beforeDelete?.(tx, resolved, id);
    await deleteRecord(tx, store, resolved, id);
  });
}

/** Attaches child fields; `ids` null loads the whole restaurant's children in one query per child table. */
export async function withChildren(
  ex: Executor,
  store: KindStore,
  scope: ResolvedScope,
  records: readonly Row[],
  ids?: null,
): Promise<Row[]> {
  if (!store.children || records.length === 0) return [...records];
  const idField = store.kind.idField;
  const children = await store.children.load(
    ex,
    scope,
    ids === null ? null : records.map((record) => record[idField] as number),
  );
  // Every child field is a list; a record without children has empty ones.
  const empty = Object.fromEntries(store.children.fields.map((field) => [field, []]));
  return records.map((record) => ({ ...record, ...empty, ...children.get(record[idField] as number) }));
}

/** Shapes records for the caller: the stored schema completes and checks them, then derived values. */
export function present(store: KindStore, records: readonly Row[]): Row[] {
  return records.map((record) => {
    const parsed = store.kind.stored.parse(record) as Row;
    return store.kind.present ? store.kind.present(parsed) : parsed;
  });
}

export function validateRows(schema: z.ZodType, inputs: readonly unknown[], batch: boolean): Row[] {
  const errors: FieldError[] = [];
  const data = inputs.map((input, index) => {
    const result = schema.safeParse(input);
    if (result.success) return result.data as Row;
    errors.push(...fieldErrorsOf(result.error.issues, batch ? String(index) : ''));
    return {};
  });
  if (errors.length > 0) throw validationErrorOf(errors);
  return data;
}

async function check(
  store: KindStore,
  ex: Executor,
  scope: ResolvedScope,
  records: readonly Row[],
  previous: readonly (Row | undefined)[],
  batch: boolean,
  context: CheckContext,
): Promise<void> {
  if (!store.checkReferences) return;
  const errors = await store.checkReferences(ex, scope, records, previous, context);
  if (errors.length > 0) throw validationErrorOf(errors.map((error) => fieldError(error, batch)));
}

async function afterWrite(
  store: KindStore,
  ex: Executor,
  scope: ResolvedScope,
  records: readonly Row[],
  batch: boolean,
): Promise<void> {
  const errors = (await store.afterWrite?.(ex, scope, records)) ?? [];
  if (errors.length > 0) throw validationErrorOf(errors.map((error) => fieldError(error, batch)));
}

export const fieldError = (error: RecordError, batch: boolean): FieldError => ({
  path: batch ? [String(error.index), error.path].filter(Boolean).join('.') : error.path,
  message: error.message,
});

/** A supplied guid already in use surfaces as 409, not as a database error. */
async function guardConflicts<T>(store: KindStore, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new BrigadeError(
        'conflict',
        'ALREADY_EXISTS',
        `${store.kind.label} already exists (same ID or guid)`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}
