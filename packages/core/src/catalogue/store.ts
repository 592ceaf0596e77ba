import type { Executor } from '@brigade/db/database';
import type { CatalogueKindDefinition } from '@brigade/domain/catalogue/kinds';
import { asc, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PrinterAddressPolicy } from './printer-addresses';
import type { ResolvedScope } from './scope';
import { scopeWhere } from './scope';

/**
 * How a catalogue kind is stored: its table, the fields kept in child tables, and the few hooks where a
 * kind differs from the rest. The generic use-cases (catalogue-service.ts) and the generic queries below do
 * everything else, so a simple kind is its table plus a few lines (see kind-stores.ts).
 */

export type Row = Record<string, unknown>;

export type CatalogueTable = PgTable & {
  tenantId: PgColumn;
  restaurantId: PgColumn;
  guid: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
};

/** A field error of one record of a write (index into the records written). */
export interface RecordError {
  index: number;
  path: string;
  message: string;
}

/** Fields of a record kept in child tables (size prices, modifiers, references, subgroups). */
export interface ChildStore {
  fields: readonly string[];
  /** The child fields of the given records (all of the restaurant's when ids is null), by id. */
  load(ex: Executor, scope: ResolvedScope, ids: readonly number[] | null): Promise<Map<number, Row>>;
  /**
   * Writes the children of freshly inserted records (`previous` absent) or replaces those of updated ones.
   * `fields` names the child fields an update touched; creates write them all.
   */
  save(
    ex: Executor,
    scope: ResolvedScope,
    records: readonly Row[],
    options: { replace: boolean; fields: ReadonlySet<string> },
  ): Promise<void>;
}

/** What a write's checks know of the deployment besides the database (decision 040). */
export interface CheckContext {
  printerAddresses: PrinterAddressPolicy;
}

export interface WriteContext {
  scope: ResolvedScope;
  /** The stored record, for updates. */
  previous?: Row;
}

export interface KindStore {
  kind: CatalogueKindDefinition;
  table: CatalogueTable;
  idColumn: PgColumn;
  children?: ChildStore;
  /** Column values that need converting from the row (JSONB dates, ...). */
  fromRow?(row: Row): Row;
  /** Column values that need converting for the row. */
  toRow?(record: Row): Row;
  /** Fills what the server owns (nested ids and guids, audit fields) before validation and storage. */
  complete?(record: Row, context: WriteContext): Row;
  /** Update only: applied to the merged record before validation (e.g. the menu-group removal lists). */
  prepareUpdate?(merged: Row, patch: Row): Row;
  /**
   * Checks what a schema cannot: references to other stored entities, and what depends on the deployment (a
   * printer's address). Runs in the write's transaction before anything is written; `previous[i]` is the
   * stored record for updates.
   */
  checkReferences?(
    ex: Executor,
    scope: ResolvedScope,
    records: readonly Row[],
    previous: readonly (Row | undefined)[],
    context: CheckContext,
  ): Promise<RecordError[]>;
  /** Runs after the rows and children are written, in the same transaction (e.g. cycle checks). */
  afterWrite?(ex: Executor, scope: ResolvedScope, records: readonly Row[]): Promise<RecordError[]>;
  /** Runs before a delete, in its transaction: refuse (throw) or unlink what points at the record. */
  beforeDelete?(ex: Executor, scope: ResolvedScope, id: number): Promise<void>;
  /** Extra filter for list reads (menu groups: ?parent=). */
  listFilter?(filter: Row): SQL | undefined;
  /** Order of list reads; by id when absent. */
  listOrder?: readonly PgColumn[];
}

// Keys the server sets on every row; never taken from a record.
const SERVER_KEYS = new Set(['tenantId', 'restaurantId', 'createdAt', 'updatedAt']);

const dataKeysCache = new WeakMap<PgTable, string[]>();

/** The column keys a record fills (everything but scope and timestamps). */
export function dataKeys(table: PgTable): string[] {
  let keys = dataKeysCache.get(table);
  if (!keys) {
    keys = Object.keys(getTableColumns(table)).filter((key) => !SERVER_KEYS.has(key));
    dataKeysCache.set(table, keys);
  }
  return keys;
}

/** A record from a row: nulls become absent fields (the domain's optional fields), scope columns dropped. */
export function recordOfRow(store: KindStore, row: Row): Row {
  const record: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (value !== null && key !== 'restaurantId') record[key] = value;
  }
  return store.fromRow ? store.fromRow(record) : record;
}

function rowOfRecord(store: KindStore, scope: ResolvedScope, record: Row, forUpdate: boolean): Row {
  const source = store.toRow ? store.toRow(record) : record;
  const row: Row = {};
  for (const key of dataKeys(store.table)) {
    const value = source[key];
    // An update writes every column, so a field the merge removed is cleared; an insert leaves it to defaults.
    if (value !== undefined) row[key] = value;
    else if (forUpdate) row[key] = null;
  }
  if (!forUpdate) {
    row.tenantId = scope.tenantId;
    row.restaurantId = scope.restaurantId;
  }
  return row;
}

// PostgreSQL takes at most 65,535 parameters per statement; stay well below.
const MAX_PARAMETERS = 30_000;

export function chunk<T>(values: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < values.length; i += size) chunks.push(values.slice(i, i + size));
  return chunks;
}

export const chunkSizeFor = (table: PgTable) =>
  Math.max(1, Math.floor(MAX_PARAMETERS / (Object.keys(getTableColumns(table)).length + 1)));

/** Inserts records; returns the database timestamps by id. */
export async function insertRecords(
  ex: Executor,
  store: KindStore,
  scope: ResolvedScope,
  records: readonly Row[],
): Promise<Map<number, { createdAt: Date; updatedAt: Date }>> {
  const stamps = new Map<number, { createdAt: Date; updatedAt: Date }>();
  const rows = records.map((record) => rowOfRecord(store, scope, record, false));
  for (const part of chunk(rows, chunkSizeFor(store.table))) {
    const inserted = (await ex
      .insert(store.table)
      .values(part as never)
      .returning({
        id: store.idColumn,
        createdAt: store.table.createdAt,
        updatedAt: store.table.updatedAt,
      })) as { id: number; createdAt: Date; updatedAt: Date }[];
    for (const { id, createdAt, updatedAt } of inserted) stamps.set(id, { createdAt, updatedAt });
  }
  return stamps;
}

/** Writes every column of a record; returns the new updatedAt, or null when the row is gone. */
export async function updateRecord(
  ex: Executor,
  store: KindStore,
  scope: ResolvedScope,
  id: number,
  record: Row,
): Promise<Date | null> {
  const row = rowOfRecord(store, scope, record, true);
  const [updated] = (await ex
    .update(store.table)
    .set({ ...row, updatedAt: sql`now()` } as never)
    .where(byId(store, scope, [id]))
    .returning({ updatedAt: store.table.updatedAt })) as { updatedAt: Date }[];
  return updated?.updatedAt ?? null;
}

/** The order of list reads, ending in the id column so the order is total (keyset paging relies on it). */
export function listOrderOf(store: Pick<KindStore, 'listOrder' | 'idColumn'>): PgColumn[] {
  const order = [...(store.listOrder ?? [])];
  if (order.at(-1) !== store.idColumn) order.push(store.idColumn);
  return order;
}

/** The record's values of the list order (listOrderOf), for a page's cursor. */
export function orderKeyOf(store: KindStore, record: Row): number[] {
  const keys = columnKeys(store.table);
  return listOrderOf(store).map((column) => record[keys.get(column)!] as number);
}

const columnKeysCache = new WeakMap<PgTable, Map<PgColumn, string>>();

function columnKeys(table: PgTable): Map<PgColumn, string> {
  let keys = columnKeysCache.get(table);
  if (!keys) {
    keys = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column, key]));
    columnKeysCache.set(table, keys);
  }
  return keys;
}

export async function selectRecords(
  ex: Executor,
  store: KindStore,
  scope: ResolvedScope,
  options: {
    ids?: readonly number[];
    where?: SQL | undefined;
    forUpdate?: boolean;
    /** Keyset paging: only rows after this key of the list order (listOrderOf). */
    after?: readonly number[];
    limit?: number;
  } = {},
): Promise<Row[]> {
  const order = listOrderOf(store);
  const conditions = [options.ids ? byId(store, scope, options.ids) : scopeWhere(store.table, scope)];
  if (options.where) conditions.push(options.where);
  if (options.after) {
    // A row comparison: PostgreSQL compares the tuples in order, and the composite index can serve it.
    const after = options.after;
    conditions.push(
      sql`(${sql.join(order, sql`, `)}) > (${sql.join(
        after.map((value) => sql`${value}`),
        sql`, `,
      )})`,
    );
  }
  const query = ex
    .select()
    .from(store.table)
    .where(sql.join(conditions, sql` and `))
    .orderBy(...order.map((column) => asc(column)));
  const limited = options.limit === undefined ? query : query.limit(options.limit);
  const rows = (options.forUpdate ? await limited.for('update') : await limited) as Row[];
  return rows.map((row) => recordOfRow(store, row));
}

/** Which of the ids exist in the restaurant. */
export async function existingIds(
  ex: Executor,
  store: Pick<KindStore, 'table' | 'idColumn'>,
  scope: ResolvedScope,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = (await ex
    .select({ id: store.idColumn })
    .from(store.table)
    .where(byId(store, scope, ids))) as { id: number }[];
  return new Set(rows.map((row) => row.id));
}

export async function deleteRecord(
  ex: Executor,
  store: KindStore,
  scope: ResolvedScope,
  id: number,
): Promise<boolean> {
  const deleted = await ex
    .delete(store.table)
    .where(byId(store, scope, [id]))
    .returning({ id: store.idColumn });
  return deleted.length > 0;
}

export const byId = (
  store: Pick<KindStore, 'table' | 'idColumn'>,
  scope: ResolvedScope,
  ids: readonly number[],
): SQL => sql`${scopeWhere(store.table, scope)} and ${inArray(store.idColumn, [...ids])}`;
