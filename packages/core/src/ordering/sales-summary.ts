import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { type SalesSummary, type SummaryRow, summariseOrders } from '@brigade/domain/ordering/summary';
import { resolveCatalogueScope } from '../catalogue/scope';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { summaryRows } from './ordering-repository';

/** The daily sales summary of online orders (docs/behaviour/ordering.md#orders-in-management). */
export async function getSalesSummary(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: { tenantId: number; restaurantId: number; date?: string | undefined },
): Promise<SalesSummary> {
  const { tenantId, restaurantId } = input;
  const resolved = await resolveCatalogueScope(deps.db, { tenantId, restaurantId, actor: userIdOf(actor) });
  const today = toLocalMoment((deps.now?.() ?? new Date()).toISOString(), resolved.timezone).date;
  const businessDate = input.date ?? today;
  const rows = await summaryRows(deps.db, { tenantId, restaurantId }, businessDate);
  return summariseOrders(rows as SummaryRow[], {
    businessDate,
    currency: rows[0]?.currency ?? 'USD',
    timezone: resolved.timezone,
  });
}
