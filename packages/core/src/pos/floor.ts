import { sideBySide } from '@brigade/db/side-by-side';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import type { CheckLine } from '@brigade/domain/pos/checks';
import {
  type DiningRoom,
  type DiningTable,
  diningRoomInputSchema,
  diningTableInputSchema,
  type Floor,
  ROOM_NOT_FOUND,
  TABLE_HAS_OPEN_CHECK,
  TABLE_NOT_FOUND,
} from '@brigade/domain/pos/floor';
import { kioskOrderName } from '@brigade/domain/pos/kiosk';
import { resolveCatalogueScope } from '../catalogue/index';
import { liveNumber } from '../ordering/index';
import type { UseCaseDeps } from '../use-case';
import { userIdOf } from '../use-case';
import { openCheckRows } from './check-repository';
import type { RestaurantScope } from './device-repository';
import {
  deleteRoom,
  deleteTable,
  findRoom,
  insertRoom,
  insertTable,
  roomsOf,
  type TableRow,
  tablesOf,
  updateRoom,
  updateTable,
} from './floor-repository';
import { type PosDeps, registerDevice } from './register';

/**
 * The floor plan (docs/behaviour/pos.md#the-floor-plan): managers edit dining rooms and tables; every
 * register reads the plan with each table's open check.
 */

const tableOf = (row: TableRow): DiningTable => ({
  tableId: row.tableId,
  roomId: row.roomId,
  name: row.name,
  seats: row.seats,
  shape: row.shape,
  x: row.x,
  y: row.y,
});

async function scoped(deps: UseCaseDeps, actor: Actor, input: RestaurantScope) {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  return scope;
}

async function roomsWithTables(deps: UseCaseDeps, scope: RestaurantScope): Promise<DiningRoom[]> {
  const [rooms, tables] = await sideBySide(deps.db, [
    () => roomsOf(deps.db, scope),
    () => tablesOf(deps.db, scope),
  ]);
  return rooms.map((room) => ({
    roomId: room.roomId,
    name: room.name,
    position: room.position,
    tables: tables.filter((t) => t.roomId === room.roomId).map(tableOf),
  }));
}

export async function listDiningRooms(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope,
): Promise<DiningRoom[]> {
  return roomsWithTables(deps, await scoped(deps, actor, input));
}

export async function saveDiningRoom(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { roomId?: number; body: unknown },
): Promise<DiningRoom> {
  const scope = await scoped(deps, actor, input);
  const values = diningRoomInputSchema.parse(input.body);
  const row =
    input.roomId === undefined
      ? await insertRoom(deps.db, scope, values)
      : await updateRoom(deps.db, scope, input.roomId, values);
  if (!row) throw notFound(ROOM_NOT_FOUND, 'ROOM_NOT_FOUND');
  const rooms = await roomsWithTables(deps, scope);
  return rooms.find((room) => room.roomId === row.roomId)!;
}

export async function removeDiningRoom(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { roomId: number },
): Promise<{ deleted: true }> {
  const scope = await scoped(deps, actor, input);
  if (!(await deleteRoom(deps.db, scope, input.roomId))) throw notFound(ROOM_NOT_FOUND, 'ROOM_NOT_FOUND');
  return { deleted: true };
}

export async function saveDiningTable(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { tableId?: number; body: unknown },
): Promise<DiningTable> {
  const scope = await scoped(deps, actor, input);
  const values = diningTableInputSchema.parse(input.body);
  if (!(await findRoom(deps.db, scope, values.roomId)))
    throw validationError('The table cannot be saved as it is', [
      { path: 'roomId', message: ROOM_NOT_FOUND },
    ]);
  const row =
    input.tableId === undefined
      ? await insertTable(deps.db, scope, values)
      : await updateTable(deps.db, scope, input.tableId, values);
  if (!row) throw notFound(TABLE_NOT_FOUND, 'TABLE_NOT_FOUND');
  return tableOf(row);
}

export async function removeDiningTable(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { tableId: number },
): Promise<{ deleted: true }> {
  const scope = await scoped(deps, actor, input);
  const checks = await openCheckRows(deps.db, scope);
  if (checks.some((c) => c.order.tableId === input.tableId))
    throw new BrigadeError('conflict', 'TABLE_HAS_OPEN_CHECK', TABLE_HAS_OPEN_CHECK);
  if (!(await deleteTable(deps.db, scope, input.tableId))) throw notFound(TABLE_NOT_FOUND, 'TABLE_NOT_FOUND');
  return { deleted: true };
}

/** The register's floor: every table, free or with its open checks (total, seated since, lines unsent). */
export async function getFloor(
  deps: PosDeps,
  actor: Actor,
  input: RestaurantScope & { token: unknown },
): Promise<Floor> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await registerDevice(deps, actor, scope, input.token);
  const rooms = await roomsWithTables(deps, scope);
  const checks = (await openCheckRows(deps.db, scope)).map(
    ({ order, serverFirst, serverLast, serverChosen }) => ({
      tableId: order.tableId,
      check: {
        orderId: order.orderId,
        number: liveNumber(order),
        guestName: kioskOrderName({ guestName: order.customer.name, tableTent: order.tableTent }) || null,
        serverName: serverFirst === null ? null : `${serverChosen || serverFirst} ${serverLast ?? ''}`.trim(),
        total: order.total,
        seatedAt: order.createdAt,
        unsent: (order.lines as CheckLine[]).filter((l) => l.pending === true).length,
      },
    }),
  );
  return {
    rooms: rooms.map((room) => ({
      ...room,
      tables: room.tables.map((table) => {
        const here = checks.filter((c) => c.tableId === table.tableId).map((c) => c.check);
        return {
          ...table,
          state: here.length > 0 ? ('seated' as const) : ('free' as const),
          check: here[0] ?? null,
          checks: here,
        };
      }),
    })),
  };
}
