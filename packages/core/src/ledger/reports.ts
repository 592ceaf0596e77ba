import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import {
  type Journal,
  previousRange,
  type SalesReport,
  type SalesReportQuery,
  type SalesTotals,
  shareOf,
} from '@brigade/domain/ledger/reports';
import { resolveCatalogueScope } from '../catalogue/scope';
import { type UseCaseDeps, userIdOf } from '../use-case';
import {
  type DayRange,
  type FigureRow,
  journalRows,
  namesOf,
  type ReportGroup,
  reportRows,
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
  const before = input.compare === 'previous' ? previousRange(range.from, range.to) : null;
  const rows = await reportRows(deps.db, scope, range);
  const previous = before ? await totalsOf(deps.db, scope, before) : null;
  const of = (group: ReportGroup) => rows.filter((row) => row.group === group);
  const total = of('total')[0];
  const sold = of('itemId').filter((row) => row.soldLines > 0);
  const categories = of('salesCategoryId').filter((row) => row.soldLines > 0);
  const groups = of('menuGroupId').filter((row) => row.soldLines > 0);
  const names = await namesOf(deps.db, scope, {
    categories: categories.flatMap((row) => (row.salesCategoryId === null ? [] : [row.salesCategoryId])),
    menuGroups: groups.flatMap((row) => (row.menuGroupId === null ? [] : [row.menuGroupId])),
  });
  const itemSales = sold.reduce((sum, row) => sum + row.soldAmount, 0);
  const bySales = <T extends { soldAmount: number }>(a: T, b: T) => b.soldAmount - a.soldAmount;
  return {
    ...range,
    currency: total?.currency ?? 'USD',
    totals: salesTotals(total ?? ZERO),
    previous: before && previous ? { ...before, totals: salesTotals(previous) } : null,
    channels: of('channel').map((row) => {
      const t = salesTotals(row);
      return {
        channel: row.channel!,
        sales: t.sales,
        netSales: t.netSales,
        totalCollected: t.totalCollected,
      };
    }),
    days: of('businessDate')
      .map((row) => ({ date: row.businessDate!, ...brief(row) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    hours: of('localHour')
      .map((row) => ({ hour: row.localHour!, ...brief(row) }))
      .sort((a, b) => a.hour - b.hour),
    items: sold.sort(bySales).map((row) => ({
      itemId: row.itemId,
      name: row.itemName ?? 'Amounts without items',
      quantity: row.quantity,
      netSales: row.soldAmount,
      share: shareOf(row.soldAmount, itemSales),
    })),
    categories: categories.sort(bySales).map((row) => ({
      salesCategoryId: row.salesCategoryId,
      name:
        (row.salesCategoryId !== null && names.categories.get(row.salesCategoryId)) || 'No sales category',
      quantity: row.quantity,
      netSales: row.soldAmount,
    })),
    menuGroups: groups.sort(bySales).map((row) => ({
      menuGroupId: row.menuGroupId,
      name: (row.menuGroupId !== null && names.menuGroups.get(row.menuGroupId)) || 'No menu group',
      netSales: row.soldAmount,
    })),
    ...moneyBreakdowns(of),
  };
}

type Row = Awaited<ReturnType<typeof reportRows>>[number];

/** By tax rate (what to file) and by card brand (taken, returned, net). */
function moneyBreakdowns(of: (group: ReportGroup) => Row[]) {
  return {
    taxes: of('taxRateId')
      .filter((row) => row.taxLines > 0)
      .sort((a, b) => (a.taxRateId ?? 0) - (b.taxRateId ?? 0))
      .map((row) => ({
        taxRateId: row.taxRateId,
        name: row.taxName ?? 'Tax',
        tax: row.taxAmount,
        includedTax: row.includedTax,
      })),
    payments: of('payment')
      .filter((row) => row.tenderLines > 0)
      .sort((a, b) => b.tender - a.tender)
      .map((row) => ({
        method: row.paymentMethod ?? 'card',
        cardBrand: row.cardBrand,
        taken: row.taken,
        returned: row.given,
        net: row.tender,
      })),
  };
}

const ZERO: FigureRow = {
  sales: 0,
  grossSales: 0,
  returns: 0,
  tax: 0,
  includedTax: 0,
  tips: 0,
  serviceCharges: 0,
};

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

/** The daily journal of a range (docs/behaviour/reports.md#daily-journal), from the ledger alone. */
export async function getJournal(
  deps: UseCaseDeps,
  actor: Actor,
  input: { tenantId: number; restaurantId: number; from: string; to: string },
): Promise<Journal> {
  const { tenantId, restaurantId, from, to } = input;
  await resolveCatalogueScope(deps.db, { tenantId, restaurantId, actor: userIdOf(actor) });
  const rows = await journalRows(deps.db, { tenantId, restaurantId }, { from, to });
  return {
    from,
    to,
    currency: rows.find((row) => row.currency)?.currency ?? 'USD',
    days: rows.map(({ date, currency: _c, cardTaken, cardReturned, cardNet, cashTaken, ...figures }) => ({
      date,
      ...salesTotals(figures),
      cardTaken,
      cardReturned,
      cardNet,
      cashTaken,
    })),
  };
}
