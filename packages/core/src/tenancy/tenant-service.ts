import type { Executor } from '@brigade/db/database';
import { notFound } from '@brigade/domain/errors';
import { type CreateTenantInput, createTenantInputSchema, type Tenant } from '@brigade/domain/tenant';
import { advanceCounterPast, issueNextId } from '../counters/counter-service';
import { validateInput } from '../validate';
import { findTenantById, insertTenant } from './tenant-repository';

/**
 * Ids a caller may supply. spec 02 §7: when both id and guid are supplied they are used; otherwise the
 * counter issues the id (a supplied guid alone is kept, which lets the demo seed keep a stable guid).
 */
export type SuppliedIdentity = { tenantId: number; guid: string } | { tenantId?: undefined; guid: string };

/**
 * Creates a tenant (spec 01 §7.3: tenantId from the counter, guid, status active, plan default starter).
 * The id is issued in the transaction that inserts the row. Runs in `ex` when given a transaction.
 */
export async function createTenant(
  db: Executor,
  input: CreateTenantInput,
  identity?: SuppliedIdentity,
): Promise<Tenant> {
  const data = validateInput(createTenantInputSchema, input);
  return db.transaction(async (tx) => {
    if (identity?.tenantId !== undefined)
      await advanceCounterPast(tx, { entityType: 'tenants' }, identity.tenantId);
    const tenantId = identity?.tenantId ?? (await issueNextId(tx, { entityType: 'tenants' }));
    return insertTenant(tx, { ...data, tenantId, ...(identity ? { guid: identity.guid } : {}) });
  });
}

/** Reads a tenant that must exist: spec 01 §8 "Tenant with ID {id} not found". */
export async function getTenantOrThrow(ex: Executor, tenantId: number): Promise<Tenant> {
  const tenant = await findTenantById(ex, tenantId);
  if (!tenant) throw notFound(`Tenant with ID ${tenantId} not found`, 'TENANT_NOT_FOUND');
  return tenant;
}
