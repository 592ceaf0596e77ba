import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import { allowedReturnOrigin } from '@brigade/domain/return-url';
import type { BusinessProfileClient } from '@brigade/google-business/business-client';
import { GoogleBusinessError } from '@brigade/google-business/http-call';
import { createPkceVerifier, type TokenSet } from '@brigade/google-business/oauth';
import { userOf } from '../use-case';
import {
  deleteExpiredStates,
  findConnectionById,
  findGoogleConnection,
  findState,
  insertConnection,
  insertState,
  markStateUsed,
  type StateRow,
  updateConnectionRow,
} from './connection-repository';
import {
  canUseListing,
  connectionView,
  type ListingConnection,
  listingTarget,
  RESTAURANT_NOT_FOUND,
} from './listing-access';
import { accessTokenContext, type ListingDeps, refreshTokenContext, verifierContext } from './listing-deps';
import { listingProblem } from './listing-problem';

/** How long a consent may take (issue 19): the state is refused after 10 minutes. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const OAUTH_MESSAGES = {
  redirect: "redirectUrl must be an address on one of this deployment's apps",
  unknown: 'Unknown OAuth state: start connecting again',
  used: 'This OAuth state has already been used: start connecting again',
  expired: 'This OAuth state has expired: start connecting again',
  otherUser: 'This OAuth state was issued to another user',
  otherRestaurant: 'This OAuth state was issued for another restaurant',
  code: 'Google refused the authorisation code (used, expired or issued for another request): start connecting again',
} as const;

const refused = (code: string, message: string) =>
  validationError(message, [{ path: 'state', message }], code);
const hashOf = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');

/**
 * GET …/auth/url: a single-use state (only its SHA-256 stored) bound to the signed-in user and the
 * restaurant, carrying tenantId, restaurantId, redirectUrl and a nonce; PKCE S256 with the verifier
 * sealed; 10 minutes to live. redirectUrl must be on one of Brigade's own app origins (no open redirect).
 */
export async function createAuthUrl(
  deps: ListingDeps,
  actor: Actor,
  input: { tenantGuid: string; restaurantGuid: string; redirectUrl: string },
): Promise<{ url: string }> {
  const user = userOf(actor);
  if (!allowedReturnOrigin(input.redirectUrl, deps.appOrigins))
    throw validationError(OAUTH_MESSAGES.redirect, [
      { path: 'query.redirectUrl', message: OAUTH_MESSAGES.redirect },
    ]);
  const target = await deps.transact((tx) => listingTarget(tx, actor, input));
  const { oauth } = await deps.google();
  const nonce = randomBytes(32).toString('base64url');
  const state = Buffer.from(
    JSON.stringify({
      tenantId: target.tenantGuid,
      restaurantId: target.restaurantGuid,
      redirectUrl: input.redirectUrl,
      nonce,
    }),
  ).toString('base64url');
  const stateHash = hashOf(state);
  const verifier = createPkceVerifier();
  const now = deps.now();
  await deps.transact(async (tx) => {
    await deleteExpiredStates(tx, target.tenantId, target.restaurantId, now);
    await insertState(tx, {
      stateHash,
      tenantId: target.tenantId,
      restaurantId: target.restaurantId,
      userUid: user.userId,
      nonce,
      redirectUrl: input.redirectUrl,
      codeVerifier: deps.secrets().seal(verifier, verifierContext(stateHash)),
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
      createdAt: now,
    });
  });
  return { url: oauth.authorizationUrl({ redirectUri: input.redirectUrl, state, codeVerifier: verifier }) };
}

interface CallbackInput {
  code: string;
  state: string;
  tenantGuid?: string | undefined;
  restaurantGuid?: string | undefined;
}

/** What the state names, when it is one of ours: its guids (from the text itself) are checked by hash. */
function namedGuids(state: string): { tenantId?: unknown; restaurantId?: unknown } {
  try {
    return JSON.parse(Buffer.from(state, 'base64url').toString('utf8')) ?? {};
  } catch {
    return {};
  }
}

/** The checks a state must pass before and after the code exchange (single use, fresh, this user's). */
function checkState(row: StateRow | null, actor: Actor, input: CallbackInput, now: Date): StateRow {
  const user = userOf(actor);
  if (!row) throw refused('OAUTH_STATE_UNKNOWN', OAUTH_MESSAGES.unknown);
  if (row.usedAt) throw refused('OAUTH_STATE_USED', OAUTH_MESSAGES.used);
  if (row.expiresAt.getTime() <= now.getTime()) throw refused('OAUTH_STATE_EXPIRED', OAUTH_MESSAGES.expired);
  if (row.userUid !== user.userId) throw refused('OAUTH_STATE_OTHER_USER', OAUTH_MESSAGES.otherUser);
  const named = namedGuids(input.state);
  if (
    (input.tenantGuid !== undefined && input.tenantGuid !== named.tenantId) ||
    (input.restaurantGuid !== undefined && input.restaurantGuid !== named.restaurantId)
  )
    throw refused('OAUTH_STATE_OTHER_RESTAURANT', OAUTH_MESSAGES.otherRestaurant);
  // The user may have lost the role since asking.
  if (!canUseListing(actor, row.tenantId, row.restaurantId))
    throw new BrigadeError('not_found', 'RESTAURANT_NOT_FOUND', RESTAURANT_NOT_FOUND);
  return row;
}

/**
 * POST …/auth/callback {code, state}: checks the state, exchanges the code (PKCE verifier, the
 * exact redirect URI), then in one transaction re-checks the state under a lock, saves the sealed tokens
 * (status connected) and marks the state used. A state that was used meanwhile loses: its tokens are revoked.
 */
export async function completeAuth(
  deps: ListingDeps,
  actor: Actor,
  input: CallbackInput,
): Promise<ListingConnection> {
  const stateHash = hashOf(input.state);
  const box = deps.secrets();
  const row = checkState(await deps.transact((tx) => findState(tx, stateHash)), actor, input, deps.now());
  const verifier = box.open(row.codeVerifier, verifierContext(stateHash));
  const { oauth, api } = await deps.google();
  let tokens: TokenSet;
  try {
    tokens = await oauth.exchangeCode(input.code, verifier, row.redirectUrl, deps.now());
  } catch (error) {
    if (error instanceof GoogleBusinessError && error.kind === 'invalid-grant')
      throw validationError(
        OAUTH_MESSAGES.code,
        [{ path: 'code', message: OAUTH_MESSAGES.code }],
        'OAUTH_CODE_REFUSED',
      );
    throw listingProblem(error);
  }
  const accountId = await firstAccount(deps, api, tokens.accessToken);
  try {
    const connectionId = await deps.transact(async (tx) => {
      checkState(await findState(tx, stateHash, true), actor, input, deps.now());
      const id = await saveTokens(tx, deps, { row, tokens, accountId, userUid: userOf(actor).userId });
      await markStateUsed(tx, stateHash, deps.now());
      return id;
    });
    return connectionView((await deps.transact((tx) => findConnectionById(tx, connectionId)))!);
  } catch (error) {
    await oauth.revoke(tokens.refreshToken ?? tokens.accessToken).catch(() => undefined);
    throw error;
  }
}

/** The first Google account the grant can manage, for the location picker; none if Google will not say. */
async function firstAccount(
  deps: ListingDeps,
  api: BusinessProfileClient,
  accessToken: string,
): Promise<string | null> {
  try {
    return (await api.listAccounts(accessToken, { pageSize: 20 })).items[0]?.name ?? null;
  } catch (error) {
    deps.log.warn(
      { err: listingProblem(error).code },
      'Google Business Profile accounts could not be listed',
    );
    return null;
  }
}

/** Inserts or updates the restaurant's Google connection with sealed tokens; status connected. */
async function saveTokens(
  tx: Executor,
  deps: ListingDeps,
  input: { row: StateRow; tokens: TokenSet; accountId: string | null; userUid: string },
): Promise<string> {
  const { row, tokens } = input;
  const existing = await findGoogleConnection(tx, row.tenantId, row.restaurantId, true);
  const connectionId = existing?.connectionId ?? randomUUID();
  const box = deps.secrets();
  const now = deps.now();
  const fields = {
    status: 'connected' as const,
    statusReason: null,
    accessToken: box.seal(tokens.accessToken, accessTokenContext(connectionId)),
    refreshToken: tokens.refreshToken
      ? box.seal(tokens.refreshToken, refreshTokenContext(connectionId))
      : null,
    tokenExpiresAt: tokens.expiresAt,
    scopes: tokens.scopes,
    connectedBy: input.userUid,
    connectedAt: now,
    // A reconnect keeps the chosen account and location unless the grant names no account at all.
    accountId: existing?.accountId ?? input.accountId,
  };
  if (existing) await updateConnectionRow(tx, connectionId, fields);
  else
    await insertConnection(tx, {
      connectionId,
      tenantId: row.tenantId,
      restaurantId: row.restaurantId,
      provider: 'google',
      ...fields,
    });
  return connectionId;
}
