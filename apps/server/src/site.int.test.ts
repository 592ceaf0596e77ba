import { createServer, request as httpRequest, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { type DemoSeedResult, seedDemo } from '@brigade/core/seed/demo-seed';
import { items } from '@brigade/db/schema/catalogue';
import { freePort } from '@brigade/test-utils/ports';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestListenerOf } from './app';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * The public restaurant sites (issue 9) over real HTTP: on the site port by slug and query parameters, and
 * on any port by the Host of a mapped domain; redirects, not-found screens, SEO, caching and invalidation.
 */

const sitePort = await freePort();
// At warn, stored pages are answered in front of Fastify (plugins/site.ts): every test here goes through it.
const t = useTestApp({ env: { SITE_PORT: String(sitePort), LOG_LEVEL: 'warn' } });
const site = `http://127.0.0.1:${sitePort}`;

interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  raw: Buffer;
  text: string;
}

/** A GET over real HTTP with any headers (Host included, which fetch does not allow). */
function get(url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: raw.toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
const meta = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

let siteServer: Server;
let demo: DemoSeedResult;
let owner: Session;
let admin: Session;
let menus: { menuGroupId: number; name: string }[];

const api = (path: string) =>
  `/api/v1/tenants/${demo.tenant.tenantId}/restaurants/${demo.restaurant.restaurantId}${path}`;

beforeAll(async () => {
  const db = t.database.db;
  demo = await seedDemo(db);
  const { tenantId, restaurantId } = demo.restaurant;
  await seedLargeChainOnce(db, { tenantId, restaurantId, actor: 'test' }, demoCatalogue);
  siteServer = createServer(requestListenerOf(t.app));
  await new Promise<void>((resolve) => siteServer.listen(sitePort, '127.0.0.1', resolve));
  owner = await signInAs(t.app, 'owner@brigade.local', 'brigade-owner');
  admin = await signInAs(t.app, 'admin@brigade.local', 'brigade-admin');
  const listed = await asBearer(t.app, owner, {
    method: 'GET',
    url: `${api('/menus')}?channel=onlineOrdering&at=${encodeURIComponent(new Date().toISOString())}`,
  });
  menus = listed.json().data;
});
afterAll(async () => {
  await new Promise((resolve) => siteServer?.close(resolve));
});

/** A custom domain as the public sees it once verified (here by a site administrator, issue 14). */
async function createMapping(body: Record<string, unknown>) {
  const response = await asBearer(t.app, owner, {
    method: 'POST',
    url: '/api/v1/domain-mappings',
    payload: {
      domainType: 'custom',
      tenantGuid: demo.tenant.guid,
      restaurantGuid: demo.restaurant.guid,
      ...body,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const verified = await asBearer(t.app, admin, {
    method: 'PATCH',
    url: `/api/v1/domain-mappings/${response.json().data.mapping.guid}`,
    payload: { verificationStatus: 'verified' },
  });
  expect(verified.statusCode, verified.body).toBe(200);
}

describe('resolution on the site port', () => {
  it('renders the home page by slug with the restaurant, its hero, menu preview, hours and contact', async () => {
    const page = await get(`${site}/harbor-grill`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.text).toMatch(/^<!DOCTYPE html><html lang="en">/);
    expect(page.text).toContain('<h1 id="hero-title">Harbor Grill</h1>');
    expect(page.text).toContain('From our menu');
    // The menu preview shows 6 items with prices
    expect(page.text.match(/<li class="card">/g)).toHaveLength(6);
    expect(page.text).toMatch(/<span class="price">(from )?\$\d+\.\d\d<\/span>/);
    expect(page.text).toContain('Oyster hour, weekdays 4-6 pm');
    expect(page.text).toContain('Catch of the day');
    expect(page.text).toContain('Book a table');
    expect(page.text).toContain('Friday – Saturday');
    expect(page.text).toContain('href="tel:+12075550142"');
    expect(page.text).toContain('https://instagram.com/harborgrill.example');
    // links stay under the slug
    expect(page.text).toContain('href="/harbor-grill/menu"');
    // no JavaScript on content pages
    expect(page.text).not.toContain('<script>');
  });

  it('resolves by query parameters and keeps them in the links', async () => {
    const query = `tenant=${demo.tenant.guid}&restaurant=${demo.restaurant.guid}`;
    const page = await get(`${site}/?${query}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1 id="hero-title">Harbor Grill</h1>');
    expect(decode(page.text)).toContain(`href="/menu?${query}"`);
    const menu = await get(`${site}/menu?${query}`);
    expect(menu.status).toBe(200);
    expect(menu.text).toContain('Welcome to Harbor Grill');
  });

  it('shows "Restaurant Not Available" with the error and Try Again for incomplete parameters', async () => {
    const page = await get(`${site}/?restaurant=${demo.restaurant.guid}`);
    expect(page.status).toBe(400);
    expect(page.text).toContain('Restaurant Not Available');
    expect(page.text).toContain('Missing tenant or restaurant GUID in URL parameters');
    expect(page.text).toContain('>Try Again</button>');
    expect(page.text).toContain('location.reload()');
  });

  it('shows the Development Mode hint on a local address with nothing to resolve', async () => {
    const page = await get(`${site}/`);
    expect(page.status).toBe(404);
    expect(page.text).toContain('Development Mode');
    expect(page.text).toContain('slug-based URL');
    expect(page.text).toContain('custom domain mapping');
    // outside production it links to the restaurants to open
    expect(page.text).toContain('<a href="/harbor-grill">Harbor Grill</a>');
    expect(meta(page.text, 'name', 'robots')).toBe('noindex, nofollow');
  });

  it('answers an unknown slug or page with "Restaurant Not Found" and 404', async () => {
    for (const path of ['/no-such-place', '/harbor-grill/nothing-here', '/harbor-grill/menu/99999999']) {
      const page = await get(`${site}${path}`);
      expect(page.status, path).toBe(404);
    }
    const page = await get(`${site}/no-such-place`);
    expect(page.text).toContain('Restaurant Not Found');
    expect(page.text).toContain('No restaurant is configured for this domain or URL.');
  });

  it('keeps the API on the site port', async () => {
    const response = await get(`${site}/api/v1/restaurants/by-slug/harbor-grill`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe('menu chooser and menu pages', () => {
  it('offers a card per menu with "View Menu →" and "View All Menus"', async () => {
    expect(menus.length).toBeGreaterThan(1);
    const page = await get(`${site}/harbor-grill/menu`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Welcome to Harbor Grill</h1>');
    expect(decode(page.text)).toContain("Choose which menu you'd like to view");
    expect(page.text.match(/View Menu →/g)).toHaveLength(menus.length);
    expect(page.text).toContain('View All Menus');
    for (const menu of menus) expect(page.text).toContain(`href="/harbor-grill/menu/${menu.menuGroupId}"`);
  });

  it('renders a menu with groups, items, prices and a parseable schema.org Menu', async () => {
    const first = menus[0]!;
    const page = await get(`${site}/harbor-grill/menu/${first.menuGroupId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<h1>${first.name}</h1>`);
    expect(page.text).toMatch(/<span class="price">\$\d+\.\d\d<\/span>/);
    expect(page.text).toMatch(/\d+ cal/);
    const [menu] = jsonLd(page.text) as {
      '@type': string;
      hasMenuSection: { hasMenuItem: { offers: unknown }[] }[];
    }[];
    expect(menu!['@type']).toBe('Menu');
    expect(menu!.hasMenuSection.length).toBeGreaterThan(0);
    const items = menu!.hasMenuSection.flatMap((s) => s.hasMenuItem ?? []);
    expect(items.length).toBeGreaterThan(0);
    expect(items.some((i) => i.offers !== undefined)).toBe(true);
  });

  it('shows all menus on one page', async () => {
    const page = await get(`${site}/harbor-grill/menu/all`);
    expect(page.status).toBe(200);
    expect(jsonLd(page.text)).toHaveLength(menus.length);
  });

  it('opens the menu named by the website configuration at /menu (reason website-config)', async () => {
    const restaurant = (await asBearer(t.app, owner, { method: 'GET', url: api('') })).json().data.restaurant;
    const chosen = menus[1]!;
    const patched = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: api(''),
      payload: { websiteConfig: { ...restaurant.websiteConfig, parentMenuGroupId: chosen.menuGroupId } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const page = await get(`${site}/harbor-grill/menu`);
    expect(page.text).toContain(`<h1>${chosen.name}</h1>`);
    expect(canonical(page.text)).toBe(`${site}/harbor-grill/menu/${chosen.menuGroupId}`);
    await asBearer(t.app, owner, {
      method: 'PATCH',
      url: api(''),
      payload: { websiteConfig: restaurant.websiteConfig },
    });
  });
});

describe('hero texts', () => {
  it('shows the hero headline and subtitle when set, and refuses a headline over 80 characters', async () => {
    const restaurant = (await asBearer(t.app, owner, { method: 'GET', url: api('') })).json().data.restaurant;
    const config = restaurant.websiteConfig;
    const before = await get(`${site}/harbor-grill`);
    expect(before.text).toContain('<h1 id="hero-title">Harbor Grill</h1>');

    const tooLong = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: api(''),
      payload: { websiteConfig: { ...config, content: { ...config.content, heroHeadline: 'x'.repeat(81) } } },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Headline should be under 80 characters');

    const content = {
      ...config.content,
      heroHeadline: 'Fresh off the boat',
      heroSubtitle: 'Oysters at noon.',
    };
    const saved = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: api(''),
      payload: { websiteConfig: { ...config, content } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await get(`${site}/harbor-grill`);
    expect(page.text).toContain('<h1 id="hero-title">Fresh off the boat</h1>');
    expect(page.text).toContain('<p class="tagline">Oysters at noon.</p>');
    expect(page.text).toMatch(/<p class="eyebrow">Harbor Grill(<!-- -->)? · (<!-- -->)?Portland<\/p>/);
    await asBearer(t.app, owner, { method: 'PATCH', url: api(''), payload: { websiteConfig: config } });
  });
});

describe('SEO', () => {
  it('has title, description, keywords, og:image, canonical and a parseable schema.org Restaurant', async () => {
    const page = await get(`${site}/harbor-grill`);
    expect(page.text).toContain('<title>Harbor Grill - Seafood on the Portland waterfront</title>');
    expect(decode(meta(page.text, 'name', 'description')!)).toContain('Day-boat fish');
    expect(meta(page.text, 'name', 'keywords')).toBe('seafood, oysters, Portland');
    expect(meta(page.text, 'property', 'og:image')).toBe(
      `${site}/images/fallback/generic-restaurant-hero.jpg`,
    );
    expect(canonical(page.text)).toBe(`${site}/harbor-grill`);
    const [restaurant] = jsonLd(page.text) as {
      '@type': string;
      telephone: string;
      servesCuisine: string;
      address: object;
      openingHoursSpecification: object[];
      hasMenu: object[];
    }[];
    expect(restaurant!['@type']).toBe('Restaurant');
    expect(restaurant!.telephone).toBe('+1 207 555 0142');
    expect(restaurant!.servesCuisine).toBe('Seafood Grill');
    expect(restaurant!.address).toMatchObject({
      streetAddress: '12 Wharf Street',
      addressLocality: 'Portland',
    });
    expect(restaurant!.openingHoursSpecification).toHaveLength(7);
    expect(restaurant!.openingHoursSpecification[4]).toMatchObject({ opens: '09:00', closes: '23:00' });
    // each menu shown online, by its own page (which carries that Menu's markup)
    expect(restaurant!.hasMenu).toContainEqual(
      expect.objectContaining({ '@type': 'Menu', url: `${site}/harbor-grill/menu/${menus[0]!.menuGroupId}` }),
    );
    // the fallback hero is served
    const hero = await get(`${site}/images/fallback/generic-restaurant-hero.jpg`);
    expect(hero.status).toBe(200);
    expect(hero.headers['content-type']).toBe('image/jpeg');
  });

  it('defaults the title to "{name} - Restaurant" when the website config has none', async () => {
    const page = await get(`${site}/lantern-noodle-bar`);
    expect(page.text).toContain('<title>Lantern Noodle Bar - Restaurant</title>');
  });
});

describe('resolution by host name', () => {
  beforeAll(async () => {
    await createMapping({ domain: 'harbor.example.com' });
    await createMapping({ domain: 'grill.example', redirectConfig: { wwwRedirect: 'www_to_apex' } });
    await createMapping({
      domain: 'old-harbor.example',
      redirectConfig: { redirectTo: 'https://harbor.example.com' },
    });
    await createMapping({
      domain: 'staging.harbor.example',
      seoConfig: { noIndex: true, canonicalUrl: 'https://harbor.example.com/' },
    });
  });

  it('serves the mapped restaurant at the root of its host, on the site port and on the main port', async () => {
    for (const base of [site, t.baseUrl]) {
      const page = await get(`${base}/`, { host: 'harbor.example.com' });
      expect(page.status, base).toBe(200);
      expect(page.text).toContain('<h1 id="hero-title">Harbor Grill</h1>');
      expect(page.text).toContain('href="/menu"');
      expect(canonical(page.text)).toBe('http://harbor.example.com/');
    }
    // an unmapped host on the main port is no site request: / still goes to sign in
    const other = await get(`${t.baseUrl}/`, { host: 'unmapped.example.org' });
    expect(other.status).toBe(302);
  });

  it('redirects www to the apex (301) and a redirectTo mapping (308), keeping the path', async () => {
    const www = await get(`${site}/menu?x=1`, { host: 'www.grill.example' });
    expect(www.status).toBe(301);
    expect(www.headers.location).toMatch(/^https?:\/\/grill\.example\/menu\?x=1$/);
    const moved = await get(`${site}/menu`, { host: 'old-harbor.example' });
    expect(moved.status).toBe(308);
    expect(moved.headers.location).toBe('https://harbor.example.com/menu');
  });

  it('takes canonical and noindex from the mapping', async () => {
    const page = await get(`${site}/menu/${menus[0]!.menuGroupId}`, { host: 'staging.harbor.example' });
    expect(page.status).toBe(200);
    expect(meta(page.text, 'name', 'robots')).toBe('noindex, nofollow');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(canonical(page.text)).toBe(`https://harbor.example.com/menu/${menus[0]!.menuGroupId}`);
    const robots = await get(`${site}/robots.txt`, { host: 'staging.harbor.example' });
    expect(robots.text).toBe('User-agent: *\nDisallow: /\n');
  });

  it('answers sitemap.xml and robots.txt per host', async () => {
    const sitemap = await get(`${site}/sitemap.xml`, { host: 'harbor.example.com' });
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toContain('<loc>http://harbor.example.com/</loc>');
    expect(sitemap.text).toContain('<loc>http://harbor.example.com/menu</loc>');
    for (const menu of menus)
      expect(sitemap.text).toContain(`<loc>http://harbor.example.com/menu/${menu.menuGroupId}</loc>`);
    const robots = await get(`${site}/robots.txt`, { host: 'harbor.example.com' });
    expect(robots.text).toContain('Allow: /');
    expect(robots.text).toContain('Sitemap: http://harbor.example.com/sitemap.xml');
  });

  it('answers an unmapped host with "Restaurant Not Found"', async () => {
    const page = await get(`${site}/`, { host: 'nobody.example.net' });
    expect(page.status).toBe(404);
    expect(page.text).toContain('Restaurant Not Found');
  });
});

describe('caching', () => {
  it('sends ETag and Cache-Control, answers If-None-Match with 304, and keeps gzip and br bytes', async () => {
    const plain = await get(`${site}/harbor-grill`);
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(plain.headers['cache-control']).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(plain.headers.vary).toBe('Accept-Encoding');
    // other query parameters are the same page (and the same cache entry)
    expect((await get(`${site}/harbor-grill?utm_source=test`)).headers.etag).toBe(etag);
    const again = await get(`${site}/harbor-grill`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    const gzip = await get(`${site}/harbor-grill`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.raw).toString('utf8')).toBe(plain.text);
    // a stored page is sent with its length (keep-alive without chunking), plain and compressed
    expect(Number(plain.headers['content-length'])).toBe(plain.raw.length);
    expect(Number(gzip.headers['content-length'])).toBe(gzip.raw.length);
    expect(plain.headers['x-request-id']).toBeTruthy();
    expect(gzip.headers.etag).not.toBe(etag);
    const br = await get(`${site}/harbor-grill`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(
      (
        await get(`${site}/harbor-grill`, {
          'accept-encoding': 'br',
          'if-none-match': br.headers.etag as string,
        })
      ).status,
    ).toBe(304);
  });

  it('shows a menu change on the next request, without a restart', async () => {
    const menuPath = `${site}/harbor-grill/menu/${menus[0]!.menuGroupId}`;
    const before = await get(menuPath);
    const itemName = /<li class="item"><div class="row"><h3>([^<]+)<\/h3>/.exec(before.text)?.[1];
    const items = await asBearer(t.app, owner, { method: 'GET', url: api('/items') });
    const list: { itemId: number; name: string }[] = items.json().data;
    // the page's first item is one of the restaurant's items, by name
    expect(list.map((i) => i.name)).toContain(decode(itemName ?? ''));
    const item = list.find((i) => i.name === decode(itemName!))!;
    const renamed = `Smoked Haddock Chowder ${Date.now()}`;
    const patched = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: api(`/items/${item.itemId}`),
      payload: { name: renamed },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const after = await get(menuPath);
    expect(after.text).toContain(renamed);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('drops pages on a write made outside this API (the database announces it)', async () => {
    const menuPath = `${site}/harbor-grill/menu/${menus[0]!.menuGroupId}`;
    const before = await get(menuPath);
    const itemName = decode(/<li class="item"><div class="row"><h3>([^<]+)<\/h3>/.exec(before.text)![1]!);
    const renamed = `Lobster Bisque ${Date.now()}`;
    // as a CLI, a seed or another instance would write: straight to the database
    await t.database.db
      .update(items)
      .set({ name: renamed })
      .where(and(eq(items.tenantId, demo.tenant.tenantId), eq(items.name, itemName)));
    const started = Date.now();
    let after = await get(menuPath);
    while (!after.text.includes(renamed) && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await get(menuPath);
    }
    expect(after.text).toContain(renamed);
  });

  it('treats a disabled website and an inactive restaurant as not found', async () => {
    const second = demo.restaurants[1]!;
    const url = `/api/v1/tenants/${demo.tenant.tenantId}/restaurants/${second.restaurantId}`;
    expect((await get(`${site}/lantern-noodle-bar`)).status).toBe(200);
    const restaurant = (await asBearer(t.app, owner, { method: 'GET', url })).json().data.restaurant;
    const off = await asBearer(t.app, owner, {
      method: 'PATCH',
      url,
      payload: { websiteConfig: { ...restaurant.websiteConfig, enabled: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    const disabled = await get(`${site}/lantern-noodle-bar`);
    expect(disabled.status).toBe(404);
    expect(disabled.text).toContain('Restaurant Not Found');
    await asBearer(t.app, owner, {
      method: 'PATCH',
      url,
      payload: { websiteConfig: restaurant.websiteConfig },
    });
    expect((await get(`${site}/lantern-noodle-bar`)).status).toBe(200);
    const inactive = await asBearer(t.app, owner, {
      method: 'PUT',
      url: `${url}/status`,
      payload: { status: 'inactive' },
    });
    expect(inactive.statusCode, inactive.body).toBe(200);
    expect((await get(`${site}/lantern-noodle-bar`)).status).toBe(404);
  });
});
