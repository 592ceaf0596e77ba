import type { Executor } from '@brigade/db/database';
import { restaurantVersions } from '@brigade/db/schema/changes';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import type { Actor } from '@brigade/domain/access';
import { DEFAULT_UPDATED_BY } from '@brigade/domain/catalogue/job-title';
import { notFound } from '@brigade/domain/errors';
import type { SpecialDay } from '@brigade/domain/hours/special';
import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tenantIs } from '../tenant-scope';

/**
 * The one place that scopes catalogue data to a tenant and restaurant (STYLE: tenant filters live in one
 * small module; changing it deserves extra review). Every catalogue use-case first resolves its scope here,
 * and every catalogue query filters with `scopeWhere`.
 */

/** Who acts, and where. tenantId and restaurantId are unverified until resolveCatalogueScope has run. */
export interface CatalogueScope {
  tenantId: number;
  restaurantId: number;
  /** Recorded as updatedBy where an entity keeps one (job titles, job assignments). */
  actor: string;
}

/**
 * The scope of a catalogue use-case: the restaurant its input names, and who acts, written as the actor's
 * email (the record of who changed a job title or a job assignment), else "System".
 */
export const catalogueScopeOf = (
  actor: Actor,
  input: { tenantId: number; restaurantId: number },
): CatalogueScope => ({
  tenantId: input.tenantId,
  restaurantId: input.restaurantId,
  actor: actor.kind === 'user' && actor.email !== undefined ? actor.email : DEFAULT_UPDATED_BY,
});

/** A scope whose restaurant was found under its tenant. */
export interface ResolvedScope extends CatalogueScope {
  /** The tenant's IANA time zone (from its settings): restaurants keep none of their own. */
  timezone: string;
  /** The restaurant's change-feed version: any committed write to it or its catalogue raises it (decision 011). */
  version: number;
  /** The restaurant's special days: a holiday closure hides every menu on its date (decision 030). */
  specialHours: SpecialDay[];
}

/**
 * The numeric tenantId and restaurantId are first resolved to stored records. One query answers
 * both questions. A restaurant of another tenant is not found under this one, so its existence does not
 * leak; access to the tenant itself was checked before this runs (docs/architecture.md#identity-and-access).
 */
export async function resolveCatalogueScope(ex: Executor, scope: CatalogueScope): Promise<ResolvedScope> {
  const [row] = await ex
    .select({
      settings: tenants.settings,
      restaurantId: restaurants.restaurantId,
      specialHours: restaurants.specialHours,
      version: restaurantVersions.version,
    })
    .from(tenants)
    .leftJoin(
      restaurants,
      and(eq(restaurants.tenantId, tenants.tenantId), eq(restaurants.restaurantId, scope.restaurantId)),
    )
    .leftJoin(
      restaurantVersions,
      and(
        eq(restaurantVersions.tenantId, tenants.tenantId),
        eq(restaurantVersions.restaurantId, scope.restaurantId),
      ),
    )
    .where(tenantIs(tenants.tenantId, scope.tenantId))
    .limit(1);
  // The not-found texts for a missing tenant or restaurant.
  if (!row) throw notFound(`Tenant with ID ${scope.tenantId} not found`, 'TENANT_NOT_FOUND');
  if (row.restaurantId === null) {
    throw notFound(`Restaurant with ID ${scope.restaurantId} not found`, 'RESTAURANT_NOT_FOUND');
  }
  return {
    ...scope,
    timezone: row.settings?.timezone ?? 'UTC',
    version: row.version ?? 0,
    specialHours: row.specialHours ?? [],
  };
}

/** The filter every catalogue query carries. */
export const scopeWhere = (
  table: { tenantId: PgColumn; restaurantId: PgColumn },
  scope: { tenantId: number; restaurantId: number },
): SQL => and(tenantIs(table.tenantId, scope.tenantId), eq(table.restaurantId, scope.restaurantId))!;
