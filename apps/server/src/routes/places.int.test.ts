import { type Database, openDatabase } from '@brigade/db/database';
import { type PlacesEmulator, QUOTA_QUERY, startPlacesEmulator } from '@brigade/places/emulator';
import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createAppDeps } from '../runtime';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

// The places routes (issue 18) against one emulator that stands in for Google with
// a configured key: answers in Brigade's shapes, bad input as 400s, Google's failures as problems, and the
// shared cache (X-Cache) hit across two server instances on one database.

const KEY = 'AIzaPlacesTestKey-never-shown-0123456789';
const env: Record<string, string> = {};
let emulator: PlacesEmulator;
beforeAll(async () => {
  emulator = await startPlacesEmulator({ apiKey: KEY });
  Object.assign(env, { GOOGLE_PLACES_API_KEY: KEY, GOOGLE_PLACES_URL: emulator.apiUrl });
});
afterAll(async () => emulator?.close());

const t = useTestApp({ env });
const isPostgres = process.env.BRIGADE_TEST_ENGINE === 'postgres';
let second: FastifyInstance;
let secondDatabase: Database | undefined;
let staff: Session;

beforeAll(async () => {
  // Places are for members of a tenant (issue 42: never an account that signed itself up)
  const { tenantId } = await makeTenant(t.database.db);
  const user = await makeUser(t.database.db, { tenantId });
  staff = await signInAs(t.app, user.email, TEST_PASSWORD);
  // A second instance on the same database (its own pool on PostgreSQL).
  secondDatabase = isPostgres
    ? await openDatabase({ url: t.database.pool!.options.connectionString!, poolMax: 2 })
    : undefined;
  const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }), port: 0 };
  second = await buildApp({ deps: createAppDeps(config, secondDatabase ?? t.database) });
});
afterAll(async () => {
  await second?.close();
  await secondDatabase?.close();
});

const get = (url: string, app = t.app) =>
  asBearer(app, staff, { method: 'GET', url: `/api/v1/places${url}` });
const photo = (payload: object) =>
  asBearer(t.app, staff, { method: 'POST', url: '/api/v1/places/photos/media', payload });
const TRATTORIA = 'ChIJBrigadeEmuPdx0001';

describe('places routes', () => {
  it('are for signed-in users only', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/places/search?query=pizza' });
    expect(response.statusCode).toBe(401);
  });

  it('search answers places in the spec shape, then the same search from the cache', async () => {
    const calls = emulator.calls.searchText;
    const first = await get('/search?query=pizza%20portland');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-cache']).toBe('miss');
    const places = first.json().data.places;
    expect(places.map((p: { displayName: string }) => p.displayName)).toEqual([
      'Rose City Trattoria',
      'Sellwood Pizza Kitchen',
    ]);
    expect(places[0]).toMatchObject({ id: TRATTORIA, priceLevel: 2, rating: 4.6 });
    expect(places[0].photos[0].authorAttributions[0].displayName).toBe('Rose City Trattoria');
    const again = await get('/search?query=pizza%20portland');
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.json()).toEqual(first.json());
    expect(emulator.calls.searchText).toBe(calls + 1);
    expect(t.deps.places.counters).toMatchObject({ hits: expect.any(Number), misses: expect.any(Number) });
    expect(t.deps.places.counters.hits).toBeGreaterThanOrEqual(1);
  });

  it('details fetched on one instance are a cache hit on another instance of the same database', async () => {
    const calls = emulator.calls.getPlace;
    const one = await get(`/details/${TRATTORIA}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['x-cache']).toBe('miss');
    expect(one.json().data).toMatchObject({
      id: TRATTORIA,
      displayName: 'Rose City Trattoria',
      nationalPhoneNumber: '(503) 555-0101',
      regularOpeningHours: { weekdayDescriptions: expect.arrayContaining(['Monday: Closed']) },
    });
    const other = await get(`/details/${TRATTORIA}`, second);
    expect(other.headers['x-cache']).toBe('hit');
    expect(other.json().data).toEqual(one.json().data);
    expect(emulator.calls.getPlace).toBe(calls + 1);
  });

  it('details narrowed by fields; an unknown place is a 404', async () => {
    const narrow = await get(`/details/${TRATTORIA}?fields=displayName,rating`);
    expect(narrow.json().data).toEqual({ id: TRATTORIA, displayName: 'Rose City Trattoria', rating: 4.6 });
    const unknown = await get('/details/ChIJnoSuchPlace');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/problem+json');
    expect(unknown.json()).toMatchObject({ code: 'PLACE_NOT_FOUND', detail: 'Place not found' });
  });

  it('nearby answers only places within the radius; a keyword narrows them', async () => {
    const near = await get('/nearby?location=45.5236,-122.6847&radius=1000');
    expect(near.statusCode).toBe(200);
    const ids = near.json().data.places.map((p: { id: string }) => p.id);
    expect(ids[0]).toBe(TRATTORIA);
    expect(ids).not.toContain('ChIJBrigadeEmuPdx0011'); // St Johns, kilometres away
    const sushi = await get('/nearby?location=45.5236,-122.6847&radius=2000&keyword=sushi');
    expect(sushi.json().data.places.map((p: { id: string }) => p.id)).toEqual(['ChIJBrigadeEmuPdx0007']);
  });

  it('photo media answers {name, photoUri} at 800×600 by default', async () => {
    const response = await photo({ name: `places/${TRATTORIA}/photos/TrattoriaPhoto1` });
    expect(response.statusCode).toBe(200);
    const media = response.json().data;
    expect(media.name).toBe(`places/${TRATTORIA}/photos/TrattoriaPhoto1/media`);
    expect(media.photoUri).toContain('w=800&h=600');
    expect((await fetch(media.photoUri)).headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses bad input with 400 and clear messages', async () => {
    const detail = async (response: Promise<{ statusCode: number; json: () => { detail: string } }>) => {
      const answer = await response;
      expect(answer.statusCode).toBe(400);
      return answer.json().detail;
    };
    expect(await detail(get('/search?query=%20'))).toBe('Search query is required');
    expect(await detail(get('/search'))).toBe('Search query is required');
    expect(await detail(get('/nearby?location=91,0'))).toContain('Location must be "latitude,longitude"');
    expect(await detail(get('/nearby?location=abc'))).toContain('Location must be');
    expect(await detail(get('/nearby?location=45,-122&radius=50001'))).toBe(
      'Radius must be between 0 and 50000 metres',
    );
    expect(await detail(get('/nearby?location=45,-122&radius=-1'))).toBe(
      'Radius must be between 0 and 50000 metres',
    );
    expect(await detail(get('/search?query=x&pageSize=21'))).toBe('Page size must be between 1 and 20');
    expect(await detail(get('/search?query=x&radius=10'))).toBe('Radius needs a location');
    const name = `places/${TRATTORIA}/photos/TrattoriaPhoto1`;
    expect(await detail(photo({ name, maxWidthPx: 4801 }))).toBe(
      'Photo sizes must be between 1 and 4800 pixels',
    );
    expect(await detail(photo({ name, maxHeightPx: 0 }))).toBe(
      'Photo sizes must be between 1 and 4800 pixels',
    );
    expect(await detail(get('/details/not%20an%20id'))).toBe('Place ID must be a Google place id');
  });

  it("Google's quota is a 429 problem with retry-after; its failures are problems, never a 500", async () => {
    const quota = await get(`/search?query=${QUOTA_QUERY}`);
    expect(quota.statusCode).toBe(429);
    expect(quota.headers['retry-after']).toBe('30');
    expect(quota.headers['content-type']).toContain('application/problem+json');
    expect(quota.json().code).toBe('PLACES_RATE_LIMITED');
    emulator.injectFailure({ endpoint: 'getPlace', status: 503 });
    const failed = await get('/details/ChIJBrigadeEmuPdx0002');
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('PLACES_ERROR');
    // the failure was not cached: the next call reaches Google and succeeds
    expect((await get('/details/ChIJBrigadeEmuPdx0002')).statusCode).toBe(200);
  });

  it('never logs or answers the API key', async () => {
    expect(t.logs.text()).not.toContain(KEY);
    const info = await t.app.inject({ method: 'GET', url: '/api/v1' });
    expect(info.body).not.toContain(KEY);
  });
});
