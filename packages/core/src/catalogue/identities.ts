import { randomUUID } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { takeSuppliedIdentity } from '@brigade/domain/catalogue/fields';
import { BrigadeError, type FieldError, validationErrorOf } from '@brigade/domain/errors';
import { INT32_MAX } from '@brigade/domain/integers';
import { max, sql } from 'drizzle-orm';
import { advanceCounterPast, idSpaceExhausted, issueNextIds } from '../counters/index';
import { type ResolvedScope, scopeWhere } from './scope';
import { existingIds, type KindStore, type Row } from './store';

// Any constant works: it only has to differ from other advisory lock users of the same database.
const CASH_DRAWER_LOCK = 4_242_006;

/**
 * Gives each new record its id and guid: when both are supplied they are used, and the counter
 * is raised past the highest (so it never issues them later); otherwise the pair comes from the counter, in
 * the write's transaction, one block for a whole batch. A supplied id already stored is a conflict.
 */
export async function assignIdentities(
  ex: Executor,
  store: KindStore,
  scope: ResolvedScope,
  data: readonly Row[],
  batch: boolean,
): Promise<Row[]> {
  const { idField, label } = store.kind;
  const supplied = data.map((row) =>
    takeSuppliedIdentity(row[idField] as number | undefined, row.guid as string | undefined),
  );

  const errors: FieldError[] = [];
  const seen = new Map<number, number>();
  supplied.forEach((identity, index) => {
    if (!identity) return;
    if (seen.has(identity.id)) {
      errors.push({
        path: rowPath(batch, index, idField),
        message: `${label} ID ${identity.id} appears more than once`,
      });
    }
    seen.set(identity.id, index);
  });
  if (errors.length > 0) throw validationErrorOf(errors);

  const suppliedIds = [...seen.keys()];
  const taken = await existingIds(ex, store, scope, suppliedIds);
  if (taken.size > 0) {
    const conflicts = [...taken].map((id) => ({
      path: rowPath(batch, seen.get(id)!, idField),
      message: `${label} with ID ${id} already exists`,
    }));
    throw new BrigadeError('conflict', 'ALREADY_EXISTS', conflicts.map((c) => c.message).join('; '), {
      errors: conflicts,
    });
  }

  const missing = supplied.filter((identity) => identity === null).length;
  const issued = await issueIds(ex, store, scope, suppliedIds, missing);
  let next = 0;
  return data.map((row, index) => {
    const identity = supplied[index] ?? { id: issued[next++]!, guid: randomUUID() };
    return { ...row, [idField]: identity.id, guid: identity.guid };
  });
}

async function issueIds(
  ex: Executor,
  store: KindStore,
  scope: ResolvedScope,
  suppliedIds: readonly number[],
  count: number,
): Promise<number[]> {
  const highestSupplied = suppliedIds.length > 0 ? Math.max(...suppliedIds) : 0;
  const { entityType } = store.kind;
  if (entityType) {
    const counter = { entityType, tenantId: scope.tenantId, restaurantId: scope.restaurantId };
    if (highestSupplied > 0) await advanceCounterPast(ex, counter, highestSupplied);
    return count > 0 ? issueNextIds(ex, counter, count) : [];
  }
  if (count === 0) return [];
  // No counter exists for this kind (cash drawers): number after the highest stored id, one writer per
  // restaurant at a time (the lock is released with the transaction).
  await ex.execute(sql`select pg_advisory_xact_lock(${CASH_DRAWER_LOCK}, ${scope.restaurantId})`);
  const [row] = await ex
    .select({ highest: max(store.idColumn) })
    .from(store.table)
    .where(scopeWhere(store.table, scope));
  const first = Math.max(Number(row?.highest ?? 0), highestSupplied) + 1;
  if (first + count - 1 > INT32_MAX) throw idSpaceExhausted(`${store.kind.label.toLowerCase()}s`);
  return Array.from({ length: count }, (_, i) => first + i);
}

const rowPath = (batch: boolean, index: number, field: string) => (batch ? `${index}.${field}` : field);
