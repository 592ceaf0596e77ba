import { tokenNeedsRefresh } from '@brigade/domain/listing/connection';
import type { BusinessProfileClient } from '@brigade/google-business/business-client';
import { GoogleBusinessError } from '@brigade/google-business/http-call';
import type { GoogleOAuthClient } from '@brigade/google-business/oauth';
import { IntegrationError } from '@brigade/integration-kit/http';
import { type ConnectionRow, findConnectionById, updateConnectionRow } from './connection-repository';
import { accessTokenContext, type ListingDeps, refreshTokenContext } from './listing-deps';
import { listingProblem, notConnected, reconnectNeeded } from './listing-problem';

/** Why a connection is in error when Google refused its refresh token: the owner must connect again. */
export const RECONNECT_NEEDED_REASON = 'reconnect_needed';

/**
 * Calls Google for a connection with a usable access token (issue 19):
 * - a token that expires within 5 minutes (or has no known expiry) is refreshed first;
 * - a 401 from Google gets one refresh and one retry; a 429 is retried after short pauses (backoff), then
 *   answered 429 with Google's retry-after;
 * - a refused refresh token (invalid_grant: revoked or expired) or a 401 with a fresh token turns the
 *   connection to status error, reason reconnect_needed, forgets its tokens and answers 409 RECONNECT_NEEDED.
 * Tokens are opened here and given to the client only; no error or log line carries one.
 */
/** Waits before retrying a 429 (Google's quota is per minute: a short pause often clears a burst). */
export const RATE_LIMIT_PAUSES_MS = [250, 750];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `work`, retried after each pause while Google answers 429; the last 429 goes to the caller. */
async function withBackoff<T>(work: () => Promise<T>): Promise<T> {
  for (const ms of RATE_LIMIT_PAUSES_MS) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof IntegrationError && error.category === 'rate-limited')) throw error;
      await pause(ms);
    }
  }
  return work();
}

export async function callGoogle<T>(
  deps: ListingDeps,
  connectionId: string,
  work: (api: BusinessProfileClient, accessToken: string) => Promise<T>,
): Promise<T> {
  const { oauth, api } = await deps.google();
  const row = await deps.transact((tx) => findConnectionById(tx, connectionId));
  if (!row) throw notConnected();
  if (row.status === 'error' && row.statusReason === RECONNECT_NEEDED_REASON) throw reconnectNeeded();
  if (row.status !== 'connected' || !row.accessToken) throw notConnected();
  const first = tokenNeedsRefresh(row, deps.now())
    ? await refreshToken(deps, oauth, row)
    : deps.secrets().open(row.accessToken, accessTokenContext(row.connectionId));
  try {
    return await withBackoff(() => work(api, first));
  } catch (error) {
    if (!(error instanceof GoogleBusinessError && error.kind === 'unauthorized')) throw listingProblem(error);
  }
  const second = await refreshToken(deps, oauth, row);
  try {
    return await withBackoff(() => work(api, second));
  } catch (error) {
    if (error instanceof GoogleBusinessError && error.kind === 'unauthorized') {
      await markReconnectNeeded(deps, row, 'Google refused a freshly refreshed access token');
      throw reconnectNeeded();
    }
    throw listingProblem(error);
  }
}

/** A new access token from the refresh token, stored sealed; a refused grant marks the connection. */
async function refreshToken(
  deps: ListingDeps,
  oauth: GoogleOAuthClient,
  row: ConnectionRow,
): Promise<string> {
  if (!row.refreshToken) {
    await markReconnectNeeded(deps, row, 'the connection has no refresh token');
    throw reconnectNeeded();
  }
  const box = deps.secrets();
  const refresh = box.open(row.refreshToken, refreshTokenContext(row.connectionId));
  let tokens: Awaited<ReturnType<GoogleOAuthClient['refresh']>>;
  try {
    tokens = await oauth.refresh(refresh, deps.now());
  } catch (error) {
    if (error instanceof GoogleBusinessError && error.kind === 'invalid-grant') {
      await markReconnectNeeded(deps, row, 'Google refused the refresh token (invalid_grant)');
      throw reconnectNeeded();
    }
    throw listingProblem(error);
  }
  await deps.transact((tx) =>
    updateConnectionRow(tx, row.connectionId, {
      accessToken: box.seal(tokens.accessToken, accessTokenContext(row.connectionId)),
      // Google may rotate the refresh token; keep the old one when it does not.
      ...(tokens.refreshToken
        ? { refreshToken: box.seal(tokens.refreshToken, refreshTokenContext(row.connectionId)) }
        : {}),
      tokenExpiresAt: tokens.expiresAt,
      ...(tokens.scopes.length > 0 ? { scopes: tokens.scopes } : {}),
    }),
  );
  return tokens.accessToken;
}

async function markReconnectNeeded(deps: ListingDeps, row: ConnectionRow, why: string): Promise<void> {
  deps.log.warn(
    { connectionId: row.connectionId, tenantId: row.tenantId, restaurantId: row.restaurantId, why },
    'Google Business Profile connection needs reconnecting',
  );
  await deps.transact((tx) =>
    updateConnectionRow(tx, row.connectionId, {
      status: 'error',
      statusReason: RECONNECT_NEEDED_REASON,
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
    }),
  );
}
