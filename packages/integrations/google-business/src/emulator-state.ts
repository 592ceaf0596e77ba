import { createHash, randomBytes } from 'node:crypto';
import { EMULATOR_LOCATIONS, type EmulatorReview, initialReviews } from './emulator-world';
import { BUSINESS_MANAGE_SCOPE } from './endpoints';

/** The emulator's memory: clients, codes, tokens and the reviews (with replies) of each location. */

export const ACCESS_TOKEN_SECONDS = 3599;

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
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
  /** API calls still to answer 429 (exhaustQuota), and the retry-after they carry. */
  quota: { exhausted: number; retryAfterSeconds: number };
}

export function newState(clientId: string, clientSecret: string): EmulatorState {
  return {
    clientId,
    clientSecret,
    codes: new Map(),
    refreshTokens: new Map(),
    accessTokens: new Map(),
    reviews: new Map([[EMULATOR_LOCATIONS[0]?.name.split('/')[1] ?? '4001', initialReviews()]]),
    quota: { exhausted: 0, retryAfterSeconds: 1 },
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

/** Revoking either token revokes the grant: the refresh token and every access token from it. */
export function revokeToken(state: EmulatorState, value: string): boolean {
  const refreshToken = state.refreshTokens.has(value) ? value : state.accessTokens.get(value)?.refreshToken;
  const grant = refreshToken ? state.refreshTokens.get(refreshToken) : undefined;
  if (!grant || grant.revoked) return false;
  grant.revoked = true;
  return true;
}
