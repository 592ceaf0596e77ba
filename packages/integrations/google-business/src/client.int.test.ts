import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessProfileClient } from './business-client';
import {
  EMULATOR_CLIENT_ID,
  EMULATOR_CLIENT_SECRET,
  type GoogleBusinessEmulator,
  startGoogleBusinessEmulator,
} from './emulator';
import { EMULATOR_ACCOUNT } from './emulator-world';
import { BUSINESS_MANAGE_SCOPE } from './endpoints';
import { GoogleBusinessError } from './http-call';
import { createPkceVerifier, GoogleOAuthClient, pkceChallenge, type TokenSet } from './oauth';

// The OAuth and Business Profile clients against the emulator over real HTTP: consent → code → tokens with
// PKCE S256, refresh, revocation, and the account, location, reviews and reply calls with Google's shapes.

const REDIRECT = 'http://127.0.0.1:9/google-business/callback';
let emulator: GoogleBusinessEmulator;
let oauth: GoogleOAuthClient;
let api: BusinessProfileClient;
beforeAll(async () => {
  emulator = await startGoogleBusinessEmulator();
  oauth = new GoogleOAuthClient({
    clientId: EMULATOR_CLIENT_ID,
    clientSecret: EMULATOR_CLIENT_SECRET,
    urls: emulator.urls,
  });
  api = new BusinessProfileClient({ urls: emulator.urls });
});
afterAll(async () => emulator?.close());

/** Opens the consent page, presses Allow, and reads the code and state from the redirect. */
async function consent(verifier: string, state = 'state-1'): Promise<{ code: string; state: string }> {
  const page = await fetch(oauth.authorizationUrl({ redirectUri: REDIRECT, state, codeVerifier: verifier }));
  expect(page.status).toBe(200);
  const html = await page.text();
  const fields = [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, k, v]): [string, string] => [
    k ?? '',
    v ?? '',
  ]);
  const approved = await fetch(`${emulator.baseUrl}/o/oauth2/v2/auth/approve`, {
    method: 'POST',
    body: new URLSearchParams(
      fields.map(([k, v]): [string, string] => [k ?? '', (v ?? '').replaceAll('&#38;', '&')]),
    ),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  const back = new URL(approved.headers.get('location') ?? '');
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

async function connect(): Promise<TokenSet> {
  const verifier = createPkceVerifier();
  const { code } = await consent(verifier);
  return oauth.exchangeCode(code, verifier, REDIRECT);
}

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GoogleBusinessError);
  return error as GoogleBusinessError;
};

describe('OAuth ↔ emulator', () => {
  it('builds the consent URL with code flow, business.manage, offline access, consent prompt and PKCE S256', () => {
    const verifier = createPkceVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const url = new URL(
      oauth.authorizationUrl({ redirectUri: REDIRECT, state: 'abc', codeVerifier: verifier }),
    );
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: EMULATOR_CLIENT_ID,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: BUSINESS_MANAGE_SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      state: 'abc',
      code_challenge: pkceChallenge(verifier),
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).not.toBe(verifier);
  });

  it('consent returns the state; the code exchanges once for access and refresh tokens', async () => {
    const verifier = createPkceVerifier();
    const { code, state } = await consent(verifier, 'my-state');
    expect(state).toBe('my-state');
    const now = new Date('2026-01-01T00:00:00Z');
    const tokens = await oauth.exchangeCode(code, verifier, REDIRECT, now);
    expect(tokens.accessToken).toMatch(/^ya29\./);
    expect(tokens.refreshToken).toMatch(/^1\/\//);
    expect(tokens.expiresAt.toISOString()).toBe('2026-01-01T00:59:59.000Z');
    expect(tokens.scopes).toEqual([BUSINESS_MANAGE_SCOPE]);
    const again = await failure(oauth.exchangeCode(code, verifier, REDIRECT));
    expect(again.kind).toBe('invalid-grant');
    expect(again.details.httpStatus).toBe(400);
    expect(again.message).not.toContain(code);
  });

  it('refuses a code with the wrong PKCE verifier or redirect URI (invalid_grant)', async () => {
    const verifier = createPkceVerifier();
    const first = await consent(verifier);
    expect((await failure(oauth.exchangeCode(first.code, createPkceVerifier(), REDIRECT))).kind).toBe(
      'invalid-grant',
    );
    const second = await consent(verifier);
    expect((await failure(oauth.exchangeCode(second.code, verifier, `${REDIRECT}x`))).kind).toBe(
      'invalid-grant',
    );
  });

  it('refreshes to a new access token; after revocation the refresh is invalid_grant and the API says 401', async () => {
    const tokens = await connect();
    const refreshed = await oauth.refresh(tokens.refreshToken ?? '');
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeUndefined();
    expect((await api.listAccounts(refreshed.accessToken)).items).toHaveLength(1);
    await oauth.revoke(tokens.refreshToken ?? '');
    const refused = await failure(oauth.refresh(tokens.refreshToken ?? ''));
    expect(refused.kind).toBe('invalid-grant');
    expect(refused.message).toContain('Token has been expired or revoked.');
    expect((await failure(api.listAccounts(refreshed.accessToken))).kind).toBe('unauthorized');
    expect((await failure(oauth.revoke(tokens.refreshToken ?? ''))).details.googleStatus).toBe(
      'invalid_token',
    );
  });

  it('a wrong client secret is refused', async () => {
    const wrong = new GoogleOAuthClient({
      clientId: EMULATOR_CLIENT_ID,
      clientSecret: 'nope',
      urls: emulator.urls,
    });
    const error = await failure(wrong.refresh('1//whatever'));
    expect(error.details).toMatchObject({ httpStatus: 401, googleStatus: 'invalid_client' });
  });
});

describe('Business Profile APIs ↔ emulator', () => {
  let token: string;
  beforeAll(async () => {
    token = (await connect()).accessToken;
  });
  const lastQuery = () => emulator.requests.at(-1)?.query ?? {};

  it('lists accounts with a page size of at most 20, and an expired or unknown token is 401', async () => {
    const page = await api.listAccounts(token, { pageSize: 99 });
    expect(page.items).toEqual([EMULATOR_ACCOUNT]);
    expect(lastQuery().pageSize).toBe('20');
    expect(emulator.requests.at(-1)?.authorization).toBe(`Bearer ${token}`);
    const error = await failure(api.listAccounts('ya29.not-a-token'));
    expect(error.details).toMatchObject({ httpStatus: 401, googleStatus: 'UNAUTHENTICATED' });
    expect(error.message).not.toContain('ya29');
  });

  it('lists locations under an accounts/-prefixed id with the default readMask, paging at most 100', async () => {
    const id = EMULATOR_ACCOUNT.name.replace('accounts/', '');
    const page = await api.listLocations(token, id, { pageSize: 500 });
    expect(emulator.requests.at(-1)?.path).toBe(`/businessinformation/v1/${EMULATOR_ACCOUNT.name}/locations`);
    expect(lastQuery()).toMatchObject({
      readMask: 'name,title,storefrontAddress,phoneNumbers,categories,latlng,openInfo,metadata',
      pageSize: '100',
    });
    expect(page.items.map((l) => l.title)).toEqual([
      'Rose City Trattoria',
      'Sellwood Pizza Kitchen',
      'Alberta Noodle Bar',
    ]);
    expect(page.items[0]?.metadata?.placeId).toBe('ChIJemuTrattoria0001');
    expect(page.items[0]).not.toHaveProperty('regularHours');
    const two = await api.listLocations(token, EMULATOR_ACCOUNT.name, { pageSize: 2 });
    expect(two.items).toHaveLength(2);
    const rest = await api.listLocations(token, EMULATOR_ACCOUNT.name, {
      pageSize: 2,
      pageToken: two.nextPageToken ?? '',
    });
    expect(rest.items.map((l) => l.name)).toEqual(['locations/4003']);
    expect(rest.nextPageToken).toBeUndefined();
  });

  it('gets one location with a chosen readMask; an unknown one is not-found', async () => {
    const location = await api.getLocation(token, 'locations/4001', 'name,title,regularHours,websiteUri');
    expect(location.title).toBe('Rose City Trattoria');
    // the emulator's trattoria: 11:00-22:00, Monday to Saturday
    const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];
    expect(location.regularHours).toEqual({
      periods: days.map((day) => ({
        openDay: day,
        openTime: { hours: 11 },
        closeDay: day,
        closeTime: { hours: 22 },
      })),
    });
    expect(location.storefrontAddress).toBeUndefined();
    expect((await failure(api.getLocation(token, '9999'))).kind).toBe('not-found');
  });

  it('pages through 25 reviews, with star words read as numbers and replies where given', async () => {
    const seen: Awaited<ReturnType<typeof api.listReviews>>['items'] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const page = await api.listReviews(token, EMULATOR_ACCOUNT.name, 'locations/4001', {
        pageSize: 10,
        ...(pageToken ? { pageToken } : {}),
      });
      expect(page.totalReviewCount).toBe(25);
      seen.push(...page.items);
      pageToken = page.nextPageToken;
      pages += 1;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(new Set(seen.map((r) => r.reviewId)).size).toBe(25);
    expect(seen.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
    expect(seen.filter((r) => r.reviewReply).length).toBe(9);
    expect(seen.some((r) => r.reviewer.isAnonymous)).toBe(true);
    expect(seen[0]?.name).toBe(`${EMULATOR_ACCOUNT.name}/locations/4001/reviews/${seen[0]?.reviewId}`);
    await api.listReviews(token, EMULATOR_ACCOUNT.name, '4001', { pageSize: 80 });
    expect(lastQuery().pageSize).toBe('50');
  });

  it('puts, updates and deletes a reply; over 4096 bytes Google refuses', async () => {
    const review = { accountId: EMULATOR_ACCOUNT.name, locationId: '4001', reviewId: 'emu-review-002' };
    const read = async () =>
      (await api.listReviews(token, review.accountId, review.locationId)).items.find(
        (r) => r.reviewId === review.reviewId,
      );
    expect((await read())?.reviewReply).toBeUndefined();
    expect((await api.putReply(token, review, 'Sorry, we will do better.'))?.comment).toBe(
      'Sorry, we will do better.',
    );
    await api.putReply(token, review, 'Edited reply');
    expect((await read())?.reviewReply?.comment).toBe('Edited reply');
    await api.deleteReply(token, review);
    expect((await read())?.reviewReply).toBeUndefined();
    expect((await failure(api.putReply(token, review, 'é'.repeat(2049)))).kind).toBe('invalid-argument');
    expect((await failure(api.putReply(token, { ...review, reviewId: 'nope' }, 'x'))).kind).toBe('not-found');
  });

  it('answers a missing readMask with 400 INVALID_ARGUMENT in Google’s error shape', async () => {
    const res = await fetch(`${emulator.urls.businessInformationUrl}/${EMULATOR_ACCOUNT.name}/locations`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
  });

  it('a timeout is its own kind', async () => {
    const slow = new BusinessProfileClient({
      urls: emulator.urls,
      timeoutMs: 1,
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    expect((await failure(slow.listAccounts(token))).kind).toBe('timeout');
  });
});
