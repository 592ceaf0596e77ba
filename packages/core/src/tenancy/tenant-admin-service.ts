import { type Actor, decideAccess } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import {
  planChangeRefusal,
  type Tenant,
  type UpdateTenantInput,
  updateTenantInputSchema,
} from '@brigade/domain/tenant';
import type { UseCaseDeps } from '../use-case';
import { validateInput } from '../validate';
import { countRestaurantsOfTenant } from './restaurant-repository';
import {
  findTenantByGuid,
  listTenants,
  lockTenant,
  type TenantChanges,
  updateTenantRow,
} from './tenant-repository';

const isSiteAdmin = (actor: Actor) => actor.kind === 'user' && actor.isSiteAdmin && actor.isActive;

/** All tenants, with an optional limit. */
export function listAllTenants(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { limit?: number | undefined },
): Promise<Tenant[]> {
  return listTenants(deps.db, input.limit === undefined ? {} : { limit: input.limit });
}

/**
 * Tenant by guid. A guid names no tenant in the URL, so access is checked once the tenant is
 * known, with the same rule the routes use; a caller without access hears "not found", as for a guid that
 * does not exist ("Tenant not found: {guid}").
 */
export async function getTenantByGuid(
  deps: UseCaseDeps,
  actor: Actor,
  { guid }: { guid: string },
): Promise<Tenant> {
  const tenant = await findTenantByGuid(deps.db, guid);
  if (!tenant || decideAccess(actor, { kind: 'tenant', role: 'employee' }, tenant.tenantId) !== 'allow') {
    throw notFound(`Tenant not found: ${guid}`, 'TENANT_NOT_FOUND');
  }
  return tenant;
}

/**
 * Tenant update ("Tenant ID is required"; the rest optional). Owners and admins of the tenant may
 * rename it and change its settings; plan and status are billing and platform matters, so only a site
 * administrator changes them. A plan whose cap is below the tenant's restaurant count is refused.
 */
export async function updateTenant(
  deps: UseCaseDeps,
  actor: Actor,
  input: UpdateTenantInput,
): Promise<Tenant> {
  const data = validateInput(updateTenantInputSchema, input);
  return deps.db.transaction(async (tx) => {
    const current = await lockTenant(tx, data.tenantId);
    if (!current) throw notFound(`Tenant with ID ${data.tenantId} not found`, 'TENANT_NOT_FOUND');
    const changesPlan = data.plan !== undefined && data.plan !== current.plan;
    const changesStatus = data.status !== undefined && data.status !== current.status;
    if ((changesPlan || changesStatus) && !isSiteAdmin(actor)) {
      throw new BrigadeError(
        'forbidden',
        'PLAN_OR_STATUS_CHANGE_FORBIDDEN',
        "Only a site administrator can change a tenant's plan or status",
      );
    }
    if (changesPlan) {
      const refusal = planChangeRefusal(data.plan!, await countRestaurantsOfTenant(tx, current.tenantId));
      if (refusal) {
        throw new BrigadeError('conflict', 'PLAN_RESTAURANT_CAP_EXCEEDED', refusal, {
          errors: [{ path: 'plan', message: refusal }],
        });
      }
    }
    const changes: TenantChanges = {};
    if (data.name !== undefined) changes.name = data.name;
    if (data.displayName !== undefined) changes.displayName = data.displayName;
    if (data.status !== undefined) changes.status = data.status;
    if (data.plan !== undefined) changes.plan = data.plan;
    if (data.settings !== undefined) changes.settings = data.settings;
    return (await updateTenantRow(tx, current.tenantId, changes))!;
  });
}
