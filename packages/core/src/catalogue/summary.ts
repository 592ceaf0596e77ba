import { menuGroups } from '@brigade/db/schema/catalogue';
import { domainMappings } from '@brigade/db/schema/domains';
import { tenantAssignments } from '@brigade/db/schema/identity';
import { merchantAccounts } from '@brigade/db/schema/payments';
import { restaurants } from '@brigade/db/schema/tenancy';
import { type Actor, decideAccess } from '@brigade/domain/access';
import { catalogueReadAccess } from '@brigade/domain/catalogue/access';
import { type CatalogueKindDefinition, EMPLOYEE_KIND } from '@brigade/domain/catalogue/kinds';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { notFound } from '@brigade/domain/errors';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { todayNetSales, todaySalesCount } from '../ledger/index';
import { tenantIs } from '../tenant-scope';
import type { UseCaseDeps } from '../use-case';
import { KIND_STORES } from './kind-stores';
import { catalogueScopeOf, resolveCatalogueScope, scopeWhere } from './scope';
import type { CatalogueTable } from './store';

/**
 * How much a restaurant has set up, for the management dashboard: the number of records of every kind and
 * of its menus (parent menu groups), counted in one statement of sub-selects instead of reading
 * the lists. Employee records are counted only for callers who may list them (the same decision as the
 * list endpoint's).
 */

export interface CatalogueSummary {
  menus: number;
  items: number;
  modifierGroups: number;
  menuGroups: number;
  courses: number;
  tags: number;
  prepStations: number;
  salesCategories: number;
  taxRates: number;
  printers: number;
  cashDrawers: number;
  jobTitles: number;
  employees?: number;
  setup: {
    websitePublished: boolean;
    customDomainVerified: boolean;
    paymentsConnected: boolean;
    teamMembers: number;
  };
  today?: { date: string; orders: number; sales: number };
}

// the sales figures' access (getSalesSummary): managers and above
const SALES_ACCESS = { kind: 'tenant', role: 'manager' } as const;

/** The summary's key of a kind: its plural in camelCase (ModifierGroups → modifierGroups). */
export const summaryKeyOf = (kind: CatalogueKindDefinition) =>
  kind.plural.charAt(0).toLowerCase() + kind.plural.slice(1);

export async function getCatalogueSummary(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: { tenantId: number; restaurantId: number },
): Promise<CatalogueSummary> {
  const ex = deps.db;
  const employees = decideAccess(actor, catalogueReadAccess(EMPLOYEE_KIND), input.tenantId) === 'allow';
  const resolved = await resolveCatalogueScope(ex, catalogueScopeOf(actor, input));
  const count = (table: CatalogueTable, filter?: SQL) =>
    sql<number>`(select count(*)::int from ${table} where ${filter ? and(scopeWhere(table, resolved), filter) : scopeWhere(table, resolved)})`;
  const counts: Record<string, SQL.Aliased<number>> = {
    menus: count(menuGroups, isNull(menuGroups.parentId)).as('menus'),
  };
  for (const store of KIND_STORES) {
    if (store.kind === EMPLOYEE_KIND && !employees) continue;
    const key = summaryKeyOf(store.kind);
    counts[key] = count(store.table).as(key);
  }
  const setupColumns = setupOf(resolved);
  const today =
    decideAccess(actor, SALES_ACCESS, input.tenantId) === 'allow'
      ? toLocalMoment((deps.now?.() ?? new Date()).toISOString(), resolved.timezone).date
      : null;
  const [row] = await ex
    .select({ ...counts, ...setupColumns, ...(today ? todayOf(resolved, today) : {}) })
    .from(restaurants)
    .where(
      and(
        tenantIs(restaurants.tenantId, resolved.tenantId),
        eq(restaurants.restaurantId, resolved.restaurantId),
      ),
    );
  // Found a moment ago, but deleted in between.
  if (!row) throw notFound(`Restaurant with ID ${resolved.restaurantId} not found`, 'RESTAURANT_NOT_FOUND');
  const {
    websitePublished,
    customDomainVerified,
    paymentsConnected,
    teamMembers,
    todayOrders,
    todaySales,
    ...rest
  } = row as Record<string, unknown>;
  return {
    ...(rest as Omit<CatalogueSummary, 'setup' | 'today'>),
    setup: {
      websitePublished: websitePublished === true,
      customDomainVerified: customDomainVerified === true,
      paymentsConnected: paymentsConnected === true,
      teamMembers: Number(teamMembers),
    },
    ...(today ? { today: { date: today, orders: Number(todayOrders), sales: Number(todaySales) } } : {}),
  };
}

/** The set-up checklist's facts, as sub-selects of the same statement. */
function setupOf(scope: { tenantId: number; restaurantId: number }) {
  return {
    websitePublished: sql<boolean>`coalesce((${restaurants.websiteConfig}->>'enabled')::boolean, false)`.as(
      'websitePublished',
    ),
    customDomainVerified:
      sql<boolean>`exists (select 1 from ${domainMappings} where ${domainMappings.restaurantGuid} = ${restaurants.guid} and ${domainMappings.domainType} = 'custom' and ${domainMappings.verificationStatus} = 'verified' and ${domainMappings.isActive})`.as(
        'customDomainVerified',
      ),
    paymentsConnected:
      sql<boolean>`exists (select 1 from ${merchantAccounts} where ${merchantAccounts.tenantId} = ${scope.tenantId} and ${merchantAccounts.restaurantId} = ${scope.restaurantId})`.as(
        'paymentsConnected',
      ),
    teamMembers:
      sql<number>`(select count(*)::int from ${tenantAssignments} where ${tenantAssignments.tenantId} = ${scope.tenantId} and ${tenantAssignments.isActive})`.as(
        'teamMembers',
      ),
  };
}

/** The day's sales and net sales, as sub-selects of the same statement. */
/** Today's sales from the sales ledger (decision 050): only sales the restaurant took, net of returns. */
const todayOf = (scope: { tenantId: number; restaurantId: number }, date: string) => ({
  todayOrders: todaySalesCount(scope, date).as('todayOrders'),
  todaySales: todayNetSales(scope, date).as('todaySales'),
});
