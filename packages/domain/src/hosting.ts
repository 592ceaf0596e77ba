import { z } from 'zod';
import {
  hostingDomainSchema,
  isDomainExpired,
  isDomainExpiringSoon,
  isExternalDomain,
  isManagedDomain,
} from './domain-mapping';
import { text } from './text';

/**
 * Hosting-provider domain requests and results (domain requests, hosting status, the request rules).
 * Pure schemas; the client and emulator are in packages/integrations/hosting.
 */
export const DOMAIN_REQUEST_METHODS = ['add', 'transfer-in', 'move-in'] as const;

// Method must be exactly add, transfer-in or move-in; name required; move-in requires token;
// expectedPrice positive.
export const domainRequestSchema = z
  .object({
    name: hostingDomainSchema,
    method: z.enum(DOMAIN_REQUEST_METHODS, { error: 'Method must be add, transfer-in or move-in' }),
    cdnEnabled: z.boolean().optional(),
    zone: z.boolean().optional(),
    authCode: text().optional(),
    expectedPrice: z.number().positive('Expected price must be positive').optional(),
    token: text().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.method === 'move-in' && !value.token) {
      ctx.addIssue({ code: 'custom', path: ['token'], message: 'Token is required for move-in' });
    }
  });
export type DomainRequest = z.infer<typeof domainRequestSchema>;

/** Redirect status code 300-399. */
export const redirectStatusCodeSchema = z
  .number()
  .int()
  .min(300, 'Redirect status code must be between 300 and 399')
  .max(399, 'Redirect status code must be between 300 and 399');

export const verificationRecordSchema = z.object({
  type: z.enum(['TXT', 'CNAME'], { error: 'Verification record type must be TXT or CNAME' }),
  name: text().min(1),
  value: text().min(1),
});

export const hostingStatusSchema = z.object({
  domain: z.string(),
  verified: z.boolean(),
  sslEnabled: z.boolean(),
  configuredBy: z.enum(['CNAME', 'A', 'nameservers']).nullable(),
  verificationRecord: verificationRecordSchema.nullable(),
});
export type HostingStatus = z.infer<typeof hostingStatusSchema>;

/** A hosting-provider domain, as the registrar reports it, with the expiry flags. */
export const providerDomainSchema = z.object({
  id: z.string(),
  name: z.string(),
  verified: z.boolean(),
  nameservers: z.array(z.string().min(1)),
  intendedNameservers: z.array(z.string().min(1)),
  customNameservers: z.array(z.string().min(1)).optional(),
  creator: z.object({ id: z.string(), username: z.string().optional(), email: z.string().optional() }),
  createdAt: z.number().nullable().optional(),
  boughtAt: z.number().nullable().optional(),
  expiresAt: z.number().nullable().optional(),
  orderedAt: z.number().nullable().optional(),
  transferredAt: z.number().nullable().optional(),
  transferStartedAt: z.number().nullable().optional(),
  serviceType: z.enum(['zeit.world', 'external', 'na']),
  renew: z.boolean().optional(),
  userId: z.string().optional(),
  teamId: z.string().nullable().optional(),
});
export type ProviderDomain = z.infer<typeof providerDomainSchema>;

/**
 * A domain of the hosting project as the provider reports it (Vercel's project-domain object): the one
 * definition the client checks responses with and the contracts publish.
 */
export const projectDomainSchema = z.object({
  name: z.string(),
  apexName: z.string(),
  projectId: z.string(),
  redirect: z.string().nullable().optional(),
  redirectStatusCode: z.number().nullable().optional(),
  verified: z.boolean(),
  verification: z
    .array(z.object({ type: z.string(), domain: z.string(), value: z.string(), reason: z.string() }))
    .optional(),
});
export type ProjectDomain = z.infer<typeof projectDomainSchema>;

export const withDomainFlags = (domain: ProviderDomain, now: number) => ({
  ...domain,
  expired: isDomainExpired(domain.expiresAt, now),
  expiringSoon: isDomainExpiringSoon(domain.expiresAt, now),
  external: isExternalDomain(domain.serviceType),
  managed: isManagedDomain(domain.serviceType),
});
