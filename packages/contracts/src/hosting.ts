import { hostingDomainSchema } from '@brigade/domain/domain-mapping';
import {
  domainRequestSchema,
  hostingStatusSchema,
  projectDomainSchema,
  providerDomainSchema,
  redirectStatusCodeSchema,
} from '@brigade/domain/hosting';
import { text, withTextRule } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

// The hosting provider's domain operations under /hosting. They act on the platform's
// provider account, so they are for site administrators (tenants manage their mappings under
// /domain-mappings). Provider errors keep the provider's code.
const siteAdmin = { kind: 'site-admin' } as const;
const tags = ['hosting'];
const base = '/hosting/domains';
const flagged = providerDomainSchema.extend({
  expired: z.boolean(),
  expiringSoon: z.boolean(),
  external: z.boolean(),
  managed: z.boolean(),
});
const domainParams = z.object({ domain: hostingDomainSchema });
const domainQuery = z.object({ domain: hostingDomainSchema });

export const registerHostingDomain = defineEndpoint({
  id: 'registerHostingDomain',
  method: 'POST',
  path: base,
  summary: 'Register, transfer in or move in a domain at the provider',
  description: 'The method is exactly add, transfer-in or move-in; move-in needs token; expectedPrice > 0.',
  tags,
  access: siteAdmin,
  changes: 'domains',
  request: { body: domainRequestSchema },
  response: {
    status: 201,
    description: 'The provider domain',
    schema: successOf(z.object({ domain: flagged })),
  },
  problems: [409, 503],
});

export const listHostingDomains = defineEndpoint({
  id: 'listHostingDomains',
  method: 'GET',
  path: base,
  summary: 'The provider account’s domains, with expired / expiring soon (30 days) / external / managed',
  tags,
  access: siteAdmin,
  response: {
    status: 200,
    description: 'Domains and pagination',
    schema: successOf(
      z.object({
        domains: z.array(flagged),
        pagination: z.object({ count: z.number(), next: z.number().nullable(), prev: z.number().nullable() }),
      }),
    ),
  },
  problems: [503],
});

export const listExpiringHostingDomains = defineEndpoint({
  id: 'listExpiringHostingDomains',
  method: 'GET',
  path: `${base}/expiring-soon`,
  summary: 'Domains expiring within 30 days',
  tags,
  access: siteAdmin,
  response: {
    status: 200,
    description: 'Domains',
    schema: successOf(z.object({ domains: z.array(flagged) })),
  },
  problems: [503],
});

export const addHostingDomain = defineEndpoint({
  id: 'addHostingDomain',
  method: 'POST',
  path: `${base}/add`,
  summary: 'Add a domain to the hosting project (optionally redirecting, status 300-399)',
  tags,
  access: siteAdmin,
  changes: 'domains',
  request: {
    body: z.object({
      domain: hostingDomainSchema,
      redirectConfig: z

        .object({
          to: withTextRule(z.url({ error: 'Invalid redirect URL' })),
          statusCode: redirectStatusCodeSchema,
        })
        .optional(),
    }),
  },
  response: {
    status: 200,
    description: 'The project domain',
    schema: successOf(z.object({ domain: projectDomainSchema })),
  },
  problems: [409, 503],
});

export const verifyHostingDomain = defineEndpoint({
  id: 'verifyHostingDomain',
  method: 'POST',
  path: `${base}/verify`,
  summary: 'Ask the provider to verify a project domain',
  tags,
  access: siteAdmin,
  changes: 'domains',
  request: { body: z.object({ domain: hostingDomainSchema }) },
  response: {
    status: 200,
    description: 'Verified or not, with the TXT record to set',
    schema: successOf(
      z.object({
        verified: z.boolean(),
        domain: projectDomainSchema.nullable(),
        error: z.string().nullable(),
      }),
    ),
  },
  problems: [404, 503],
});

export const removeHostingDomain = defineEndpoint({
  id: 'removeHostingDomain',
  method: 'DELETE',
  path: `${base}/remove`,
  summary: 'Remove a domain from the hosting project',
  tags,
  access: siteAdmin,
  changes: 'domains',
  request: { body: z.object({ domain: hostingDomainSchema }) },
  response: { status: 204, description: 'Removed' },
  problems: [404, 503],
});

export const getHostingDomainStatus = defineEndpoint({
  id: 'getHostingDomainStatus',
  method: 'GET',
  path: `${base}/status`,
  summary: 'Hosting status {domain, verified, sslEnabled, configuredBy, verificationRecord}',
  tags,
  access: siteAdmin,
  request: { query: domainQuery },
  response: { status: 200, description: 'Status', schema: successOf(hostingStatusSchema) },
  problems: [404, 503],
});

export const validateHostingOwnership = defineEndpoint({
  id: 'validateHostingOwnership',
  method: 'GET',
  path: `${base}/validate-ownership`,
  summary: 'Whether the project domain is verified (false on failure)',
  tags,
  access: siteAdmin,
  request: { query: domainQuery },
  response: { status: 200, description: 'Ownership', schema: successOf(z.object({ owned: z.boolean() })) },
});

export const getHostingDomainConfig = defineEndpoint({
  id: 'getHostingDomainConfig',
  method: 'GET',
  path: `${base}/{domain}/config`,
  summary: 'DNS configuration as the provider sees it (null on failure)',
  tags,
  access: siteAdmin,
  request: { params: domainParams },
  response: {
    status: 200,
    description: 'Config',
    schema: successOf(
      z.object({
        config: z.object({ configuredBy: z.string().nullable(), misconfigured: z.boolean() }).nullable(),
      }),
    ),
  },
});

export const getHostingDnsRecords = defineEndpoint({
  id: 'getHostingDnsRecords',
  method: 'GET',
  path: `${base}/{domain}/dns`,
  summary: 'DNS records at the provider (empty on failure)',
  tags,
  access: siteAdmin,
  request: { params: domainParams },
  response: {
    status: 200,
    description: 'Records',
    schema: successOf(
      z.object({
        records: z.array(
          z.object({
            type: z.string(),
            name: z.string(),
            value: z.string(),
            ttl: z.number().int().positive().optional(),
          }),
        ),
      }),
    ),
  },
});

export const getHostingDomain = defineEndpoint({
  id: 'getHostingDomain',
  method: 'GET',
  path: `${base}/{domain}`,
  summary: 'A provider domain',
  tags,
  access: siteAdmin,
  request: { params: domainParams },
  response: { status: 200, description: 'The domain', schema: successOf(z.object({ domain: flagged })) },
  problems: [404, 503],
});

export const deleteHostingDomain = defineEndpoint({
  id: 'deleteHostingDomain',
  method: 'DELETE',
  path: `${base}/{domain}`,
  summary: 'Delete a provider domain',
  tags,
  access: siteAdmin,
  changes: 'domains',
  request: { params: domainParams },
  response: { status: 204, description: 'Deleted' },
  problems: [404, 503],
});

export const setupDomainWithRedirect = defineEndpoint({
  id: 'setupDomainWithRedirect',
  method: 'POST',
  path: '/hosting/setup-domain-with-redirect',
  summary: 'Add a main domain and a second domain redirecting to it (308), and map both to the restaurant',
  description:
    'Both are added to the hosting project (the second with a redirect to the main one) and ' +
    'domain mappings are created (the second with redirectTo https://<main>). createdBy is the caller. ' +
    'All or nothing: when a step fails, the earlier ones are undone (domains removed from the project, no ' +
    'mapping written) and the failed step’s problem is the answer; `errors` is therefore always empty.',
  tags,
  access: siteAdmin,
  changes: 'domains',
  request: {
    body: z.object({
      mainDomain: hostingDomainSchema,
      subDomain: hostingDomainSchema,
      tenantGuid: z.uuid({ error: 'Invalid GUID format' }),
      restaurantGuid: z.uuid({ error: 'Invalid GUID format' }),
    }),
  },
  response: {
    status: 200,
    description: 'What was set up',
    schema: successOf(
      z.object({
        mainDomainStatus: projectDomainSchema.nullable(),
        subDomainStatus: projectDomainSchema.nullable(),
        mappingsCreated: z.number().int().min(0),
        errors: z.array(z.string()),
      }),
    ),
  },
  problems: [400, 404, 409, 503],
});

export const updateHostingDomain = defineEndpoint({
  id: 'updateHostingDomain',
  method: 'PATCH',
  path: `${base}/{domain}`,
  summary: 'Update a provider domain (renew, customNameservers, zone) or move it out to another account',
  tags,
  access: siteAdmin,
  changes: 'domains',
  request: {
    params: domainParams,
    body: z.discriminatedUnion('operation', [
      z.object({
        operation: z.literal('update'),
        renew: z.boolean().optional(),
        customNameservers: z.array(text().min(1, 'Nameserver entries must not be empty')).optional(),
        zone: z.boolean().optional(),
      }),
      z.object({
        operation: z.literal('move-out'),
        destination: text({ error: 'Destination is required' }).min(1, 'Destination is required'),
      }),
    ]),
  },
  response: {
    status: 200,
    description: 'The provider’s answer',
    schema: successOf(
      z.object({
        moved: z.boolean().optional(),
        token: z.string().optional(),
        renew: z.boolean().optional(),
        customNameservers: z.array(z.string()).optional(),
        zone: z.boolean().optional(),
      }),
    ),
  },
  problems: [404, 503],
});
