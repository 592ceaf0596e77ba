import { z } from 'zod';
import {
  DOMAIN_MESSAGES,
  DOMAIN_QUERY_DEFAULT_LIMIT,
  DOMAIN_QUERY_MAX_LIMIT,
  DOMAIN_TYPES,
  domainGuidSchema,
  domainSchema,
  normalizeDomain,
  redirectConfigSchema,
  SSL_STATUSES,
  seoConfigSchema,
  VERIFICATION_STATUSES,
} from './domain-mapping';
import { INT32_MAX, int32MaxMessage } from './integers';
import { text } from './text';

/**
 * What callers send about domain mappings (docs/behaviour/domains-and-public-sites.md#domain-mappings): create,
 * update (the fields it may not change refused by name), bulk create and update, and the query of the list.
 */

/**
 * The DNS proof of a custom domain is a token only the server makes (crypto-random, one per mapping, a new one
 * when the mapping moves to another restaurant): a caller who could choose it could name a value already in
 * someone else's DNS (issue 42). Sending one is refused, on create and on update.
 */
export const VERIFICATION_TOKEN_MESSAGE = 'verificationToken is issued by the server and cannot be set';
const serverIssuedToken = z.never({ error: VERIFICATION_TOKEN_MESSAGE }).optional();

/** What a caller sends to create a mapping; ids, timestamps, createdBy and the token are the server's. */
export const createDomainMappingInputSchema = z.object({
  domain: domainSchema,
  domainType: z.enum(DOMAIN_TYPES, { error: 'Domain type must be custom or subdomain' }),
  tenantGuid: domainGuidSchema,
  restaurantGuid: domainGuidSchema,
  isPrimary: z.boolean().optional(),
  redirectConfig: redirectConfigSchema.optional(),
  seoConfig: seoConfigSchema.optional(),
  verificationToken: serverIssuedToken,
});
export type CreateDomainMappingInput = z.infer<typeof createDomainMappingInputSchema>;

/** Update cannot change domainId, guid, domain, domainType, tenant, restaurant, createdAt or createdBy. */
export const IMMUTABLE_MAPPING_FIELDS = [
  'domainId',
  'guid',
  'domain',
  'domainType',
  'tenantGuid',
  'restaurantGuid',
  'createdAt',
  'createdBy',
] as const;

const immutableFieldRefusals = Object.fromEntries(
  IMMUTABLE_MAPPING_FIELDS.map((field) => [
    field,
    z.never({ error: `${field} cannot be changed` }).optional(),
  ]),
) as Record<(typeof IMMUTABLE_MAPPING_FIELDS)[number], z.ZodOptional<z.ZodNever>>;

export const updateDomainMappingInputSchema = z.object({
  ...immutableFieldRefusals,
  isActive: z.boolean().optional(),
  isPrimary: z.boolean().optional(),
  sslStatus: z.enum(SSL_STATUSES).optional(),
  verificationStatus: z.enum(VERIFICATION_STATUSES).optional(),
  verificationToken: serverIssuedToken,
  redirectConfig: redirectConfigSchema.optional(),
  seoConfig: seoConfigSchema.optional(),
});
export type UpdateDomainMappingInput = z.infer<typeof updateDomainMappingInputSchema>;

export const bulkCreateDomainMappingsSchema = z.object({
  mappings: z.array(z.unknown()).min(1, DOMAIN_MESSAGES.bulkEmpty),
});
export const bulkUpdateDomainMappingsSchema = z.object({
  mappings: z
    .array(z.object({ guid: domainGuidSchema, updates: z.unknown() }))
    .min(1, DOMAIN_MESSAGES.bulkEmpty),
});

const booleanQuery = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

export const domainMappingQuerySchema = z.object({
  guid: domainGuidSchema.optional(),
  domainId: z.coerce.number().int().positive().max(INT32_MAX, int32MaxMessage('Domain ID')).optional(),
  domain: text().transform(normalizeDomain).optional(),
  tenantGuid: domainGuidSchema.optional(),
  restaurantGuid: domainGuidSchema.optional(),
  isActive: booleanQuery.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be at least 1')
    .max(DOMAIN_QUERY_MAX_LIMIT, DOMAIN_MESSAGES.limit)
    .default(DOMAIN_QUERY_DEFAULT_LIMIT),
  offset: z.coerce
    .number()
    .int()
    .min(0, 'Offset cannot be negative')
    .max(INT32_MAX, int32MaxMessage('Offset'))
    .default(0),
  sortBy: z.enum(['domain', 'createdAt', 'updatedAt']).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type DomainMappingQuery = z.infer<typeof domainMappingQuerySchema>;
