import { mybusinessaccountmanagement } from '@googleapis/mybusinessaccountmanagement';
import { mybusinessbusinessinformation } from '@googleapis/mybusinessbusinessinformation';
import { ClientAuthentication, OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMULATOR_CLIENT_ID,
  EMULATOR_CLIENT_SECRET,
  type GoogleBusinessEmulator,
  startGoogleBusinessEmulator,
} from './emulator';
import { EMULATOR_ACCOUNT } from './emulator-world';
import { BUSINESS_MANAGE_SCOPE } from './endpoints';

/**
 * Issue 43: Google's own client libraries, unmodified, against the Business Profile emulator — OAuth with
 * google-auth-library (both ways of sending the client's secret, with and without PKCE, refresh, revoke with the
 * token in the query as the library sends it) and the v1 APIs with Google's generated clients given the
 * emulator's root as their `rootUrl`. The v4 reviews API has no generated client; the library's authorised
 * request (gaxios) calls it, batchGetReviews included.
 */
let emulator: GoogleBusinessEmulator;
const REDIRECT = 'http://127.0.0.1:9/oauth/callback';

beforeAll(async () => {
  emulator = await startGoogleBusinessEmulator();
});
afterAll(() => emulator.close());

const oauthClient = (clientAuthentication: ClientAuthentication) =>
  new OAuth2Client({
    clientId: EMULATOR_CLIENT_ID,
    clientSecret: EMULATOR_CLIENT_SECRET,
    redirectUri: REDIRECT,
    clientAuthentication,
    endpoints: {
      oauth2AuthBaseUrl: `${emulator.baseUrl}/o/oauth2/v2/auth`,
      oauth2TokenUrl: `${emulator.baseUrl}/token`,
      oauth2RevokeUrl: `${emulator.baseUrl}/revoke`,
    },
  });

/** Follows the consent page as a person would: opens it, presses Allow, reads the code off the redirect. */
async function consent(authUrl: string): Promise<string> {
  const page = await fetch(authUrl);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const form = new URLSearchParams();
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(
      name!,
      value!.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))),
    );
  const action = /<form method="post" action="([^"]+)">/.exec(html)![1]!;
  const approved = await fetch(new URL(action, emulator.baseUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  return new URL(approved.headers.get('location')!).searchParams.get('code')!;
}

const problemOf = (error: unknown) =>
  (error as { response?: { data?: { error?: string } } }).response?.data?.error ?? String(error);

describe('google-auth-library against the emulator', () => {
  it('signs in without PKCE, sending the client secret as HTTP Basic (client_secret_basic)', async () => {
    const client = oauthClient(ClientAuthentication.ClientSecretBasic);
    const url = client.generateAuthUrl({ scope: BUSINESS_MANAGE_SCOPE, access_type: 'offline', state: 's1' });
    const { tokens } = await client.getToken(await consent(url));
    expect(tokens.access_token).toBeTruthy();
    expect(tokens.refresh_token).toBeTruthy();
    expect(tokens.scope).toBe(BUSINESS_MANAGE_SCOPE);
    // a wrong secret is the client's fault: 401 invalid_client
    const wrong = new OAuth2Client({
      clientId: EMULATOR_CLIENT_ID,
      clientSecret: 'not-the-secret',
      redirectUri: REDIRECT,
      clientAuthentication: ClientAuthentication.ClientSecretBasic,
      endpoints: { oauth2TokenUrl: `${emulator.baseUrl}/token` },
    });
    const refused = await wrong.getToken('any-code').catch(problemOf);
    expect(refused).toBe('invalid_client');
  });

  it('signs in with PKCE (S256) and the secret in the form, and refuses a wrong verifier', async () => {
    const client = oauthClient(ClientAuthentication.ClientSecretPost);
    const { codeVerifier, codeChallenge } = await client.generateCodeVerifierAsync();
    const authUrl = () =>
      client.generateAuthUrl({
        scope: BUSINESS_MANAGE_SCOPE,
        access_type: 'offline',
        code_challenge: codeChallenge!,
        code_challenge_method: 'S256' as never,
      });
    const wrong = await client
      .getToken({ code: await consent(authUrl()), codeVerifier: `${codeVerifier}x` })
      .catch(problemOf);
    expect(wrong).toBe('invalid_grant');
    const { tokens } = await client.getToken({ code: await consent(authUrl()), codeVerifier });
    expect(tokens.refresh_token).toBeTruthy();
  });

  it('refreshes, then revokes with the token in the query, after which the refresh token is refused', async () => {
    const client = oauthClient(ClientAuthentication.ClientSecretPost);
    const url = client.generateAuthUrl({ scope: BUSINESS_MANAGE_SCOPE, access_type: 'offline' });
    const { tokens } = await client.getToken(await consent(url));
    client.setCredentials(tokens);
    const refreshed = await client.refreshAccessToken();
    expect(refreshed.credentials.access_token).toBeTruthy();
    expect(refreshed.credentials.access_token).not.toBe(tokens.access_token);
    const revoked = await client.revokeToken(tokens.refresh_token!);
    expect(revoked.status).toBe(200);
    client.setCredentials({ refresh_token: tokens.refresh_token! });
    expect(await client.refreshAccessToken().catch(problemOf)).toBe('invalid_grant');
  });
});

describe("Google's generated API clients against the emulator", () => {
  it('lists and gets the account, reads a location, and batch-reads reviews of several locations', async () => {
    const client = oauthClient(ClientAuthentication.ClientSecretPost);
    const url = client.generateAuthUrl({ scope: BUSINESS_MANAGE_SCOPE, access_type: 'offline' });
    client.setCredentials((await client.getToken(await consent(url))).tokens);
    const rootUrl = `${emulator.baseUrl}/`;

    const accounts = mybusinessaccountmanagement({ version: 'v1', auth: client, rootUrl });
    const listed = await accounts.accounts.list();
    expect(listed.data.accounts?.map((a) => a.name)).toEqual([EMULATOR_ACCOUNT.name]);
    const one = await accounts.accounts.get({ name: EMULATOR_ACCOUNT.name });
    expect(one.data).toMatchObject({
      name: EMULATOR_ACCOUNT.name,
      accountName: EMULATOR_ACCOUNT.accountName,
    });
    const missing = await accounts.accounts.get({ name: 'accounts/1' }).catch((error) => error.status);
    expect(missing).toBe(404);

    const information = mybusinessbusinessinformation({ version: 'v1', auth: client, rootUrl });
    const locations = await information.accounts.locations.list({
      parent: EMULATOR_ACCOUNT.name,
      readMask: 'name,title',
    });
    const names = (locations.data.locations ?? []).map((l) => l.name!);
    expect(names.length).toBeGreaterThanOrEqual(2);
    const location = await information.locations.get({ name: names[0]!, readMask: 'name,title' });
    expect(location.data.name).toBe(names[0]);

    // v4 reviews: no generated client; the library's own authorised request.
    const locationNames = names.slice(0, 2).map((name) => `${EMULATOR_ACCOUNT.name}/${name}`);
    const batch = await client.request<{
      locationReviews: { name: string; review: { name: string; updateTime: string } }[];
    }>({
      url: `${emulator.baseUrl}/v4/${EMULATOR_ACCOUNT.name}/locations:batchGetReviews`,
      method: 'POST',
      data: { locationNames, pageSize: 50, orderBy: 'updateTime desc' },
    });
    const found = batch.data.locationReviews;
    let total = 0;
    for (const name of locationNames) {
      const one = await client.request<{ totalReviewCount: number }>({
        url: `${emulator.baseUrl}/v4/${name}/reviews`,
      });
      total += one.data.totalReviewCount;
    }
    expect(found.length).toBe(Math.min(50, total));
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((entry) => locationNames.includes(entry.name))).toBe(true);
    for (const entry of found) expect(entry.review.name.startsWith(`${entry.name}/reviews/`)).toBe(true);
    const times = found.map((entry) => Date.parse(entry.review.updateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
