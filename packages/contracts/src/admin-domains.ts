import {
  DOMAIN_QUERY_DEFAULT_LIMIT,
  DOMAIN_QUERY_MAX_LIMIT,
  DOMAIN_TYPES,
  domainMappingSchema,
  SSL_STATUSES,
  VERIFICATION_STATUSES,
} from '@brigade/domain/domain-mapping';
import { INT32_MAX, int32MaxMessage } from '@brigade/domain/integers';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

// issue 17: the site administration's view of every tenant's domain mappings (the tenant-scoped API is
// domains.ts, where each caller sees the tenants it manages).
const tags = ['domains'];

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

export const listAllDomainMappings = defineEndpoint({
  id: 'listAllDomainMappings',
  method: 'GET',
  path: '/admin/domain-mappings',
  summary: 'Every tenant’s domain mappings with the tenant and restaurant names (site administrators)',
  description:
    'issue 17: search matches the domain, the restaurant’s name and slug and the tenant’s names anywhere, ' +
    `case-insensitively; filters verificationStatus, sslStatus, domainType, isActive; by domain; limit 1-${DOMAIN_QUERY_MAX_LIMIT} ` +
    `(default ${DOMAIN_QUERY_DEFAULT_LIMIT}), offset.`,
  tags: [...tags, 'admin'],
  access: { kind: 'site-admin' },
  request: {
    query: z.object({
      search: text().optional(),
      verificationStatus: oneOf(VERIFICATION_STATUSES, 'Verification status').optional(),
      sslStatus: oneOf(SSL_STATUSES, 'SSL status').optional(),
      domainType: oneOf(DOMAIN_TYPES, 'Domain type').optional(),
      isActive: z
        .enum(['true', 'false'], { error: 'isActive must be true or false' })
        .transform((value) => value === 'true')
        .optional(),
      limit: z.coerce
        .number({ error: 'Limit must be a number' })
        .int('Limit must be a whole number')
        .min(1, 'Limit must be at least 1')
        .max(DOMAIN_QUERY_MAX_LIMIT, 'Limit cannot exceed 100')
        .default(DOMAIN_QUERY_DEFAULT_LIMIT),
      offset: z.coerce
        .number({ error: 'Offset must be a number' })
        .int('Offset must be a whole number')
        .min(0, 'Offset cannot be negative')
        .max(INT32_MAX, int32MaxMessage('Offset'))
        .default(0),
    }),
  },
  response: {
    status: 200,
    description: 'The mappings, each with its tenant and restaurant',
    schema: successOf(
      z.object({
        mappings: z.array(
          z.object({
            mapping: domainMappingSchema,
            tenantId: z.number().int(),
            tenantDisplayName: z.string(),
            restaurantName: z.string(),
            restaurantSlug: z.string(),
          }),
        ),
      }),
    ),
  },
});
