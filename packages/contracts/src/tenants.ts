import { INT32_MAX, int32MaxMessage } from '@brigade/domain/integers';
import { restaurantSchema } from '@brigade/domain/restaurant';
import { createTenantInputSchema, tenantSchema, updateTenantInputSchema } from '@brigade/domain/tenant';
import { seedTenantInputSchema } from '@brigade/domain/tenant-seed';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { guidParams, tenantParams } from './tenancy-params';

const tenantResult = successOf(z.object({ tenant: tenantSchema }));
const siteAdmin = { kind: 'site-admin' } as const;

export const createTenant = defineEndpoint({
  id: 'createTenant',
  method: 'POST',
  path: '/tenants',
  summary: 'Create a tenant (id from the counter, guid, status active, plan default starter)',
  description:
    'Settings default to the creation defaults: timezone America/New_York, currency USD, ' +
    'date format MM/DD/YYYY, no features.',
  tags: ['tenants'],
  access: siteAdmin,
  changes: 'tenant',
  request: { body: createTenantInputSchema },
  response: { status: 201, description: 'Created', schema: tenantResult },
});

export const listTenants = defineEndpoint({
  id: 'listTenants',
  method: 'GET',
  path: '/tenants',
  summary: 'All tenants by tenant id, optionally limited',
  tags: ['tenants'],
  access: siteAdmin,
  request: {
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .positive('Limit must be positive')
        .max(INT32_MAX, int32MaxMessage('Limit'))
        .optional(),
    }),
  },
  response: {
    status: 200,
    description: 'The tenants',
    schema: successOf(z.object({ tenants: z.array(tenantSchema) })),
  },
});

export const seedTenant = defineEndpoint({
  id: 'seedTenant',
  method: 'POST',
  path: '/tenants/seed',
  summary: 'Create a tenant with its restaurants in one transaction (all or nothing)',
  description: "The tenant's plan cap applies to the number of restaurants given.",
  tags: ['tenants'],
  access: siteAdmin,
  changes: 'tenant',
  request: {
    body: seedTenantInputSchema,
  },
  response: {
    status: 201,
    description: 'The tenant and its restaurants',
    schema: successOf(z.object({ tenant: tenantSchema, restaurants: z.array(restaurantSchema) })),
  },
  problems: [409],
});

export const getTenantByGuid = defineEndpoint({
  id: 'getTenantByGuid',
  method: 'GET',
  path: '/tenants-by-guid/{guid}',
  summary: 'A tenant by guid, for its members and site administrators',
  description: 'Callers who may not enter the tenant get the same 404 as for an unknown guid.',
  tags: ['tenants'],
  access: { kind: 'signed-in' },
  request: { params: guidParams },
  response: { status: 200, description: 'The tenant', schema: tenantResult },
  problems: [404],
});

export const getTenant = defineEndpoint({
  id: 'getTenant',
  method: 'GET',
  path: '/tenants/{tenantId}',
  summary: 'A tenant by tenant id',
  tags: ['tenants'],
  access: { kind: 'tenant', role: 'employee' },
  request: { params: tenantParams },
  response: { status: 200, description: 'The tenant', schema: tenantResult },
  problems: [404],
});

export const updateTenant = defineEndpoint({
  id: 'updateTenant',
  method: 'PATCH',
  path: '/tenants/{tenantId}',
  summary: 'Update a tenant (owner or admin of the tenant, or a site administrator)',
  description:
    'Omitted fields stay as stored; a sent settings object replaces the stored one. Only site ' +
    'administrators change plan and status; a plan whose cap is below the restaurant count is refused.',
  tags: ['tenants'],
  access: { kind: 'tenant', role: 'admin' },
  changes: 'tenant',
  request: { params: tenantParams, body: updateTenantInputSchema.omit({ tenantId: true }) },
  response: { status: 200, description: 'Updated', schema: tenantResult },
  problems: [404, 409],
});
