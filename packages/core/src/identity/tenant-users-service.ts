import type { Actor } from '@brigade/domain/access';
import { getTenantOrThrow } from '../tenancy/tenant-service';
import type { UseCaseDeps } from '../use-case';
import { listTenantMembers, type TenantMemberRow } from './user-repository';

/**
 * issue 17: a tenant's users — everyone with an assignment to it, active or not — with their role there.
 * Only this tenant's assignment is shown, never the user's other tenants. The route lets the tenant's owners
 * and admins and site administrators in; an unknown tenant is 404.
 */
export async function listTenantUsers(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { tenantId: number },
): Promise<TenantMemberRow[]> {
  await getTenantOrThrow(deps.db, input.tenantId);
  return listTenantMembers(deps.db, input.tenantId);
}
