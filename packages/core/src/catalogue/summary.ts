import { menuGroups } from '@brigade/db/schema/catalogue';
import { restaurants } from '@brigade/db/schema/tenancy';
import { type Actor, decideAccess } from '@brigade/domain/access';
import { catalogueReadAccess } from '@brigade/domain/catalogue/access';
import { type CatalogueKindDefinition, EMPLOYEE_KIND } from '@brigade/domain/catalogue/kinds';
import { notFound } from '@brigade/domain/errors';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';
import type { UseCaseDeps } from '../use-case';
import { KIND_STORES } from './kind-stores';
import { catalogueScopeOf, resolveCatalogueScope, scopeWhere } from './scope';
import type { CatalogueTable } from './store';

/**
 * How much a restaurant has set up, for the management dashboard: the number of records of every kind and
 * of its menus (parent menu groups, spec 02 §3), counted in one statement of sub-selects instead of reading
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
}

/** The summary's key of a kind: its plural in camelCase (ModifierGroups → modifierGroups). */
export const summaryKeyOf = (kind: CatalogueKindDefinition) =>
  kind.plural.charAt(0).toLowerCase() + kind.plural.slice(1);

export async function getCatalogueSummary(
  deps: UseCaseDeps,
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
  const [row] = await ex
    .select(counts)
    .from(restaurants)
    .where(
      and(
        tenantIs(restaurants.tenantId, resolved.tenantId),
        eq(restaurants.restaurantId, resolved.restaurantId),
      ),
    );
  // Found a moment ago, but deleted in between.
  if (!row) throw notFound(`Restaurant with ID ${resolved.restaurantId} not found`, 'RESTAURANT_NOT_FOUND');
  return row as unknown as CatalogueSummary;
}
