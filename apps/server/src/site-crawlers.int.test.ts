import { createServer, request as httpRequest, type Server } from 'node:http';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { type DemoSeedResult, seedDemo } from '@brigade/core/seed/demo-seed';
import { GENERIC_HERO_IMAGE } from '@brigade/domain/site-config';
import { WEEKDAYS } from '@brigade/domain/weekdays';
import { freePort } from '@brigade/test-utils/ports';
import { type SdttResult, structuredDataTestHtml } from 'structured-data-testing-tool';
import { Google, SocialMedia } from 'structured-data-testing-tool/presets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestListenerOf } from './app';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * What crawlers, schema.org and social-card validators read on the public sites (issue 22 items 1-3), over
 * real HTTP against the real server: structured data, social cards, sitemaps, robots.txt and canonical hosts
 * (docs/decisions/024-crawlers-and-canonical-hosts.md).
 */

const sitePort = await freePort();
const t = useTestApp({ env: { SITE_PORT: String(sitePort) } });
const site = `http://127.0.0.1:${sitePort}`;

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function getRaw(url: string): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

// biome-ignore lint/suspicious/noExplicitAny: JSON-LD is walked as untyped JSON
const jsonLd = (html: string): any[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];

let siteServer: Server;
let demo: DemoSeedResult;
let owner: Session;
let brunch: { menuGroupId: number; name: string };

const api = (path: string) =>
  `/api/v1/tenants/${demo.tenant.tenantId}/restaurants/${demo.restaurant.restaurantId}${path}`;

/** A menu served online on one day of the week only, three days from now: never today, in any time zone. */
async function createOffDayMenu(): Promise<{ menuGroupId: number; name: string }> {
  const day = WEEKDAYS[(new Date().getUTCDay() + 6 + 3) % 7]!;
  const daysOfWeek = Object.fromEntries(WEEKDAYS.map((d) => [d, d === day]));
  const created = await asBearer(t.app, owner, {
    method: 'POST',
    url: api('/menu-groups'),
    payload: { name: 'Weekend Brunch', daysOfWeek },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data;
}

beforeAll(async () => {
  demo = await seedDemo(t.database.db);
  const { tenantId, restaurantId } = demo.restaurant;
  await seedLargeChainOnce(t.database.db, { tenantId, restaurantId, actor: 'test' }, demoCatalogue);
  siteServer = createServer(requestListenerOf(t.app));
  await new Promise<void>((resolve) => siteServer.listen(sitePort, '127.0.0.1', resolve));
  owner = await signInAs(t.app, 'owner@brigade.local', 'brigade-owner');
  brunch = await createOffDayMenu();
});
afterAll(async () => {
  await new Promise((resolve) => siteServer?.close(resolve));
});

describe('structured data', () => {
  it("names the restaurant's menus in hasMenu, and each menu page's Menu points back to the Restaurant", async () => {
    const home = await get(`${site}/harbor-grill`);
    const [restaurant] = jsonLd(home.text);
    expect(restaurant['@id']).toBe(`${site}/harbor-grill#restaurant`);
    expect(restaurant.hasMenu.length).toBeGreaterThan(0);
    for (const menu of restaurant.hasMenu) {
      expect(menu).toMatchObject({ '@type': 'Menu', '@id': `${menu.url}#menu` });
      const page = await get(menu.url);
      expect(page.status, menu.url).toBe(200);
      const [markup] = jsonLd(page.text);
      expect(markup).toMatchObject({
        '@type': 'Menu',
        '@id': menu['@id'],
        provider: { '@type': 'Restaurant', '@id': restaurant['@id'], name: 'Harbor Grill' },
      });
    }
  });

  it('gives the price range of the menu, and no stock picture as the restaurant image', async () => {
    const [restaurant] = jsonLd((await get(`${site}/harbor-grill`)).text);
    expect(restaurant.priceRange).toMatch(/^\$\d+\.\d\d - \$\d+\.\d\d$/);
    // the demo restaurant has no picture of its own: the platform's fallback hero is not its image
    expect(restaurant.image).toBeUndefined();
  });
});

describe('social cards', () => {
  it('describes the image and fills the twitter card', async () => {
    const page = (await get(`${site}/harbor-grill`)).text;
    const image = meta(page, 'property', 'og:image');
    // no hero of its own and no fallback images in the site configuration: the platform's generic hero
    expect(image).toBe(`${site}${GENERIC_HERO_IMAGE}`);
    expect(meta(page, 'property', 'og:image:alt')).toBe('Harbor Grill'); // the generic hero has no alt text
    expect(meta(page, 'name', 'twitter:title')).toBe(meta(page, 'property', 'og:title'));
    expect(meta(page, 'name', 'twitter:description')).toBe(meta(page, 'property', 'og:description'));
    expect(meta(page, 'name', 'twitter:image')).toBe(image);
    expect(meta(page, 'name', 'twitter:image:alt')).toBe(meta(page, 'property', 'og:image:alt'));
  });
});

/**
 * sdtt (structured-data-testing-tool): every schema.org type it finds must be one schema.org defines, the
 * Google preset's rules and the social presets' tags (Open Graph and Twitter cards with their image alt) must
 * hold, and the page must carry the schema named. A failure lists each failed test.
 */
async function sdtt(url: string, schemas: string[]): Promise<SdttResult> {
  const page = await get(url);
  expect(page.status, url).toBe(200);
  try {
    return await structuredDataTestHtml(page.text, { presets: [Google, SocialMedia], schemas });
  } catch (error) {
    const res = (error as { res?: SdttResult }).res;
    if (!res) throw error;
    throw new Error(
      `${url}: ${res.failed.map((test) => `${test.test} (${test.description}): ${test.error?.message}`).join('; ')}`,
    );
  }
}

describe('schema.org and social-card validator (sdtt)', () => {
  it('passes on the home page, the menu chooser, every menu page and all menus', async () => {
    const home = await sdtt(`${site}/harbor-grill`, ['jsonld:Restaurant']);
    expect(home.schemas).toContain('Restaurant');
    expect(home.failed).toEqual([]);
    const [restaurant] = jsonLd((await get(`${site}/harbor-grill`)).text);
    for (const menu of restaurant.hasMenu as { url: string }[]) {
      const result = await sdtt(menu.url, ['jsonld:Menu']);
      expect(result.schemas).toContain('Menu');
    }
    for (const path of ['/harbor-grill/menu', '/harbor-grill/menu/all']) {
      const result = await sdtt(`${site}${path}`, []);
      expect(result.failed).toEqual([]);
    }
  });

  it('gives the place on the map (geo) once the restaurant has coordinates, and refuses ones off the globe', async () => {
    const path = api('');
    const read = await asBearer(t.app, owner, { method: 'GET', url: path });
    const address = read.json().data.restaurant.address;
    expect(jsonLd((await get(`${site}/harbor-grill`)).text)[0].geo).toBeUndefined();

    const bad = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: path,
      payload: { address: { ...address, coordinates: { latitude: 91, longitude: -70.25 } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Latitude must be between -90 and 90');

    const coordinates = { latitude: 43.6561, longitude: -70.2485 };
    const saved = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: path,
      payload: { address: { ...address, coordinates } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [restaurant] = jsonLd((await get(`${site}/harbor-grill`)).text);
    expect(restaurant.geo).toEqual({ '@type': 'GeoCoordinates', ...coordinates });
    expect((await sdtt(`${site}/harbor-grill`, ['jsonld:Restaurant'])).failed).toEqual([]);
  });

  it("names the site's own ordering page as the OrderAction of a restaurant that orders internally", async () => {
    const [restaurant] = jsonLd((await get(`${site}/harbor-grill`)).text);
    expect(restaurant.potentialAction).toEqual({
      '@type': 'OrderAction',
      target: `${site}/harbor-grill/order`,
    });
  });

  it('gives several spans a day and the special dates ahead, and redraws the page when the hours change', async () => {
    const path = api('');
    const read = (await asBearer(t.app, owner, { method: 'GET', url: path })).json().data.restaurant;
    const ahead = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const saved = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: path,
      payload: {
        operatingHours: {
          ...read.operatingHours,
          wednesday: {
            open: '11:30',
            close: '22:00',
            spans: [
              { open: '11:30', close: '14:30' },
              { open: '17:30', close: '22:00' },
            ],
          },
        },
        specialHours: [{ date: ahead, closed: true, label: 'Staff holiday' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = (await get(`${site}/harbor-grill`)).text;
    const [restaurant] = jsonLd(page);
    const wednesday = restaurant.openingHoursSpecification.filter(
      (spec: { dayOfWeek: string }) => spec.dayOfWeek === 'https://schema.org/Wednesday',
    );
    expect(wednesday.map((spec: { opens: string }) => spec.opens)).toEqual(['11:30', '17:30']);
    expect(restaurant.specialOpeningHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: ahead,
        validThrough: ahead,
        opens: '00:00',
        closes: '00:00',
      },
    ]);
    expect(page).toContain('Staff holiday');
    expect((await sdtt(`${site}/harbor-grill`, ['jsonld:Restaurant'])).failed).toEqual([]);
    const cleared = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: path,
      payload: { specialHours: [] },
    });
    expect(cleared.statusCode).toBe(200);
    expect(
      jsonLd((await get(`${site}/harbor-grill`)).text)[0].specialOpeningHoursSpecification,
    ).toBeUndefined();
  });
});

describe('sitemap', () => {
  it('lists all menus and every menu shown online at some time, not only now', async () => {
    const sitemap = (await get(`${site}/harbor-grill/sitemap.xml`)).text;
    expect(sitemap).toContain(`<loc>${site}/harbor-grill/menu/all</loc>`);
    expect(sitemap).toContain(`<loc>${site}/harbor-grill/menu/${brunch.menuGroupId}</loc>`);
    // and its page is there on an off day, saying it is not served now
    const page = await get(`${site}/harbor-grill/menu/${brunch.menuGroupId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('This menu is not being served right now.');
    expect(canonical(page.text)).toBe(`${site}/harbor-grill/menu/${brunch.menuGroupId}`);
  });
});

describe('favicon', () => {
  it("answers /favicon.ico on every host: the restaurant's icon, else Brigade's", async () => {
    // the slug host's root has no restaurant: Brigade's icon
    const root = await getRaw(`${site}/favicon.ico`);
    expect(root.status).toBe(200);
    expect(root.headers['content-type']).toBe('image/x-icon');
    expect(root.body.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    // a site without an icon of its own sends Brigade's; pages name their site's icon
    const own = await getRaw(`${site}/harbor-grill/favicon.ico`);
    expect(own.status).toBe(302);
    expect(own.headers.location).toBe('/brigade-favicon.ico');
    expect((await getRaw(`${site}/brigade-favicon.ico`)).status).toBe(200);
    expect((await get(`${site}/harbor-grill`)).text).toContain(
      '<link rel="icon" href="/harbor-grill/favicon.ico">',
    );
    // with a branding icon, that one
    const icon = 'https://cdn.example.com/harbor-icon.png';
    const updated = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: api(''),
      payload: { websiteConfig: { branding: { icon } } },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const branded = await getRaw(`${site}/harbor-grill/favicon.ico`);
    expect(branded.status).toBe(302);
    expect(branded.headers.location).toBe(icon);
  });
});

describe('crawlers on slug addresses', () => {
  it('answers robots.txt and sitemap.xml at the root of the slug host for the slugs it serves', async () => {
    const robots = await get(`${site}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.text).toBe(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${site}/sitemap.xml\n`);
    const index = await get(`${site}/sitemap.xml`);
    expect(index.status).toBe(200);
    expect(index.text).toContain('<sitemapindex');
    expect(index.text).toContain(`<loc>${site}/harbor-grill/sitemap.xml</loc>`);
    // the sitemap it names lists the slug pages
    expect((await get(`${site}/harbor-grill/sitemap.xml`)).text).toContain(`<loc>${site}/harbor-grill</loc>`);
    expect(canonical((await get(`${site}/harbor-grill/menu/all`)).text)).toBe(
      `${site}/harbor-grill/menu/all`,
    );
  });

  it('points slug pages at the verified primary domain, which then covers them instead', async () => {
    const admin = await signInAs(t.app, 'admin@brigade.local', 'brigade-admin');
    const created = await asBearer(t.app, owner, {
      method: 'POST',
      url: '/api/v1/domain-mappings',
      payload: {
        domain: 'harbor-primary.example',
        domainType: 'custom',
        isPrimary: true,
        tenantGuid: demo.tenant.guid,
        restaurantGuid: demo.restaurant.guid,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // not yet verified: the slug pages stay canonical
    expect(canonical((await get(`${site}/harbor-grill`)).text)).toBe(`${site}/harbor-grill`);
    const verified = await asBearer(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/domain-mappings/${created.json().data.mapping.guid}`,
      payload: { verificationStatus: 'verified' },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    expect(canonical((await get(`${site}/harbor-grill`)).text)).toBe('http://harbor-primary.example/');
    const menu = await get(`${site}/harbor-grill/menu/${brunch.menuGroupId}`);
    expect(canonical(menu.text)).toBe(`http://harbor-primary.example/menu/${brunch.menuGroupId}`);
    expect(jsonLd((await get(`${site}/harbor-grill`)).text)[0]['@id']).toBe(
      'http://harbor-primary.example/#restaurant',
    );
    // the primary host is canonical for itself, with its own robots.txt and sitemap
    const primary = { host: 'harbor-primary.example' };
    expect(canonical((await get(`${site}/menu/all`, primary)).text)).toBe(
      'http://harbor-primary.example/menu/all',
    );
    expect((await get(`${site}/robots.txt`, primary)).text).toContain(
      'Sitemap: http://harbor-primary.example/sitemap.xml',
    );
    expect((await get(`${site}/sitemap.xml`, primary)).text).toContain(
      '<loc>http://harbor-primary.example/menu/all</loc>',
    );
    // and the slug host's sitemap index leaves the restaurant to it
    expect((await get(`${site}/sitemap.xml`)).text).not.toContain('harbor-grill');
  });
});
