import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { BUSINESS_MANAGE_SCOPE, GOOGLE_URLS, type GoogleBusinessUrls } from './endpoints';
import { DEFAULT_TIMEOUT_MS, GoogleBusinessError, sendCall } from './http-call';

/** PKCE (RFC 7636): a 43-128 character verifier and its S256 challenge. */
export function createPkceVerifier(): string {
  return randomBytes(32).toString('base64url');
}

export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

export interface AuthorizationUrlRequest {
  redirectUri: string;
  state: string;
  codeVerifier: string;
}

export interface OAuthClientOptions {
  clientId: string;
  clientSecret: string;
  urls?: GoogleBusinessUrls;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface TokenSet {
  accessToken: string;
  /** Google sends one on the first consent (prompt=consent, access_type=offline); a refresh may omit it. */
  refreshToken?: string;
  expiresAt: Date;
  scopes: string[];
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive(),
  scope: z.string().optional(),
  token_type: z.string().optional(),
});

/**
 * Google's OAuth 2.0 web-server flow for the Business Profile APIs. The client secret lives in a private
 * field; codes, verifiers and tokens are never part of an error message.
 */
export class GoogleOAuthClient {
  readonly #clientSecret: string;
  private readonly clientId: string;
  private readonly urls: GoogleBusinessUrls;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: OAuthClientOptions) {
    this.clientId = options.clientId;
    this.#clientSecret = options.clientSecret;
    this.urls = options.urls ?? GOOGLE_URLS;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** The consent page: code flow, business.manage, offline access, consent prompt, state and PKCE S256. */
  authorizationUrl(request: AuthorizationUrlRequest): string {
    const url = new URL(this.urls.authorizeUrl);
    const params = {
      client_id: this.clientId,
      redirect_uri: request.redirectUri,
      response_type: 'code',
      scope: BUSINESS_MANAGE_SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: 'true',
      state: request.state,
      code_challenge: pkceChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
    };
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  }

  exchangeCode(code: string, codeVerifier: string, redirectUri: string, now = new Date()): Promise<TokenSet> {
    return this.token('token exchange', now, {
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: redirectUri,
    });
  }

  refresh(refreshToken: string, now = new Date()): Promise<TokenSet> {
    return this.token('token refresh', now, { grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async revoke(token: string): Promise<void> {
    await sendCall({
      call: 'token revoke',
      url: this.urls.revokeUrl,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
      timeoutMs: this.timeoutMs,
      fetch: this.fetchFn,
    });
  }

  private async token(call: string, now: Date, grant: Record<string, string>): Promise<TokenSet> {
    const body = new URLSearchParams({
      ...grant,
      client_id: this.clientId,
      client_secret: this.#clientSecret,
    });
    const json = await sendCall({
      call,
      url: this.urls.tokenUrl,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
      timeoutMs: this.timeoutMs,
      fetch: this.fetchFn,
    });
    const parsed = tokenAnswerSchema.safeParse(json);
    if (!parsed.success)
      throw new GoogleBusinessError('bad-answer', `Google ${call}: unexpected answer`, { call });
    const answer = parsed.data;
    return {
      accessToken: answer.access_token,
      ...(answer.refresh_token ? { refreshToken: answer.refresh_token } : {}),
      expiresAt: new Date(now.getTime() + answer.expires_in * 1000),
      scopes: (answer.scope ?? '').split(' ').filter(Boolean),
    };
  }
}
