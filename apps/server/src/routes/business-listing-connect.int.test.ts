import { businessListingConnections, businessListingOauthStates } from '@brigade/db/schema/business-listing';
import { BUSINESS_MANAGE_SCOPE } from '@brigade/google-business/endpoints';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_LISTING_NOT_CONFIGURED, createBusinessListingRuntime } from '../business-listing-runtime';
import { loadConfig } from '../config';
import { useTestApp } from '../test-app';
import { ACCOUNT, api, connect, consent, makeWorld, REDIRECT_URL, scopeQuery } from './test-business-listing';

// Connecting Google Business Profile (issue 19): the server against the in-process emulator a
// server without GOOGLE_BUSINESS_CLIENT_ID starts, over real HTTP. The state is single use, expires, belongs to
// one user and restaurant; tokens are sealed in the row and appear in no answer and no log line.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld(t);
});

const emulator = () => t.deps.businessListing.emulator()!;
const urlOf = (place: Parameters<typeof scopeQuery>[0], redirectUrl = REDIRECT_URL) =>
  `/auth/url?${scopeQuery(place)}&redirectUrl=${encodeURIComponent(redirectUrl)}`;

describe('GET /business-listing/auth/url', () => {
  it('gives the consent URL: code flow, business.manage, offline, consent prompt, PKCE S256, the state', async () => {
    const place = await world.newPlace();
    const answer = await api(t, world.owner, 'GET', urlOf(place));
    expect(answer.statusCode, answer.body).toBe(200);
    const url = new URL(answer.json().data.url);
    expect(url.origin).toBe((await emulator()).baseUrl);
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({
      redirect_uri: REDIRECT_URL,
      response_type: 'code',
      scope: BUSINESS_MANAGE_SCOPE,
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
    });
    expect(q.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The state carries tenantId, restaurantId, redirectUrl and a nonce ...
    const carried = JSON.parse(Buffer.from(q.state ?? '', 'base64url').toString('utf8'));
    expect(carried).toMatchObject({
      tenantId: place.tenantGuid,
      restaurantId: place.restaurantGuid,
      redirectUrl: REDIRECT_URL,
    });
    expect(carried.nonce.length).toBeGreaterThanOrEqual(43);
    // ... and only its SHA-256 is stored, with the verifier sealed, for 10 minutes.
    const rows = await t.database.db
      .select()
      .from(businessListingOauthStates)
      .where(eq(businessListingOauthStates.restaurantId, place.restaurantId));
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(JSON.stringify(row)).not.toContain(q.state);
    expect(row.codeVerifier).toMatch(/^v1\./);
    expect(row.nonce).toBe(carried.nonce);
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 1);
  });

  it('refuses a redirectUrl off the app origins (no open redirect) and GUIDs that are not UUIDs', async () => {
    const place = await world.newPlace();
    for (const target of [
      'https://evil.example/callback',
      'javascript:alert(1)',
      'http://user:pw@localhost:3000/x',
    ]) {
      const answer = await api(t, world.owner, 'GET', urlOf(place, target));
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toBe("redirectUrl must be an address on one of this deployment's apps");
    }
    const bad = await api(t, world.owner, 'GET', `/auth/url?tenantId=1&restaurantId=2&redirectUrl=x`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('tenantId must be a UUID');
    expect(bad.json().detail).toContain('restaurantId must be a UUID');
  });

  it('is for owners, admins and managers of the tenant: employees and other tenants get 404', async () => {
    const place = await world.newPlace();
    expect((await api(t, world.manager, 'GET', urlOf(place))).statusCode).toBe(200);
    for (const session of [world.employee, world.outsider]) {
      const answer = await api(t, session, 'GET', urlOf(place));
      expect(answer.statusCode).toBe(404);
      expect(answer.json().detail).toBe('Restaurant not found');
    }
    // A restaurant of another tenant named with this tenant's GUID is not found either.
    const mixed = { ...place, restaurantGuid: world.foreign.restaurantGuid };
    expect((await api(t, world.owner, 'GET', urlOf(mixed))).statusCode).toBe(404);
  });
});

describe('POST /business-listing/auth/callback', () => {
  it('connects: tokens sealed in the row, absent from the answer and the logs', async () => {
    const place = await world.newPlace();
    const connection = await connect(t, world.owner, place);
    expect(connection).toMatchObject({
      status: 'connected',
      statusReason: null,
      accountId: ACCOUNT,
      locationId: null,
      tenantGuid: place.tenantGuid,
      restaurantGuid: place.restaurantGuid,
      scopes: [BUSINESS_MANAGE_SCOPE],
    });
    const [row] = await t.database.db
      .select()
      .from(businessListingConnections)
      .where(eq(businessListingConnections.connectionId, connection.connectionId));
    const state = (await emulator()).state;
    const issued = [...state.accessTokens.keys(), ...state.refreshTokens.keys()];
    expect(issued.length).toBeGreaterThan(0);
    expect(row?.accessToken).toMatch(/^v1\./);
    expect(row?.refreshToken).toMatch(/^v1\./);
    const seen = JSON.stringify(row) + JSON.stringify(connection) + t.logs.text();
    for (const token of issued) expect(seen).not.toContain(token);
    // The sealed values open to the tokens Google issued, and only on their own row.
    const box = t.deps.payments.secrets();
    expect(issued).toContain(
      box.open(row!.accessToken!, `business_listing_connections.access_token:${row!.connectionId}`),
    );
    expect(() => box.open(row!.accessToken!, 'business_listing_connections.access_token:other')).toThrow();
  });

  it('refuses a replayed state', async () => {
    const place = await world.newPlace();
    const { code, state } = await consent(t, world.owner, place);
    expect((await api(t, world.owner, 'POST', '/auth/callback', { code, state })).statusCode).toBe(200);
    const again = await api(t, world.owner, 'POST', '/auth/callback', { code, state });
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe('This OAuth state has already been used: start connecting again');
  });

  it('refuses an expired state', async () => {
    const place = await world.newPlace();
    const { code, state } = await consent(t, world.owner, place);
    await t.database.db.execute(
      sql`update business_listing_oauth_states set expires_at = now() - interval '1 second'
          where restaurant_id = ${place.restaurantId}`,
    );
    const answer = await api(t, world.owner, 'POST', '/auth/callback', { code, state });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toBe('This OAuth state has expired: start connecting again');
  });

  it("refuses another user's state, another restaurant's, and one it never issued", async () => {
    const place = await world.newPlace();
    const { code, state } = await consent(t, world.owner, place);
    const stolen = await api(t, world.manager, 'POST', '/auth/callback', { code, state });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().detail).toBe('This OAuth state was issued to another user');
    const elsewhere = await world.newPlace();
    const moved = await api(t, world.owner, 'POST', '/auth/callback', {
      code,
      state,
      tenantId: elsewhere.tenantGuid,
      restaurantId: elsewhere.restaurantGuid,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().detail).toBe('This OAuth state was issued for another restaurant');
    const forged = await api(t, world.owner, 'POST', '/auth/callback', { code, state: `${state}x` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().detail).toBe('Unknown OAuth state: start connecting again');
    // None of those used the state up: its owner still connects with it.
    expect((await api(t, world.owner, 'POST', '/auth/callback', { code, state })).statusCode).toBe(200);
  });

  it('refuses a code Google does not accept, and bodies without code or state', async () => {
    const place = await world.newPlace();
    const { state } = await consent(t, world.owner, place);
    const wrong = await api(t, world.owner, 'POST', '/auth/callback', { code: '4/not-a-code', state });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('OAUTH_CODE_REFUSED');
    const empty = await api(t, world.owner, 'POST', '/auth/callback', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe('code is required; state is required');
    const extra = await api(t, world.owner, 'POST', '/auth/callback', {
      code: 'a',
      state: 'b',
      accessToken: 'x',
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('a misconfigured OAuth client', () => {
  it("answers 502 GOOGLE_BUSINESS_CLIENT_REFUSED, not reconnect needed, when Google refuses the server's client", async () => {
    const place = await world.newPlace();
    const { code, state } = await consent(t, world.owner, place);
    const e = await emulator();
    const secret = e.state.clientSecret;
    e.state.clientSecret = 'rotated-in-the-console';
    try {
      const answer = await api(t, world.owner, 'POST', '/auth/callback', { code, state });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toMatchObject({
        code: 'GOOGLE_BUSINESS_CLIENT_REFUSED',
        detail:
          "Google refused the server's OAuth client; check GOOGLE_BUSINESS_CLIENT_ID and GOOGLE_BUSINESS_CLIENT_SECRET",
      });
    } finally {
      e.state.clientSecret = secret;
    }
    expect(t.logs.text()).not.toContain(secret);
  });
});

describe('a production server without GOOGLE_BUSINESS_CLIENT_ID', () => {
  it('answers the listing routes that need Google with 503 BUSINESS_LISTING_NOT_CONFIGURED', async () => {
    const production = loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://brigade.example.com' });
    const off = createBusinessListingRuntime(production);
    expect(off.mode).toBe('off');
    expect(off.emulator()).toBeNull();
    const running = t.deps.businessListing;
    t.deps.businessListing = off;
    try {
      const place = await world.newPlace();
      const answer = await api(t, world.owner, 'GET', urlOf(place));
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      // The code names the cause; the operator's log has the sentence (5xx details stay on the server).
      expect(answer.json().code).toBe('BUSINESS_LISTING_NOT_CONFIGURED');
      expect(t.logs.text()).toContain(BUSINESS_LISTING_NOT_CONFIGURED);
    } finally {
      t.deps.businessListing = running;
    }
  });
});
