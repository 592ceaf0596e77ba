import {
  DOMAIN_SEARCH_DEFAULT_LIMIT,
  domainGuidSchema,
  domainMappingSchema,
  publicDomainMappingSchema,
  seoConfigSchema,
  subdomainSchema,
} from '@brigade/domain/domain-mapping';
import {
  bulkCreateDomainMappingsSchema,
  bulkUpdateDomainMappingsSchema,
  createDomainMappingInputSchema,
  domainMappingQuerySchema,
  updateDomainMappingInputSchema,
} from '@brigade/domain/domain-mapping-input';
import { INT32_MAX, int32MaxMessage } from '@brigade/domain/integers';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { guidParams } from './tenancy-params';

// Owners and admins manage their tenants' mappings, site administrators all. The tenant is named
// by the mapping (tenantGuid), not the path, so access is "signed-in" and the use-case checks the tenant:
// another tenant's mapping is 404, as if it did not exist.
const signedIn = { kind: 'signed-in' } as const;
const tags = ['domains'];
const base = '/domain-mappings';

const mappingResult = successOf(z.object({ mapping: domainMappingSchema }));
const mappingsResult = successOf(z.object({ mappings: z.array(domainMappingSchema) }));
const bulkResult = successOf(
  z.object({
    results: z.array(
      z.object({
        index: z.number(),
        success: z.boolean(),
        guid: z.string().optional(),
        mapping: domainMappingSchema.optional(),
        error: z.string().optional(),
      }),
    ),
    summary: z.object({ total: z.number(), successful: z.number(), failed: z.number() }),
  }),
);
const excludeQuery = {
  excludeGuid: domainGuidSchema.optional(),
  excludeDomainId: z.coerce.number().int().positive().max(INT32_MAX, int32MaxMessage('Domain ID')).optional(),
};
const targetBody = z.object({ tenantGuid: domainGuidSchema, restaurantGuid: domainGuidSchema });

export const createDomainMapping = defineEndpoint({
  id: 'createDomainMapping',
  method: 'POST',
  path: base,
  summary: 'Map a custom domain or a subdomain to a restaurant',
  description:
    'domainId from the counter, guid, domain lowercased; a subdomain starts ssl issued and ' +
    'verified, a custom domain pending and pending (with a verificationToken for its DNS TXT record); ' +
    'isActive true, isPrimary false unless sent. 409 when the domain is already mapped.',
  tags,
  access: signedIn,
  changes: 'domains',
  request: { body: createDomainMappingInputSchema },
  response: { status: 201, description: 'Created', schema: mappingResult },
  problems: [404, 409],
});

export const createGeneratedSubdomain = defineEndpoint({
  id: 'createGeneratedSubdomain',
  method: 'POST',
  path: `${base}/subdomain`,
  summary: 'Map the restaurant’s subdomain under the base domain: the chosen one, or a generated one',
  description:
    'With `subdomain` (one label: letters, digits and hyphens, not at either end, up to 63) that name under ' +
    'BRIGADE_BASE_DOMAIN; 409 "Domain {domain} is already mapped" when taken. Without it: ' +
    '"restaurant-" plus the last 8 characters of the restaurant guid, a numeric suffix on collision, up to ' +
    '100 tries.',
  tags,
  access: signedIn,
  changes: 'domains',
  request: { body: targetBody.extend({ subdomain: subdomainSchema.optional() }) },
  response: { status: 201, description: 'Created', schema: mappingResult },
  problems: [404, 409],
});

export const queryDomainMappings = defineEndpoint({
  id: 'queryDomainMappings',
  method: 'GET',
  path: base,
  summary: 'Query mappings by guid, domainId, domain, tenantGuid, restaurantGuid, isActive',
  description: 'limit 1-100 (default 50), offset, sortBy domain|createdAt|updatedAt, sortOrder.',
  tags,
  access: signedIn,
  request: { query: domainMappingQuerySchema },
  response: { status: 200, description: 'The mappings the caller manages', schema: mappingsResult },
});

export const searchDomainMappings = defineEndpoint({
  id: 'searchDomainMappings',
  method: 'GET',
  path: `${base}/search`,
  summary: 'Prefix search by domain (default 20)',
  tags,
  access: signedIn,
  request: {
    query: z.object({
      prefix: text({ error: 'Domain is required' }).min(1, 'Domain is required'),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(100, 'Limit cannot exceed 100')
        .default(DOMAIN_SEARCH_DEFAULT_LIMIT),
    }),
  },
  response: { status: 200, description: 'Matching mappings by domain', schema: mappingsResult },
});

export const checkDomainAvailability = defineEndpoint({
  id: 'checkDomainAvailability',
  method: 'GET',
  path: `${base}/availability`,
  summary: 'Whether a domain is free (a mapping with the excluded guid or id does not count)',
  tags,
  access: signedIn,
  request: { query: z.object({ domain: text({ error: 'Domain is required' }), ...excludeQuery }) },
  response: {
    status: 200,
    description: 'Availability',
    schema: successOf(z.object({ domain: z.string(), available: z.boolean() })),
  },
});

export const validateDomain = defineEndpoint({
  id: 'validateDomain',
  method: 'GET',
  path: `${base}/validate`,
  summary: 'Domain validation result {domain, isValid, isAvailable, existingMapping, errors, suggestions}',
  tags,
  access: signedIn,
  request: { query: z.object({ domain: text().default(''), ...excludeQuery }) },
  response: {
    status: 200,
    description: 'The validation result (existingMapping only when the caller manages it)',
    schema: successOf(
      z.object({
        domain: z.string(),
        isValid: z.boolean(),
        isAvailable: z.boolean(),
        existingMapping: domainMappingSchema.nullable(),
        errors: z.array(z.string()),
        suggestions: z.array(z.string()),
      }),
    ),
  },
});

export const bulkCreateDomainMappings = defineEndpoint({
  id: 'bulkCreateDomainMappings',
  method: 'POST',
  path: `${base}/bulk`,
  summary: 'Create several mappings; failures are reported beside the successes',
  tags,
  access: signedIn,
  changes: 'domains',
  request: { body: bulkCreateDomainMappingsSchema },
  response: { status: 200, description: 'Results and summary', schema: bulkResult },
});

export const bulkUpdateDomainMappings = defineEndpoint({
  id: 'bulkUpdateDomainMappings',
  method: 'PATCH',
  path: `${base}/bulk`,
  summary: 'Update several mappings; failures are reported beside the successes',
  tags,
  access: signedIn,
  changes: 'domains',
  request: { body: bulkUpdateDomainMappingsSchema },
  response: { status: 200, description: 'Results and summary', schema: bulkResult },
});

export const getDomainMapping = defineEndpoint({
  id: 'getDomainMapping',
  method: 'GET',
  path: `${base}/{guid}`,
  summary: 'A mapping by guid',
  tags,
  access: signedIn,
  request: { params: guidParams },
  response: { status: 200, description: 'The mapping', schema: mappingResult },
  problems: [404],
});

export const updateDomainMapping = defineEndpoint({
  id: 'updateDomainMapping',
  method: 'PATCH',
  path: `${base}/{guid}`,
  summary: 'Update a mapping (statuses, flags, redirect and SEO configuration)',
  description:
    'domainId, guid, domain, domainType, tenant, restaurant, createdAt and createdBy cannot ' +
    'change. verificationStatus and sslStatus change only by the verify endpoint or by a site ' +
    'administrator (recorded); anyone else sending a different value gets 403, the stored value is fine.',
  tags,
  access: signedIn,
  changes: 'domains',
  request: { params: guidParams, body: updateDomainMappingInputSchema },
  response: { status: 200, description: 'Updated', schema: mappingResult },
  problems: [403, 404],
});

export const deleteDomainMapping = defineEndpoint({
  id: 'deleteDomainMapping',
  method: 'DELETE',
  path: `${base}/{guid}`,
  summary: 'Delete a mapping',
  tags,
  access: signedIn,
  changes: 'domains',
  request: { params: guidParams },
  response: { status: 204, description: 'Deleted' },
  problems: [404],
});

export const transferDomainMapping = defineEndpoint({
  id: 'transferDomainMapping',
  method: 'POST',
  path: `${base}/{guid}/transfer`,
  summary: 'Move a mapping to another tenant and restaurant (isPrimary reset)',
  description: 'The caller must manage both the current and the target tenant.',
  tags,
  access: signedIn,
  changes: 'domains',
  request: { params: guidParams, body: targetBody },
  response: { status: 200, description: 'Transferred', schema: mappingResult },
  problems: [404],
});

export const verifyDomainMapping = defineEndpoint({
  id: 'verifyDomainMapping',
  method: 'POST',
  path: `${base}/{guid}/verify`,
  summary: 'Verify ownership of a custom domain by its DNS TXT record',
  description:
    'Looks up the TXT record `_brigade-verification.<domain>`; it must hold the mapping’s verificationToken. ' +
    'Each attempt is recorded (verificationAttempts, lastVerificationAttempt, verificationError); the mapping ' +
    'becomes verified or failed. Subdomains are verified from the start.',
  tags,
  access: signedIn,
  changes: 'domains',
  request: { params: guidParams },
  response: {
    status: 200,
    description: 'The mapping and its verification status',
    schema: successOf(
      z.object({
        mapping: domainMappingSchema,
        verification: z.object({
          domain: z.string(),
          verified: z.boolean(),
          verificationAttempts: z.number().int().min(0),
          lastVerificationAttempt: z.date().nullable(),
          verificationError: z.string().nullable(),
          dnsRecords: z.array(z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() })),
        }),
      }),
    ),
  },
  problems: [404],
});

export const getDomainMappingStatus = defineEndpoint({
  id: 'getDomainMappingStatus',
  method: 'GET',
  path: `${base}/{guid}/status`,
  summary:
    'Status helpers: needs verification, needs SSL renewal, usable, protocol; and the TXT record to set',
  tags,
  access: signedIn,
  request: { params: guidParams },
  response: {
    status: 200,
    description: 'The status view',
    schema: successOf(
      z.object({
        domain: z.string(),
        needsVerification: z.boolean(),
        needsSslRenewal: z.boolean(),
        isUsable: z.boolean(),
        protocol: z.enum(['https', 'http']),
        verificationRecord: z
          .object({ type: z.literal('TXT'), name: z.string(), value: z.string() })
          .nullable(),
      }),
    ),
  },
  problems: [404],
});

export const resolvePublicRestaurant = defineEndpoint({
  id: 'resolvePublicRestaurant',
  method: 'GET',
  path: '/public/resolve',
  summary: 'Resolve the restaurant of a public site',
  description:
    'tenant|tenantGuid + restaurant|restaurantGuid first, then the host (not localhost; the ' +
    '`host` query, else the Host header) through the domain mappings, then the first segment of `path` as a ' +
    'slug. Not found is 200 with found false and the reason in `error`. A host is found only when its ' +
    'mapping is active and verified (usable; a custom domain by its DNS check) and its ' +
    'restaurant active; `mapping` then holds only its public fields.',
  tags,
  access: { kind: 'public' },
  request: {
    query: z.object({
      tenant: text().optional(),
      tenantGuid: text().optional(),
      restaurant: text().optional(),
      restaurantGuid: text().optional(),
      host: text().optional(),
      path: text().optional(),
    }),
  },
  response: {
    status: 200,
    description: 'The resolution result',
    schema: z.object({
      found: z.boolean(),
      mapping: publicDomainMappingSchema.nullable(),
      tenantGuid: z.string().nullable(),
      restaurantGuid: z.string().nullable(),
      shouldRedirect: z.boolean(),
      redirectTo: z.string().nullable(),
      seoConfig: seoConfigSchema.nullable(),
      method: z.enum(['params', 'domain', 'slug', 'none']),
      error: z.string().nullable(),
    }),
  },
});

export const tlsAsk = defineEndpoint({
  id: 'tlsAsk',
  method: 'GET',
  path: '/domains/tls-ask',
  summary: 'On-demand TLS permission (Caddy `ask`): 200 only for a host with a usable mapping',
  description:
    'Active and verified mapping of an active restaurant; 404 otherwise. Served from the host cache.',
  tags,
  access: { kind: 'public' },
  request: { query: z.object({ domain: text().default('') }) },
  response: {
    status: 200,
    description: 'A certificate may be issued',
    schema: z.object({ domain: z.string(), allowed: z.literal(true) }),
  },
  problems: [404],
});
