import { INT32_MAX, int32MaxMessage } from '@brigade/domain/integers';
import {
  ADMIN_RESTAURANT_LIST_DEFAULT_LIMIT,
  ADMIN_RESTAURANT_MAX_LIMIT,
  ADMIN_RESTAURANT_SEARCH_DEFAULT_LIMIT,
  createRestaurantInputSchema,
  MIN_TENANT_ID,
  publicRestaurantSchema,
  restaurantSchema,
  restaurantStatusUpdateSchema,
  updateRestaurantInputSchema,
} from '@brigade/domain/restaurant';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { guidParams, restaurantIdParam, restaurantParams, tenantParams } from './tenancy-params';

const restaurantResult = successOf(z.object({ restaurant: restaurantSchema }));
const restaurantsResult = successOf(z.object({ restaurants: z.array(restaurantSchema) }));
const member = { kind: 'tenant', role: 'employee' } as const;
// Owner or admin can manage a tenant, its restaurants included.
const manager = { kind: 'tenant', role: 'admin' } as const;
const base = '/tenants/{tenantId}/restaurants';

export const createRestaurant = defineEndpoint({
  id: 'createRestaurant',
  method: 'POST',
  path: base,
  summary: "Create a restaurant within the tenant's plan",
  description:
    'Validated; restaurantId from the counter, guid, slug derived from the name (a numeric ' +
    'suffix when taken, across tenants), default hours, settings, website configuration and platform sync. ' +
    'Plan caps: starter 1, professional 5, enterprise 999; only professional and enterprise tenants create ' +
    'restaurants themselves (a site administrator sets up a starter tenant’s one restaurant). A refusal is ' +
    '409 with the reason in `detail`. The body’s tenantId, if any, is replaced by the path’s.',
  tags: ['restaurants'],
  access: manager,
  changes: 'restaurant',
  request: {
    params: tenantParams,
    body: createRestaurantInputSchema.omit({ tenantId: true }),
  },
  response: { status: 201, description: 'Created', schema: restaurantResult },
  problems: [404, 409],
});

export const listRestaurants = defineEndpoint({
  id: 'listRestaurants',
  method: 'GET',
  path: base,
  summary: 'The restaurants of a tenant, by name',
  tags: ['restaurants'],
  access: member,
  request: { params: tenantParams },
  response: { status: 200, description: 'The restaurants', schema: restaurantsResult },
  problems: [404],
});

export const checkSlugAvailability = defineEndpoint({
  id: 'checkSlugAvailability',
  method: 'GET',
  path: `${base}/slug-availability`,
  summary: 'Whether a slug is free (normalised like a name; the edited restaurant excluded)',
  tags: ['restaurants'],
  access: member,
  request: {
    params: tenantParams,
    query: z.object({
      slug: text({ error: 'Slug is required' }).trim().min(1, 'Slug is required'),
      excludeRestaurantId: restaurantIdParam.optional(),
    }),
  },
  response: {
    status: 200,
    description: 'The normalised slug and whether it is available',
    schema: successOf(z.object({ slug: z.string(), available: z.boolean() })),
  },
});

export const getRestaurant = defineEndpoint({
  id: 'getRestaurant',
  method: 'GET',
  path: `${base}/{restaurantId}`,
  summary: 'A restaurant of the tenant by restaurant id',
  tags: ['restaurants'],
  access: member,
  request: { params: restaurantParams },
  response: { status: 200, description: 'The restaurant', schema: restaurantResult },
  problems: [404],
});

export const updateRestaurant = defineEndpoint({
  id: 'updateRestaurant',
  method: 'PATCH',
  path: `${base}/{restaurantId}`,
  summary:
    'Update a restaurant: details, hours, special hours, settings, website configuration, platform sync, slug',
  description:
    'Server-set fields (docId, createdAt, updatedAt, ids) are dropped and the rest validated as ' +
    'a partial restaurant. Omitted fields stay; sent nested documents replace the stored ones (with the ' +
    'schema defaults). A sent slug is normalised and must be free. connectedAt and lastSyncAt in the ' +
    'platform sync stay the server’s. Hours (decision 030): a weekday is `{open, close, closed}` (one span) ' +
    'or carries `spans` (sorted, apart; open and close become their outline); `specialHours` lists dated ' +
    'exceptions, one per date, closed or with their own spans. Invalid hours are a 400 naming each problem.',
  tags: ['restaurants'],
  access: manager,
  changes: 'restaurant',
  request: { params: restaurantParams, body: updateRestaurantInputSchema },
  response: { status: 200, description: 'Updated', schema: restaurantResult },
  problems: [404, 409],
});

export const updateRestaurantStatus = defineEndpoint({
  id: 'updateRestaurantStatus',
  method: 'PUT',
  path: `${base}/{restaurantId}/status`,
  summary: 'Set a restaurant active or inactive',
  tags: ['restaurants'],
  access: manager,
  changes: 'restaurant',
  request: {
    // The status update's tenantId is at least 10000001
    params: z.object({
      tenantId: z.coerce
        .number({ error: 'Tenant ID must be a positive integer' })
        .int('Tenant ID must be a positive integer')
        .min(MIN_TENANT_ID, `Tenant ID must be at least ${MIN_TENANT_ID}`)
        .max(INT32_MAX, int32MaxMessage('Tenant ID')),
      restaurantId: restaurantIdParam,
    }),
    body: restaurantStatusUpdateSchema.pick({ status: true }),
  },
  response: { status: 200, description: 'Updated', schema: restaurantResult },
  problems: [404],
});

export const getRestaurantByGuid = defineEndpoint({
  id: 'getRestaurantByGuid',
  method: 'GET',
  path: '/restaurants/by-guid/{guid}',
  summary: "A restaurant by guid, for its tenant's members and site administrators",
  description: 'Callers who may not enter its tenant get the same 404 as for an unknown guid.',
  tags: ['restaurants'],
  access: { kind: 'signed-in' },
  request: { params: guidParams },
  response: { status: 200, description: 'The restaurant', schema: restaurantResult },
  problems: [404],
});

export const getRestaurantBySlug = defineEndpoint({
  id: 'getRestaurantBySlug',
  method: 'GET',
  path: '/restaurants/by-slug/{slug}',
  summary: 'The public view of a restaurant by slug, across tenants (public sites resolve this way)',
  description: 'No sign-in needed; the platform sync document (listing links and tokens) is left out.',
  tags: ['restaurants', 'public'],
  access: { kind: 'public' },
  request: { params: z.object({ slug: text().min(1) }) },
  response: {
    status: 200,
    description: 'The restaurant',
    schema: successOf(z.object({ restaurant: publicRestaurantSchema })),
  },
  problems: [404],
});

export const listAllRestaurants = defineEndpoint({
  id: 'listAllRestaurants',
  method: 'GET',
  path: '/admin/restaurants',
  summary: 'Restaurants of every tenant with tenantName and tenantDisplayName; or search them',
  description:
    `Without search: limit default ${ADMIN_RESTAURANT_LIST_DEFAULT_LIMIT}. With search (restaurant name, ` +
    `slug, city, tenant names; at least 2 characters): limit default ${ADMIN_RESTAURANT_SEARCH_DEFAULT_LIMIT}.`,
  tags: ['restaurants', 'admin'],
  access: { kind: 'site-admin' },
  request: {
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .positive('Limit must be positive')
        .max(ADMIN_RESTAURANT_MAX_LIMIT, 'Limit cannot exceed 100')
        .optional(),
      offset: z.coerce
        .number()
        .int()
        .min(0, 'Offset cannot be negative')
        .max(INT32_MAX, int32MaxMessage('Offset'))
        .optional(),
      search: text().optional(),
    }),
  },
  response: {
    status: 200,
    description: 'The restaurants',
    schema: successOf(
      z.object({
        restaurants: z.array(
          restaurantSchema.extend({ tenantName: z.string(), tenantDisplayName: z.string() }),
        ),
      }),
    ),
  },
});
