import { randomUUID } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { INT32_MAX } from '@brigade/domain/integers';
import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type ResolvedScope, scopeWhere } from './scope';
import { chunk, chunkSizeFor, type RecordError, type Row } from './store';

/** Helpers for the child tables of items, modifier groups and menu groups. */

type ChildTable = PgTable & { tenantId: PgColumn; restaurantId: PgColumn };

/** The child rows of some owners (all of the restaurant's when ids is null), in list order. */
export async function selectChildren(
  ex: Executor,
  table: ChildTable,
  ownerColumn: PgColumn,
  ordinal: PgColumn,
  scope: ResolvedScope,
  ids: readonly number[] | null,
): Promise<Row[]> {
  const where: SQL =
    ids === null ? scopeWhere(table, scope) : and(scopeWhere(table, scope), inArray(ownerColumn, [...ids]))!;
  if (ids !== null && ids.length === 0) return [];
  return (await ex.select().from(table).where(where).orderBy(asc(ownerColumn), asc(ordinal))) as Row[];
}

/** Groups child rows by owner into the owner's list field, shaped by `shape`. */
export function groupChildren(
  into: Map<number, Row>,
  rows: readonly Row[],
  ownerKey: string,
  field: string,
  shape: (row: Row) => Row,
): void {
  for (const row of rows) {
    const owner = row[ownerKey] as number;
    let record = into.get(owner);
    if (!record) {
      record = {};
      into.set(owner, record);
    }
    const list = (record[field] as Row[] | undefined) ?? [];
    list.push(shape(row));
    record[field] = list;
  }
}

/** A child row as the domain sees it: no scope, owner or ordinal columns, and nulls absent. */
export const childRecord =
  (...drop: string[]) =>
  (row: Row): Row => {
    const record: Row = {};
    for (const [key, value] of Object.entries(row)) {
      if (
        value !== null &&
        key !== 'tenantId' &&
        key !== 'restaurantId' &&
        key !== 'ordinal' &&
        !drop.includes(key)
      ) {
        record[key] = value;
      }
    }
    return record;
  };

/**
 * Replaces (or first writes) the children in one list field of the owners. An owner whose list is the same
 * as the stored one (same rows, same order) is left alone: saving an item whose sizes did not change
 * rewrites no size rows, so the audit log shows only what changed.
 */
export async function writeChildren(
  ex: Executor,
  table: ChildTable & { ordinal: PgColumn },
  ownerColumn: PgColumn,
  ownerKey: string,
  scope: ResolvedScope,
  owners: readonly Row[],
  ownerIdField: string,
  field: string,
  replace: boolean,
): Promise<void> {
  const rowsByOwner = new Map<number, Row[]>();
  for (const owner of owners) {
    const id = owner[ownerIdField] as number;
    const list = ((owner[field] as Row[] | undefined) ?? []).map((child, ordinal) => ({
      ...child,
      tenantId: scope.tenantId,
      restaurantId: scope.restaurantId,
      [ownerKey]: id,
      ordinal,
    }));
    rowsByOwner.set(id, list);
  }
  if (replace && rowsByOwner.size > 0) {
    const stored = await selectChildren(ex, table, ownerColumn, table.ordinal, scope, [
      ...rowsByOwner.keys(),
    ]);
    for (const [id, list] of storedByOwner(stored, ownerKey, rowsByOwner.keys()))
      if (sameRows(list, rowsByOwner.get(id)!)) rowsByOwner.delete(id);
    const changed = [...rowsByOwner.keys()];
    if (changed.length > 0)
      await ex.delete(table).where(and(scopeWhere(table, scope), inArray(ownerColumn, changed)));
  }
  const rows = [...rowsByOwner.values()].flat();
  for (const part of chunk(rows, chunkSizeFor(table))) await ex.insert(table).values(part as never);
}

function storedByOwner(stored: readonly Row[], ownerKey: string, owners: Iterable<number>) {
  const byOwner = new Map<number, Row[]>([...owners].map((id) => [id, []]));
  for (const row of stored) byOwner.get(row[ownerKey] as number)?.push(row);
  return byOwner;
}

/** Whether the rows to write equal the stored ones column by column (a missing value counts as null). */
function sameRows(stored: readonly Row[], next: readonly Row[]): boolean {
  if (stored.length !== next.length) return false;
  return stored.every((row, index) => {
    const candidate = next[index]!;
    const columns = new Set([...Object.keys(row), ...Object.keys(candidate)]);
    return [...columns].every(
      (column) => JSON.stringify(row[column] ?? null) === JSON.stringify(candidate[column] ?? null),
    );
  });
}

/**
 * Gives nested parts without an id the next free id of their list (size prices and modifiers have no
 * counter of its own) and a guid. Ids are PostgreSQL integers: when the ids after the highest one
 * would pass 2147483647 (an id that high was sent), the lowest ids the list does not use are given instead.
 */
export function fillLocalIds(list: readonly Row[] | undefined): Row[] {
  const parts = list ?? [];
  const used = new Set(parts.map((part) => part.id as number | undefined).filter((id) => id !== undefined));
  const missing = parts.filter((part) => part.id === undefined).length;
  let next = Math.max(0, ...used) + 1;
  const fromLowest = next + missing - 1 > INT32_MAX;
  if (fromLowest) next = 1;
  const take = () => {
    while (fromLowest && used.has(next)) next++;
    return next++;
  };
  return parts.map((part) => ({ ...part, id: part.id ?? take(), guid: part.guid ?? randomUUID() }));
}

/** Field errors for ids listed twice in one list (`field.j.key`). */
export function duplicateErrors(
  index: number,
  list: readonly unknown[],
  field: string,
  key: string | null,
  message: (id: number) => string,
): RecordError[] {
  const seen = new Set<number>();
  const errors: RecordError[] = [];
  list.forEach((entry, position) => {
    const id = (key === null ? entry : (entry as Row)[key]) as number;
    if (seen.has(id))
      errors.push({
        index,
        path: [field, position, key].filter((p) => p !== null).join('.'),
        message: message(id),
      });
    seen.add(id);
  });
  return errors;
}

/** Which of the ids exist in a table of the restaurant. */
export async function storedIds(
  ex: Executor,
  table: ChildTable,
  idColumn: PgColumn,
  scope: ResolvedScope,
  ids: Iterable<number>,
): Promise<Set<number>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Set();
  const rows = (await ex
    .select({ id: idColumn })
    .from(table)
    .where(and(scopeWhere(table, scope), inArray(idColumn, wanted)))) as { id: number }[];
  return new Set(rows.map((row) => row.id));
}

/** A field of a record that holds the id (or list of ids) of another entity of the restaurant. */
export interface ReferenceField {
  field: string;
  table: ChildTable;
  idColumn: PgColumn;
  label: string;
  /** For references to the same kind: the ids of the records being written count as existing. */
  sameKind?: { idField: string };
}

/**
 * For each record (by index), an error per referenced id that the restaurant does not have: one query per
 * referenced kind for the whole write, whatever the number of records.
 */
export async function missingReferenceErrors(
  ex: Executor,
  scope: ResolvedScope,
  records: readonly Row[],
  fields: readonly ReferenceField[],
): Promise<Map<number, RecordError[]>> {
  const errors = new Map<number, RecordError[]>();
  const idsOf = (value: unknown): number[] =>
    Array.isArray(value) ? (value as number[]) : typeof value === 'number' ? [value] : [];
  for (const reference of fields) {
    const wanted = records.flatMap((record) => idsOf(record[reference.field]));
    if (wanted.length === 0) continue;
    const found = await storedIds(ex, reference.table, reference.idColumn, scope, wanted);
    if (reference.sameKind) {
      for (const record of records) {
        const id = record[reference.sameKind.idField];
        if (typeof id === 'number') found.add(id);
      }
    }
    records.forEach((record, index) => {
      const value = record[reference.field];
      idsOf(value).forEach((id, position) => {
        if (found.has(id)) return;
        const path = Array.isArray(value) ? `${reference.field}.${position}` : reference.field;
        const list = errors.get(index) ?? [];
        list.push({ index, path, message: `${reference.label} with ID ${id} not found` });
        errors.set(index, list);
      });
    });
  }
  return errors;
}
