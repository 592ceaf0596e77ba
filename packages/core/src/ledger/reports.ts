import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import {
  previousRange,
  type SalesReport,
  type SalesReportQuery,
  type SalesTotals,
  shareOf,
} from '@brigade/domain/ledger/reports';
import { resolveCatalogueScope } from '../catalogue/scope';
import { type UseCaseDeps, userIdOf } from '../use-case';
import {
  categoryRows,
  type DayRange,
  type FigureRow,
  itemRows,
  menuGroupRows,
  paymentRows,
  taxRows,
  totalsBy,
  totalsOf,
} from './report-queries';

/**
 * The sales report of a range of business days (docs/behaviour/reports.md#sales), from the ledger alone:
 * totals (and those of the period before, to compare), by channel, day, hour, item, sales category, menu
 * group, tax rate and card brand. A range without sales is zeros, not an error.
 */
export async function getSalesReport(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: SalesReportQuery & { tenantId: number; restaurantId: number },
): Promise<SalesReport> {
  const { tenantId, restaurantId } = input;
  const resolved = await resolveCatalogueScope(deps.db, { tenantId, restaurantId, actor: userIdOf(actor) });
  const today = toLocalMoment((deps.now?.() ?? new Date()).toISOString(), resolved.timezone).date;
  const from = input.from ?? input.to ?? today;
  const range: DayRange = { from, to: input.to ?? from };
  const scope = { tenantId, restaurantId };
  const ex = deps.db;
  const totals = await totalsOf(ex, scope, range);
  const before = input.compare === 'previous' ? previousRange(range.from, range.to) : null;
  const [channels, days, hours, items, categories, groups, taxes, payments, previous] = [
    await totalsBy(ex, scope, range, 'channel'),
    await totalsBy(ex, scope, range, 'businessDate'),
    await totalsBy(ex, scope, range, 'localHour'),
    await itemRows(ex, scope, range),
    await categoryRows(ex, scope, range),
    await menuGroupRows(ex, scope, range),
    await taxRows(ex, scope, range),
    await paymentRows(ex, scope, range),
    before ? await totalsOf(ex, scope, before) : null,
  ];
  const itemSales = items.reduce((sum, row) => sum + row.netSales, 0);
  return {
    ...range,
    currency: totals.currency ?? 'USD',
    totals: salesTotals(totals),
    previous: before && previous ? { ...before, totals: salesTotals(previous) } : null,
    channels: channels.map((row) => {
      const t = salesTotals(row);
      return { channel: row.key, sales: t.sales, netSales: t.netSales, totalCollected: t.totalCollected };
    }),
    days: days.map((row) => ({ date: row.key, ...brief(row) })),
    hours: hours.map((row) => ({ hour: row.key, ...brief(row) })),
    items: items.map((row) => ({
      itemId: row.itemId,
      name: row.name ?? 'Amounts without items',
      quantity: row.quantity,
      netSales: row.netSales,
      share: shareOf(row.netSales, itemSales),
    })),
    categories: categories.map((row) => ({ ...row, name: row.name ?? 'No sales category' })),
    menuGroups: groups.map((row) => ({ ...row, name: row.name ?? 'No menu group' })),
    taxes: taxes.map((row) => ({ ...row, name: row.name ?? 'Tax' })),
    payments,
  };
}

/** The report's definitions (packages/domain/src/ledger/reports.ts) applied to summed lines. */
export function salesTotals(row: FigureRow): SalesTotals {
  const netSales = row.grossSales - row.returns - row.includedTax;
  return {
    sales: row.sales,
    grossSales: row.grossSales,
    returns: row.returns,
    netSales,
    tax: row.tax + row.includedTax,
    includedTax: row.includedTax,
    tips: row.tips,
    serviceCharges: row.serviceCharges,
    totalCollected: netSales + row.tax + row.includedTax + row.tips + row.serviceCharges,
  };
}

const brief = (row: FigureRow) => {
  const t = salesTotals(row);
  return { sales: t.sales, netSales: t.netSales };
};
