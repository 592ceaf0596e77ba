import { auditEntrySchema, auditQuerySchema } from '@brigade/domain/audit-log';
import { positiveId } from '@brigade/domain/integers';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { tenantParams } from './tenancy-params';

/**
 * The audit log (decision 019): every write to a tenant's data, newest first, keyset paged like the
 * catalogue lists (decision 012). A tenant's owners and admins read their tenant's log; site administrators
 * read every tenant's.
 */

const page = successOf(z.array(auditEntrySchema), {
  nextCursor: z
    .string()
    .nullable()
    .meta({ description: 'Pass as ?cursor= for the next (older) page; null on the last page' }),
});

const FILTERS =
  'Filters combine: `restaurantId`, `table` (entity), `actor` (user id, email or `system`), `endpoint` ' +
  '(the API operation, e.g. `updateItem`), `from`/`to` (ISO date-times). Newest first; follow `nextCursor`.';

export const listTenantAuditLog = defineEndpoint({
  id: 'listTenantAuditLog',
  method: 'GET',
  path: '/tenants/{tenantId}/audit-log',
  summary: "The tenant's audit log: who changed what, when, through which route",
  description: FILTERS,
  tags: ['audit-log'],
  access: { kind: 'tenant', role: 'admin' },
  request: { params: tenantParams, query: auditQuerySchema },
  response: { status: 200, description: 'A page of entries', schema: page },
});

export const listAuditLog = defineEndpoint({
  id: 'listAuditLog',
  method: 'GET',
  path: '/admin/audit-log',
  summary: 'The audit log of every tenant (site administrators)',
  description: `${FILTERS} \`tenantId\` narrows it to one tenant.`,
  tags: ['audit-log', 'admin'],
  access: { kind: 'site-admin' },
  request: {
    query: auditQuerySchema.extend({
      tenantId: positiveId('Tenant ID').optional(),
    }),
  },
  response: { status: 200, description: 'A page of entries', schema: page },
});
