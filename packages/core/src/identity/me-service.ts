import type { TenantRole } from '@brigade/domain/access';
import { type Actor, activeRoleIn, worksAt } from '@brigade/domain/access';
import type { Tenant } from '@brigade/domain/tenant';
import { getTenantOrThrow, listRestaurantsOfTenant, listTenants } from '../tenancy/index';
import type { UseCaseDeps } from '../use-case';

export interface MyTenant {
  tenantId: number;
  guid: string;
  name: string;
  displayName: string;
  status: Tenant['status'];
  plan: Tenant['plan'];
  role: TenantRole | null;
  /** The tenant's clock (IANA zone): the business day its screens start on. */
  timezone: string;
}

/**
 * A user sees only the tenants they are assigned to (active assignments of an active user);
 * a site administrator may enter every tenant.
 */
export async function listMyTenants(deps: UseCaseDeps, actor: Actor): Promise<MyTenant[]> {
  if (actor.kind !== 'user' || !actor.isActive) return [];
  const all = await listTenants(deps.db);
  const visible = actor.isSiteAdmin ? all : all.filter((t) => activeRoleIn(actor, t.tenantId) !== null);
  return visible
    .map((t) => ({
      tenantId: t.tenantId,
      guid: t.guid,
      name: t.name,
      displayName: t.displayName,
      status: t.status,
      plan: t.plan,
      role: activeRoleIn(actor, t.tenantId),
      timezone: t.settings.timezone,
    }))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/**
 * The restaurants of a tenant the caller may enter (access is checked by the route), for the selector: the
 * ones a manager or employee limited to some works at (issue 45 item 15).
 */
export async function listMyRestaurants(deps: UseCaseDeps, actor: Actor, { tenantId }: { tenantId: number }) {
  await getTenantOrThrow(deps.db, tenantId);
  const restaurants = await listRestaurantsOfTenant(deps.db, tenantId);
  return restaurants
    .filter((r) => worksAt(actor, tenantId, r.restaurantId))
    .map((r) => ({
      restaurantId: r.restaurantId,
      guid: r.guid,
      tenantId: r.tenantId,
      name: r.name,
      slug: r.slug,
      status: r.status,
      street: r.address.street,
      city: r.address.city,
    }));
}
