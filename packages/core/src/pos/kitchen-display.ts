import { sideBySide } from '@brigade/db/side-by-side';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { BumpResult, ExpoBoard, KitchenBoard } from '@brigade/domain/ordering/kitchen';
import type { OrderStatus } from '@brigade/domain/ordering/order-status';
import type { KitchenDisplay } from '@brigade/domain/pos/kitchen-display';
import { resolveCatalogueScope } from '../catalogue/index';
import {
  bumpTicket,
  findOrder,
  getExpoBoard,
  getKitchenBoard,
  liveNumber,
  moveOrderAs,
  ORDER_NOT_FOUND,
  type OrderRow,
  offTheLine,
  recallTicket,
  stationsOfRestaurant,
} from '../ordering/index';
import type { PaymentDeps } from '../payments/index';
import { findRestaurant } from '../tenancy/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import type { DeviceRow } from './device-repository';
import { pairedAnywhere } from './devices';

/**
 * The paired kitchen display (docs/behaviour/kitchen-display.md, decision 069): a device paired in kitchen
 * mode, whose token alone names it and its restaurant (no staff session). It does what the back office's
 * kitchen screens do — a station's board, the expo, bump, recall, mark ready at the pass — through the same
 * use-cases (ordering/kitchen.ts, order-moves.ts), scoped to its own tenant and restaurant, and nothing else.
 */

type DisplayDeps = UseCaseDeps & { now?: () => Date };

/** The kitchen display a call names by its token alone; 403 for an unknown, unpaired or other device's. */
export const pairedKitchenDisplay = (deps: DisplayDeps, token: unknown): Promise<DeviceRow> =>
  pairedAnywhere(deps, token, 'kitchen');

/**
 * Who acts on a kitchen display, as its records name it: "Kitchen display Grill screen" in the bumps and the
 * order's history, not "system" — shaped as a kiosk's actor is (decision 062): a user that is inactive and
 * has no tenant, so no access check passes for it; it only names the device where a user id would stand.
 */
export const kitchenDisplayActor = (device: Pick<DeviceRow, 'name'>): Actor => ({
  kind: 'user',
  userId: `Kitchen display ${device.name}`,
  isSiteAdmin: false,
  isActive: false,
  assignments: [],
});

const scopeOf = (device: DeviceRow) => ({ tenantId: device.tenantId, restaurantId: device.restaurantId });

/** What the display shows: itself, its restaurant and the clock its times are read on, the prep stations. */
export async function getKitchenDisplay(
  deps: DisplayDeps,
  input: { token: unknown },
): Promise<KitchenDisplay> {
  const device = await pairedKitchenDisplay(deps, input.token);
  const scope = scopeOf(device);
  const actor = userIdOf(kitchenDisplayActor(device));
  const resolved = await resolveCatalogueScope(deps.db, { ...scope, actor });
  const [restaurant, stations] = await sideBySide(deps.db, [
    () => findRestaurant(deps.db, scope.tenantId, scope.restaurantId),
    () => stationsOfRestaurant(deps.db, scope),
  ]);
  if (!restaurant)
    throw notFound(`Restaurant with ID ${scope.restaurantId} not found`, 'RESTAURANT_NOT_FOUND');
  return {
    device: { deviceId: device.deviceId, name: device.name },
    restaurant: { name: restaurant.name, timezone: resolved.timezone },
    stations: stations.map((s) => ({ prepStationId: s.prepStationId, name: s.name })),
  };
}

export async function getKitchenDisplayBoard(
  deps: DisplayDeps,
  input: { token: unknown; prepStationId: number },
): Promise<KitchenBoard> {
  const device = await pairedKitchenDisplay(deps, input.token);
  return getKitchenBoard(deps, kitchenDisplayActor(device), {
    ...scopeOf(device),
    prepStationId: input.prepStationId,
  });
}

export async function getKitchenDisplayExpo(
  deps: DisplayDeps,
  input: { token: unknown },
): Promise<ExpoBoard> {
  const device = await pairedKitchenDisplay(deps, input.token);
  return getExpoBoard(deps, kitchenDisplayActor(device), scopeOf(device));
}

/** A bump from the display: the bump, and the order made ready by the last one, name the display. */
export async function bumpKitchenDisplayTicket(
  deps: PaymentDeps,
  input: { token: unknown; prepStationId: number; orderId: number },
): Promise<BumpResult> {
  const device = await deps.transact((tx) => pairedKitchenDisplay({ ...deps, db: tx }, input.token));
  return bumpTicket(deps, kitchenDisplayActor(device), {
    ...scopeOf(device),
    prepStationId: input.prepStationId,
    orderId: input.orderId,
  });
}

export async function recallKitchenDisplayTicket(
  deps: DisplayDeps,
  input: { token: unknown; prepStationId: number },
): Promise<BumpResult> {
  const device = await pairedKitchenDisplay(deps, input.token);
  return recallTicket(deps, kitchenDisplayActor(device), {
    ...scopeOf(device),
    prepStationId: input.prepStationId,
  });
}

/** The statuses the pass may hand an order out from: the kitchen is working on it. */
const READY_FROM: readonly OrderStatus[] = ['accepted', 'in_preparation'];

/**
 * The pass hands the order out from the expo (whether or not every station bumped it): it moves to `ready`
 * through the orders' own move, so the payment rules and the history hold; the history names the display.
 */
export async function markKitchenDisplayReady(
  deps: PaymentDeps,
  input: { token: unknown; orderId: number },
): Promise<BumpResult> {
  const device = await deps.transact((tx) => pairedKitchenDisplay({ ...deps, db: tx }, input.token));
  const row = await deps.transact((tx) => findOrder(tx, scopeOf(device), input.orderId));
  if (!row || row.status === 'placing' || row.status === 'payment_failed')
    throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  if (!READY_FROM.includes(row.status)) throw notReady(row);
  const note = `Marked ready at the pass on ${device.name}`;
  const moved = await moveOrderAs(deps, kitchenDisplayActor(device), row, { status: 'ready' }, note);
  return { orderId: moved.orderId, number: liveNumber(moved), status: moved.status };
}

/** An open check is on the line but is paid at a register before it can be handed out. */
const notReady = (row: OrderRow) =>
  row.status === 'open'
    ? new BrigadeError(
        'conflict',
        'ORDER_NOT_IN_KITCHEN',
        `Order #${row.number} is an open check: it is paid at a register before it is ready`,
      )
    : offTheLine(row);
