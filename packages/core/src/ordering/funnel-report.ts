import type { Actor } from '@brigade/domain/access';
import { shareOf } from '@brigade/domain/ledger/reports';
import type { OrderingFunnel } from '@brigade/domain/ordering/funnel';
import { resolveCatalogueScope } from '../catalogue/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { funnelCountsOf, placedOrdersOf } from './funnel-repository';

/**
 * The online-ordering funnel of a range of business days (docs/behaviour/reports.md#online-ordering-funnel):
 * menu views and quotes from the funnel's stored counts (each process adds its own every half minute, so the
 * last half minute may be missing), orders placed and accepted from the orders themselves. A range with
 * nothing answers zeros.
 */
export async function getOrderingFunnel(
  deps: UseCaseDeps,
  actor: Actor,
  input: { tenantId: number; restaurantId: number; from: string; to: string },
): Promise<OrderingFunnel> {
  const { tenantId, restaurantId, from, to } = input;
  const resolved = await resolveCatalogueScope(deps.db, { tenantId, restaurantId, actor: userIdOf(actor) });
  const scope = { tenantId, restaurantId };
  const counted = await funnelCountsOf(deps.db, scope, { from, to });
  const placed = await placedOrdersOf(deps.db, scope, { from, to }, resolved.timezone);
  const days = new Map<string, OrderingFunnel['days'][number]>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      day = { date, menuViews: 0, quotes: 0, ordersPlaced: 0, ordersAccepted: 0 };
      days.set(date, day);
    }
    return day;
  };
  for (const row of counted) Object.assign(dayOf(row.date), { menuViews: row.menuViews, quotes: row.quotes });
  for (const row of placed)
    Object.assign(dayOf(row.date), { ordersPlaced: row.placed, ordersAccepted: row.accepted });
  const list = [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
  const sum = (key: keyof (typeof list)[number] & string) =>
    list.reduce((total, day) => total + (day[key] as number), 0);
  const totals = {
    menuViews: sum('menuViews'),
    quotes: sum('quotes'),
    ordersPlaced: sum('ordersPlaced'),
    ordersAccepted: sum('ordersAccepted'),
  };
  return {
    from,
    to,
    totals: {
      ...totals,
      quoteRate: shareOf(totals.quotes, totals.menuViews),
      orderRate: shareOf(totals.ordersPlaced, totals.quotes),
      acceptRate: shareOf(totals.ordersAccepted, totals.ordersPlaced),
    },
    days: list,
  };
}
