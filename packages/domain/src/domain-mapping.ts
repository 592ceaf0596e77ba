import { z } from 'zod';
import { BrigadeError } from './errors';
import { multilineText, text, withTextRule } from './text';

/**
 * Domain mappings: the DomainMapping, its states, redirects and availability. Pure rules only: validation
 * with its messages, reserved names, subdomain generation,
 * redirect logic and the status helpers. Storage is in packages/core/src/domains.
 */

// Domain length 253, label 63.
export const DOMAIN_MAX_LENGTH = 253;
export const DOMAIN_LABEL_MAX_LENGTH = 63;
// Generated subdomains, numeric suffix up to 100 tries.
export const SUBDOMAIN_PREFIX = 'restaurant-';
export const SUBDOMAIN_MAX_ATTEMPTS = 100;
// Query limit 1-100 (default 50); prefix search default 20.
export const DOMAIN_QUERY_MAX_LIMIT = 100;
export const DOMAIN_QUERY_DEFAULT_LIMIT = 50;
export const DOMAIN_SEARCH_DEFAULT_LIMIT = 20;
// Expiring soon within 30 days by default.
export const EXPIRING_SOON_DAYS = 30;

export const DOMAIN_TYPES = ['custom', 'subdomain'] as const;
export type DomainType = (typeof DOMAIN_TYPES)[number];
export const SSL_STATUSES = ['pending', 'issued', 'failed', 'expired'] as const;
export type SslStatus = (typeof SSL_STATUSES)[number];
export const VERIFICATION_STATUSES = ['pending', 'verified', 'failed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const WWW_REDIRECTS = ['none', 'www_to_apex', 'apex_to_www'] as const;
export type WwwRedirect = (typeof WWW_REDIRECTS)[number];

/**
 * Names containing localhost, {host}, {host} or invalid are refused. The earlier system elided the two
 * middle names; we read them as the loopback and unspecified addresses (see docs/decisions/010-domains.md).
 */
export const RESERVED_DOMAIN_PARTS = ['localhost', '127.0.0.1', '0.0.0.0', 'invalid'] as const;

export const DOMAIN_MESSAGES = {
  required: 'Domain is required',
  tooLong: 'Domain must be less than 253 characters',
  format: 'Invalid domain format',
  hostingFormat: 'Invalid domain name format',
  reserved: 'Cannot use reserved domain',
  subdomainRequired: 'Subdomain is required',
  subdomainTooLong: 'Subdomain must be less than 63 characters',
  subdomainFormat:
    'Subdomain must contain only letters, numbers, and hyphens, and cannot start or end with a hyphen',
  guid: 'Invalid GUID format',
  redirectUrl: 'Invalid redirect URL',
  canonicalUrl: 'Invalid canonical URL',
  createdBy: 'Creator ID is required',
  updatedBy: 'Updater ID is required',
  bulkEmpty: 'At least one mapping is required',
  limit: 'Limit cannot exceed 100',
  subdomainExhausted: 'Unable to generate unique subdomain after 100 attempts',
  noResolution:
    'No valid resolution method found. Please provide either URL parameters (tenant + restaurant), a valid domain mapping, or a restaurant slug.',
  notFoundText: 'No restaurant is configured for this domain or URL.',
  missingGuids: 'Missing tenant or restaurant GUID in URL parameters',
  // Ours (issue 14; the spec gives no wording): statuses are proved, not declared.
  statusChangeForbidden: "Only a site administrator can change a domain's verification or SSL status",
} as const;

/** Ours (issue 14): a mapping of type subdomain is verified from the start, so it must be one of ours. */
export const subdomainOutsideBaseMessage = (baseDomain: string) =>
  `Subdomain must be a name under ${normalizeDomain(baseDomain)}`;

export const mappingNotFoundMessage = (guid: string) => `Domain mapping with GUID ${guid} not found`;
export const noRestaurantForDomainMessage = (host: string) => `No restaurant configured for domain: ${host}`;
export const noRestaurantForSlugMessage = (slug: string) => `Restaurant not found for slug: ${slug}`;

// Hostname labels: letters, digits and inner hyphens, 1-63 characters; at least two labels.
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const DOMAIN_PATTERN = new RegExp(`^${LABEL}(?:\\.${LABEL})+$`, 'i');
const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export const isReservedDomain = (domain: string): boolean => {
  const lower = domain.toLowerCase();
  return RESERVED_DOMAIN_PARTS.some((part) => lower.includes(part));
};

/** Checks a domain and returns every message that applies, in a fixed order. */
export function domainErrors(input: unknown, formatMessage: string = DOMAIN_MESSAGES.format): string[] {
  if (typeof input !== 'string' || input.trim() === '') return [DOMAIN_MESSAGES.required];
  const domain = input.trim();
  const errors: string[] = [];
  if (domain.length > DOMAIN_MAX_LENGTH) errors.push(DOMAIN_MESSAGES.tooLong);
  if (!DOMAIN_PATTERN.test(domain)) errors.push(formatMessage);
  if (isReservedDomain(domain)) errors.push(DOMAIN_MESSAGES.reserved);
  return errors;
}

/** Domain lowercased. Trimmed, and a trailing root dot dropped. */
export const normalizeDomain = (domain: string): string => domain.trim().toLowerCase().replace(/\.$/, '');

export const domainSchema = z
  .string({ error: DOMAIN_MESSAGES.required })
  .transform(normalizeDomain)
  .superRefine((value, ctx) => {
    for (const message of domainErrors(value)) ctx.addIssue({ code: 'custom', message });
  });

/** The hosting form's wording of the format message. */
export const hostingDomainSchema = z
  .string({ error: DOMAIN_MESSAGES.required })
  .transform(normalizeDomain)
  .superRefine((value, ctx) => {
    for (const message of domainErrors(value, DOMAIN_MESSAGES.hostingFormat)) {
      ctx.addIssue({ code: 'custom', message });
    }
  });

export const subdomainSchema = z
  .string({ error: DOMAIN_MESSAGES.subdomainRequired })
  .min(1, { error: DOMAIN_MESSAGES.subdomainRequired, abort: true })
  .max(DOMAIN_LABEL_MAX_LENGTH, DOMAIN_MESSAGES.subdomainTooLong)
  .regex(SUBDOMAIN_PATTERN, DOMAIN_MESSAGES.subdomainFormat);

export const domainGuidSchema = z.uuid({ error: DOMAIN_MESSAGES.guid });

export const redirectConfigSchema = z.object({
  wwwRedirect: z.enum(WWW_REDIRECTS).default('none'),
  redirectTo: withTextRule(z.url({ protocol: /^https?$/, error: DOMAIN_MESSAGES.redirectUrl })).optional(),
});
export type RedirectConfig = z.infer<typeof redirectConfigSchema>;

export const seoConfigSchema = z.object({
  canonicalUrl: withTextRule(z.url({ protocol: /^https?$/, error: DOMAIN_MESSAGES.canonicalUrl })).optional(),
  noIndex: z.boolean().optional(),
});
export type SeoConfig = z.infer<typeof seoConfigSchema>;

/** The hosting config {domain id, lastVerificationAttempt, verificationError} plus the attempt count. */
export const hostingConfigSchema = z.object({
  domainId: text().optional(),
  verificationAttempts: z.number().int().min(0).default(0),
  lastVerificationAttempt: z.date().nullable().default(null),
  verificationError: multilineText().nullable().default(null),
});
export type HostingConfig = z.infer<typeof hostingConfigSchema>;

/**
 * A stored mapping. Creation and model loading fail when domainId, guid, domain, tenantGuid,
 * restaurantGuid or createdBy is missing or invalid.
 */
export const domainMappingSchema = z.object({
  domainId: z.number({ error: 'Domain ID must be a positive integer' }).int().positive(),
  guid: domainGuidSchema,
  domain: domainSchema,
  domainType: z.enum(DOMAIN_TYPES),
  tenantGuid: domainGuidSchema,
  restaurantGuid: domainGuidSchema,
  isActive: z.boolean().default(true),
  isPrimary: z.boolean().default(false),
  sslStatus: z.enum(SSL_STATUSES).default('pending'),
  verificationStatus: z.enum(VERIFICATION_STATUSES).default('pending'),
  verificationToken: text().nullable().optional(),
  redirectConfig: redirectConfigSchema.prefault({}),
  seoConfig: seoConfigSchema.prefault({}),
  hostingConfig: hostingConfigSchema.prefault({}),
  createdAt: z.date(),
  updatedAt: z.date(),
  // "Creator ID is required", "Updater ID is required".
  createdBy: text({ error: DOMAIN_MESSAGES.createdBy }).min(1, DOMAIN_MESSAGES.createdBy),
  updatedBy: text({ error: DOMAIN_MESSAGES.updatedBy }).min(1, DOMAIN_MESSAGES.updatedBy),
});
export type DomainMapping = z.infer<typeof domainMappingSchema>;

/**
 * What an anonymous caller learns of a served mapping (the "mapping" of a resolution result): the host and
 * what a public site does with it. Never who created it, its verification token or its hosting details.
 */
export const publicDomainMappingSchema = z.strictObject({
  domain: z.string(),
  domainType: z.enum(DOMAIN_TYPES),
  isPrimary: z.boolean(),
  redirectConfig: redirectConfigSchema,
  seoConfig: seoConfigSchema,
});
export type PublicDomainMapping = z.infer<typeof publicDomainMappingSchema>;

export const publicDomainMappingView = (mapping: DomainMapping): PublicDomainMapping => ({
  domain: mapping.domain,
  domainType: mapping.domainType,
  isPrimary: mapping.isPrimary,
  redirectConfig: mapping.redirectConfig,
  seoConfig: mapping.seoConfig,
});

/**
 * Fields only ownership proof changes (issue 14): the DNS check sets verificationStatus; a site administrator
 * may set either, and that change is recorded. Tenants may send the stored values back (not a change).
 */
export const PROVED_STATUS_FIELDS = ['verificationStatus', 'sslStatus'] as const;
export type ProvedStatusField = (typeof PROVED_STATUS_FIELDS)[number];
export type StatusChanges = Partial<Record<ProvedStatusField, { from: string; to: string }>>;

/** The proved-status fields an update would really change (sent and different from the stored value). */
export function provedStatusChanges(
  stored: Pick<DomainMapping, ProvedStatusField>,
  sent: Partial<Pick<DomainMapping, ProvedStatusField>>,
): StatusChanges {
  const changes: StatusChanges = {};
  for (const field of PROVED_STATUS_FIELDS) {
    const to = sent[field];
    if (to !== undefined && to !== stored[field]) changes[field] = { from: stored[field], to };
  }
  return changes;
}

/** Subdomains start ssl issued and verified; custom domains start pending and pending. */
export function initialStatuses(domainType: DomainType): {
  sslStatus: SslStatus;
  verificationStatus: VerificationStatus;
} {
  return domainType === 'subdomain'
    ? { sslStatus: 'issued', verificationStatus: 'verified' }
    : { sslStatus: 'pending', verificationStatus: 'pending' };
}

type StatusView = Pick<DomainMapping, 'isActive' | 'sslStatus' | 'verificationStatus'>;

/** A domain needs verification while pending or failed. */
export const needsVerification = (m: Pick<StatusView, 'verificationStatus'>): boolean =>
  m.verificationStatus === 'pending' || m.verificationStatus === 'failed';
/** SSL renewal is needed when expired or failed. */
export const needsSslRenewal = (m: Pick<StatusView, 'sslStatus'>): boolean =>
  m.sslStatus === 'expired' || m.sslStatus === 'failed';
/** Usable when active and verified. */
export const isUsable = (m: Pick<StatusView, 'isActive' | 'verificationStatus'>): boolean =>
  m.isActive && m.verificationStatus === 'verified';
/** HTTPS is used only when SSL is issued. */
export const protocolFor = (m: Pick<StatusView, 'sslStatus'>): 'https' | 'http' =>
  m.sslStatus === 'issued' ? 'https' : 'http';

/** Available if no mapping exists, or the found mapping has the excluded guid or id. */
export function isDomainAvailable(
  existing: Pick<DomainMapping, 'guid' | 'domainId'> | null,
  exclude: { guid?: string | undefined; domainId?: number | undefined } = {},
): boolean {
  if (!existing) return true;
  return existing.guid === exclude.guid || existing.domainId === exclude.domainId;
}

/**
 * Redirects: www_to_apex sends a www host to the apex, apex_to_www an apex host to www; an explicit
 * redirectTo overrides both. The target keeps the mapping's protocol (https only when SSL is issued).
 */
export function redirectFor(
  host: string,
  mapping: Pick<DomainMapping, 'redirectConfig' | 'sslStatus'>,
): { shouldRedirect: boolean; redirectTo: string | null } {
  const { redirectConfig } = mapping;
  if (redirectConfig.redirectTo) return { shouldRedirect: true, redirectTo: redirectConfig.redirectTo };
  const lower = normalizeDomain(host);
  const scheme = protocolFor(mapping);
  if (redirectConfig.wwwRedirect === 'www_to_apex' && lower.startsWith('www.')) {
    return { shouldRedirect: true, redirectTo: `${scheme}://${lower.slice(4)}` };
  }
  if (redirectConfig.wwwRedirect === 'apex_to_www' && !lower.startsWith('www.')) {
    return { shouldRedirect: true, redirectTo: `${scheme}://www.${lower}` };
  }
  return { shouldRedirect: false, redirectTo: null };
}

/** "restaurant-" plus the last 8 characters of the restaurant guid; attempt n>0 adds "-n". */
export function subdomainCandidate(restaurantGuid: string, baseDomain: string, attempt: number): string {
  const label = `${SUBDOMAIN_PREFIX}${restaurantGuid.replace(/-/g, '').slice(-8).toLowerCase()}`;
  return `${attempt === 0 ? label : `${label}-${attempt}`}.${normalizeDomain(baseDomain)}`;
}

/** Tries up to 100 candidates; `isTaken` checks storage. */
export async function generateUniqueSubdomain(
  restaurantGuid: string,
  baseDomain: string,
  isTaken: (domain: string) => Promise<boolean>,
): Promise<string> {
  for (let attempt = 0; attempt < SUBDOMAIN_MAX_ATTEMPTS; attempt++) {
    const candidate = subdomainCandidate(restaurantGuid, baseDomain, attempt);
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new BrigadeError('conflict', 'SUBDOMAIN_EXHAUSTED', DOMAIN_MESSAGES.subdomainExhausted);
}

/** Suggestions for a domain that failed validation or is taken (a cleaned-up form, or the www variant). */
export function domainSuggestions(input: string, isAvailable: boolean): string[] {
  const cleaned = normalizeDomain(
    input
      .trim()
      .replace(/^[a-z]+:\/\//i, '')
      .replace(/[/?#].*$/, '')
      .replace(/:\d+$/, ''),
  );
  const suggestions: string[] = [];
  if (cleaned !== normalizeDomain(input) && domainErrors(cleaned).length === 0) suggestions.push(cleaned);
  if (!isAvailable && domainErrors(cleaned).length === 0) {
    suggestions.push(cleaned.startsWith('www.') ? cleaned.slice(4) : `www.${cleaned}`);
  }
  return suggestions;
}

/** Hosting-provider domains: expired when the expiry is past, expiring soon within 30 days. */
export const isDomainExpired = (expires: number | null | undefined, now: number): boolean =>
  expires != null && expires < now;
export const isDomainExpiringSoon = (
  expires: number | null | undefined,
  now: number,
  days: number = EXPIRING_SOON_DAYS,
): boolean => expires != null && expires >= now && expires - now <= days * 86_400_000;
export const isExternalDomain = (serviceType: string | undefined): boolean => serviceType === 'external';
export const isManagedDomain = (serviceType: string | undefined): boolean => serviceType === 'zeit.world';

/** The DNS TXT record that proves ownership of a custom domain (docs/decisions/010-domains.md). */
export const VERIFICATION_RECORD_PREFIX = '_brigade-verification';
export const verificationRecordName = (domain: string): string =>
  `${VERIFICATION_RECORD_PREFIX}.${normalizeDomain(domain)}`;
