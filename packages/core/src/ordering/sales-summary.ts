import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import type { SalesSummary } from '@brigade/domain/ordering/summary';
import { resolveCatalogueScope } from '../catalogue/index';
import { channelDay } from '../ledger/index';
import { type UseCaseDeps, userIdOf } from '../use-case';

/**
 * The daily sales summary of online orders (docs/behaviour/ordering.md#orders-in-management), read from the
 * sales ledger (decision 050): the orders the restaurant accepted that day, and what went back that day.
 */
export async function getSalesSummary(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: { tenantId: number; restaurantId: number; date?: string | undefined },
): Promise<SalesSummary> {
  const { tenantId, restaurantId } = input;
  const resolved = await resolveCatalogueScope(deps.db, { tenantId, restaurantId, actor: userIdOf(actor) });
  const today = toLocalMoment((deps.now?.() ?? new Date()).toISOString(), resolved.timezone).date;
  const businessDate = input.date ?? today;
  const { totals, hours } = await channelDay(deps.db, { tenantId, restaurantId }, businessDate, 'online');
  const { returnedOrders, returned, currency, ...figures } = totals;
  return {
    businessDate,
    currency: currency ?? 'USD',
    ...figures,
    returned: { orders: returnedOrders, amount: returned },
    hours,
  };
}
