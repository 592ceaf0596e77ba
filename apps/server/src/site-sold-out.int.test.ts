import { createServer, request as httpRequest, type Server } from 'node:http';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { type DemoSeedResult, seedDemo } from '@brigade/core/seed/demo-seed';
import { orderingSettings } from '@brigade/db/schema/ordering';
import { freePort } from '@brigade/test-utils/ports';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestListenerOf } from './app';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * Sold out means sold out everywhere (issue 45 item 5): an item on the restaurant's 86 list is marked "Sold out"
 * (or, by the website's soldOutDisplay, left out) on the public menu page, in its JSON-LD and in the menu
 * display's data, and a change of the list reaches pages stored before it, through the site's own handler.
 */

const sitePort = await freePort();
// At warn, stored pages are answered in front of Fastify (plugins/site.ts), as in production.
const t = useTestApp({ env: { SITE_PORT: String(sitePort), LOG_LEVEL: 'warn' } });
const site = `http://127.0.0.1:${sitePort}`;

interface Got {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Got> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

interface LdItem {
  name: string;
  offers?: { availability?: string } | { availability?: string }[];
}
interface LdSection {
  hasMenuItem?: LdItem[];
  hasMenuSection?: LdSection[];
}

/** Every MenuItem of a page's schema.org Menu markup, to any depth. */
function ldItems(html: string): LdItem[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  const found: LdItem[] = [];
  const visit = (section: LdSection) => {
    found.push(...(section.hasMenuItem ?? []));
    section.hasMenuSection?.forEach(visit);
  };
  for (const block of blocks) visit(JSON.parse(block[1]!) as LdSection);
  return found;
}

const availabilityOf = (item: LdItem | undefined) =>
  [item?.offers ?? []].flat().map((offer) => offer.availability);

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#x27;')
    .replace(/"/g, '&quot;');

/** The item's heading followed by the "Sold out" mark, as the menu page draws it. */
const markedSoldOut = (html: string, name: string) =>
  html.includes(`<h3>${escapeHtml(name)}</h3><span class="sold-out">Sold out</span>`);
const listed = (html: string, name: string) => html.includes(`<h3>${escapeHtml(name)}</h3>`);

let siteServer: Server;
let demo: DemoSeedResult;
let owner: Session;
let menuGroupId: number;
let soldOut: { itemId: number; name: string };
let other: { itemId: number; name: string };
let menuPath: string;

const api = (path: string) =>
  `/api/v1/tenants/${demo.tenant.tenantId}/restaurants/${demo.restaurant.restaurantId}${path}`;

interface MenuGroupJson {
  items: { itemId: number; item: { name: string } }[];
  subgroups: MenuGroupJson[];
}

beforeAll(async () => {
  const db = t.database.db;
  demo = await seedDemo(db);
  const { tenantId, restaurantId } = demo.restaurant;
  await seedLargeChainOnce(db, { tenantId, restaurantId, actor: 'test' }, demoCatalogue);
  siteServer = createServer(requestListenerOf(t.app));
  await new Promise<void>((resolve) => siteServer.listen(sitePort, '127.0.0.1', resolve));
  owner = await signInAs(t.app, 'owner@brigade.local', 'brigade-owner');
  const menus = await asBearer(t.app, owner, {
    method: 'GET',
    url: `${api('/menus')}?channel=onlineOrdering&at=${encodeURIComponent(new Date().toISOString())}`,
  });
  menuGroupId = menus.json().data[0].menuGroupId;
  menuPath = `${site}/harbor-grill/menu/${menuGroupId}`;
  // two items of that menu whose names appear once in it
  const tree = await asBearer(t.app, owner, {
    method: 'GET',
    url: `${api(`/menus/${menuGroupId}`)}?channel=onlineOrdering`,
  });
  const refs: { itemId: number; name: string }[] = [];
  const visit = (group: MenuGroupJson) => {
    for (const ref of group.items) refs.push({ itemId: ref.itemId, name: ref.item.name });
    group.subgroups.forEach(visit);
  };
  visit(tree.json().data);
  const once = refs.filter((r) => refs.filter((s) => s.name === r.name).length === 1);
  expect(once.length).toBeGreaterThan(1);
  [soldOut, other] = [once[0]!, once[1]!];
});
afterAll(async () => {
  await new Promise((resolve) => siteServer?.close(resolve));
});

async function set86(itemId: number, value: boolean) {
  const response = await asBearer(t.app, owner, {
    method: 'PUT',
    url: api(`/ordering-settings/sold-out/${itemId}`),
    payload: { soldOut: value },
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function setDisplay(soldOutDisplay: 'mark' | 'hide' | undefined) {
  const restaurant = (await asBearer(t.app, owner, { method: 'GET', url: api('') })).json().data.restaurant;
  const { soldOutDisplay: _was, ...rest } = restaurant.websiteConfig;
  const patched = await asBearer(t.app, owner, {
    method: 'PATCH',
    url: api(''),
    payload: { websiteConfig: soldOutDisplay ? { ...rest, soldOutDisplay } : rest },
  });
  expect(patched.statusCode, patched.body).toBe(200);
}

/** The page, asked until `done` holds of it (a change heard through the database's announcement) or 5 s. */
async function pageUntil(done: (html: string) => boolean): Promise<string> {
  const started = Date.now();
  let page = await get(menuPath);
  while (!done(page.text) && Date.now() - started < 5000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    page = await get(menuPath);
  }
  return page.text;
}

describe('the public menu page', () => {
  it('marks an 86ed item "Sold out" and its offers SoldOut, on a page stored before, and undoes it', async () => {
    const before = await get(menuPath);
    expect(before.status).toBe(200);
    // stored: the same page again
    expect((await get(menuPath)).headers.etag).toBe(before.headers.etag);
    expect(listed(before.text, soldOut.name)).toBe(true);
    expect(markedSoldOut(before.text, soldOut.name)).toBe(false);
    const ldBefore = ldItems(before.text);
    expect(availabilityOf(ldBefore.find((i) => i.name === soldOut.name))).not.toContain(
      'https://schema.org/SoldOut',
    );

    await set86(soldOut.itemId, true);
    const after = await get(menuPath);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(markedSoldOut(after.text, soldOut.name)).toBe(true);
    expect(markedSoldOut(after.text, other.name)).toBe(false);
    const ld = ldItems(after.text);
    const marked = availabilityOf(ld.find((i) => i.name === soldOut.name));
    expect(marked.length).toBeGreaterThan(0);
    expect(new Set(marked)).toEqual(new Set(['https://schema.org/SoldOut']));
    const inStock = availabilityOf(ld.find((i) => i.name === other.name));
    expect(inStock.every((a) => a === 'https://schema.org/InStock')).toBe(true);

    await set86(soldOut.itemId, false);
    const back = await get(menuPath);
    expect(markedSoldOut(back.text, soldOut.name)).toBe(false);
    expect(listed(back.text, soldOut.name)).toBe(true);
    expect(new Set(availabilityOf(ldItems(back.text).find((i) => i.name === soldOut.name)))).toEqual(
      new Set(['https://schema.org/InStock']),
    );
  });

  it('leaves an 86ed item out of the page and its JSON-LD when the website says hide', async () => {
    await setDisplay('hide');
    try {
      const before = await get(menuPath);
      expect(listed(before.text, soldOut.name)).toBe(true);
      await set86(soldOut.itemId, true);
      const after = await get(menuPath);
      expect(listed(after.text, soldOut.name)).toBe(false);
      expect(after.text).not.toContain('class="sold-out"');
      const ld = ldItems(after.text);
      expect(ld.map((i) => i.name)).not.toContain(soldOut.name);
      expect(ld.map((i) => i.name)).toContain(other.name);
      await set86(soldOut.itemId, false);
      const back = await get(menuPath);
      expect(listed(back.text, soldOut.name)).toBe(true);
      expect(ldItems(back.text).map((i) => i.name)).toContain(soldOut.name);
    } finally {
      await set86(soldOut.itemId, false);
      await setDisplay(undefined);
    }
  });

  it('hears a change of the 86 list written outside this API (the database announces it)', async () => {
    await get(menuPath);
    const scope = and(
      eq(orderingSettings.tenantId, demo.tenant.tenantId),
      eq(orderingSettings.restaurantId, demo.restaurant.restaurantId),
    );
    // as another instance, the CLI or a seed would write: straight to the database
    await t.database.db
      .update(orderingSettings)
      .set({ soldOutItemIds: [soldOut.itemId] })
      .where(scope);
    expect(markedSoldOut(await pageUntil((html) => markedSoldOut(html, soldOut.name)), soldOut.name)).toBe(
      true,
    );
    await t.database.db.update(orderingSettings).set({ soldOutItemIds: [] }).where(scope);
    expect(markedSoldOut(await pageUntil((html) => !markedSoldOut(html, soldOut.name)), soldOut.name)).toBe(
      false,
    );
  });
});

describe("the menu display's data", () => {
  const read = (etag?: string) =>
    asBearer(t.app, owner, {
      method: 'GET',
      url: api(`/menus/${menuGroupId}`),
      ...(etag ? { headers: { 'if-none-match': etag } } : {}),
    });

  it('names the 86ed items of the menu, with a new ETag for each change of the list', async () => {
    const before = await read();
    expect(before.statusCode).toBe(200);
    expect(before.json().soldOutItemIds).toEqual([]);
    const etag = before.headers.etag as string;
    expect((await read(etag)).statusCode).toBe(304);

    await set86(soldOut.itemId, true);
    const after = await read(etag);
    expect(after.statusCode).toBe(200);
    expect(after.json().soldOutItemIds).toEqual([soldOut.itemId]);
    expect(after.headers.etag).not.toBe(etag);
    // answered again from memory: the same list
    expect((await read()).json().soldOutItemIds).toEqual([soldOut.itemId]);

    await set86(soldOut.itemId, false);
    const back = await read(after.headers.etag as string);
    expect(back.statusCode).toBe(200);
    expect(back.json().soldOutItemIds).toEqual([]);
  });
});
