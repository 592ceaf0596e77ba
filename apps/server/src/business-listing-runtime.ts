import type { ListingDeps } from '@brigade/core/listing/listing-deps';
import type { Db } from '@brigade/db/database';
import { BrigadeError } from '@brigade/domain/errors';
import { BusinessProfileClient } from '@brigade/google-business/business-client';
import {
  EMULATOR_CLIENT_ID,
  EMULATOR_CLIENT_SECRET,
  type GoogleBusinessEmulator,
  startGoogleBusinessEmulator,
} from '@brigade/google-business/emulator';
import { GoogleOAuthClient } from '@brigade/google-business/oauth';
import { startOnFirstUse } from '@brigade/integration-kit/start-on-first-use';
import type { Config } from './config';
import type { AppDeps } from './deps';

/**
 * Google Business Profile's side of the running server (docs/operations/business-profile.md): Google's OAuth
 * and Business Profile APIs with GOOGLE_BUSINESS_CLIENT_ID / _SECRET, or — with no client id outside
 * production — the in-process emulator, started on first use (as the Places and CardPointe emulators are).
 * Production without a client id answers the listing routes with 503. The client secret lives in the OAuth
 * client's private field only; nothing here logs or answers it.
 */
export interface BusinessListingRuntime {
  mode: 'google' | 'emulator' | 'off';
  clients(): Promise<GoogleBusinessClients>;
  /** The emulator (started on first call) when it stands in for Google; null otherwise. */
  emulator(): Promise<GoogleBusinessEmulator> | null;
  close(): Promise<void>;
}

export interface GoogleBusinessClients {
  oauth: GoogleOAuthClient;
  api: BusinessProfileClient;
}

export const BUSINESS_LISTING_NOT_CONFIGURED =
  'Google Business Profile is not configured (GOOGLE_BUSINESS_CLIENT_ID and GOOGLE_BUSINESS_CLIENT_SECRET)';

export function createBusinessListingRuntime(config: Config): BusinessListingRuntime {
  const { businessListing: settings } = config;
  const emulator = startOnFirstUse<GoogleBusinessEmulator>(
    'the Google Business emulator',
    () => startGoogleBusinessEmulator(),
    (started) => started.close(),
  );
  const startEmulator = () => emulator.get();
  const mode = settings.clientId ? 'google' : settings.emulator ? 'emulator' : 'off';
  const make = (clientId: string, clientSecret: string, urls = settings.urls): GoogleBusinessClients => ({
    oauth: new GoogleOAuthClient({ clientId, clientSecret, urls, timeoutMs: settings.timeoutMs }),
    api: new BusinessProfileClient({ urls, timeoutMs: settings.timeoutMs }),
  });
  // A failed emulator start fails this one too, and both are tried again on the next call.
  const clients = startOnFirstUse('the Google Business clients', () =>
    mode === 'google'
      ? Promise.resolve(make(settings.clientId!, settings.clientSecret!))
      : startEmulator().then((e) => make(EMULATOR_CLIENT_ID, EMULATOR_CLIENT_SECRET, e.urls)),
  );
  return {
    mode,
    clients: () => {
      if (mode === 'off')
        return Promise.reject(
          new BrigadeError('unavailable', 'BUSINESS_LISTING_NOT_CONFIGURED', BUSINESS_LISTING_NOT_CONFIGURED),
        );
      return clients.get();
    },
    emulator: () => (mode === 'emulator' ? startEmulator() : null),
    close: () => emulator.close(),
  };
}

/** The listing use-cases' deps for housekeeping's scheduled syncs: the platform acting, every tenant. */
export function scheduledListingDeps(
  deps: AppDeps,
  db: Db,
  log: { warn(details: object, message: string): void },
): ListingDeps {
  return {
    transact: (work) => db.transaction(work),
    google: () => deps.businessListing.clients(),
    // The same key handling as every other sealed secret (SECRETS_KEY).
    secrets: () => deps.payments.secrets(),
    appOrigins: deps.config.appOrigins,
    now: () => new Date(),
    log: { warn: (details, message) => log.warn(details, message) },
  };
}
