import type { Executor } from '@brigade/db/database';
import { diningRooms, diningTables } from '@brigade/db/schema/pos';
import type { DiningTableInput } from '@brigade/domain/pos/floor';
import { and, asc, eq } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';
import type { RestaurantScope } from './device-repository';

/** The floor plan's rows (dining rooms and tables). Private to the pos area. */

export type RoomRow = typeof diningRooms.$inferSelect;
export type TableRow = typeof diningTables.$inferSelect;

export async function roomsOf(ex: Executor, scope: RestaurantScope) {
  return ex
    .select()
    .from(diningRooms)
    .where(scopeWhere(diningRooms, scope))
    .orderBy(asc(diningRooms.position), asc(diningRooms.roomId));
}

export async function tablesOf(ex: Executor, scope: RestaurantScope) {
  return ex
    .select()
    .from(diningTables)
    .where(scopeWhere(diningTables, scope))
    .orderBy(asc(diningTables.tableId));
}

export async function findRoom(ex: Executor, scope: RestaurantScope, roomId: number) {
  const [row] = await ex
    .select()
    .from(diningRooms)
    .where(and(scopeWhere(diningRooms, scope), eq(diningRooms.roomId, roomId)));
  return row ?? null;
}

export async function findTable(ex: Executor, scope: RestaurantScope, tableId: number) {
  const [row] = await ex
    .select()
    .from(diningTables)
    .where(and(scopeWhere(diningTables, scope), eq(diningTables.tableId, tableId)));
  return row ?? null;
}

export async function insertRoom(
  ex: Executor,
  scope: RestaurantScope,
  values: { name: string; position: number },
) {
  const [row] = await ex
    .insert(diningRooms)
    .values({ ...scope, ...values })
    .returning();
  return row!;
}

export async function updateRoom(
  ex: Executor,
  scope: RestaurantScope,
  roomId: number,
  values: { name: string; position: number },
) {
  const [row] = await ex
    .update(diningRooms)
    .set({ ...values, updatedAt: new Date() })
    .where(and(scopeWhere(diningRooms, scope), eq(diningRooms.roomId, roomId)))
    .returning();
  return row ?? null;
}

export async function deleteRoom(ex: Executor, scope: RestaurantScope, roomId: number) {
  const rows = await ex
    .delete(diningRooms)
    .where(and(scopeWhere(diningRooms, scope), eq(diningRooms.roomId, roomId)))
    .returning({ roomId: diningRooms.roomId });
  return rows.length > 0;
}

type TableValues = Required<Omit<DiningTableInput, never>>;

export async function insertTable(ex: Executor, scope: RestaurantScope, values: TableValues) {
  const [row] = await ex
    .insert(diningTables)
    .values({ ...scope, ...values })
    .returning();
  return row!;
}

export async function updateTable(
  ex: Executor,
  scope: RestaurantScope,
  tableId: number,
  values: TableValues,
) {
  const [row] = await ex
    .update(diningTables)
    .set({ ...values, updatedAt: new Date() })
    .where(and(scopeWhere(diningTables, scope), eq(diningTables.tableId, tableId)))
    .returning();
  return row ?? null;
}

export async function deleteTable(ex: Executor, scope: RestaurantScope, tableId: number) {
  const rows = await ex
    .delete(diningTables)
    .where(and(scopeWhere(diningTables, scope), eq(diningTables.tableId, tableId)))
    .returning({ tableId: diningTables.tableId });
  return rows.length > 0;
}
