import { DEFAULT_CDN_BASE_URLS } from '@brigade/cdn/client';
import { z } from 'zod';

/**
 * A CDN in front of the public sites (docs/operations/cdn.md, issue 48): with CDN_PROVIDER set, every public
 * page carries surrogate keys and a change purges the pages of its restaurant (or its organization, or all)
 * through the `cdn.purge` job, so a CDN may keep pages for SITE_CDN_MAX_AGE (an hour by default) instead of
 * a minute. CDN_API_TOKEN is a secret: it stays in the client (`apiToken` is on the log's redaction list).
 */
export const cdnEnvironment = {
  CDN_PROVIDER: z.enum(['cloudflare', 'fastly'], { error: 'must be cloudflare or fastly' }).optional(),
  /** Cloudflare's zone id, or Fastly's service id. */
  CDN_ZONE: z.string().trim().min(1, 'must not be empty').optional(),
  CDN_API_TOKEN: z.string().trim().min(1, 'must not be empty').optional(),
  /** The purge API's address; the provider's own by default (an emulator's in tests). */
  CDN_API_URL: z.url({ error: 'must be a URL such as https://api.cloudflare.com' }).optional(),
  SITE_CDN_MAX_AGE: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number of seconds')
    .min(0, 'must be 0 or more')
    .max(31_536_000, 'must be at most a year')
    .optional(),
};

type CdnEnvironment = z.infer<z.ZodObject<typeof cdnEnvironment>>;

export interface CdnConfig {
  provider: 'cloudflare' | 'fastly' | undefined;
  url: string;
  zone: string | undefined;
  apiToken: string | undefined;
  /** How long a CDN may keep a public page (s-maxage): an hour with purging, a minute without. */
  sharedMaxAgeSeconds: number;
}

/** Variables that only make sense together. */
export function cdnProblems(c: CdnEnvironment): string[] {
  if (!c.CDN_PROVIDER) return [];
  return (['CDN_ZONE', 'CDN_API_TOKEN'] as const)
    .filter((name) => !c[name])
    .map((name) => `  ${name}: required when CDN_PROVIDER is set`);
}

export function cdnConfigOf(c: CdnEnvironment): CdnConfig {
  const provider = c.CDN_PROVIDER;
  return {
    provider,
    url: (c.CDN_API_URL ?? (provider ? DEFAULT_CDN_BASE_URLS[provider] : '')).replace(/\/+$/, ''),
    zone: c.CDN_ZONE,
    apiToken: c.CDN_API_TOKEN,
    sharedMaxAgeSeconds: c.SITE_CDN_MAX_AGE ?? (provider ? 3600 : 60),
  };
}
