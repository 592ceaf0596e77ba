import { listTenantUsers, updateMemberRestaurants } from '@brigade/contracts/tenant-users';
import {
  createTenant,
  getTenant,
  getTenantByGuid,
  listTenants,
  seedTenant,
  updateTenant,
} from '@brigade/contracts/tenants';
import {
  listTenantUsers as listTenantUsersUseCase,
  setMemberRestaurants,
} from '@brigade/core/identity/tenant-users-service';
import {
  getTenantByGuid as getTenantByGuidUseCase,
  listAllTenants,
  updateTenant as updateTenantUseCase,
} from '@brigade/core/tenancy/tenant-admin-service';
import { seedTenantWithRestaurants } from '@brigade/core/tenancy/tenant-seed-service';
import {
  createTenant as createTenantUseCase,
  getTenant as getTenantUseCase,
} from '@brigade/core/tenancy/tenant-service';
import type { Tenant } from '@brigade/domain/tenant';
import { useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

const tenantResult = (tenant: Tenant) => success({ tenant });

export const tenantRoutes = [
  implement(listTenantUsers, async ({ params, actor, deps }) =>
    success({ users: await listTenantUsersUseCase(useCaseDeps(deps), actor, params) }),
  ),
  implement(updateMemberRestaurants, async ({ params, body, actor, deps }) =>
    success({ user: await setMemberRestaurants(useCaseDeps(deps), actor, { ...params, body }) }),
  ),
  implement(createTenant, async ({ body, actor, deps }) =>
    tenantResult(await createTenantUseCase(useCaseDeps(deps), actor, body)),
  ),
  implement(listTenants, async ({ query, actor, deps }) =>
    success({ tenants: await listAllTenants(useCaseDeps(deps), actor, query) }),
  ),
  implement(seedTenant, async ({ body, actor, deps }) =>
    success(await seedTenantWithRestaurants(useCaseDeps(deps), actor, body)),
  ),
  implement(getTenantByGuid, async ({ params, actor, deps }) =>
    tenantResult(await getTenantByGuidUseCase(useCaseDeps(deps), actor, params)),
  ),
  implement(getTenant, async ({ params, actor, deps }) =>
    tenantResult(await getTenantUseCase(useCaseDeps(deps), actor, params)),
  ),
  implement(updateTenant, async ({ params, body, actor, deps }) =>
    tenantResult(await updateTenantUseCase(useCaseDeps(deps), actor, { ...body, tenantId: params.tenantId })),
  ),
];
