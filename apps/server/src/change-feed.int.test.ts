import {
  createCatalogueRecord,
  createCatalogueRecords,
  updateCatalogueRecord,
} from '@brigade/core/catalogue/catalogue-service';
import { generateLargeChain, loadLargeChain } from '@brigade/core/catalogue/large-chain';
import { resolveCatalogueScope } from '@brigade/core/catalogue/scope';
import { type Change, ChangeFeed } from '@brigade/core/changes/change-feed';
import { SYSTEM } from '@brigade/core/use-case';
import { ITEM_KIND, TAG_KIND } from '@brigade/domain/catalogue/kinds';
import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * The change feed (decision 011) and the cached resolved menus built on it: whoever writes — an API call, a
 * service called directly, another process — the next read shows the write.
 */
const t = useTestApp();

let session: Session;
let scope: { tenantId: number; restaurantId: number; actor: string };
let base: string;
let feed: ChangeFeed;
const heard: Change[] = [];
const catalogue = generateLargeChain({ items: 60, modifierGroups: 5, modifiersPerGroup: 3, seed: 3 });

beforeAll(async () => {
  const db = t.database.db;
  const tenant = await makeTenant(db);
  const restaurant = await makeRestaurant(db, tenant.tenantId);
  scope = { tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId, actor: 'test' };
  await loadLargeChain(db, scope, catalogue);
  session = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: tenant.tenantId, role: 'manager' })).email,
    TEST_PASSWORD,
  );
  base = `/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}`;
  feed = new ChangeFeed(t.database);
  feed.subscribe((change) => heard.push(change));
  await feed.ready;
});

afterAll(() => feed.close());

const versionNow = async () => (await resolveCatalogueScope(t.database.db, scope)).version;

const menu = (headers: Record<string, string> = {}) =>
  asBearer(t.app, session, { method: 'GET', url: `${base}/menus/${catalogue.menuIds.allDay}`, headers });

const allItems = (group: ResolvedMenuGroup): { itemId: number; name: string }[] => [
  ...group.items.map((link) => ({ itemId: link.itemId, name: String(link.item.name) })),
  ...group.subgroups.flatMap(allItems),
];

/** Waits until the feed has heard a change matching `predicate` (the database announces at commit). */
async function heardChange(predicate: (change: Change) => boolean, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (heard.some(predicate)) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}

describe('change feed', () => {
  it('raises the restaurant version once per transaction and announces it, whoever writes', async () => {
    const before = await versionNow();
    heard.length = 0;
    // a batch of twelve rows in one transaction, written by the service directly (no HTTP, no publish)
    await createCatalogueRecords({ db: t.database.db }, SYSTEM, {
      kind: TAG_KIND,
      ...scope,
      records: Array.from({ length: 12 }, (_, i) => ({ name: `Feed tag ${i}` })),
    });
    expect(await versionNow()).toBe(before + 1);
    expect(
      await heardChange(
        (c) =>
          c.area === 'catalogue' && c.tenantId === scope.tenantId && c.restaurantId === scope.restaurantId,
      ),
    ).toBe(true);
  });

  it('lets concurrent writers to one restaurant through: one bump each, no deadlock', async () => {
    const before = await versionNow();
    const tagIds = (
      await createCatalogueRecords({ db: t.database.db }, SYSTEM, {
        kind: TAG_KIND,
        ...scope,
        records: Array.from({ length: 10 }, (_, i) => ({ name: `Concurrent ${i}` })),
      })
    ).map((tag) => Number(tag.tagId));
    // updates (version row first touched at commit) racing creates (id counter first): 20 transactions
    await Promise.all([
      ...tagIds.map((tagId, i) =>
        updateCatalogueRecord({ db: t.database.db }, SYSTEM, {
          kind: TAG_KIND,
          ...scope,
          id: tagId,
          patch: { name: `Concurrent renamed ${i}` },
        }),
      ),
      ...tagIds.map((_, i) =>
        createCatalogueRecord({ db: t.database.db }, SYSTEM, {
          kind: TAG_KIND,
          ...scope,
          record: { name: `Racing ${i}` },
        }),
      ),
    ]);
    expect(await versionNow()).toBe(before + 1 + 20);
  });

  it('does not move when the transaction rolls back', async () => {
    const before = await versionNow();
    await expect(
      t.database.db.transaction(async (tx) => {
        await createCatalogueRecord({ db: tx }, SYSTEM, {
          kind: TAG_KIND,
          ...scope,
          record: { name: 'Never stored' },
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await versionNow()).toBe(before);
  });
});

describe('cached resolved menus', () => {
  it('answers again from memory with the same ETag, and 304 to If-None-Match', async () => {
    const first = await menu();
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"menu-/);
    const second = await menu();
    expect(second.statusCode).toBe(200);
    expect(second.headers.etag).toBe(etag);
    expect(second.body).toBe(first.body);
    const notModified = await menu({ 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('shows a write made past the API (a service call) on the very next read', async () => {
    const before = await menu();
    const target = allItems(before.json().data)[0]!;
    await updateCatalogueRecord({ db: t.database.db }, SYSTEM, {
      kind: ITEM_KIND,
      ...scope,
      id: target.itemId,
      patch: { name: 'Renamed behind the API' },
    });
    const after = await menu({ 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(allItems(after.json().data).find((i) => i.itemId === target.itemId)?.name).toBe(
      'Renamed behind the API',
    );
  });

  it('shows a write made through the API on the very next read', async () => {
    const before = allItems((await menu()).json().data)[1]!;
    const patched = await asBearer(t.app, session, {
      method: 'PATCH',
      url: `${base}/items/${before.itemId}`,
      payload: { name: 'Renamed through the API' },
    });
    expect(patched.statusCode).toBe(200);
    const after = allItems((await menu()).json().data).find((i) => i.itemId === before.itemId);
    expect(after?.name).toBe('Renamed through the API');
  });

  it('keys documents by filter: a channel filter is its own document', async () => {
    const all = await menu();
    const pos = await asBearer(t.app, session, {
      method: 'GET',
      url: `${base}/menus/${catalogue.menuIds.allDay}?channel=pos`,
    });
    expect(pos.statusCode).toBe(200);
    expect(pos.headers.etag).not.toBe(all.headers.etag);
  });

  it('gives no ETag to a missing menu', async () => {
    const missing = await asBearer(t.app, session, { method: 'GET', url: `${base}/menus/99999999` });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});
