import { createServer, request as httpRequest, type Server } from 'node:http';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { freePort } from '@brigade/test-utils/ports';
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestListenerOf } from './app';
import { useTestApp } from './test-app';
import { asBearer, signInAs } from './test-client';

// The public pages under html-validate's `document` preset (issue 22 item 6), as the real server renders them.
const sitePort = await freePort();
const t = useTestApp({ env: { SITE_PORT: String(sitePort) } });
const site = `http://127.0.0.1:${sitePort}`;
const validator = new HtmlValidate({ extends: ['html-validate:recommended'] });

function get(url: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: 'GET' }, (res) => {
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

let siteServer: Server;
let firstMenu = 0;
let mixedMenu = 0;

/** A menu with an item of its own beside a section (the shape that once skipped a heading level). */
async function createMixedMenu(tenantId: number, restaurantId: number): Promise<number> {
  const owner = await signInAs(t.app, 'owner@brigade.local', 'brigade-owner');
  const call = async (method: 'POST' | 'PATCH', path: string, payload: object) => {
    const url = `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}${path}`;
    const response = await asBearer(t.app, owner, { method, url, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().data;
  };
  const item = await call('POST', '/items', { name: 'Soup of the day', basePrice: 7 });
  const items = [{ itemId: item.itemId, position: 0 }];
  const menu = await call('POST', '/menu-groups', { name: 'Lunch', items });
  const section = await call('POST', '/menu-groups', {
    name: 'Sandwiches',
    parentId: menu.menuGroupId,
    items,
  });
  await call('PATCH', `/menu-groups/${menu.menuGroupId}`, { subgroups: [section.menuGroupId] });
  return menu.menuGroupId;
}

beforeAll(async () => {
  const demo = await seedDemo(t.database.db);
  const { tenantId, restaurantId } = demo.restaurant;
  await seedLargeChainOnce(t.database.db, { tenantId, restaurantId, actor: 'test' }, demoCatalogue);
  mixedMenu = await createMixedMenu(tenantId, restaurantId);
  siteServer = createServer(requestListenerOf(t.app));
  await new Promise<void>((resolve) => siteServer.listen(sitePort, '127.0.0.1', resolve));
  const chooser = await get(`${site}/harbor-grill/menu`);
  firstMenu = Number(/\/harbor-grill\/menu\/(\d+)/.exec(chooser.text)?.[1]);
});
afterAll(async () => {
  await new Promise((resolve) => siteServer?.close(resolve));
});

describe('public pages as HTML', () => {
  it.each([
    ['home', '/harbor-grill', 200],
    ['menu chooser', '/harbor-grill/menu', 200],
    ['one menu', '/harbor-grill/menu/{first}', 200],
    ['all menus', '/harbor-grill/menu/all', 200],
    ['a menu with items beside its sections', '/harbor-grill/menu/{mixed}', 200],
    ['not found', '/no-such-restaurant', 404],
  ])('%s has no html-validate findings', async (_name, path, status) => {
    const page = await get(
      `${site}${path.replace('{first}', String(firstMenu)).replace('{mixed}', String(mixedMenu))}`,
    );
    expect(page.status).toBe(status);
    const report = await validator.validateString(page.text);
    const findings = report.results.flatMap((result) =>
      result.messages.map((m) => `${m.ruleId}: ${m.message} (${m.selector ?? ''})`),
    );
    expect(findings).toEqual([]);
  });
});
