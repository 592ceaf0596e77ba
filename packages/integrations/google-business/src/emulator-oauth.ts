import type { ServerResponse } from 'node:http';
import {
  ACCESS_TOKEN_SECONDS,
  type EmulatorState,
  issueAccessToken,
  issueCode,
  issueRefreshToken,
  revokeToken,
  s256,
} from './emulator-state';
import { BUSINESS_MANAGE_SCOPE } from './endpoints';

type Send = (res: ServerResponse, status: number, body: unknown) => void;

/** Google's OAuth error shape: `{error, error_description}` with 400 (or 401 for a bad client). */
const oauthError = (send: Send, res: ServerResponse, status: number, error: string, description: string) =>
  send(res, status, { error, error_description: description });

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * PKCE is optional for a web client with a secret (Google's web-server flow); when a challenge comes, its method
 * is S256 or plain (RFC 7636: plain when left out).
 */
const pkceAcceptable = (q: URLSearchParams) => {
  const method = q.get('code_challenge_method');
  if (!q.get('code_challenge')) return method === null;
  return method === null || method === 'S256' || method === 'plain';
};

/** GET /o/oauth2/v2/auth: checks the request as Google does, then shows a one-button consent page. */
export function consentPage(state: EmulatorState, url: URL, res: ServerResponse, send: Send) {
  const q = url.searchParams;
  const problem =
    q.get('client_id') !== state.clientId
      ? 'invalid_client'
      : q.get('response_type') !== 'code' || !q.get('redirect_uri')
        ? 'invalid_request'
        : !(q.get('scope') ?? '').split(' ').includes(BUSINESS_MANAGE_SCOPE)
          ? 'invalid_scope'
          : !pkceAcceptable(q)
            ? 'invalid_request'
            : undefined;
  if (problem) return oauthError(send, res, 400, problem, `Emulated consent refused: ${problem}`);
  const hidden = ['redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'scope']
    .map((key) => `<input type="hidden" name="${key}" value="${escapeHtml(q.get(key) ?? '')}">`)
    .join('');
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><title>Google (emulated) – consent</title><h1>Allow Brigade to manage your Business Profile?</h1>` +
      `<form method="post" action="${url.pathname}/approve">${hidden}<button type="submit">Allow</button></form>`,
  );
}

/** POST /o/oauth2/v2/auth/approve: redirects back with a single-use code and the state. */
export function approve(state: EmulatorState, form: URLSearchParams, res: ServerResponse) {
  const redirectUri = form.get('redirect_uri') ?? '';
  const code = issueCode(state, {
    clientId: state.clientId,
    redirectUri,
    codeChallenge: form.get('code_challenge') ?? '',
    codeChallengeMethod: form.get('code_challenge_method') === 'S256' ? 'S256' : 'plain',
    scope: form.get('scope') ?? BUSINESS_MANAGE_SCOPE,
  });
  const target = new URL(redirectUri);
  target.searchParams.set('code', code);
  target.searchParams.set('state', form.get('state') ?? '');
  res.writeHead(302, { location: target.toString() });
  res.end();
}

function codeGrant(state: EmulatorState, form: URLSearchParams, res: ServerResponse, send: Send) {
  const code = state.codes.get(form.get('code') ?? '');
  // A code is single use: whatever happens next, it is gone.
  state.codes.delete(form.get('code') ?? '');
  if (!code || code.redirectUri !== form.get('redirect_uri'))
    return oauthError(send, res, 400, 'invalid_grant', 'Bad Request');
  if (code.codeChallenge) {
    const verifier = form.get('code_verifier') ?? '';
    const proof = code.codeChallengeMethod === 'S256' ? s256(verifier) : verifier;
    if (!verifier || proof !== code.codeChallenge)
      return oauthError(send, res, 400, 'invalid_grant', 'Invalid code verifier.');
  }
  const refreshToken = issueRefreshToken(state, code.scope);
  send(res, 200, {
    access_token: issueAccessToken(state, refreshToken),
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refreshToken,
    scope: code.scope,
    token_type: 'Bearer',
  });
}

function refreshGrant(state: EmulatorState, form: URLSearchParams, res: ServerResponse, send: Send) {
  const refreshToken = form.get('refresh_token') ?? '';
  const grant = state.refreshTokens.get(refreshToken);
  if (!grant || grant.revoked)
    return oauthError(send, res, 400, 'invalid_grant', 'Token has been expired or revoked.');
  send(res, 200, {
    access_token: issueAccessToken(state, refreshToken),
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: grant.scope,
    token_type: 'Bearer',
  });
}

/**
 * The client's credentials, as Google takes them (RFC 6749 §2.3.1): in the form (client_secret_post) or as
 * HTTP Basic (client_secret_basic, url-encoded id and secret), not both.
 */
function clientOf(form: URLSearchParams, authorization: string | undefined) {
  const basic = /^Basic\s+(.+)$/i.exec(authorization ?? '');
  if (!basic) return { id: form.get('client_id'), secret: form.get('client_secret') };
  if (form.get('client_secret')) return null;
  const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const id = decodeURIComponent(decoded.slice(0, colon));
  if (form.get('client_id') && form.get('client_id') !== id) return null;
  return { id, secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

/** POST /token: authorization_code (with PKCE when the consent had it) and refresh_token grants. */
export function tokenEndpoint(
  state: EmulatorState,
  form: URLSearchParams,
  authorization: string | undefined,
  res: ServerResponse,
  send: Send,
) {
  const client = clientOf(form, authorization);
  if (client?.id !== state.clientId || client.secret !== state.clientSecret)
    return oauthError(send, res, 401, 'invalid_client', 'The OAuth client was not found.');
  const grantType = form.get('grant_type');
  if (grantType === 'authorization_code') return codeGrant(state, form, res, send);
  if (grantType === 'refresh_token') return refreshGrant(state, form, res, send);
  oauthError(send, res, 400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
}

/** POST /revoke: the token in the form or the query (as Google's own libraries send it); 200 `{}` or 400. */
export function revokeEndpoint(
  state: EmulatorState,
  form: URLSearchParams,
  query: URLSearchParams,
  res: ServerResponse,
  send: Send,
) {
  if (revokeToken(state, form.get('token') ?? query.get('token') ?? '')) return send(res, 200, {});
  oauthError(send, res, 400, 'invalid_token', 'Token expired or revoked');
}
