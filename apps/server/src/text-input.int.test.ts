import { createServer, type Server } from 'node:http';
import { TEXT_CHARACTERS_MESSAGE } from '@brigade/domain/text';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { freePort } from '@brigade/test-utils/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestListenerOf } from './app';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * Issue 14 A: text that PostgreSQL cannot store (NUL, unpaired surrogates) is refused with a 400 by the shared
 * text rule (decision 016) on bodies, path and query parameters, and text the server cuts itself is cut
 * between characters; none of it reaches the database as a 500.
 */

const sitePort = await freePort();
const t = useTestApp({ env: { SITE_PORT: String(sitePort) } });
let owner: Session;
let tenantId: number;
let restaurantId: number;
let siteServer: Server;

beforeAll(async () => {
  const tenant = await makeTenant(t.database.db, { plan: 'professional' });
  tenantId = tenant.tenantId;
  restaurantId = (await makeRestaurant(t.database.db, tenantId)).restaurantId;
  const user = await makeUser(t.database.db, { tenantId, role: 'owner' });
  owner = await signInAs(t.app, user.email, TEST_PASSWORD);
  siteServer = createServer(requestListenerOf(t.app));
  await new Promise<void>((resolve) => siteServer.listen(sitePort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => siteServer?.close(resolve));
});

const restaurantBody = (name: string, extra: object = {}) => ({
  name,
  concept: 'Bistro',
  address: { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
  contact: { phone: '+1 217 555 0100', email: 'hi@example.com' },
  ...extra,
});
const createRestaurant = (body: object) =>
  asBearer(t.app, owner, { method: 'POST', url: `/api/v1/tenants/${tenantId}/restaurants`, payload: body });

describe('text the database cannot store', () => {
  it('refuses a NUL byte in a name with a 400 naming the field', async () => {
    const response = await createRestaurant(restaurantBody('Bad\u0000Name'));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'name', message: TEXT_CHARACTERS_MESSAGE }]);
  });

  it('refuses an unpaired surrogate deep in a JSON document (website configuration)', async () => {
    const response = await createRestaurant(
      restaurantBody('Fine Name', { websiteConfig: { content: { specialOffers: ['ok', 'half \ud83d'] } } }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'websiteConfig.content.specialOffers.1', message: TEXT_CHARACTERS_MESSAGE },
    ]);
  });

  it('refuses control characters in catalogue text, one line or many', async () => {
    const url = `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/tags`;
    const bad = await asBearer(t.app, owner, { method: 'POST', url, payload: { name: 'Ve\u0000gan' } });
    expect(bad.statusCode).toBe(400);
    const tab = await asBearer(t.app, owner, { method: 'POST', url, payload: { name: 'Ve\tgan' } });
    expect(tab.statusCode).toBe(400);
    const multiLine = await asBearer(t.app, owner, {
      method: 'POST',
      url,
      payload: { name: 'Vegan', description: 'No animal products.\r\n\tAsk us.' },
    });
    expect(multiLine.statusCode).toBe(201);
  });

  it('refuses a NUL in a path parameter (by-slug) and in a query parameter with a 400', async () => {
    const bySlug = await t.app.inject({ method: 'GET', url: '/api/v1/restaurants/by-slug/%00' });
    expect(bySlug.statusCode).toBe(400);
    expect(bySlug.json().errors).toEqual([{ path: 'params.slug', message: TEXT_CHARACTERS_MESSAGE }]);
    const search = await asBearer(t.app, owner, {
      method: 'GET',
      url: `/api/v1/tenants/${tenantId}/restaurants/slug-availability?slug=a%00b`,
    });
    expect(search.statusCode).toBe(400);
  });

  it('finds no restaurant for a public path that cannot be a slug, without a 500', async () => {
    for (const path of ['/%2500', '/%25ZZ', '/%25F0%259F%2598%2580']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/v1/public/resolve?path=${path}` });
      expect(response.statusCode, path).toBe(200);
      expect(response.json()).toMatchObject({ found: false, method: 'slug' });
    }
    for (const path of ['/%00', '/a%00b/menu']) {
      const page = await fetch(`http://127.0.0.1:${sitePort}${path}`);
      expect(page.status, path).toBe(404);
    }
  });
});

describe('text the server cuts', () => {
  it('creates a restaurant named with 25 emoji: the default SEO title ends on a whole emoji', async () => {
    const name = '😀'.repeat(25);
    const response = await createRestaurant(restaurantBody(name));
    expect(response.statusCode, response.body).toBe(201);
    const restaurant = response.json().data.restaurant;
    expect(restaurant.name).toBe(name);
    expect(restaurant.websiteConfig.seo.title).toBe(`${'😀'.repeat(23)} - Restaurant`);
    const page = await fetch(`http://127.0.0.1:${sitePort}/${restaurant.slug}`);
    expect(page.status).toBe(200);
  });
});

it('never wrote a query parameter to the log', () => {
  expect(t.logs.lines.some((line) => line.level === 50)).toBe(false);
  expect(t.logs.text()).not.toContain('"params"');
});
