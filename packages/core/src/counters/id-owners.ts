import type { Executor } from '@brigade/db/database';
import {
  courses,
  employees,
  items,
  jobTitles,
  menuGroups,
  modifierGroups,
  prepStations,
  printers,
  salesCategories,
  tags,
  taxRates,
} from '@brigade/db/schema/catalogue';
import { domainMappings } from '@brigade/db/schema/domains';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import type { CounterScope, EntityType } from '@brigade/domain/counters';
import { and, asc, between, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { tenantIs } from '../tenant-scope';

/** Returns the lowest id in [from, to] that is already stored for the scope, or null. */
export type IdOwnerCheck = (
  ex: Executor,
  scope: CounterScope,
  from: number,
  to: number,
) => Promise<number | null>;

/**
 * Where each entity type's ids live, so that an issued id can be checked against stored rows (a
 * candidate id that already exists is a collision). Every entity type must be listed: `null` marks a
 * type whose table does not exist yet; the issue that adds the table adds its check here.
 */
export const ID_OWNERS: Record<EntityType, IdOwnerCheck | null> = {
  tenants: async (ex, _scope, from, to) => {
    const rows = await ex
      .select({ id: tenants.tenantId })
      .from(tenants)
      .where(between(tenants.tenantId, from, to))
      .orderBy(tenants.tenantId)
      .limit(1);
    return rows[0]?.id ?? null;
  },
  restaurants: async (ex, _scope, from, to) => {
    const rows = await ex
      .select({ id: restaurants.restaurantId })
      .from(restaurants)
      .where(between(restaurants.restaurantId, from, to))
      .orderBy(restaurants.restaurantId)
      .limit(1);
    return rows[0]?.id ?? null;
  },
  domainMappings: async (ex, _scope, from, to) => {
    const rows = await ex
      .select({ id: domainMappings.domainId })
      .from(domainMappings)
      .where(between(domainMappings.domainId, from, to))
      .orderBy(domainMappings.domainId)
      .limit(1);
    return rows[0]?.id ?? null;
  },
  items: restaurantIdOwner(items, items.itemId),
  courses: restaurantIdOwner(courses, courses.courseId),
  salesCategories: restaurantIdOwner(salesCategories, salesCategories.salesCategoryId),
  taxRates: restaurantIdOwner(taxRates, taxRates.taxRateId),
  modifierGroups: restaurantIdOwner(modifierGroups, modifierGroups.modifierGroupId),
  menuGroups: restaurantIdOwner(menuGroups, menuGroups.menuGroupId),
  tags: restaurantIdOwner(tags, tags.tagId),
  prepStations: restaurantIdOwner(prepStations, prepStations.prepStationId),
  printers: restaurantIdOwner(printers, printers.printerId),
  employees: restaurantIdOwner(employees, employees.employeeId),
  jobTitles: restaurantIdOwner(jobTitles, jobTitles.jobId),
};

/** The check of a catalogue kind: its ids count per restaurant. */
function restaurantIdOwner(
  table: PgTable & { tenantId: PgColumn; restaurantId: PgColumn },
  idColumn: PgColumn,
): IdOwnerCheck {
  return async (ex, scope, from, to) => {
    if (!('tenantId' in scope)) return null;
    const rows = (await ex
      .select({ id: idColumn })
      .from(table)
      .where(
        and(
          tenantIs(table.tenantId, scope.tenantId),
          eq(table.restaurantId, scope.restaurantId),
          between(idColumn, from, to),
        ),
      )
      .orderBy(asc(idColumn))
      .limit(1)) as { id: number }[];
    return rows[0]?.id ?? null;
  };
}

/** Used by the restaurant-level counter: does the restaurant exist under that tenant, or the tenant at all? */
export async function findRestaurantScope(
  ex: Executor,
  tenantId: number,
  restaurantId: number,
): Promise<'found' | 'no-tenant' | 'no-restaurant'> {
  const found = await ex
    .select({ id: restaurants.restaurantId })
    .from(restaurants)
    .where(and(tenantIs(restaurants.tenantId, tenantId), eq(restaurants.restaurantId, restaurantId)))
    .limit(1);
  if (found.length > 0) return 'found';
  const tenant = await ex
    .select({ id: tenants.tenantId })
    .from(tenants)
    .where(tenantIs(tenants.tenantId, tenantId))
    .limit(1);
  return tenant.length > 0 ? 'no-restaurant' : 'no-tenant';
}
