import { jsonTimestampSchema } from '@brigade/domain/json-timestamp';
import {
  CONNECTION_STATUSES,
  connectionSchema,
  LISTING_SYNC_FREQUENCIES,
} from '@brigade/domain/listing/connection';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * Google Business Profile (issue 19; docs/behaviour/business-profile.md) under the prefix
 * /business-listing. The tenant and restaurant are named by GUID in the query, body or path (tenant and
 * restaurant GUIDs must be UUIDs), not by the numeric path ids the contract layer checks,
 * so access is "member" (an active account with a tenant role: these calls spend paid outside quota) and the
 * use-cases check the role: owners, admins and managers of the tenant (site administrators too); anyone else
 * gets 404, as if the restaurant or connection did not exist. Calls that reach Google run outside one
 * request-long transaction (`outside`). Tokens are never part of an answer.
 */

// Paid outside calls: an active account with a tenant role (issue 42), never a new sign-up.
const member = { kind: 'member' } as const;
const tags = ['business-listing'];
const base = '/business-listing';
const googleProblems = [404, 409, 429, 502, 503, 504];

export const TENANT_GUID_MESSAGE = 'tenantId must be a UUID';
export const RESTAURANT_GUID_MESSAGE = 'restaurantId must be a UUID';
export const LOCATIONS_PAGE_SIZE_MESSAGE = 'pageSize must be between 1 and 100';
export const ACCOUNTS_PAGE_SIZE_MESSAGE = 'pageSize must be between 1 and 20';
export const READ_MASK_MESSAGE = 'readMask must not be empty';

const tenantGuid = z.uuid({ error: TENANT_GUID_MESSAGE });
const restaurantGuid = z.uuid({ error: RESTAURANT_GUID_MESSAGE });
const scope = { tenantId: tenantGuid, restaurantId: restaurantGuid };
const scopeQuery = z.object(scope);

const pageSize = (max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(1, message).max(max, message).optional();
const pageToken = text().trim().min(1).max(2048).optional();
const resourceId = (name: string) =>
  text({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required`, abort: true })
    .max(200, `${name} is too long`)
    .regex(/^[A-Za-z0-9/_-]+$/, `${name} must be a Google resource id such as accounts/123 or locations/456`);

/** A connection as answered: its fields and why it is in error, never a token (decision 027). */
export const listingConnectionSchema = connectionSchema.extend({
  status: z.enum(CONNECTION_STATUSES),
  /** The chosen location's title on Google when it was chosen. */
  locationTitle: z.string().nullable(),
  syncFrequency: z.enum(LISTING_SYNC_FREQUENCIES),
  nextSyncAt: jsonTimestampSchema.nullable(),
  lastSyncStatus: z.string().nullable(),
  lastSyncError: z.string().nullable(),
  statusReason: z.string().nullable(),
  scopes: z.array(z.string()),
});
export type ListingConnection = z.infer<typeof listingConnectionSchema>;

const connectionResult = successOf(listingConnectionSchema);
// Any text: an id that is not a connection's (a UUID) is simply not found (404), as an unknown one is.
export const connectionParams = z.object({ connectionId: text().max(100) });

export const getBusinessListingAuthUrl = defineEndpoint({
  id: 'getBusinessListingAuthUrl',
  method: 'GET',
  path: `${base}/auth/url`,
  summary: "Google's consent page for connecting the restaurant (code flow, PKCE S256, offline access)",
  description:
    'The state is single use, expires in 10 minutes, is bound to the signed-in user and the restaurant, and ' +
    'carries tenantId, restaurantId, redirectUrl and a nonce; only its SHA-256 is stored. redirectUrl (where ' +
    "Google sends the browser back with code and state) must be on one of this deployment's app origins.",
  tags,
  access: member,
  outside: true,
  request: {
    query: scopeQuery.extend({
      redirectUrl: text({ error: 'redirectUrl is required' }).trim().min(1, 'redirectUrl is required'),
    }),
  },
  response: { status: 200, description: 'The consent URL', schema: successOf(z.object({ url: z.string() })) },
  problems: [404, 503],
});

export const completeBusinessListingAuth = defineEndpoint({
  id: 'completeBusinessListingAuth',
  method: 'POST',
  path: `${base}/auth/callback`,
  summary: 'Finish connecting: exchange the code, seal the tokens, connect the restaurant',
  description:
    'A used, expired or unknown state, or one issued to another user (or, when tenantId/restaurantId are ' +
    'sent, for another restaurant) is refused with 400. The connection is saved and the state marked used ' +
    'in one transaction.',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: {
    body: z.strictObject({
      code: text({ error: 'code is required' }).trim().min(1, 'code is required').max(2048),
      state: text({ error: 'state is required' }).trim().min(1, 'state is required').max(4096),
      tenantId: tenantGuid.optional(),
      restaurantId: restaurantGuid.optional(),
    }),
  },
  response: { status: 200, description: 'The connection', schema: connectionResult },
  problems: googleProblems,
});

export const listBusinessListingConnections = defineEndpoint({
  id: 'listBusinessListingConnections',
  method: 'GET',
  path: `${base}/connections`,
  summary: "The restaurant's Google Business Profile connections",
  tags,
  access: member,
  outside: true,
  request: { query: scopeQuery },
  response: {
    status: 200,
    description: 'The connections',
    schema: successOf(z.array(listingConnectionSchema)),
  },
  problems: [404],
});

export const getBusinessListingConnection = defineEndpoint({
  id: 'getBusinessListingConnection',
  method: 'GET',
  path: `${base}/connections/{connectionId}`,
  summary: 'One connection (404 when unknown or not yours)',
  tags,
  access: member,
  outside: true,
  request: { params: connectionParams },
  response: { status: 200, description: 'The connection', schema: connectionResult },
  problems: [404],
});

export const updateBusinessListingConnection = defineEndpoint({
  id: 'updateBusinessListingConnection',
  method: 'PATCH',
  path: `${base}/connections/{connectionId}`,
  summary:
    "Change a connection's account, location or sync frequency (partial); tokens and status are the server's",
  tags,
  access: member,
  outside: true,
  changes: 'none',
  request: {
    params: connectionParams,
    body: z.strictObject({
      accountId: resourceId('accountId').nullable().optional(),
      locationId: resourceId('locationId').nullable().optional(),
      syncFrequency: z
        .enum(LISTING_SYNC_FREQUENCIES, { error: 'syncFrequency must be realtime, hourly, daily or weekly' })
        .optional(),
    }),
  },
  response: { status: 200, description: 'The connection', schema: connectionResult },
  problems: [404],
});

export const deleteBusinessListingConnection = defineEndpoint({
  id: 'deleteBusinessListingConnection',
  method: 'DELETE',
  path: `${base}/connections/{connectionId}`,
  summary: 'Delete a connection; its token is revoked at Google first (best effort)',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { params: connectionParams },
  response: { status: 204, description: 'Deleted' },
  problems: [404],
});

export const disconnectBusinessListing = defineEndpoint({
  id: 'disconnectBusinessListing',
  method: 'DELETE',
  path: `${base}/disconnect/{tenantGuid}/{restaurantGuid}`,
  summary: 'Disconnect the restaurant: revoke the token at Google (best effort), forget the tokens',
  description: 'The connection stays, with status disconnected and no tokens, so it can be connected again.',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { params: z.object({ tenantGuid, restaurantGuid }) },
  response: { status: 200, description: 'The disconnected connection', schema: connectionResult },
  problems: [404],
});

const accountSchema = z.object({
  name: z.string(),
  accountName: z.string().optional(),
  type: z.string().optional(),
  role: z.string().optional(),
  verificationState: z.string().optional(),
});
const locationSchema = z.looseObject({ name: z.string(), title: z.string().optional() });

export const listBusinessListingAccounts = defineEndpoint({
  id: 'listBusinessListingAccounts',
  method: 'GET',
  path: `${base}/accounts`,
  summary: "The Google accounts the restaurant's connection can manage (page size 1-20)",
  tags,
  access: member,
  outside: true,
  request: {
    query: scopeQuery.extend({ pageSize: pageSize(20, ACCOUNTS_PAGE_SIZE_MESSAGE), pageToken }),
  },
  response: {
    status: 200,
    description: 'A page of accounts',
    schema: successOf(z.object({ accounts: z.array(accountSchema), nextPageToken: z.string().optional() })),
  },
  problems: googleProblems,
});

export const listBusinessListingLocations = defineEndpoint({
  id: 'listBusinessListingLocations',
  method: 'GET',
  path: `${base}/locations`,
  summary:
    "An account's locations (accountId prefixed 'accounts/' when missing; the spec's default readMask)",
  description:
    "accountId defaults to the connection's account, else its first Google account. readMask defaults to " +
    'name,title,storefrontAddress,phoneNumbers,categories,latlng,openInfo,metadata; page size 1-100.',
  tags,
  access: member,
  outside: true,
  request: {
    query: scopeQuery.extend({
      accountId: resourceId('accountId').optional(),
      readMask: text().trim().min(1, READ_MASK_MESSAGE).max(1000).optional(),
      pageSize: pageSize(100, LOCATIONS_PAGE_SIZE_MESSAGE),
      pageToken,
    }),
  },
  response: {
    status: 200,
    description: 'A page of locations',
    schema: successOf(
      z.object({
        accountId: z.string(),
        locations: z.array(locationSchema),
        nextPageToken: z.string().optional(),
      }),
    ),
  },
  problems: googleProblems,
});

export const selectBusinessListingLocation = defineEndpoint({
  id: 'selectBusinessListingLocation',
  method: 'PATCH',
  path: `${base}/locations/select`,
  summary: "Choose the connection's location (checked at Google first)",
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { body: z.strictObject({ ...scope, locationId: resourceId('locationId') }) },
  response: { status: 200, description: 'The connection', schema: connectionResult },
  problems: googleProblems,
});
