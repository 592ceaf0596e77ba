import type { Executor } from '@brigade/db/database';
import { paymentTransactions } from '@brigade/db/schema/payments';
import type { TransactionQuery } from '@brigade/domain/payments/api';
import { and, desc, eq, gte, lt, lte, or, type SQL } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';
import type { RestaurantScope } from './payment-repository';

/** The transactions list (newest first, a page at a time, filtered): docs/behaviour/payments.md. */

/** A page cursor: the last row's creation time and id, newest first. */
export const encodeCursor = (row: { createdAt: Date; transactionId: string }) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.transactionId}`).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; transactionId: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { createdAt, transactionId: id };
}

export async function listTransactionRows(ex: Executor, scope: RestaurantScope, query: TransactionQuery) {
  const t = paymentTransactions;
  const conditions: (SQL | undefined)[] = [
    tenantIs(t.tenantId, scope.tenantId),
    eq(t.restaurantId, scope.restaurantId),
    query.status ? eq(t.status, query.status) : undefined,
    query.cardBrand ? eq(t.cardBrand, query.cardBrand) : undefined,
    query.lastFour ? eq(t.lastFour, query.lastFour) : undefined,
    query.minAmount !== undefined ? gte(t.amount, query.minAmount) : undefined,
    query.maxAmount !== undefined ? lte(t.amount, query.maxAmount) : undefined,
    query.from ? gte(t.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to ? lt(t.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000)) : undefined,
  ];
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (cursor) {
    conditions.push(
      or(
        lt(t.createdAt, cursor.createdAt),
        and(eq(t.createdAt, cursor.createdAt), lt(t.transactionId, cursor.transactionId)),
      ),
    );
  }
  const rows = await ex
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(desc(t.createdAt), desc(t.transactionId))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  return { rows: page, nextCursor: more ? encodeCursor(page.at(-1)!) : null };
}
