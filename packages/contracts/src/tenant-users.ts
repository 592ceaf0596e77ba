import { TENANT_ROLES } from '@brigade/domain/access';
import { memberRestaurantsInputSchema } from '@brigade/domain/invitation';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { tenantIdParam, tenantParams } from './tenancy-params';

// issue 17: a tenant's users, for its owners and admins and for site administrators.
export const tenantUserSchema = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isActive: z.boolean(),
  lastLogin: z.date().nullable(),
  role: z.enum(TENANT_ROLES),
  /** The restaurants a manager or employee works at; null: every restaurant (issue 45 item 15). */
  restaurantIds: z.array(z.number()).nullable(),
  assignmentActive: z.boolean(),
  assignedAt: z.date(),
});

export const listTenantUsers = defineEndpoint({
  id: 'listTenantUsers',
  method: 'GET',
  path: '/tenants/{tenantId}/users',
  summary: 'The users of a tenant (every assignment, active or not), with their role there, by name',
  description:
    'Only the assignment to this tenant is shown. isActive is the account; assignmentActive the assignment.',
  tags: ['tenants'],
  access: { kind: 'tenant', role: 'admin' },
  request: { params: tenantParams },
  response: {
    status: 200,
    description: 'The users',
    schema: successOf(z.object({ users: z.array(tenantUserSchema) })),
  },
  problems: [404],
});

/**
 * issue 45 item 15: where a manager or employee works — some of the tenant's restaurants, or null for all of
 * them. Owners and admins (and site administrators) change it; it counts from the member's next request.
 */
export const updateMemberRestaurants = defineEndpoint({
  id: 'updateMemberRestaurants',
  method: 'PUT',
  path: '/tenants/{tenantId}/users/{uid}/restaurants',
  summary: 'Set the restaurants a manager or employee of the tenant works at (null: every restaurant)',
  tags: ['tenants'],
  access: { kind: 'tenant', role: 'admin' },
  changes: 'none',
  request: {
    params: z.object({ tenantId: tenantIdParam, uid: text().min(1, 'UID is required') }),
    body: memberRestaurantsInputSchema,
  },
  response: {
    status: 200,
    description: 'The member',
    schema: successOf(z.object({ user: tenantUserSchema })),
  },
  problems: [400, 404],
});
