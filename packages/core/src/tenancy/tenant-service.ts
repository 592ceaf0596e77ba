import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { notFound } from '@brigade/domain/errors';
import { type CreateTenantInput, createTenantInputSchema, type Tenant } from '@brigade/domain/tenant';
import { advanceCounterPast, issueNextId } from '../counters/index';
import type { UseCaseDeps } from '../use-case';
import { validateInput } from '../validate';
import { findTenantById, insertTenant } from './tenant-repository';

/**
 * Ids a caller may supply. When both id and guid are supplied they are used; otherwise the
 * counter issues the id (a supplied guid alone is kept, which lets the demo seed keep a stable guid).
 */
export type SuppliedIdentity = { tenantId: number; guid: string } | { tenantId?: undefined; guid: string };

/**
 * Creates a tenant (tenantId from the counter, guid, status active, plan default starter).
 * The id is issued in the transaction that inserts the row. `identity` is for seeds only (the API's body
 * schema has no such field).
 */
export async function createTenant(
  deps: UseCaseDeps,
  _actor: Actor,
  input: CreateTenantInput & { identity?: SuppliedIdentity | undefined },
): Promise<Tenant> {
  const { identity, ...fields } = input;
  const data = validateInput(createTenantInputSchema, fields);
  return deps.db.transaction(async (tx) => {
    if (identity?.tenantId !== undefined)
      await advanceCounterPast(tx, { entityType: 'tenants' }, identity.tenantId);
    const tenantId = identity?.tenantId ?? (await issueNextId(tx, { entityType: 'tenants' }));
    return insertTenant(tx, { ...data, tenantId, ...(identity ? { guid: identity.guid } : {}) });
  });
}

/** A tenant by id; access to it was decided by the route. */
export const getTenant = (deps: UseCaseDeps, _actor: Actor, input: { tenantId: number }): Promise<Tenant> =>
  getTenantOrThrow(deps.db, input.tenantId);

/**
 * Reads a tenant that must exist, else "Tenant with ID {id} not found". A helper that use-cases call
 * inside their own transaction, so it takes the executor like a repository.
 */
export async function getTenantOrThrow(ex: Executor, tenantId: number): Promise<Tenant> {
  const tenant = await findTenantById(ex, tenantId);
  if (!tenant) throw notFound(`Tenant with ID ${tenantId} not found`, 'TENANT_NOT_FOUND');
  return tenant;
}
