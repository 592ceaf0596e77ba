import {
  createTenant,
  getTenant,
  getTenantByGuid,
  listTenants,
  seedTenant,
  updateTenant,
} from '@brigade/contracts/tenants';
import {
  getTenantByGuidFor,
  listAllTenants,
  updateTenant as updateTenantUseCase,
} from '@brigade/core/tenancy/tenant-admin-service';
import { seedTenantWithRestaurants } from '@brigade/core/tenancy/tenant-seed-service';
import { createTenant as createTenantUseCase, getTenantOrThrow } from '@brigade/core/tenancy/tenant-service';
import type { Tenant } from '@brigade/domain/tenant';
import { implement, success } from '../plugins/contract-routes';

const tenantResult = (tenant: Tenant) => success({ tenant });

export const tenantRoutes = [
  implement(createTenant, async ({ body, deps }) =>
    tenantResult(await createTenantUseCase(deps.database.db, body)),
  ),
  implement(listTenants, async ({ query, deps }) =>
    success({ tenants: await listAllTenants(deps.database.db, query) }),
  ),
  implement(seedTenant, async ({ body, deps }) =>
    success(await seedTenantWithRestaurants(deps.database.db, body)),
  ),
  implement(getTenantByGuid, async ({ params, actor, deps }) =>
    tenantResult(await getTenantByGuidFor(deps.database.db, actor, params.guid)),
  ),
  implement(getTenant, async ({ params, deps }) =>
    tenantResult(await getTenantOrThrow(deps.database.db, params.tenantId)),
  ),
  implement(updateTenant, async ({ params, body, actor, deps }) =>
    tenantResult(await updateTenantUseCase(deps.database.db, actor, { ...body, tenantId: params.tenantId })),
  ),
];
