import { createHash, randomBytes } from 'node:crypto';
import type { EmulatorPost } from './emulator-posts';
import type { EmulatorLocation } from './emulator-profile';
import { EMULATOR_LOCATIONS, type EmulatorReview, initialReviews } from './emulator-world';
import { BUSINESS_MANAGE_SCOPE } from './endpoints';

/** The emulator's memory: clients, codes, tokens and the reviews (with replies) of each location. */

export const ACCESS_TOKEN_SECONDS = 3599;

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  /** PKCE's challenge ('' when the client sent none: Google makes PKCE optional for web clients). */
  codeChallenge: string;
  codeChallengeMethod: 'S256' | 'plain';
  scope: string;
}

export interface EmulatorState {
  clientId: string;
  clientSecret: string;
  codes: Map<string, IssuedCode>;
  /** refresh token → revoked? */
  refreshTokens: Map<string, { revoked: boolean; scope: string }>;
  /** access token → the refresh token it came from and whether it still works */
  accessTokens: Map<string, { refreshToken: string; valid: boolean }>;
  reviews: Map<string, EmulatorReview[]>;
  /** The locations by bare id, as PATCH left them (a copy of emulator-world.ts's). */
  locations: Map<string, EmulatorLocation>;
  /** Times (ms) of each location's recent edits: at most 10 a minute (emulator-profile.ts). */
  edits: Map<string, number[]>;
  /** API calls still to answer 429 (exhaustQuota), and the retry-after they carry. */
  quota: { exhausted: number; retryAfterSeconds: number };
  /** API calls still to answer 500 INTERNAL (failNextCalls). */
  failures: number;
  /** Local posts by location id, newest first (emulator-posts.ts). */
  posts: Map<string, EmulatorPost[]>;
  /** Added to the wall clock (advanceClock): a test moves past a minute's quota without waiting. */
  clockOffsetMs: number;
}

/** The emulator's time: the wall clock moved on by `advanceClock`. */
export const emulatorNow = (state: EmulatorState): number => Date.now() + state.clockOffsetMs;

export function newState(clientId: string, clientSecret: string): EmulatorState {
  return {
    clientId,
    clientSecret,
    codes: new Map(),
    refreshTokens: new Map(),
    accessTokens: new Map(),
    reviews: new Map([[EMULATOR_LOCATIONS[0]?.name.split('/')[1] ?? '4001', initialReviews()]]),
    locations: new Map(
      EMULATOR_LOCATIONS.map((location) => [location.name.split('/')[1] ?? '', structuredClone(location)]),
    ),
    edits: new Map(),
    quota: { exhausted: 0, retryAfterSeconds: 1 },
    failures: 0,
    posts: new Map(),
    clockOffsetMs: 0,
  };
}

const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

export function issueCode(
  state: EmulatorState,
  code: Omit<IssuedCode, 'scope'> & { scope?: string },
): string {
  const value = token('4/emu-');
  state.codes.set(value, { ...code, scope: code.scope ?? BUSINESS_MANAGE_SCOPE });
  return value;
}

export function issueAccessToken(state: EmulatorState, refreshToken: string): string {
  const value = token('ya29.emu-');
  state.accessTokens.set(value, { refreshToken, valid: true });
  return value;
}

export function issueRefreshToken(state: EmulatorState, scope: string): string {
  const value = token('1//emu-');
  state.refreshTokens.set(value, { revoked: false, scope });
  return value;
}

export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export function isAccessTokenValid(state: EmulatorState, accessToken: string | undefined): boolean {
  if (!accessToken) return false;
  const entry = state.accessTokens.get(accessToken);
  if (!entry?.valid) return false;
  return state.refreshTokens.get(entry.refreshToken)?.revoked === false;
}

/** Revokes every grant given so far, as if the owner removed Brigade's access on Google; returns how many. */
export function revokeAllGrants(state: EmulatorState): number {
  let count = 0;
  for (const grant of state.refreshTokens.values()) {
    if (grant.revoked) continue;
    grant.revoked = true;
    count += 1;
  }
  return count;
}

/** Revoking either token revokes the grant: the refresh token and every access token from it. */
export function revokeToken(state: EmulatorState, value: string): boolean {
  const refreshToken = state.refreshTokens.has(value) ? value : state.accessTokens.get(value)?.refreshToken;
  const grant = refreshToken ? state.refreshTokens.get(refreshToken) : undefined;
  if (!grant || grant.revoked) return false;
  grant.revoked = true;
  return true;
}

/** Edits a profile takes a minute (Google's quota; docs/operations/business-profile.md#editing-the-profile-on-google): profile PATCHes and post writes alike. */
export const EDITS_PER_MINUTE = 10;
const EDIT_WINDOW_MS = 60_000;

/**
 * Counts one edit of the location at the emulator's time. Null when it may be made; else the seconds until
 * it may (a 429's retry-after), and nothing is counted.
 */
export function takeEdit(state: EmulatorState, locationId: string): number | null {
  const now = emulatorNow(state);
  const recent = (state.edits.get(locationId) ?? []).filter((at) => now - at < EDIT_WINDOW_MS);
  if (recent.length >= EDITS_PER_MINUTE) {
    state.edits.set(locationId, recent);
    return Math.max(1, Math.ceil((EDIT_WINDOW_MS - (now - (recent[0] ?? now))) / 1000));
  }
  state.edits.set(locationId, [...recent, now]);
  return null;
}
