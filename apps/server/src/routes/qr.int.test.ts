import type { Restaurant } from '@brigade/domain/restaurant';
import type { Tenant } from '@brigade/domain/tenant';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBrowser, type Session, signInAs } from '../test-client';

/** Menu QR codes (issue 9 §5): public SVG and PNG of the restaurant's public menu address. */
const t = useTestApp({ env: { SITE_PORT: '3904' } });

let tenant: Tenant;
let restaurant: Restaurant;
let owner: Session;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db);
  restaurant = await makeRestaurant(db, tenant.tenantId, 'QR Corner Cafe');
  owner = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' })).email,
    TEST_PASSWORD,
  );
});

const qrUrl = (guid: string, query = '') => `/api/v1/public/restaurants/${guid}/menu-qr${query}`;

describe('menu QR codes', () => {
  it('gives the public menu address: the public sites on the caller host, then the slug', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/restaurants/${restaurant.guid}/menu-link`,
      headers: { host: '192.168.1.5:3003' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      url: `http://192.168.1.5:3904/${restaurant.slug}/menu`,
      restaurantName: 'QR Corner Cafe',
      slug: restaurant.slug,
    });
  });

  it('returns a valid SVG without signing in', async () => {
    const response = await t.app.inject({ method: 'GET', url: qrUrl(restaurant.guid) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['x-menu-url']).toMatch(new RegExp(`/${restaurant.slug}/menu$`));
    const svg = response.body;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]* viewBox="0 0 (\d+) \1"/);
    expect(svg.trim().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('<path');
    // sharp (librsvg) renders it: the document is well formed and square
    const rendered = await sharp(Buffer.from(svg)).png().toBuffer({ resolveWithObject: true });
    expect(rendered.info.width).toBe(rendered.info.height);
    expect(rendered.info.width).toBeGreaterThanOrEqual(25);
  });

  it('returns a PNG of the asked size, decodable, with black and white modules', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: qrUrl(restaurant.guid, '?format=png&size=300'),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const png = response.rawPayload;
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(300);
    expect(info.height).toBe(300);
    const dark = data.filter((v) => v < 64).length;
    const light = data.filter((v) => v > 192).length;
    expect(dark + light).toBe(data.length); // only modules, no grey
    expect(dark / data.length).toBeGreaterThan(0.2);
    expect(dark / data.length).toBeLessThan(0.6);
    // the quiet zone: the top-left corner is white
    expect(data[0]).toBeGreaterThan(192);
    // the image goes out once: no "Reply was already sent" from the contract route
    expect(t.logs.text()).not.toMatch(/already sent/i);
    expect(t.logs.lines.filter((line) => Number(line.level) >= 40)).toEqual([]);
  });

  it('offers a download with a file name', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: qrUrl(restaurant.guid, '?format=png&download=1'),
    });
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${restaurant.slug}-menu-qr.png"`,
    );
  });

  it('answers 404 for an unknown restaurant and 400 for bad input, with the messages', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: qrUrl('00000000-0000-4000-8000-000000000000') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail ?? unknown.json().message ?? unknown.body).toContain(
      'Restaurant not found: 00000000-0000-4000-8000-000000000000',
    );
    const badGuid = await t.app.inject({ method: 'GET', url: qrUrl('not-a-guid') });
    expect(badGuid.statusCode).toBe(400);
    expect(badGuid.body).toContain('Invalid GUID format');
    const badSize = await t.app.inject({
      method: 'GET',
      url: qrUrl(restaurant.guid, '?format=png&size=5000'),
    });
    expect(badSize.statusCode).toBe(400);
    expect(badSize.body).toContain('size must be a whole number from 128 to 2048');
    const badFormat = await t.app.inject({ method: 'GET', url: qrUrl(restaurant.guid, '?format=gif') });
    expect(badFormat.statusCode).toBe(400);
    expect(badFormat.body).toContain('format must be svg or png');
  });

  it('uses the primary domain mapping once it is usable, and the code changes with it', async () => {
    const before = await t.app.inject({ method: 'GET', url: qrUrl(restaurant.guid) });
    const created = await asBrowser(t.app, owner, {
      method: 'POST',
      url: '/api/v1/domain-mappings/subdomain',
      payload: { tenantGuid: tenant.guid, restaurantGuid: restaurant.guid },
    });
    expect(created.statusCode).toBe(201);
    const mapping = created.json().data.mapping as { guid: string; domain: string };
    // not primary yet: still the slug address
    const notPrimary = await t.app.inject({ method: 'GET', url: qrUrl(restaurant.guid) });
    expect(notPrimary.headers['x-menu-url']).toMatch(new RegExp(`/${restaurant.slug}/menu$`));
    const updated = await asBrowser(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/domain-mappings/${mapping.guid}`,
      payload: { isPrimary: true },
    });
    expect(updated.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: qrUrl(restaurant.guid) });
    // a generated subdomain starts verified with SSL issued: https
    expect(after.headers['x-menu-url']).toBe(`https://${mapping.domain}/menu`);
    expect(after.body).not.toBe(before.body);
  });
});
