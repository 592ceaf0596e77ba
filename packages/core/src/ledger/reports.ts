import type { Executor } from '@brigade/db/database';
import { type Actor, worksAt } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import {
  type Journal,
  previousRange,
  type SalesReport,
  type SalesReportQuery,
  type SalesTotals,
  shareOf,
} from '@brigade/domain/ledger/reports';
import { resolveCatalogueScope } from '../catalogue/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { restaurantNames, tenantOfReport } from './ledger-repository';
import {
  type DayRange,
  type FigureRow,
  journalRows,
  nameKey,
  namesOf,
  type ReportGroup,
  type ReportScope,
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
  const [restaurant] = await restaurantNames(deps.db, tenantId, [restaurantId]);
  return salesReportOf(deps, input, {
    tenantId,
    timezone: resolved.timezone,
    restaurants: restaurant ? [restaurant] : [{ restaurantId, name: '' }],
  });
}

/**
 * The sales report of every restaurant of a tenant at once — every one the caller works at, for a manager
 * limited to some (issue 45 item 15) — (docs/behaviour/reports.md#all-restaurants): the
 * same figures over all their lines, each restaurant's own figures, and items, sales categories and menu
 * groups added up by name across the restaurants. A tenant without restaurants answers zeros.
 */
export async function getTenantSalesReport(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: SalesReportQuery & { tenantId: number },
): Promise<SalesReport> {
  const tenant = await tenantOfReport(deps.db, input.tenantId);
  return salesReportOf(deps, input, {
    tenantId: input.tenantId,
    timezone: tenant.timezone,
    restaurants: tenant.restaurants.filter((r) => worksAt(actor, input.tenantId, r.restaurantId)),
  });
}

interface Covered {
  tenantId: number;
  timezone: string;
  restaurants: { restaurantId: number; name: string }[];
}

async function salesReportOf(
  deps: UseCaseDeps & { now?: () => Date },
  input: SalesReportQuery,
  covered: Covered,
): Promise<SalesReport> {
  const today = toLocalMoment((deps.now?.() ?? new Date()).toISOString(), covered.timezone).date;
  const from = input.from ?? input.to ?? today;
  const range: DayRange = { from, to: input.to ?? from };
  const scope: ReportScope = {
    tenantId: covered.tenantId,
    restaurantIds: covered.restaurants.map((restaurant) => restaurant.restaurantId),
  };
  const before = input.compare === 'previous' ? previousRange(range.from, range.to) : null;
  const rows = scope.restaurantIds.length ? await reportRows(deps.db, scope, range) : [];
  const previous = before && scope.restaurantIds.length ? await totalsOf(deps.db, scope, before) : null;
  const of = (group: ReportGroup) => rows.filter((row) => row.group === group);
  const total = of('total')[0];
  const names = await namesOf(deps.db, scope, {
    categories: idsOf(of('salesCategoryId'), (row) => row.salesCategoryId),
    menuGroups: idsOf(of('menuGroupId'), (row) => row.menuGroupId),
  });
  const byRestaurant = new Map(of('restaurant').map((row) => [row.restaurantId, row]));
  return {
    ...range,
    currency: total?.currency ?? 'USD',
    totals: salesTotals(total ?? ZERO),
    previous: before ? { ...before, totals: salesTotals(previous ?? ZERO) } : null,
    restaurants: covered.restaurants.map(({ restaurantId, name }) => {
      const t = salesTotals(byRestaurant.get(restaurantId) ?? ZERO);
      return { restaurantId, name, sales: t.sales, netSales: t.netSales, totalCollected: t.totalCollected };
    }),
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
    ...soldBreakdowns(of, names, scope.restaurantIds.length > 1),
    ...moneyBreakdowns(of),
  };
}

const idsOf = (rows: Row[], id: (row: Row) => number | null) =>
  rows.flatMap((row) => (row.soldLines > 0 && id(row) !== null ? [id(row)!] : []));

/**
 * Items, sales categories and menu groups, biggest sellers first. Their ids are a restaurant's own: over
 * several restaurants the rows of one name are added up (a chain's burger is one row), one restaurant's
 * rows stay one per id.
 */
function soldBreakdowns(
  of: (group: ReportGroup) => Row[],
  names: Awaited<ReturnType<typeof namesOf>>,
  byName: boolean,
) {
  const sold = (group: ReportGroup) => of(group).filter((row) => row.soldLines > 0);
  const nameOf = (map: Map<string, string>, row: Row, id: number | null, none: string) =>
    (id !== null && map.get(nameKey(row.restaurantId!, id))) || none;
  const items = mergeRows(
    sold('itemId'),
    (row) => row.itemName ?? 'Amounts without items',
    (row) => row.itemId,
    byName,
  );
  const itemSales = items.reduce((sum, row) => sum + row.soldAmount, 0);
  const categories = mergeRows(
    sold('salesCategoryId'),
    (row) => nameOf(names.categories, row, row.salesCategoryId, 'No sales category'),
    (row) => row.salesCategoryId,
    byName,
  );
  const groups = mergeRows(
    sold('menuGroupId'),
    (row) => nameOf(names.menuGroups, row, row.menuGroupId, 'No menu group'),
    (row) => row.menuGroupId,
    byName,
  );
  return {
    items: items.map((row) => ({
      itemId: row.id,
      name: row.name,
      quantity: row.quantity,
      netSales: row.soldAmount,
      share: shareOf(row.soldAmount, itemSales),
    })),
    categories: categories.map((row) => ({
      salesCategoryId: row.id,
      name: row.name,
      quantity: row.quantity,
      netSales: row.soldAmount,
    })),
    menuGroups: groups.map((row) => ({ menuGroupId: row.id, name: row.name, netSales: row.soldAmount })),
  };
}

interface Merged {
  id: number | null;
  name: string;
  quantity: number;
  soldAmount: number;
}

/** Rows one per id (or, by name, one per name: the id kept when every row of the name has the same). */
function mergeRows(
  rows: Row[],
  name: (row: Row) => string,
  id: (row: Row) => number | null,
  byName: boolean,
): Merged[] {
  const merged = new Map<string, Merged>();
  for (const row of rows) {
    const key = byName ? name(row) : `${row.restaurantId}:${id(row)}`;
    const seen = merged.get(key);
    if (!seen) {
      merged.set(key, { id: id(row), name: name(row), quantity: row.quantity, soldAmount: row.soldAmount });
      continue;
    }
    seen.quantity += row.quantity;
    seen.soldAmount += row.soldAmount;
    if (seen.id !== id(row)) seen.id = null;
  }
  return [...merged.values()].sort((a, b) => b.soldAmount - a.soldAmount);
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

/** The daily journal of a range (docs/behaviour/reports.md#daily-journal): the ledger and the stored funding. */
/**
 * The stored deposits by date (payments' funding, payments/funding-repository.ts), handed in by the caller:
 * payments write the ledger, so the ledger does not reach back into payments (issue 49 §1).
 */
export type DepositsByDate = (
  ex: Executor,
  scope: ReportScope,
  range: DayRange,
) => Promise<{ date: string; fees: number; deposits: number; currency: string }[]>;

export interface JournalDeps extends UseCaseDeps {
  depositsByDate: DepositsByDate;
}

export async function getJournal(
  deps: JournalDeps,
  actor: Actor,
  input: { tenantId: number; restaurantId: number; from: string; to: string },
): Promise<Journal> {
  const { tenantId, restaurantId, from, to } = input;
  await resolveCatalogueScope(deps.db, { tenantId, restaurantId, actor: userIdOf(actor) });
  return journalOf(deps, { tenantId, restaurantIds: [restaurantId] }, { from, to });
}

/** The daily journal of every restaurant of a tenant at once: one book for the organization. */
export async function getTenantJournal(
  deps: JournalDeps,
  actor: Actor,
  input: { tenantId: number; from: string; to: string },
): Promise<Journal> {
  const tenant = await tenantOfReport(deps.db, input.tenantId);
  const restaurantIds = tenant.restaurants
    .map((restaurant) => restaurant.restaurantId)
    .filter((restaurantId) => worksAt(actor, input.tenantId, restaurantId));
  return journalOf(deps, { tenantId: input.tenantId, restaurantIds }, input);
}

/**
 * The ledger's days beside the stored funding's (payments/funding-import.ts): a deposit usually lands on a
 * later day than its sales, so a date with a deposit and no line is a day of the journal too, its figures 0.
 */
async function journalOf(deps: JournalDeps, scope: ReportScope, range: DayRange): Promise<Journal> {
  const { from, to } = range;
  const some = scope.restaurantIds.length > 0;
  const rows = some ? await journalRows(deps.db, scope, range) : [];
  const funded = some ? await deps.depositsByDate(deps.db, scope, range) : [];
  const fundingOf = new Map(funded.map((day) => [day.date, day]));
  const days = new Map(rows.map((row) => [row.date, row]));
  for (const day of funded) if (!days.has(day.date)) days.set(day.date, { ...NO_LINES, date: day.date });
  return {
    from,
    to,
    currency: rows.find((row) => row.currency)?.currency ?? funded[0]?.currency ?? 'USD',
    days: [...days.values()]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map(({ date, currency: _c, cardTaken, cardReturned, cardNet, cashTaken, ...figures }) => ({
        date,
        ...salesTotals(figures),
        cardTaken,
        cardReturned,
        cardNet,
        cashTaken,
        // stored signed as the gateway signs them: a fee kept is negative there, a cost here (0 -, not -0)
        fees: 0 - (fundingOf.get(date)?.fees ?? 0),
        deposits: fundingOf.get(date)?.deposits ?? 0,
      })),
  };
}

/** A journal day without ledger lines. */
const NO_LINES = {
  sales: 0,
  grossSales: 0,
  returns: 0,
  tax: 0,
  includedTax: 0,
  tips: 0,
  serviceCharges: 0,
  currency: null,
  cardTaken: 0,
  cardReturned: 0,
  cardNet: 0,
  cashTaken: 0,
};
