import { businessListingConnections } from '@brigade/db/schema/business-listing';
import { DEFAULT_LOCATION_READ_MASK } from '@brigade/domain/listing/connection';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { ACCOUNT, api, connect, makeWorld, type Place, scopeQuery } from './test-business-listing';

// A connection's tokens at work (issue 19) against the in-process emulator over HTTP:
// refreshed when they expire within 5 minutes, one refresh and retry on Google's 401, "reconnect needed" once
// Google refuses the grant; locations with the spec's readMask and page sizes, selection, disconnect, delete.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld(t);
});

const emulator = async () => (await t.deps.businessListing.emulator())!;
const RECONNECT =
  'Google no longer accepts this connection (access revoked or expired): reconnect Google Business Profile';

async function rowOf(connectionId: string) {
  const [row] = await t.database.db
    .select()
    .from(businessListingConnections)
    .where(eq(businessListingConnections.connectionId, connectionId));
  return row!;
}

const setExpiry = (connectionId: string, inMs: number) =>
  t.database.db
    .update(businessListingConnections)
    .set({ tokenExpiresAt: new Date(Date.now() + inMs) })
    .where(eq(businessListingConnections.connectionId, connectionId));

const tokenCalls = async () => (await emulator()).requests.filter((r) => r.path === '/token').length;
const locations = (place: Place, extra = '') =>
  api(t, world.owner, 'GET', `/locations?${scopeQuery(place)}${extra}`);

async function connected() {
  const place = await world.newPlace();
  const connection = await connect(t, world.owner, place);
  return { place, connection };
}

describe('the token provider', () => {
  it('uses a token that expires in more than 5 minutes as it is, and refreshes one expiring within 5', async () => {
    const { place, connection } = await connected();
    await setExpiry(connection.connectionId, 6 * 60_000);
    let before = await tokenCalls();
    expect((await locations(place)).statusCode).toBe(200);
    expect(await tokenCalls()).toBe(before);

    await setExpiry(connection.connectionId, 4 * 60_000);
    const sealedBefore = (await rowOf(connection.connectionId)).accessToken;
    before = await tokenCalls();
    expect((await locations(place)).statusCode).toBe(200);
    expect(await tokenCalls()).toBe(before + 1);
    const row = await rowOf(connection.connectionId);
    expect(row.accessToken).not.toBe(sealedBefore);
    expect(row.accessToken).toMatch(/^v1\./);
    // Google's 3599 seconds from now.
    expect(row.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row.status).toBe('connected');
  });

  it('refreshes once and retries once when Google answers 401 to a token it no longer takes', async () => {
    const { place } = await connected();
    (await emulator()).expireAccessTokens();
    const before = await tokenCalls();
    const answer = await locations(place);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.locations).toHaveLength(3);
    expect(await tokenCalls()).toBe(before + 1);
  });

  it('turns the connection to reconnect needed when Google refuses the grant, and says so', async () => {
    const { place, connection } = await connected();
    const e = await emulator();
    // The owner removes Brigade's access in their Google account: every token of every grant stops working.
    for (const grant of e.state.refreshTokens.values()) grant.revoked = true;
    const answer = await locations(place);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'RECONNECT_NEEDED', detail: RECONNECT });
    const got = await api(t, world.owner, 'GET', `/connections/${connection.connectionId}`);
    expect(got.json().data).toMatchObject({ status: 'error', statusReason: 'reconnect_needed' });
    const row = await rowOf(connection.connectionId);
    expect([row.accessToken, row.refreshToken]).toEqual([null, null]);
    // Later calls say the same without asking Google; connecting again makes it usable.
    const before = await tokenCalls();
    expect((await locations(place)).json().code).toBe('RECONNECT_NEEDED');
    expect(await tokenCalls()).toBe(before);
    expect((await connect(t, world.owner, place)).status).toBe('connected');
    expect((await locations(place)).statusCode).toBe(200);
  });

  it('answers 409 when the restaurant has no connection', async () => {
    const place = await world.newPlace();
    const answer = await locations(place);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('NOT_CONNECTED');
  });
});

describe('accounts and locations', () => {
  it("lists the connection's account's locations with the spec's default readMask", async () => {
    const { place } = await connected();
    const answer = await locations(place);
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    expect(data.accountId).toBe(ACCOUNT);
    expect(data.locations.map((l: { title: string }) => l.title)).toEqual([
      'Rose City Trattoria',
      'Sellwood Pizza Kitchen',
      'Alberta Noodle Bar',
    ]);
    const sent = (await emulator()).requests.filter((r) => r.path.endsWith('/locations')).at(-1)!;
    expect(sent.query.readMask).toBe(DEFAULT_LOCATION_READ_MASK);
    expect(sent.path).toBe(`/businessinformation/v1/${ACCOUNT}/locations`);
  });

  it("prefixes 'accounts/' to a bare account id, pages, and passes a readMask", async () => {
    const { place } = await connected();
    const bare = ACCOUNT.slice('accounts/'.length);
    const first = await locations(place, `&accountId=${bare}&pageSize=2&readMask=name,title`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ accountId: ACCOUNT, nextPageToken: '2' });
    expect(first.json().data.locations[0]).toEqual({ name: 'locations/4001', title: 'Rose City Trattoria' });
    const second = await locations(place, `&accountId=${bare}&pageSize=2&pageToken=2`);
    expect(second.json().data.locations.map((l: { name: string }) => l.name)).toEqual(['locations/4003']);
    const unknown = await locations(place, '&accountId=999');
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses page sizes out of range with the messages, and an empty readMask', async () => {
    const { place } = await connected();
    for (const size of ['0', '101', '2.5', 'ten']) {
      const answer = await locations(place, `&pageSize=${size}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toBe('pageSize must be between 1 and 100');
    }
    const accounts = await api(t, world.owner, 'GET', `/accounts?${scopeQuery(place)}&pageSize=21`);
    expect(accounts.statusCode).toBe(400);
    expect(accounts.json().detail).toBe('pageSize must be between 1 and 20');
    expect((await locations(place, '&readMask=')).json().detail).toBe('readMask must not be empty');
    const ok = await api(t, world.owner, 'GET', `/accounts?${scopeQuery(place)}&pageSize=20`);
    expect(ok.json().data.accounts[0]).toMatchObject({ name: ACCOUNT, role: 'PRIMARY_OWNER' });
  });

  it('selects a location Google knows, prefixed; refuses one it does not', async () => {
    const { place, connection } = await connected();
    const body = { tenantId: place.tenantGuid, restaurantId: place.restaurantGuid };
    const chosen = await api(t, world.owner, 'PATCH', '/locations/select', { ...body, locationId: '4002' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json().data).toMatchObject({
      connectionId: connection.connectionId,
      locationId: 'locations/4002',
      locationTitle: 'Sellwood Pizza Kitchen',
    });
    const unknown = await api(t, world.owner, 'PATCH', '/locations/select', { ...body, locationId: '9999' });
    expect(unknown.statusCode).toBe(404);
    const bad = await api(t, world.owner, 'PATCH', '/locations/select', { ...body, locationId: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toBe('locationId is required');
    expect((await rowOf(connection.connectionId)).locationId).toBe('locations/4002');
  });
});

describe('connections', () => {
  it('lists, gets, and patches the account and location only (never tokens or status)', async () => {
    const { place, connection } = await connected();
    const list = await api(t, world.owner, 'GET', `/connections?${scopeQuery(place)}`);
    expect(list.json().data.map((c: { connectionId: string }) => c.connectionId)).toEqual([
      connection.connectionId,
    ]);
    const patched = await api(t, world.manager, 'PATCH', `/connections/${connection.connectionId}`, {
      locationId: '4003',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      locationId: 'locations/4003',
      locationTitle: null,
      accountId: ACCOUNT,
    });
    for (const body of [{ accessToken: 'x' }, { status: 'connected' }, { refreshToken: 'y' }]) {
      expect(
        (await api(t, world.owner, 'PATCH', `/connections/${connection.connectionId}`, body)).statusCode,
      ).toBe(400);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const missing = await api(t, world.owner, 'GET', `/connections/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().detail).toBe('Connection not found');
    }
  });

  it('disconnects: revokes the grant at Google, forgets the tokens, keeps the row', async () => {
    const { place, connection } = await connected();
    const e = await emulator();
    const answer = await api(
      t,
      world.owner,
      'DELETE',
      `/disconnect/${place.tenantGuid}/${place.restaurantGuid}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({
      status: 'disconnected',
      connectionId: connection.connectionId,
    });
    expect(e.requests.at(-1)?.path).toBe('/revoke');
    const row = await rowOf(connection.connectionId);
    expect([row.accessToken, row.refreshToken, row.tokenExpiresAt]).toEqual([null, null, null]);
    expect((await locations(place)).json().code).toBe('NOT_CONNECTED');
  });

  it('deletes: revokes the grant at Google and removes the connection', async () => {
    const { place, connection } = await connected();
    const revokedBefore = [...(await emulator()).state.refreshTokens.values()].filter(
      (g) => g.revoked,
    ).length;
    const answer = await api(t, world.owner, 'DELETE', `/connections/${connection.connectionId}`);
    expect(answer.statusCode).toBe(204);
    const revokedAfter = [...(await emulator()).state.refreshTokens.values()].filter((g) => g.revoked).length;
    expect(revokedAfter).toBe(revokedBefore + 1);
    expect((await api(t, world.owner, 'GET', `/connections/${connection.connectionId}`)).statusCode).toBe(
      404,
    );
    expect((await api(t, world.owner, 'GET', `/connections?${scopeQuery(place)}`)).json().data).toEqual([]);
  });

  it("shows another tenant's users and employees nothing: 404 everywhere, nothing changed", async () => {
    const { place, connection } = await connected();
    const id = connection.connectionId;
    const body = { tenantId: place.tenantGuid, restaurantId: place.restaurantGuid, locationId: '4001' };
    for (const session of [world.outsider, world.employee]) {
      const answers = [
        await api(t, session, 'GET', `/connections/${id}`),
        await api(t, session, 'GET', `/connections?${scopeQuery(place)}`),
        await api(t, session, 'PATCH', `/connections/${id}`, { locationId: '4001' }),
        await api(t, session, 'GET', `/locations?${scopeQuery(place)}`),
        await api(t, session, 'GET', `/accounts?${scopeQuery(place)}`),
        await api(t, session, 'PATCH', '/locations/select', body),
        await api(t, session, 'DELETE', `/disconnect/${place.tenantGuid}/${place.restaurantGuid}`),
        await api(t, session, 'DELETE', `/connections/${id}`),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.body).not.toContain(id);
      }
    }
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'connected', locationId: null });
    expect(row.accessToken).toMatch(/^v1\./);
  });
});

describe("Google's quota (429 RESOURCE_EXHAUSTED)", () => {
  it('backs off and retries, so a short burst over quota still answers', async () => {
    const { place } = await connected();
    const e = await emulator();
    const before = e.requests.filter((r) => r.path.endsWith('/locations')).length;
    e.exhaustQuota(2);
    const answer = await locations(place);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(e.requests.filter((r) => r.path.endsWith('/locations')).length - before).toBe(3);
  });

  it("answers 429 with Google's retry-after once the retries are spent", async () => {
    const { place } = await connected();
    const e = await emulator();
    e.exhaustQuota(5, 30);
    try {
      const answer = await locations(place);
      expect(answer.statusCode).toBe(429);
      expect(answer.headers['retry-after']).toBe('30');
      expect(answer.json()).toMatchObject({
        code: 'GOOGLE_BUSINESS_RATE_LIMITED',
        detail: 'Google Business Profile is limiting requests (quota); try again in 30 seconds',
      });
    } finally {
      e.exhaustQuota(0);
    }
    // Over quota is not a broken connection.
    expect((await locations(place)).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('carry no token Google issued during these tests (connects, refreshes, revocations, failures)', async () => {
    const state = (await emulator()).state;
    const issued = [...state.accessTokens.keys(), ...state.refreshTokens.keys()];
    expect(issued.length).toBeGreaterThan(10);
    const logs = t.logs.text();
    expect(logs).toContain('needs reconnecting');
    for (const token of issued) expect(logs).not.toContain(token);
  });
});
