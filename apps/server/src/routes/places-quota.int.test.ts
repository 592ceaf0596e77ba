import { randomUUID } from 'node:crypto';
import { PLACES_QUOTA_MESSAGE } from '@brigade/domain/places';
import { type PlacesEmulator, startPlacesEmulator } from '@brigade/places/emulator';
import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { APP_ORIGIN, overHttp, type Session, signInAs } from '../test-client';

/**
 * Paid outside calls (issue 42, item 11) over real HTTP: Google Places, Business Profile and the LLM's drafts
 * need an active account with a tenant role — an account that signed itself up and is not activated yet, or
 * an active one in no tenant, is refused before anything reaches Google — and Places searches that reach
 * Google count against the tenant's daily quota (here 5), 429 with Retry-After once it is used.
 */
const KEY = 'AIzaPlacesQuotaTestKey-0123456789abcdef';
const env: Record<string, string> = { PLACES_DAILY_SEARCHES_PER_TENANT: '5' };
let emulator: PlacesEmulator;
beforeAll(async () => {
  emulator = await startPlacesEmulator({ apiKey: KEY });
  Object.assign(env, { GOOGLE_PLACES_API_KEY: KEY, GOOGLE_PLACES_URL: emulator.apiUrl });
});
afterAll(async () => emulator?.close());

const t = useTestApp({ env });
const sessions: Record<string, Session> = {};
let tenantId = 0;
let otherTenantId = 0;

beforeAll(async () => {
  const db = t.database.db;
  tenantId = (await makeTenant(db)).tenantId;
  otherTenantId = (await makeTenant(db)).tenantId;
  const people = {
    employee: { tenantId, role: 'employee' },
    manager: { tenantId, role: 'manager' },
    otherEmployee: { tenantId: otherTenantId, role: 'employee' },
    unassigned: {},
    siteAdmin: { isSiteAdmin: true },
  } as const;
  for (const [name, options] of Object.entries(people))
    sessions[name] = await signInAs(t.app, (await makeUser(db, options)).email, TEST_PASSWORD);
  // A self-sign-up, as anyone on the internet can make one: inactive, no tenant, signed in at once.
  const signup = await overHttp(t.baseUrl, {
    method: 'POST',
    url: '/api/v1/auth/signup',
    headers: { origin: APP_ORIGIN },
    payload: {
      email: `probe-${randomUUID()}@example.com`,
      password: 'secret-pw',
      firstName: 'P',
      lastName: 'R',
    },
  });
  expect(signup.statusCode, signup.body).toBe(201);
  sessions.selfSignup = { token: signup.json().sessionToken, cookie: '' };
});

const as = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  overHttp(t.baseUrl, { method, url: `/api/v1${url}`, session: sessions[who]!, payload });
const search = (who: string, query: string, extra = '') =>
  as(who, 'GET', `/places/search?query=${encodeURIComponent(query)}${extra}`);

describe('who may spend paid outside calls', () => {
  it('refuses an unactivated self-sign-up and an account in no tenant, before Google hears of it', async () => {
    const calls = { ...emulator.calls };
    for (const who of ['selfSignup', 'unassigned']) {
      for (const answer of [
        await search(who, 'pizza portland'),
        await as(who, 'GET', '/places/nearby?location=45.52,-122.68'),
        await as(who, 'GET', '/places/details/ChIJBrigadeEmuPdx0001'),
        await as(who, 'POST', '/places/photos/media', { name: 'places/ChIJBrigadeEmuPdx0001/photos/p1' }),
        await as(
          who,
          'GET',
          `/business-listing/connections?tenantId=${randomUUID()}&restaurantId=${randomUUID()}`,
        ),
        await as(who, 'POST', '/business-listing/reviews/generate-ai-response', {}),
      ]) {
        expect(answer.statusCode, `${who}: ${answer.body}`).toBe(403);
        expect(answer.json().code).toBe('FORBIDDEN');
      }
    }
    expect(emulator.calls).toEqual(calls);
  });

  it("lets a tenant's employee and a site administrator search", async () => {
    expect((await search('employee', 'coffee')).statusCode).toBe(200);
    expect((await search('siteAdmin', 'coffee portland')).statusCode).toBe(200);
  });
});

describe("a tenant's daily Places searches", () => {
  it('counts searches that reach Google per tenant and refuses the sixth with 429 and Retry-After', async () => {
    // 'coffee' above was the first of the tenant's five
    for (const query of ['tacos', 'ramen', 'bagels'])
      expect((await search('employee', query)).statusCode).toBe(200);
    const nearby = await as('manager', 'GET', '/places/nearby?location=45.52,-122.68&radius=900');
    expect(nearby.statusCode, nearby.body).toBe(200);
    const before = emulator.calls.searchText;
    const refused = await search('manager', 'noodles');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'PLACES_QUOTA_EXCEEDED', detail: PLACES_QUOTA_MESSAGE });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    expect(emulator.calls.searchText).toBe(before);
    // an answer the shared cache holds costs nothing and is still given
    const cached = await search('employee', 'tacos');
    expect(cached.statusCode).toBe(200);
    expect(cached.headers['x-cache']).toBe('hit');
    // another tenant has its own quota
    expect((await search('otherEmployee', 'noodles')).statusCode).toBe(200);
  });

  it('charges the tenant named, which must be one of the caller’s', async () => {
    expect((await search('employee', 'dumplings', `&tenantId=${otherTenantId}`)).statusCode).toBe(403);
    expect((await search('employee', 'dumplings', `&tenantId=${tenantId}`)).statusCode).toBe(429);
    expect((await search('siteAdmin', 'dumplings', `&tenantId=${otherTenantId}`)).statusCode).toBe(200);
  });
});
