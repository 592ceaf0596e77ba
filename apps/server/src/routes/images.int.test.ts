import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makePhoto } from '@brigade/images/test-images';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, asBrowser, type Session, signInAs } from '../test-client';

const mediaDir = mkdtempSync(join(tmpdir(), 'brigade-media-'));
const t = useTestApp({ env: { BRIGADE_MEDIA_DIR: mediaDir, BRIGADE_MEDIA_URL: 'http://media.test/media' } });
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

/** A multipart body as a browser's FormData sends it. */
async function multipart(fields: Record<string, string | Blob>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type')! },
  };
}

const jpegFile = (data: Buffer, type = 'image/jpeg') => new Blob([new Uint8Array(data)], { type });
const mediaPath = (url: string) => new URL(url).pathname;

let tenant: { tenantId: number };
let restaurant: { restaurantId: number };
let otherTenant: { tenantId: number };
const s: Record<string, Session> = {};

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db);
  otherTenant = await makeTenant(db);
  restaurant = await makeRestaurant(db, tenant.tenantId);
  const signIn = async (user: { email: string }) => signInAs(t.app, user.email, TEST_PASSWORD);
  s.manager = await signIn(await makeUser(db, { tenantId: tenant.tenantId, role: 'manager' }));
  s.employee = await signIn(await makeUser(db, { tenantId: tenant.tenantId, role: 'employee' }));
  s.otherOwner = await signIn(await makeUser(db, { tenantId: otherTenant.tenantId, role: 'owner' }));
  s.admin = await signIn(await makeUser(db, { isSiteAdmin: true }));
});

const upload = async (session: Session | null, fields: Record<string, string | Blob>) => {
  const body = await multipart(fields);
  return session
    ? asBrowser(t.app, session, { method: 'POST', url: '/api/v1/images', ...body })
    : t.app.inject({ method: 'POST', url: '/api/v1/images', ...body });
};

describe('image upload API', () => {
  it('optimises, stores under the restaurant path and serves the files with immutable caching', async () => {
    const photo = await makePhoto(1600, 1200, { exif: true });
    const response = await upload(s.manager!, {
      file: jpegFile(photo),
      tenantId: String(tenant.tenantId),
      restaurantId: String(restaurant.restaurantId),
      folder: 'items',
    });
    expect(response.statusCode, response.body).toBe(201);
    const image = response.json().data;
    const prefix = `http://media.test/media/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}/items/`;
    expect(image.original.url.startsWith(prefix)).toBe(true);
    expect(image.original).toMatchObject({ format: 'jpeg', width: 1440, height: 1080 });
    expect(image.webp.format).toBe('webp');
    expect(image.variants.small.map((v: { width: number }) => v.width)).toEqual([
      320, 320, 480, 480, 600, 600,
    ]);
    expect(image.variants.medium.map((v: { width: number }) => v.width)).toEqual([
      768, 768, 1024, 1024, 1200, 1200,
    ]);
    // 1440 is 90% of 1600: at or above 90% is skipped, so there is no large variant.
    expect(image.variants.large).toBeUndefined();
    expect(image.aspectRatio).toBeCloseTo(4 / 3, 3);

    const served = await t.app.inject({ method: 'GET', url: mediaPath(image.original.url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.length).toBe(image.original.size);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const webp = await t.app.inject({ method: 'GET', url: mediaPath(image.webp.url) });
    expect(webp.headers['content-type']).toBe('image/webp');
  });

  it('stores tenant-wide and site-config images under their paths, hero preset in hero-images', async () => {
    const photo = await makePhoto(400, 300);
    const tenantWide = await upload(s.manager!, { file: jpegFile(photo), tenantId: String(tenant.tenantId) });
    expect(tenantWide.json().data.original.url).toMatch(
      new RegExp(`^http://media\\.test/media/tenants/${tenant.tenantId}/images/[0-9a-f]{20}-original\\.jpg$`),
    );
    expect(tenantWide.json().data.variants).toBeUndefined();
    const site = await upload(s.admin!, { file: jpegFile(photo), preset: 'hero' });
    expect(site.statusCode).toBe(201);
    expect(site.json().data.original.url).toMatch(/^http:\/\/media\.test\/media\/site-config\/hero-images\//);
  });

  it('checks access to the path scheme scope', async () => {
    const file = jpegFile(await makePhoto(200, 100));
    const restaurantFields = {
      tenantId: String(tenant.tenantId),
      restaurantId: String(restaurant.restaurantId),
    };
    expect((await upload(null, { file, ...restaurantFields })).statusCode).toBe(401);
    expect((await upload(s.employee!, { file, ...restaurantFields })).statusCode).toBe(403);
    expect((await upload(s.otherOwner!, { file, ...restaurantFields })).statusCode).toBe(403);
    // site-config is for site administrators only.
    expect((await upload(s.manager!, { file })).statusCode).toBe(403);
    // A restaurant of another tenant is not found, as everywhere.
    const foreign = await makeRestaurant(t.database.db, otherTenant.tenantId);
    const wrong = await upload(s.manager!, {
      file,
      tenantId: String(tenant.tenantId),
      restaurantId: String(foreign.restaurantId),
    });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().detail).toBe(`Restaurant with ID ${foreign.restaurantId} not found`);
    const noTenant = await upload(s.admin!, { file, tenantId: '99999999' });
    expect(noTenant.statusCode).toBe(404);
    const badFolder = await upload(s.manager!, { file, tenantId: String(tenant.tenantId), folder: '../etc' });
    expect(badFolder.statusCode).toBe(400);
  });

  it('refuses non-image bytes sent as an image, and files over 10 MB', async () => {
    const fake = await upload(s.manager!, {
      file: new Blob(['this is not a picture'], { type: 'image/jpeg' }),
      tenantId: String(tenant.tenantId),
    });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().detail).toBe('Only image files are allowed');
    const huge = await upload(s.manager!, {
      file: new Blob([new Uint8Array(10_485_761)], { type: 'image/jpeg' }),
      tenantId: String(tenant.tenantId),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().detail).toBe('Image file must be less than 10MB');
    // Beyond the multipart body limit the request is refused from its declared length, with the same message.
    const enormous = await upload(s.manager!, {
      file: new Blob([new Uint8Array(12 * 1024 * 1024)], { type: 'image/jpeg' }),
      tenantId: String(tenant.tenantId),
    });
    expect(enormous.statusCode).toBe(400);
    expect(enormous.json().detail).toBe('Image file must be less than 10MB');
    const json = await asBearer(t.app, s.manager!, { method: 'POST', url: '/api/v1/images', payload: {} });
    expect(json.statusCode).toBe(400);
  });

  it('reads the form as a stream: a form without a file, a second file, and multipart elsewhere', async () => {
    const noFile = await upload(s.manager!, { tenantId: String(tenant.tenantId) });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().detail).toBe('Expected a multipart/form-data upload with a file field');
    const twoFiles = await upload(s.manager!, {
      file: jpegFile(await makePhoto(200, 100)),
      extra: jpegFile(await makePhoto(200, 100)),
      tenantId: String(tenant.tenantId),
    });
    expect(twoFiles.statusCode).toBe(400);
    const badId = await upload(s.manager!, { file: jpegFile(await makePhoto(200, 100)), tenantId: 'seven' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual([
      { path: 'tenantId', message: 'tenantId must be a positive integer' },
    ]);
    const elsewhere = await asBrowser(t.app, s.manager!, {
      method: 'POST',
      url: `/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}/tags`,
      ...(await multipart({ name: 'Spicy' })),
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('deletes every file of an image; refuses foreign scopes and invalid storage URLs', async () => {
    const response = await upload(s.manager!, {
      file: jpegFile(await makePhoto(1000, 600)),
      tenantId: String(tenant.tenantId),
      restaurantId: String(restaurant.restaurantId),
      folder: 'gallery',
    });
    const image = response.json().data;
    const urls = [
      image.original.url,
      image.webp.url,
      ...image.variants.small.map((v: { url: string }) => v.url),
      ...image.variants.medium.map((v: { url: string }) => v.url),
    ];
    expect(urls).toHaveLength(10);

    const foreign = await asBrowser(t.app, s.otherOwner!, {
      method: 'DELETE',
      url: '/api/v1/images',
      payload: { image: JSON.stringify(image) },
    });
    expect(foreign.statusCode).toBe(403);

    const invalid = await asBrowser(t.app, s.manager!, {
      method: 'DELETE',
      url: '/api/v1/images',
      payload: { image: 'https://elsewhere.example.com/a.jpg' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toContain(
      'Expected http://media.test/media/tenants/{tenantId}/restaurants/{restaurantId}/{folder}/{file}',
    );
    const badJson = await asBrowser(t.app, s.manager!, {
      method: 'DELETE',
      url: '/api/v1/images',
      payload: { image: '{"original": 1' },
    });
    expect(badJson.json().detail).toBe('Invalid OptimizedImage JSON format');

    // One file is already gone: the others are deleted, the missing one reported (and logged).
    const single = await asBrowser(t.app, s.manager!, {
      method: 'DELETE',
      url: '/api/v1/images',
      payload: { image: image.webp.url },
    });
    expect(single.json().data).toEqual({ deleted: [image.webp.url], failed: [] });
    const all = await asBrowser(t.app, s.manager!, {
      method: 'DELETE',
      url: '/api/v1/images',
      payload: { image: JSON.stringify(image) },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.failed).toEqual([image.webp.url]);
    expect(all.json().data.deleted).toHaveLength(9);
    for (const url of urls)
      expect((await t.app.inject({ method: 'GET', url: mediaPath(url) })).statusCode).toBe(404);
  });
});
