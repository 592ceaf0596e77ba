import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import type { CloseOut } from '@brigade/domain/pos/api';
import { resolveCatalogueScope } from '../catalogue/index';
import { employeeRows, salesTotals } from '../ledger/index';
import { userNames } from '../payments/index';
import { employeesByGuid } from '../staff/index';
import { findRestaurant } from '../tenancy/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import type { RestaurantScope } from './device-repository';
import { listDrawerSessions } from './drawer-sessions';
import { cardsAwaitingTips, cashOutsideSessions } from './sale-repository';

/**
 * The close-out of a business day (docs/behaviour/pos.md#close-out), for managers: each staff member's sales,
 * returns, tax, tips, cash and card from the sales ledger; every register's drawer session with what it should
 * hold, what was counted and the difference; and cash taken while no drawer was open.
 */
export async function getCloseOut(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: RestaurantScope & { date?: string | undefined },
): Promise<CloseOut> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const resolved = await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const date =
    input.date ?? toLocalMoment((deps.now?.() ?? new Date()).toISOString(), resolved.timezone).date;
  const rows = await employeeRows(deps.db, scope, date);
  const names = await userNames(
    deps.db,
    rows.filter((row) => !row.server).map((row) => row.employee),
  );
  const servers = await employeesByGuid(
    deps.db,
    scope,
    rows.filter((row) => row.server).map((row) => row.employee),
  );
  const drawers = await listDrawerSessions(deps, actor, { ...scope, date });
  const closed = drawers.filter((d) => d.closedAt !== null);
  return {
    date,
    currency: (await findRestaurant(deps.db, scope.tenantId, scope.restaurantId))?.settings.currency ?? 'USD',
    staff: rows.map(({ employee, server: _s, cashTaken, cardNet, ...figures }) => ({
      employee,
      employeeId: servers.get(employee)?.employeeId ?? null,
      name:
        servers.get(employee)?.name ??
        names.get(employee) ??
        (employee === 'guest' ? 'Guests (online)' : employee),
      ...salesTotals(figures),
      cashTaken,
      cardNet,
    })),
    drawers,
    cashOutsideDrawers: await cashOutsideSessions(deps.db, scope, date),
    tipsAwaited: await cardsAwaitingTips(deps.db, scope, date),
    drawerTotals: {
      expected: drawers.reduce((sum, d) => sum + (d.expected ?? 0), 0),
      counted: closed.reduce((sum, d) => sum + (d.counted ?? 0), 0),
      overShort: closed.reduce((sum, d) => sum + (d.overShort ?? 0), 0),
      open: drawers.length - closed.length,
    },
  };
}
