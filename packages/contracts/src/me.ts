import { TENANT_ROLES } from '@brigade/domain/access';
import { INT32_MAX, int32MaxMessage } from '@brigade/domain/integers';
import { TENANT_PLANS, TENANT_STATUSES } from '@brigade/domain/tenant';
import { userSchema } from '@brigade/domain/user';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/** What the selection screens need. */
export const myTenantSchema = z.object({
  tenantId: z.number(),
  guid: z.string(),
  name: z.string(),
  displayName: z.string(),
  status: z.enum(TENANT_STATUSES),
  plan: z.enum(TENANT_PLANS),
  /** The caller's role; null for a site administrator without an assignment. */
  role: z.enum(TENANT_ROLES).nullable(),
  /** The tenant's clock (IANA zone): its restaurants' business days, which the screens start on. */
  timezone: z.string(),
});

export const myRestaurantSchema = z.object({
  restaurantId: z.number(),
  guid: z.string(),
  tenantId: z.number(),
  name: z.string(),
  slug: z.string(),
  status: z.enum(['active', 'inactive']),
  street: z.string(),
  city: z.string(),
});

export const getMe = defineEndpoint({
  id: 'getMe',
  method: 'GET',
  path: '/me',
  summary: 'The signed-in user, with whether the account still awaits activation',
  tags: ['me'],
  access: { kind: 'signed-in' },
  response: {
    status: 200,
    description: 'The caller',
    schema: successOf(
      z.object({
        user: userSchema,
        /** Inactive accounts can sign in but reach no tenant until an administrator activates them. */
        awaitingActivation: z.boolean(),
        primaryTenantId: z.number().nullable(),
      }),
    ),
  },
});

export const listMyTenants = defineEndpoint({
  id: 'listMyTenants',
  method: 'GET',
  path: '/me/tenants',
  summary: 'Organizations the caller may enter (active assignments; every tenant for a site administrator)',
  tags: ['me'],
  access: { kind: 'signed-in' },
  response: {
    status: 200,
    description: 'The organizations, by display name',
    schema: successOf(z.array(myTenantSchema)),
  },
});

export const listMyRestaurants = defineEndpoint({
  id: 'listMyRestaurants',
  method: 'GET',
  path: '/me/tenants/{tenantId}/restaurants',
  summary: 'Restaurants of an organization the caller may enter',
  tags: ['me'],
  access: { kind: 'tenant', role: 'employee' },
  request: {
    params: z.object({
      tenantId: z.coerce.number().int().positive().max(INT32_MAX, int32MaxMessage('Tenant ID')),
    }),
  },
  response: {
    status: 200,
    description: 'The restaurants, by name',
    schema: successOf(z.array(myRestaurantSchema)),
  },
});
