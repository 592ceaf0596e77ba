import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  DEMO_ADMIN,
  DEMO_OWNER,
  DEMO_TENANT_ID,
  type Harness,
  signInByApi,
  startHarness,
} from './harness';

/**
 * The public sites by host name, in Chromium (issue 9): the browser resolves the restaurant's own domains to
 * this machine (--host-resolver-rules), so the Host header is the one a visitor's browser sends. A mapped
 * domain shows its restaurant, www goes to the apex with a real redirect, a redirectTo mapping moves the
 * visitor, and the page's SEO tags and schema.org JSON-LD parse in the page itself.
 */

let harness: Harness;
let browser: Browser;
let sitePort: string;

beforeAll(async () => {
  harness = await startHarness();
  sitePort = new URL(harness.siteOrigin).port;
  const token = await signInByApi(harness, DEMO_OWNER);
  // Custom domains are served once their ownership is verified; here a site administrator vouches for them.
  const adminToken = await signInByApi(harness, DEMO_ADMIN);
  const tenants = await apiCall<{ data: { tenantId: number; guid: string }[] }>(
    harness,
    'GET',
    '/me/tenants',
    {
      token,
    },
  );
  const tenantGuid = tenants.body.data.find((t) => t.tenantId === DEMO_TENANT_ID)!.guid;
  const restaurant = await apiCall<{ data: { restaurant: { guid: string } } }>(
    harness,
    'GET',
    '/restaurants/by-slug/harbor-grill',
  );
  const restaurantGuid = restaurant.body.data.restaurant.guid;
  for (const mapping of [
    { domain: 'harborgrill.example', redirectConfig: { wwwRedirect: 'www_to_apex' } },
    {
      domain: 'old-harbor.example',
      redirectConfig: { redirectTo: `http://harborgrill.example:${sitePort}` },
    },
  ]) {
    const created = await apiCall<{ data: { mapping: { guid: string } } }>(
      harness,
      'POST',
      '/domain-mappings',
      {
        token,
        body: { domainType: 'custom', tenantGuid, restaurantGuid, ...mapping },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const verified = await apiCall(harness, 'PATCH', `/domain-mappings/${created.body.data.mapping.guid}`, {
      token: adminToken,
      body: { verificationStatus: 'verified' },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP *.example 127.0.0.1, MAP *.*.example 127.0.0.1'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await harness?.stop();
});

async function open(url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(url);
  return page;
}

/** Every JSON-LD block of the page, parsed by the page's own JSON.parse. */
const jsonLd = (page: Page) =>
  page.$$eval('script[type="application/ld+json"]', (scripts) =>
    scripts.map((s) => JSON.parse(s.textContent ?? 'null') as Record<string, unknown>),
  );

describe('public site by host name', () => {
  it('shows the mapped restaurant at the root of its domain, with SEO tags and Restaurant JSON-LD', async () => {
    const page = await open(`http://harborgrill.example:${sitePort}/`);
    expect(await page.locator('h1').first().textContent()).toBe('Harbor Grill');
    expect(await page.title()).toContain('Harbor Grill');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^https?:\/\//);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `http://harborgrill.example:${sitePort}/`,
    );
    const blocks = await jsonLd(page);
    const restaurant = blocks.find((b) => b['@type'] === 'Restaurant')!;
    expect(restaurant).toBeTruthy();
    expect(restaurant.name).toBe('Harbor Grill');
    expect(restaurant.address).toMatchObject({ '@type': 'PostalAddress' });
    expect(restaurant.telephone).toBeTruthy();
    expect(Array.isArray(restaurant.openingHoursSpecification)).toBe(true);
    // hasMenu names each menu page's Menu (decision 024, issue 22): a list of Menu nodes on this host.
    const menus = restaurant.hasMenu as { '@type': string }[];
    expect(menus.length).toBeGreaterThan(0);
    expect(menus.every((menu) => menu['@type'] === 'Menu')).toBe(true);
    expect(JSON.stringify(menus)).toContain(`harborgrill.example:${sitePort}/menu`);
    await page.context().close();
  });

  it('opens a menu page on the domain with Menu JSON-LD', async () => {
    const page = await open(`http://harborgrill.example:${sitePort}/menu`);
    await page
      .getByRole('link', { name: /All Day/ })
      .first()
      .click();
    await page.waitForURL(/\/menu\/\d+/);
    expect(await page.getByText('Kumamoto Oysters').first().isVisible()).toBe(true);
    const menu = (await jsonLd(page)).find((b) => b['@type'] === 'Menu')!;
    expect(menu).toBeTruthy();
    expect(menu.name).toBe('All Day');
    expect(Array.isArray(menu.hasMenuSection)).toBe(true);
    await page.context().close();
  });

  it('sends www to the apex and a moved domain to its new address, keeping the path', async () => {
    const www = await open(`http://www.harborgrill.example:${sitePort}/menu`);
    expect(www.url()).toBe(`http://harborgrill.example:${sitePort}/menu`);
    await www.context().close();
    const moved = await open(`http://old-harbor.example:${sitePort}/menu`);
    expect(moved.url()).toBe(`http://harborgrill.example:${sitePort}/menu`);
    expect(await moved.locator('h1').first().isVisible()).toBe(true);
    await moved.context().close();
  });

  it('answers an unknown domain with Restaurant Not Found and a 404', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`http://nobody-here.example:${sitePort}/`);
    expect(response?.status()).toBe(404);
    expect(await page.getByText('Restaurant Not Found').first().isVisible()).toBe(true);
    await context.close();
  });
});
