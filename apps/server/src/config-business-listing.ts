import { GOOGLE_URLS, type GoogleBusinessUrls, urlsUnder } from '@brigade/google-business/endpoints';
import { z } from 'zod';

/**
 * Google Business Profile's variables (docs/operations/business-profile.md): an OAuth client of the
 * deployment's own Google Cloud project. Without a client id the in-process emulator answers outside
 * production, and the listing routes answer 503 in production.
 */
export const businessListingEnvironment = {
  GOOGLE_BUSINESS_CLIENT_ID: z.string().trim().min(1, 'must not be empty').optional(),
  GOOGLE_BUSINESS_CLIENT_SECRET: z.string().trim().min(1, 'must not be empty').optional(),
  /** Every Google URL under one base (a proxy, or the emulator run on its own): the emulator's paths. */
  GOOGLE_BUSINESS_URL: z.url({ error: 'must be a URL such as http://127.0.0.1:4010' }).optional(),
  GOOGLE_BUSINESS_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a number of milliseconds')
    .min(1, 'must be at least 1')
    .max(120_000, 'must be at most 120000')
    .default(15_000),
};

export interface BusinessListingConfig {
  /** GOOGLE_BUSINESS_CLIENT_ID; undefined means the emulator (outside production) or off. */
  clientId: string | undefined;
  /** GOOGLE_BUSINESS_CLIENT_SECRET: a secret, kept in the OAuth client's private field, never logged. */
  clientSecret: string | undefined;
  /** No client id outside production: the in-process emulator answers (started on first use). */
  emulator: boolean;
  urls: GoogleBusinessUrls;
  timeoutMs: number;
}

type Env = {
  NODE_ENV: 'development' | 'test' | 'production';
  GOOGLE_BUSINESS_CLIENT_ID?: string | undefined;
  GOOGLE_BUSINESS_CLIENT_SECRET?: string | undefined;
  GOOGLE_BUSINESS_URL?: string | undefined;
  GOOGLE_BUSINESS_TIMEOUT_MS: number;
};

/** The client id and secret come together; the problem names the missing variable. */
export function businessListingProblems(c: Env): string[] {
  if (c.GOOGLE_BUSINESS_CLIENT_ID && !c.GOOGLE_BUSINESS_CLIENT_SECRET)
    return ['  GOOGLE_BUSINESS_CLIENT_SECRET: required when GOOGLE_BUSINESS_CLIENT_ID is set'];
  if (c.GOOGLE_BUSINESS_CLIENT_SECRET && !c.GOOGLE_BUSINESS_CLIENT_ID)
    return ['  GOOGLE_BUSINESS_CLIENT_ID: required when GOOGLE_BUSINESS_CLIENT_SECRET is set'];
  return [];
}

export function businessListingConfigOf(c: Env): BusinessListingConfig {
  return {
    clientId: c.GOOGLE_BUSINESS_CLIENT_ID,
    clientSecret: c.GOOGLE_BUSINESS_CLIENT_SECRET,
    emulator: !c.GOOGLE_BUSINESS_CLIENT_ID && c.NODE_ENV !== 'production',
    urls: c.GOOGLE_BUSINESS_URL ? urlsUnder(c.GOOGLE_BUSINESS_URL) : GOOGLE_URLS,
    timeoutMs: c.GOOGLE_BUSINESS_TIMEOUT_MS,
  };
}
