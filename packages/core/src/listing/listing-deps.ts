import type { Executor } from '@brigade/db/database';
import type { BusinessProfileClient } from '@brigade/google-business/business-client';
import type { GoogleOAuthClient } from '@brigade/google-business/oauth';
import type { SealedBox } from '../secrets/index';

/**
 * What the listing use-cases reach outside themselves. Google is called between short transactions
 * (`transact`, under the request's walls), never inside one.
 */
export interface ListingDeps {
  transact<T>(work: (tx: Executor) => Promise<T>): Promise<T>;
  /** Google's OAuth and Business Profile clients (or the emulator's); 503 when none is configured. */
  google(): Promise<{ oauth: GoogleOAuthClient; api: BusinessProfileClient }>;
  /** The AES-256-GCM box tokens and PKCE verifiers are sealed with (SECRETS_KEY). */
  secrets(): SealedBox;
  /** Origins of Brigade's apps: the only places Google may send the browser back to. */
  appOrigins: readonly string[];
  now(): Date;
  /** Diagnostics (listing failures are logged); never given a token. */
  log: { warn(details: Record<string, unknown>, message: string): void };
}

/** The sealed-box contexts: a sealed value copied onto another row does not open there. */
export const accessTokenContext = (connectionId: string) =>
  `business_listing_connections.access_token:${connectionId}`;
export const refreshTokenContext = (connectionId: string) =>
  `business_listing_connections.refresh_token:${connectionId}`;
export const verifierContext = (stateHash: string) =>
  `business_listing_oauth_states.code_verifier:${stateHash}`;
