import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { BrigadeError } from '@brigade/domain/errors';
import {
  cashMovementSchema,
  closeDrawerSchema,
  DRAWER_ALREADY_OPEN,
  DRAWER_NOT_OPEN,
  type DrawerSession,
  openDrawerSchema,
} from '@brigade/domain/pos/api';
import type { z } from 'zod';
import { resolveCatalogueScope } from '../catalogue/index';
import { userNames } from '../payments/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import type { RestaurantScope } from './device-repository';
import {
  cashSalesOf,
  closeSessionRow,
  insertMovement,
  insertSession,
  type MovementRow,
  movementsOf,
  openSessionOf,
  type SessionRow,
  sessionsOpenedBetween,
} from './drawer-repository';
import { type PosDeps, registerDevice } from './register';

/**
 * Cash drawer sessions (docs/behaviour/pos.md#cash-drawer-sessions): a register's drawer is opened with a
 * float; pay-ins and pay-outs say why cash went in or out; cash sales go into the open session; closing is a
 * blind count, and only then does the register learn what the drawer should have held and the difference.
 */

type Call<T = object> = RestaurantScope & { token: unknown } & T;

const sessionView = (
  row: SessionRow,
  movements: MovementRow[],
  deviceName: string | null,
  cashSales: number | null,
  names: ReadonlyMap<string, string> = new Map(),
): DrawerSession => {
  const closed = row.closedAt !== null;
  return {
    sessionId: row.sessionId,
    deviceId: row.deviceId,
    deviceName,
    openedBy: row.openedBy,
    openedByName: names.get(row.openedBy) ?? null,
    closedByName: row.closedBy ? (names.get(row.closedBy) ?? null) : null,
    openedAt: row.openedAt,
    openingFloat: row.openingFloat,
    movements: movements.map(({ movementId, kind, amount, reason, by, at }) => ({
      movementId,
      kind,
      amount,
      reason,
      by,
      at,
    })),
    closedBy: row.closedBy,
    closedAt: row.closedAt,
    counted: row.counted,
    // blind while open: what the drawer should hold is the count's answer, not its hint
    cashSales: closed ? cashSales : null,
    expected: row.expected,
    overShort: row.overShort,
    note: row.note,
  };
};

/** The register's open session (as the register sees it: blind), or null. */
export async function currentDrawer(
  deps: PosDeps,
  actor: Actor,
  call: Call,
): Promise<{ session: DrawerSession | null }> {
  const { device } = await registerDevice(deps, actor, call, call.token);
  const row = await openSessionOf(deps.db, call, device.deviceId);
  if (!row) return { session: null };
  const names = await userNames(deps.db, [row.openedBy]);
  return {
    session: sessionView(row, await movementsOf(deps.db, call, [row.sessionId]), device.name, null, names),
  };
}

export async function openDrawer(
  deps: PosDeps,
  actor: Actor,
  call: Call<{ body: z.input<typeof openDrawerSchema> }>,
): Promise<DrawerSession> {
  const { device } = await registerDevice(deps, actor, call, call.token);
  const body = openDrawerSchema.parse(call.body);
  const row = await insertSession(deps.db, {
    tenantId: call.tenantId,
    restaurantId: call.restaurantId,
    deviceId: device.deviceId,
    openedBy: userIdOf(actor),
    openingFloat: body.openingFloat,
  });
  if (!row) throw new BrigadeError('conflict', 'DRAWER_ALREADY_OPEN', DRAWER_ALREADY_OPEN);
  return sessionView(row, [], device.name, null, await userNames(deps.db, [row.openedBy]));
}

export async function addCashMovement(
  deps: PosDeps,
  actor: Actor,
  call: Call<{ body: z.input<typeof cashMovementSchema> }>,
): Promise<DrawerSession> {
  const { device } = await registerDevice(deps, actor, call, call.token);
  const body = cashMovementSchema.parse(call.body);
  const row = await openSessionOf(deps.db, call, device.deviceId, true);
  if (!row) throw new BrigadeError('conflict', 'DRAWER_NOT_OPEN', DRAWER_NOT_OPEN);
  await insertMovement(deps.db, {
    tenantId: call.tenantId,
    restaurantId: call.restaurantId,
    sessionId: row.sessionId,
    ...body,
    by: userIdOf(actor),
  });
  const names = await userNames(deps.db, [row.openedBy]);
  return sessionView(row, await movementsOf(deps.db, call, [row.sessionId]), device.name, null, names);
}

export async function closeDrawer(
  deps: PosDeps,
  actor: Actor,
  call: Call<{ body: z.input<typeof closeDrawerSchema> }>,
): Promise<DrawerSession> {
  const { device } = await registerDevice(deps, actor, call, call.token);
  const body = closeDrawerSchema.parse(call.body);
  // locked: a sale or a pay-out of this drawer waits for the close, so the count covers all of them
  const row = await openSessionOf(deps.db, call, device.deviceId, true);
  if (!row) throw new BrigadeError('conflict', 'DRAWER_NOT_OPEN', DRAWER_NOT_OPEN);
  const movements = await movementsOf(deps.db, call, [row.sessionId]);
  const cashSales = await cashSalesOf(deps.db, call, row.sessionId);
  const expected = expectedIn(row.openingFloat, cashSales, movements);
  const closed = await closeSessionRow(deps.db, row, {
    closedBy: userIdOf(actor),
    counted: body.counted,
    expected,
    overShort: body.counted - expected,
    note: body.note || null,
  });
  const names = await userNames(deps.db, [closed.openedBy, closed.closedBy ?? 'system']);
  return sessionView(closed, movements, device.name, cashSales, names);
}

/** What the drawer should hold: its float, the cash sales, pay-ins less pay-outs. */
export const expectedIn = (
  float: number,
  cashSales: number,
  movements: readonly Pick<MovementRow, 'kind' | 'amount'>[],
) => movements.reduce((sum, m) => sum + (m.kind === 'pay_in' ? m.amount : -m.amount), float + cashSales);

/** A business day's drawer sessions (managers): open ones with what they hold so far, closed ones as counted. */
export async function listDrawerSessions(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: RestaurantScope & { date?: string | undefined },
): Promise<DrawerSession[]> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const resolved = await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const day = input.date ?? toLocalMoment((deps.now?.() ?? new Date()).toISOString(), resolved.timezone).date;
  const start = new Date(`${day}T00:00:00Z`);
  const rows = (
    await sessionsOpenedBetween(
      deps.db,
      scope,
      new Date(start.getTime() - 86_400_000),
      new Date(start.getTime() + 2 * 86_400_000),
    )
  ).filter(({ session }) => toLocalMoment(session.openedAt.toISOString(), resolved.timezone).date === day);
  const movements = await movementsOf(
    deps.db,
    scope,
    rows.map((r) => r.session.sessionId),
  );
  const names = await userNames(
    deps.db,
    rows.flatMap(({ session }) => [session.openedBy, session.closedBy ?? 'system']),
  );
  const views: DrawerSession[] = [];
  for (const { session, deviceName } of rows) {
    const own = movements.filter((m) => m.sessionId === session.sessionId);
    const cashSales = await cashSalesOf(deps.db, scope, session.sessionId);
    const view = sessionView(session, own, deviceName, cashSales, names);
    // a manager sees what an open drawer should hold so far
    views.push({
      ...view,
      cashSales,
      expected: view.expected ?? expectedIn(session.openingFloat, cashSales, own),
    });
  }
  return views;
}
