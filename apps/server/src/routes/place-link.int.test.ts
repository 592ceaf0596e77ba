import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

// The place link done on the server (issue 18), against the in-process emulator a server
// without GOOGLE_PLACES_API_KEY starts: connect by placeId only, sync, the import preview's per-field diff,
// imports that write exactly the chosen fields, a failed import that changes nothing, and other tenants.

const mediaDir = mkdtempSync(join(tmpdir(), 'brigade-place-link-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const t = useTestApp({ env: { BRIGADE_MEDIA_DIR: mediaDir } });

const TRATTORIA = 'ChIJBrigadeEmuPdx0001';
let owner: Session;
let employee: Session;
let outsider: Session;
let tenantId: number;

beforeAll(async () => {
  const db = t.database.db;
  const tenant = await makeTenant(db, { plan: 'professional' });
  tenantId = tenant.tenantId;
  owner = await signInAs(t.app, (await makeUser(db, { tenantId, role: 'owner' })).email, TEST_PASSWORD);
  employee = await signInAs(t.app, (await makeUser(db, { tenantId, role: 'employee' })).email, TEST_PASSWORD);
  const other = await makeTenant(db);
  const otherOwner = await makeUser(db, { tenantId: other.tenantId, role: 'owner' });
  outsider = await signInAs(t.app, otherOwner.email, TEST_PASSWORD);
});

const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
  asBearer(t.app, session, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

async function newRestaurant() {
  const restaurant = await makeRestaurant(t.database.db, tenantId);
  const base = `/tenants/${tenantId}/restaurants/${restaurant.restaurantId}`;
  return { base, link: `${base}/platform-sync/google-places` };
}

const restaurantOf = async (base: string) => (await call(owner, 'GET', base)).json().data.restaurant;

async function connected() {
  const { base, link } = await newRestaurant();
  expect((await call(owner, 'POST', `${link}/connect`, { placeId: TRATTORIA })).statusCode).toBe(200);
  return { base, link };
}

const filesIn = (dir: string): string[] => {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

describe('the Google place link', () => {
  it('connects by placeId alone: name and address come from Google', async () => {
    const { link } = await newRestaurant();
    const response = await call(owner, 'POST', `${link}/connect`, {
      placeId: TRATTORIA,
      placeName: 'Sent by the caller',
    });
    expect(response.statusCode).toBe(200);
    const entry = response.json().data.restaurant.platformSync.platforms.googlePlaces;
    expect(entry).toMatchObject({
      placeId: TRATTORIA,
      placeName: 'Rose City Trattoria',
      placeAddress: '1201 NW Couch St, Portland, OR 97209, USA',
      enabled: true,
      syncEnabled: true,
      autoSync: false,
      syncStatus: 'connected',
    });
    expect(entry.connectedAt).toEqual(expect.any(String));
    expect(entry).not.toHaveProperty('lastSyncAt');
  });

  it('refuses a missing or unknown place, changing nothing', async () => {
    const { base, link } = await newRestaurant();
    const before = await restaurantOf(base);
    const missing = await call(owner, 'POST', `${link}/connect`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'placeId', message: 'Place ID is required' }]);
    const unknown = await call(owner, 'POST', `${link}/connect`, { placeId: 'ChIJnoSuchPlace' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PLACE_NOT_FOUND', detail: 'Place not found' });
    expect(await restaurantOf(base)).toEqual(before);
  });

  it('syncs the linked place (409 before one is linked), keeping connectedAt', async () => {
    const { link } = await newRestaurant();
    const early = await call(owner, 'POST', `${link}/sync`);
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('No Google Place is connected to this restaurant');
    const first = (await call(owner, 'POST', `${link}/connect`, { placeId: TRATTORIA })).json().data
      .restaurant;
    const synced = (await call(owner, 'POST', `${link}/sync`)).json().data.restaurant.platformSync.platforms
      .googlePlaces;
    const connectedAt = first.platformSync.platforms.googlePlaces.connectedAt;
    expect(synced).toMatchObject({ placeName: 'Rose City Trattoria', connectedAt, syncStatus: 'completed' });
    expect(new Date(synced.lastSyncAt).getTime()).toBeGreaterThanOrEqual(new Date(connectedAt).getTime());
  });

  it('keeps the place link when the platform sync is saved without it (issue 45 item 14)', async () => {
    const { base } = await connected();
    const linked = (await restaurantOf(base)).platformSync.platforms.googlePlaces;
    expect(linked.placeId).toBe(TRATTORIA);
    const saved = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1${base}`,
      payload: {
        platformSync: { enabled: true, syncFrequency: 'hourly', platforms: { yelp: { enabled: true } } },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json().data.restaurant.platformSync;
    expect(after).toMatchObject({ enabled: true, syncFrequency: 'hourly' });
    expect(after.platforms.yelp).toMatchObject({ enabled: true });
    expect(after.platforms.googlePlaces).toEqual(linked);
  });

  it('previews the import field by field without writing', async () => {
    const { base, link } = await connected();
    const before = await restaurantOf(base);
    const preview = await call(owner, 'GET', `${link}/import`);
    expect(preview.statusCode).toBe(200);
    const diff = preview.json().data;
    expect(diff.placeId).toBe(TRATTORIA);
    const byField = Object.fromEntries(diff.fields.map((f: { field: string }) => [f.field, f]));
    expect(Object.keys(byField)).toEqual(['hours', 'phone', 'website', 'address', 'coordinates', 'photos']);
    expect(byField.phone).toEqual({
      field: 'phone',
      current: before.contact.phone,
      place: '(503) 555-0101',
      available: true,
      changed: true,
    });
    expect(byField.hours.place.monday).toMatchObject({ open: '09:00', close: '17:00', closed: true });
    expect(byField.hours.place.tuesday).toMatchObject({ open: '11:00', close: '22:00', closed: false });
    expect(byField.coordinates.place).toEqual({ latitude: 45.5236, longitude: -122.6847 });
    expect(byField.address.place).toEqual({
      street: '1201 NW Couch St',
      city: 'Portland',
      state: 'OR',
      zipCode: '97209',
      country: 'US',
    });
    expect(byField.photos.place).toHaveLength(3);
    expect(await restaurantOf(base)).toEqual(before);
  });

  it('imports exactly the chosen fields', async () => {
    const { base, link } = await connected();
    const before = await restaurantOf(base);
    const response = await call(owner, 'POST', `${link}/import`, { fields: ['hours', 'phone'] });
    expect(response.statusCode).toBe(200);
    const after = response.json().data.restaurant;
    expect(after.operatingHours.monday.closed).toBe(true);
    expect(after.operatingHours.sunday).toMatchObject({ open: '11:00', close: '22:00', closed: false });
    expect(after.contact).toEqual({ ...before.contact, phone: '(503) 555-0101' });
    expect(after.address).toEqual(before.address);
    expect(after.platformSync).toEqual(before.platformSync);
    expect(after.name).toBe(before.name);

    const located = (await call(owner, 'POST', `${link}/import`, { fields: ['coordinates'] })).json().data
      .restaurant;
    expect(located.address).toEqual({
      ...before.address,
      coordinates: { latitude: 45.5236, longitude: -122.6847 },
    });
    const moved = (await call(owner, 'POST', `${link}/import`, { fields: ['address', 'website'] })).json()
      .data.restaurant;
    expect(moved.address).toEqual({
      street: '1201 NW Couch St',
      city: 'Portland',
      state: 'OR',
      zipCode: '97209',
      country: 'US',
      coordinates: { latitude: 45.5236, longitude: -122.6847 },
    });
    expect(moved.contact.website).toBe('https://rosecitytrattoria.example.com/');
    expect(moved.contact.phone).toBe('(503) 555-0101');
  });

  it('imports photos through the image pipeline with their authorAttributions', async () => {
    const { link } = await connected();
    const names = [
      `places/${TRATTORIA}/photos/TrattoriaPhoto1`,
      `places/${TRATTORIA}/photos/TrattoriaPhoto2`,
    ];
    const response = await call(owner, 'POST', `${link}/import`, { fields: ['photos'], photos: names });
    expect(response.statusCode).toBe(200);
    const photos = response.json().data.restaurant.platformSync.platforms.googlePlaces.photos;
    expect(photos.map((p: { name: string }) => p.name)).toEqual(names);
    expect(photos[0].authorAttributions[0].displayName).toBe('Rose City Trattoria');
    expect(photos[1].authorAttributions[0].displayName).toBe('Guest 1');
    expect(photos[0].image.original.url).toContain(`/google-places/`);
    expect(photos[0].image.variants.small.length).toBeGreaterThan(0);
    const image = await fetch(`${t.baseUrl}${new URL(photos[0].image.original.url).pathname}`);
    expect(image.status).toBe(200);
    const tooMany = await call(owner, 'POST', `${link}/import`, {
      fields: ['photos'],
      photos: Array.from({ length: 11 }, () => names[0]),
    });
    expect(tooMany.json().errors).toEqual([{ path: 'photos', message: 'At most 10 photos can be imported' }]);
  });

  it('a failed import changes nothing: no field written, no photo left in storage', async () => {
    const { base, link } = await connected();
    const before = await restaurantOf(base);
    const files = filesIn(mediaDir).length;
    // The first photo's address is in the cache, so it is stored before the second one's address fails.
    const first = `places/${TRATTORIA}/photos/TrattoriaPhoto1`;
    await call(owner, 'POST', '/places/photos/media', { name: first, maxWidthPx: 1600, maxHeightPx: 1600 });
    (await t.deps.places.emulator())!.injectFailure({ endpoint: 'getPhotoMedia', status: 503 });
    const response = await call(owner, 'POST', `${link}/import`, {
      fields: ['hours', 'website', 'photos'],
      photos: [first, `places/${TRATTORIA}/photos/TrattoriaPhoto3`],
    });
    expect(response.statusCode).toBe(502);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(await restaurantOf(base)).toEqual(before);
    expect(filesIn(mediaDir)).toHaveLength(files);
    const nothing = await call(owner, 'POST', `${link}/import`, { fields: [] });
    expect(nothing.json().errors).toEqual([
      { path: 'fields', message: 'Choose at least one field to import' },
    ]);
  });

  it('unlinks: the place and its photos go, what was imported stays; unlinking twice is a 409', async () => {
    const { base, link } = await connected();
    const files = filesIn(mediaDir).length;
    const photo = `places/${TRATTORIA}/photos/TrattoriaPhoto1`;
    const imported = await call(owner, 'POST', `${link}/import`, {
      fields: ['phone', 'photos'],
      photos: [photo],
    });
    expect(imported.statusCode).toBe(200);
    const phone = imported.json().data.restaurant.contact.phone;
    expect(filesIn(mediaDir).length).toBeGreaterThan(files);
    const response = await call(owner, 'POST', `${link}/disconnect`);
    expect(response.statusCode).toBe(200);
    const entry = response.json().data.restaurant.platformSync.platforms.googlePlaces;
    expect(entry).toEqual({ enabled: false, syncEnabled: false, autoSync: false, syncStatus: 'idle' });
    const after = await restaurantOf(base);
    expect(after.platformSync.platforms.googlePlaces).toEqual(entry);
    expect(after.contact.phone).toBe(phone);
    expect(filesIn(mediaDir)).toHaveLength(files);
    const again = await call(owner, 'POST', `${link}/disconnect`);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('No Google Place is connected to this restaurant');
    expect((await call(owner, 'POST', `${link}/sync`)).statusCode).toBe(409);
  });

  it('is for owners and admins of the tenant: an employee is refused, another tenant gets nothing', async () => {
    const { base, link } = await connected();
    const before = await restaurantOf(base);
    for (const session of [employee, outsider]) {
      const refused = [
        await call(session, 'POST', `${link}/connect`, { placeId: 'ChIJBrigadeEmuPdx0002' }),
        await call(session, 'POST', `${link}/sync`),
        await call(session, 'GET', `${link}/import`),
        await call(session, 'POST', `${link}/import`, { fields: ['phone'] }),
        await call(session, 'POST', `${link}/disconnect`),
      ];
      for (const response of refused) {
        expect(response.statusCode).toBe(403);
        expect(response.body).not.toContain('Rose City');
      }
    }
    expect(await restaurantOf(base)).toEqual(before);
  });
});
