import type { Restaurant } from '@brigade/domain/restaurant';
import type { Tenant } from '@brigade/domain/tenant';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBrowser, type Session, signInAs } from '../test-client';

/**
 * The public menu link in a production-like set-up: PUBLIC_URL and no SITE_PORT. Public sites are served only
 * for mapped hosts there (docs/operations/README.md#reverse-proxy), so the link must be a mapped host of the
 * restaurant, not `PUBLIC_URL/<slug>/menu` (docs/behaviour/menu-display-and-qr.md#public-menu-link).
 */
const PUBLIC_URL = 'https://brigade.example.com';
const t = useTestApp({ env: { PUBLIC_URL, BRIGADE_BASE_DOMAIN: 'sites.example.com' } });

let tenant: Tenant;
let owner: Session;

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db);
  owner = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' })).email,
    TEST_PASSWORD,
  );
});

const menuLink = async (restaurant: Restaurant) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/public/restaurants/${restaurant.guid}/menu-link`,
    headers: { host: 'brigade.example.com' },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { url: string } }).data.url;
};

/** Follows a link through the app, as the proxy would pass it on (the Host header kept). */
const follow = (url: string) => {
  const target = new URL(url);
  return t.app.inject({ method: 'GET', url: target.pathname, headers: { host: target.host } });
};

describe('public menu link with PUBLIC_URL and no SITE_PORT', () => {
  it('is the generated subdomain, not primary, and the site answers there', async () => {
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId, 'Subdomain Diner');
    const created = await asBrowser(t.app, owner, {
      method: 'POST',
      url: '/api/v1/domain-mappings/subdomain',
      payload: { tenantGuid: tenant.guid, restaurantGuid: restaurant.guid },
    });
    expect(created.statusCode).toBe(201);
    const { domain, isPrimary } = created.json().data.mapping as { domain: string; isPrimary: boolean };
    expect(isPrimary).toBe(false);

    const url = await menuLink(restaurant);
    // a generated subdomain starts verified with SSL issued: https
    expect(url).toBe(`https://${domain}/menu`);
    const page = await follow(url);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Subdomain Diner');
    // the QR code carries the same address
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/v1/public/restaurants/${restaurant.guid}/menu-qr`,
    });
    expect(qr.headers['x-menu-url']).toBe(url);
  });

  it('falls back to the slug address on PUBLIC_URL while the restaurant has no usable domain', async () => {
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId, 'No Domain Yet');
    expect(await menuLink(restaurant)).toBe(`${PUBLIC_URL}/${restaurant.slug}/menu`);
  });
});
