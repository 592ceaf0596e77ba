import { sideBySide } from '@brigade/db/side-by-side';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { OrderLine } from '@brigade/domain/ordering/api';
import {
  type BumpResult,
  type ExpoBoard,
  groupByCourse,
  inKitchen,
  KITCHEN_STATUSES,
  type KitchenBoard,
  type KitchenTicket,
  roundOf,
  routesTo,
  stationDone,
  stationsOf,
} from '@brigade/domain/ordering/kitchen';
import { STATUS_LABELS } from '@brigade/domain/ordering/order-status';
import { resolveCatalogueScope } from '../catalogue/index';
import type { PaymentDeps } from '../payments/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import {
  acceptedAt,
  bumpsOf,
  coursesOfRestaurant,
  deleteBump,
  expoOrderRows,
  insertBump,
  kitchenOrderRows,
  lastBumpOf,
  stationsOfRestaurant,
} from './kitchen-repository';
import { moveOrderAs, ORDER_NOT_FOUND } from './order-moves';
import { liveNumber } from './order-number';
import { findOrder, type OrderRow } from './ordering-repository';

/**
 * The kitchen display's use-cases (docs/behaviour/ordering.md#kitchen-display): a station's board, bump
 * (the station is done with a ticket) and recall (undo the station's last bump). Bumps are rows, so every
 * screen of a station agrees. When every station an order went to has bumped it, the order moves to `ready`
 * through the order-moves use-case, so its payment and audit rules hold.
 */

interface StationCall {
  tenantId: number;
  restaurantId: number;
  prepStationId: number;
}

export const STATION_NOT_FOUND = 'Prep station not found';
export const NOTHING_TO_RECALL = 'This station has no bumped ticket to recall';

async function stationOf(deps: UseCaseDeps, actor: Actor, input: StationCall) {
  const { tenantId, restaurantId } = input;
  await resolveCatalogueScope(deps.db, { tenantId, restaurantId, actor: userIdOf(actor) });
  const stations = await stationsOfRestaurant(deps.db, { tenantId, restaurantId });
  const station = stations.find((s) => s.prepStationId === input.prepStationId);
  if (!station) throw notFound(STATION_NOT_FOUND, 'PREP_STATION_NOT_FOUND');
  return { station, allStationIds: stations.map((s) => s.prepStationId) };
}

export async function getKitchenBoard(
  deps: UseCaseDeps,
  actor: Actor,
  input: StationCall,
): Promise<KitchenBoard> {
  const { station, allStationIds } = await stationOf(deps, actor, input);
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const rows = (await kitchenOrderRows(deps.db, scope, station.prepStationId)).filter((row) =>
    linesOf(row).some((line) => routesTo(line, station.prepStationId)),
  );
  const ids = rows.map((row) => row.orderId);
  const [bumps, accepted, courses, last] = await sideBySide(deps.db, [
    () => bumpsOf(deps.db, scope, ids),
    () => acceptedAt(deps.db, scope, ids),
    () => coursesOfRestaurant(deps.db, scope),
    () => lastBumpOf(deps.db, scope, station.prepStationId),
  ]);
  const bumpOf = (orderId: number, stationId: number) =>
    bumps.find((b) => b.orderId === orderId && b.prepStationId === stationId)?.round;
  const tickets = rows
    .filter(
      (row) => !stationDone(linesOf(row), station.prepStationId, bumpOf(row.orderId, station.prepStationId)),
    )
    .map((row): KitchenTicket => {
      const stations = stationsOf(linesOf(row), allStationIds);
      const done = stations.filter((id) => stationDone(linesOf(row), id, bumpOf(row.orderId, id))).length;
      // a station that bumped an earlier round of an open check sees only what was sent since
      const since = bumpOf(row.orderId, station.prepStationId) ?? -1;
      const lines = linesOf(row).filter(
        (line) => routesTo(line, station.prepStationId) && roundOf(line) > since,
      );
      return {
        ...ticketHead(row, accepted.get(row.orderId) ?? row.createdAt),
        courses: groupByCourse(lines, courses).map((group) => ({
          ...group,
          lines: group.lines.map(ticketLine),
        })),
        stationsDone: done,
        stationsTotal: stations.length,
      };
    });
  const recallable = last && KITCHEN_STATUSES.includes(last.status);
  return {
    station,
    tickets,
    lastBumped: recallable
      ? { orderId: last.orderId, number: liveNumber(last), bumpedAt: last.bumpedAt }
      : null,
  };
}

/**
 * The expo view (issue 45 item 6): every order on the line, oldest first, with all its kitchen lines by
 * course and each of its stations done or not — what the pass checks before handing an order out.
 */
export async function getExpoBoard(
  deps: UseCaseDeps,
  actor: Actor,
  input: { tenantId: number; restaurantId: number },
): Promise<ExpoBoard> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const stations = await stationsOfRestaurant(deps.db, scope);
  const allStationIds = stations.map((s) => s.prepStationId);
  const rows = await expoOrderRows(deps.db, scope);
  const ids = rows.map((row) => row.orderId);
  const [bumps, accepted, courses] = await sideBySide(deps.db, [
    () => bumpsOf(deps.db, scope, ids),
    () => acceptedAt(deps.db, scope, ids),
    () => coursesOfRestaurant(deps.db, scope),
  ]);
  const bumpOf = (orderId: number, stationId: number) =>
    bumps.find((b) => b.orderId === orderId && b.prepStationId === stationId)?.round;
  const nameOf = new Map(stations.map((s) => [s.prepStationId, s.name]));
  return {
    tickets: rows.map((row) => ({
      ...ticketHead(row, accepted.get(row.orderId) ?? row.createdAt),
      courses: groupByCourse(linesOf(row), courses).map((group) => ({
        ...group,
        lines: group.lines.map(ticketLine),
      })),
      stations: stationsOf(linesOf(row), allStationIds).map((id) => ({
        prepStationId: id,
        name: nameOf.get(id) ?? `Station ${id}`,
        done: stationDone(linesOf(row), id, bumpOf(row.orderId, id)),
      })),
    })),
  };
}

/** The lines the kitchen has: all of an order's, only the sent ones of an open check. */
const linesOf = (row: OrderRow) =>
  (row.lines as (OrderLine & { pending?: boolean; round?: number; share?: { part: number } })[]).filter(
    inKitchen,
  );

const ticketHead = (row: OrderRow, firedAt: Date) => ({
  orderId: row.orderId,
  number: liveNumber(row),
  status: row.status,
  customerName: row.customer.name,
  tableTent: row.tableTent,
  service: (row.fulfilment === 'dine_in' || row.fulfilment === 'takeout' ? row.fulfilment : 'pickup') as
    | 'pickup'
    | 'dine_in'
    | 'takeout',
  notes: row.notes,
  pickupAt: row.pickupAt,
  asap: row.asap,
  readyAt: row.readyAt,
  firedAt,
});

const ticketLine = (line: OrderLine) => ({
  name: line.kitchenName || line.name,
  quantity: line.quantity,
  ...(line.sizeName ? { sizeName: line.sizeName } : {}),
  modifiers: line.modifiers.map((m) => ({ name: m.name, quantity: m.quantity })),
  ...(line.notes ? { notes: line.notes } : {}),
  ...(line.seat ? { seat: line.seat } : {}),
});

/** The 409 for an order the kitchen no longer (or not yet) works on. */
export const offTheLine = (row: OrderRow) =>
  new BrigadeError(
    'conflict',
    'ORDER_NOT_IN_KITCHEN',
    `Order #${row.number} is ${STATUS_LABELS[row.status].toLowerCase()}: it is not on the kitchen's line`,
  );

/** The station is done with the order's ticket; the last station's bump makes the order ready. */
export async function bumpTicket(
  deps: PaymentDeps,
  actor: Actor,
  input: StationCall & { orderId: number },
): Promise<BumpResult> {
  const { station, allStationIds } = await deps.transact((tx) =>
    stationOf({ ...deps, db: tx }, actor, input),
  );
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const { row, pending } = await deps.transact(async (tx) => {
    const order = await findOrder(tx, scope, input.orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
    if (!KITCHEN_STATUSES.includes(order.status)) throw offTheLine(order);
    const stations = stationsOf(linesOf(order), allStationIds);
    if (!stations.includes(station.prepStationId))
      throw new BrigadeError(
        'conflict',
        'NOT_FOR_STATION',
        `Order #${order.number} has nothing for ${station.name}`,
      );
    const round = Math.max(0, ...linesOf(order).map(roundOf));
    await insertBump(tx, { ...input, round }, userIdOf(actor));
    const bumps = await bumpsOf(tx, scope, [order.orderId]);
    const bumpAt = (id: number) => bumps.find((b) => b.prepStationId === id)?.round;
    return {
      row: order,
      pending: stations.filter((id) => !stationDone(linesOf(order), id, bumpAt(id))),
    };
  });
  // an open check stays open (and on the line for its next rounds) until it is paid
  if (pending.length > 0 || row.status === 'open')
    return { orderId: row.orderId, number: liveNumber(row), status: row.status };
  try {
    const moved = await moveOrderAs(deps, actor, row, { status: 'ready' }, 'Every kitchen station bumped it');
    return { orderId: moved.orderId, number: liveNumber(moved), status: moved.status };
  } catch (error) {
    // Another screen's bump (or a person) moved the order meanwhile: the bump stands, the order is as it is.
    if (error instanceof BrigadeError && error.kind === 'conflict') {
      const now = await deps.transact((tx) => findOrder(tx, scope, row.orderId));
      return { orderId: row.orderId, number: liveNumber(row), status: now?.status ?? row.status };
    }
    throw error;
  }
}

/** Undoes the station's last bump, while that order is still on the line. */
export async function recallTicket(deps: UseCaseDeps, actor: Actor, input: StationCall): Promise<BumpResult> {
  await stationOf(deps, actor, input);
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const last = await lastBumpOf(deps.db, scope, input.prepStationId);
  if (!last) throw notFound(NOTHING_TO_RECALL, 'NOTHING_TO_RECALL');
  const row = await findOrder(deps.db, scope, last.orderId, true);
  if (!row) throw notFound(NOTHING_TO_RECALL, 'NOTHING_TO_RECALL');
  if (!KITCHEN_STATUSES.includes(row.status)) throw offTheLine(row);
  await deleteBump(deps.db, { ...scope, orderId: row.orderId, prepStationId: input.prepStationId });
  return { orderId: row.orderId, number: liveNumber(row), status: row.status };
}
