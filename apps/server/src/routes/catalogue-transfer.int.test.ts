import { readFileSync } from 'node:fs';
import { generateLargeChain, loadLargeChain } from '@brigade/core/catalogue/large-chain';
import { resetCounter } from '@brigade/core/counters/counter-service';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/**
 * Catalogue export and import (issue 45 item 12) and copying a menu to another restaurant (item 13): each
 * write all or nothing, per tenant (docs/behaviour/catalogue.md#import-and-export).
 */
const t = useTestApp();

const sessions: Record<string, Session> = {};
let tenantId: number;
let otherTenantId: number;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

beforeAll(async () => {
  tenantId = (await makeTenant(t.database.db)).tenantId;
  otherTenantId = (await makeTenant(t.database.db)).tenantId;
  const people = {
    manager: { tenantId, role: 'manager' },
    admin: { tenantId, role: 'admin' },
    employee: { tenantId, role: 'employee' },
    otherOwner: { tenantId: otherTenantId, role: 'owner' },
  } as const;
  for (const [name, options] of Object.entries(people)) {
    const user = await makeUser(t.database.db, options);
    sessions[name] = await signInAs(t.app, user.email, TEST_PASSWORD);
  }
});

type Row = Record<string, unknown>;

/** A restaurant of the tenant (or of `owner`'s) with a client for its API. */
async function restaurant(owner = tenantId) {
  const { restaurantId } = await makeRestaurant(t.database.db, owner);
  const send = async (method: 'GET' | 'POST', path: string, payload?: unknown, who = 'manager') => {
    const response = await asBearer(t.app, sessions[who]!, {
      method,
      url: `/api/v1/tenants/${owner}/restaurants/${restaurantId}/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const json = String(response.headers['content-type'] ?? '').includes('json')
      ? response.json()
      : undefined;
    return { status: response.statusCode, body: json, text: response.body, headers: response.headers };
  };
  const list = async (kind: string): Promise<Row[]> => (await send('GET', kind)).body.data;
  return { restaurantId, send, list };
}
type Restaurant = Awaited<ReturnType<typeof restaurant>>;

/** Everything a restaurant's catalogue says, with ids and guids replaced by names, in a stable order. */
async function shapeOf(r: Restaurant) {
  const names = async (kind: string, idField: string) =>
    new Map((await r.list(kind)).map((record) => [record[idField], record.name]));
  const tags = await names('tags', 'tagId');
  const groups = await names('modifier-groups', 'modifierGroupId');
  const items = await r.list('items');
  const itemNames = new Map(items.map((item) => [item.itemId, item.name]));
  const strip = ({ itemId: _i, guid: _g, createdAt: _c, updatedAt: _u, prepStationIds: _p, ...rest }: Row) =>
    rest;
  const shapedItems = items.map((item) => ({
    ...strip(item),
    sizePrice: (item.sizePrice as Row[]).map(({ id: _id, guid: _guid, ...size }) => size),
    tagIds: (item.tagIds as number[]).map((id) => tags.get(id)).sort(),
    modifierGroups: (item.modifierGroups as Row[]).map((ref) => ({
      ...ref,
      modifierGroupId: groups.get(ref.modifierGroupId),
    })),
    taxRateIds: (item.taxRateIds as number[]).length,
    courseId: item.courseId === undefined ? undefined : 'set',
    salesCategoryId: item.salesCategoryId === undefined ? undefined : 'set',
  }));
  const menuGroups = await r.list('menu-groups');
  const groupNames = new Map(menuGroups.map((group) => [group.menuGroupId, group.name]));
  const shapedGroups = menuGroups.map(
    ({ menuGroupId: _m, guid: _g, createdAt: _c, updatedAt: _u, ...group }) => ({
      ...group,
      parentId: groupNames.get(group.parentId),
      subgroups: (group.subgroups as number[]).map((id) => groupNames.get(id)),
      items: (group.items as Row[]).map((ref) => ({ ...ref, itemId: itemNames.get(ref.itemId) })),
      modifierGroups: (group.modifierGroups as Row[]).map((ref) => ({
        ...ref,
        modifierGroupId: groups.get(ref.modifierGroupId),
      })),
      tagIds: (group.tagIds as number[]).map((id) => tags.get(id)),
    }),
  );
  const modifierGroups = (await r.list('modifier-groups')).map(
    ({ modifierGroupId: _m, guid: _g, createdAt: _c, updatedAt: _u, ...group }) => ({
      ...group,
      modifiers: (group.modifiers as Row[]).map(({ guid: _guid, ...modifier }) => modifier),
    }),
  );
  return { items: shapedItems, menuGroups: shapedGroups, modifierGroups, tags: [...tags.values()].sort() };
}

describe('export and import round trip', () => {
  it('exports a whole catalogue as JSON and imports it into an empty restaurant as the same catalogue', async () => {
    const source = await restaurant();
    const scope = { tenantId, restaurantId: source.restaurantId, actor: 'test' };
    await loadLargeChain(t.database.db, scope, generateLargeChain({ items: 60, modifierGroups: 8 }));
    const exported = await source.send('GET', 'catalogue-export');
    expect(exported.status, exported.text).toBe(200);
    const file = exported.body.data;
    expect(file).toMatchObject({
      format: 'brigade-catalogue',
      version: 1,
      restaurant: { restaurantId: source.restaurantId },
    });
    expect(file.items).toHaveLength(60);

    const target = await restaurant();
    const content = JSON.stringify(file);
    const preview = await target.send('POST', 'catalogue-import/preview', { source: 'brigade', content });
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.data.errors).toEqual([]);
    expect(preview.body.data.counts).toMatchObject({
      items: 60,
      modifierGroups: 8,
      menuGroups: file.menuGroups.length,
    });
    expect(await target.list('items')).toEqual([]); // the dry run wrote nothing

    const applied = await target.send('POST', 'catalogue-import', { source: 'brigade', content });
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body.data.counts.items).toBe(60);
    expect(await shapeOf(target)).toEqual(await shapeOf(source));
  });

  it('issues new ids from the counters when the restaurant already has records', async () => {
    const r = await restaurant();
    await r.send('POST', 'items', { name: 'Already here', basePrice: 1 });
    await r.send('POST', 'tags', { name: 'Vegan' });
    const file = (await r.send('GET', 'catalogue-export')).body.data;
    const applied = await r.send('POST', 'catalogue-import', {
      source: 'brigade',
      content: JSON.stringify(file),
    });
    expect(applied.status, applied.text).toBe(201);
    expect(applied.body.data.itemIds).toEqual([2]);
    expect(applied.body.data.counts.tags).toBe(0); // "Vegan" is the restaurant's own: reused
    expect((await r.list('items')).map((item) => item.name)).toEqual(['Already here', 'Already here']);
    expect(await r.list('tags')).toHaveLength(1);
  });

  it('exports the items as CSV with the documented columns', async () => {
    const r = await restaurant();
    const tag = (await r.send('POST', 'tags', { name: 'Vegan' })).body.data.tagId;
    const item = (
      await r.send('POST', 'items', { name: 'Soup, of the day', basePrice: 6.5, tagIds: [tag], kiosk: false })
    ).body.data;
    const menu = (await r.send('POST', 'menu-groups', { name: 'Dinner', isMenu: true })).body.data
      .menuGroupId;
    await r.send('POST', 'menu-groups', {
      name: 'Starters',
      parentId: menu,
      items: [{ itemId: item.itemId, position: 0 }],
    });
    const csv = await r.send('GET', 'catalogue-export/csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    const [header, row] = csv.text.split('\r\n');
    expect(header).toBe(
      'Item ID,Name,Menu groups,Pricing strategy,Base price,Sizes,Tags,Course,Modifier groups,Tax rates,POS,Kiosk,Online ordering,Customer invoices,Online ordering partners,Contains alcohol,Calories,SKU,PLU,Description',
    );
    expect(row).toBe(
      `${item.itemId},"Soup, of the day",Dinner › Starters,base,6.50,,Vegan,,,,yes,no,yes,yes,yes,no,,,,`,
    );
  });
});

describe('import from Square and Toast', () => {
  it("maps Square's item library export: variations, categories, taxes, modifier sets, archived rows", async () => {
    const r = await restaurant();
    const content = fixture('square-item-library.csv');
    const preview = (await r.send('POST', 'catalogue-import/preview', { source: 'square', content })).body
      .data;
    expect(preview.errors).toEqual([]);
    expect(preview.counts).toMatchObject({ items: 4, taxRates: 1, modifierGroups: 1, menuGroups: 5 });
    expect(preview.warnings).toEqual([
      { row: 7, column: 'Archived', message: '"Old Muffin" is archived in Square and is not imported' },
    ]);
    expect(preview.ignoredColumns).toContain('GTIN');
    expect(preview.items).toContainEqual({
      name: 'Latte',
      price: 'Small 4.50 · Large 5.25',
      menuGroups: ['Square menu › Coffee'],
    });

    expect((await r.send('POST', 'catalogue-import', { source: 'square', content })).status).toBe(201);
    const items = new Map((await r.list('items')).map((item) => [item.name, item]));
    expect(items.get('Latte')).toMatchObject({
      pricingStrategy: 'size',
      sku: 'LAT-S',
      customerDescription: 'Espresso, steamed milk',
    });
    expect((items.get('Latte')!.sizePrice as Row[]).map(({ name, price }) => ({ name, price }))).toEqual([
      { name: 'Small', price: 4.5 },
      { name: 'Large', price: 5.25 },
    ]);
    expect(items.get('Croissant')).toMatchObject({ pricingStrategy: 'base', basePrice: 3.75, kiosk: false });
    expect(items.get('House Red')).toMatchObject({ containsAlcohol: true, onlineOrdering: false });
    expect(items.get('Market Fish')).toMatchObject({ pricingStrategy: 'open', openPrice: true });
    const [tax] = await r.list('tax-rates');
    expect(tax).toMatchObject({ name: 'Sales Tax', rate: 8.875 });
    expect(items.get('Latte')!.taxRateIds).toEqual([tax!.taxRateId]);
    const groups = await r.list('menu-groups');
    expect(groups.map((group) => group.name).sort()).toEqual([
      'Bakery',
      'Breakfast',
      'Coffee',
      'Square menu',
      'Wine',
    ]);
  });

  it("maps Toast's menu export: menus and groups, sizes, open and base prices, modifiers", async () => {
    const r = await restaurant();
    const content = fixture('toast-menu-export.csv');
    const preview = (await r.send('POST', 'catalogue-import/preview', { source: 'toast', content })).body
      .data;
    expect(preview.errors).toEqual([]);
    expect(preview.counts).toMatchObject({ items: 4, modifierGroups: 1, menuGroups: 6 });
    expect(preview.warnings).toEqual([
      {
        row: 6,
        column: 'Pricing strategy',
        message: 'MENU_SPECIFIC prices are not imported: "Tiramisu" keeps its first price',
      },
    ]);
    expect(preview.items).toContainEqual({
      name: 'Caesar Salad',
      price: '9.50',
      menuGroups: ['Dinner › Salads', 'Lunch › Salads'],
    });

    expect((await r.send('POST', 'catalogue-import', { source: 'toast', content })).status).toBe(201);
    const items = new Map((await r.list('items')).map((item) => [item.name, item]));
    expect(items.get('Margherita')).toMatchObject({ pricingStrategy: 'size', calories: 850, plu: '201' });
    expect((items.get('Margherita')!.sizePrice as Row[]).map((size) => size.price)).toEqual([11, 16.5]);
    expect(items.get("Chef's Special")).toMatchObject({ pricingStrategy: 'open', openPrice: true });
    const [toppings] = await r.list('modifier-groups');
    expect(toppings).toMatchObject({ name: 'Pizza toppings', pricingStrategy: 'Individual' });
    expect((toppings!.modifiers as Row[]).map((m) => [m.name, m.price])).toEqual([
      ['Extra cheese', 1.5],
      ['Mushrooms', 1],
    ]);
    const menus = (await r.send('GET', 'menus')).body.data.map((menu: Row) => menu.name);
    expect(menus).toEqual(['Dinner', 'Lunch']);
  });
});

describe('bad files and bad rows', () => {
  const badSquare = [
    'Item Name,Variation Name,Price,Categories',
    'Good Soup,Regular,5.00,Soups',
    'Bad Soup,Regular,-2.00,Soups',
    ',Regular,3.00,Soups',
    'Odd Soup,Regular,five,Soups',
  ].join('\n');

  it('lists row-level errors with row, column and the spec message, and stores nothing on apply', async () => {
    const r = await restaurant();
    const preview = (
      await r.send('POST', 'catalogue-import/preview', { source: 'square', content: badSquare })
    ).body.data;
    expect(preview.errors).toEqual([
      { row: 3, column: 'Price', message: 'Base price cannot be negative' },
      { row: 4, column: 'Item Name', message: 'Item name cannot be empty' },
      { row: 5, column: 'Price', message: 'Base price must be a number' },
    ]);
    const applied = await r.send('POST', 'catalogue-import', { source: 'square', content: badSquare });
    expect(applied.status).toBe(400);
    expect(applied.body.errors).toContainEqual({ path: '3.Price', message: 'Base price cannot be negative' });
    expect(await r.list('items')).toEqual([]);
    expect(await r.list('menu-groups')).toEqual([]);
  });

  it('rolls back what was already written when a later kind fails (one transaction)', async () => {
    const r = await restaurant();
    await r.send('POST', 'items', { name: 'Existing', basePrice: 1 });
    // The item counter is set back, so issuing the import's item ids collides after its tags were written.
    await resetCounter(t.database.db, { entityType: 'items', tenantId, restaurantId: r.restaurantId });
    const content = JSON.stringify({
      format: 'brigade-catalogue',
      version: 1,
      tags: [{ tagId: 1, name: 'New tag' }],
      items: [{ itemId: 1, name: 'Imported', basePrice: 2, tagIds: [1] }],
    });
    const applied = await r.send('POST', 'catalogue-import', { source: 'brigade', content });
    expect(applied.status, applied.text).toBe(409);
    expect(await r.list('tags')).toEqual([]);
    expect((await r.list('items')).map((item) => item.name)).toEqual(['Existing']);
  });

  it.each([
    ['brigade', 'not json at all', 'The file is not JSON: choose a Brigade catalogue export (.json)'],
    [
      'brigade',
      '{"format":"other"}',
      'The file is not a Brigade catalogue export (format "brigade-catalogue")',
    ],
    [
      'brigade',
      '{"format":"brigade-catalogue","version":2}',
      'Catalogue export version 2 is not supported (this server reads version 1)',
    ],
    ['square', 'Name,Price\nSoup,5', 'The file has no "Item Name" column: is it Square\'s export?'],
    ['toast', 'Item,Price\nSoup,5', 'The file has no "Name" column: is it Toast\'s export?'],
    ['square', 'Item Name,Price\n"Soup,5', 'The file has a quoted field that is never closed'],
    ['square', 'x'.repeat(800_001), 'An import file holds at most 800,000 characters'],
    ['toast', '', 'The file is empty'],
  ])('refuses a %s file it cannot read with 400 and its reason (%#)', async (source, content, message) => {
    const r = await restaurant();
    for (const path of ['catalogue-import/preview', 'catalogue-import']) {
      const answer = await r.send('POST', path, { source, content });
      expect(answer.status).toBe(400);
      expect(answer.body.errors).toEqual([{ path: 'content', message }]);
    }
  });
});

describe('copying a menu to another restaurant', () => {
  it('copies the menu with its groups, items, modifier groups, tags and courses under new ids', async () => {
    const source = await restaurant();
    const scope = { tenantId, restaurantId: source.restaurantId, actor: 'test' };
    const chain = await loadLargeChain(
      t.database.db,
      scope,
      generateLargeChain({ items: 40, modifierGroups: 6, seed: 7 }),
    );
    const target = await restaurant();
    await target.send('POST', 'items', { name: 'Own item', basePrice: 1 });
    await target.send('POST', 'tags', { name: 'Vegan' });
    const copied = await target.send('POST', 'menu-copies', {
      fromRestaurantId: source.restaurantId,
      menuGroupId: chain.menuIds.breakfast,
    });
    expect(copied.status, copied.text).toBe(201);
    const [menuId] = copied.body.data.menuGroupIds;
    const resolved = async (r: Restaurant, id: number) => {
      const { data } = (await r.send('GET', `menus/${id}`)).body;
      return JSON.parse(
        JSON.stringify(data, (key, value) => (/(^id|Id|Ids|guid|At)$/.test(key) ? undefined : value)),
      );
    };
    expect(await resolved(target, menuId)).toEqual(await resolved(source, chain.menuIds.breakfast));
    expect(copied.body.data.itemIds).not.toContain(1); // the target's own item keeps id 1
    const tags = await target.list('tags');
    expect(tags.filter((tag) => tag.name === 'Vegan')).toHaveLength(1);

    // Audited: every item written is in the log under this endpoint and restaurant (decision 019).
    const audit = await asBearer(t.app, sessions.admin!, {
      method: 'GET',
      url: `/api/v1/tenants/${tenantId}/audit-log?restaurantId=${target.restaurantId}&endpoint=copyMenu&table=items&limit=500`,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const logged = audit.json().data as { operation: string; key: { item_id?: number; itemId?: number } }[];
    expect(logged).toHaveLength(copied.body.data.itemIds.length);
    expect(logged.every((entry) => entry.operation === 'insert')).toBe(true);
  });

  it("refuses a menu of another tenant's restaurant with 404 and writes nothing", async () => {
    const foreign = await restaurant(otherTenantId);
    const scope = { tenantId: otherTenantId, restaurantId: foreign.restaurantId, actor: 'test' };
    const chain = await loadLargeChain(
      t.database.db,
      scope,
      generateLargeChain({ items: 40, modifierGroups: 2, seed: 11 }),
    );
    const target = await restaurant();
    const copied = await target.send('POST', 'menu-copies', {
      fromRestaurantId: foreign.restaurantId,
      menuGroupId: chain.menuIds.breakfast,
    });
    expect(copied.status).toBe(404);
    expect(copied.body.detail).toBe(`Restaurant with ID ${foreign.restaurantId} not found`);
    expect(await target.list('items')).toEqual([]);
  });

  it('refuses a manager limited to the target the menu of a restaurant they do not work at', async () => {
    const source = await restaurant();
    const target = await restaurant();
    const group = await source.send('POST', 'menu-groups', { name: 'Lunch', isMenu: true });
    const user = await makeUser(t.database.db, { tenantId, role: 'manager' });
    await t.database.db.execute(sql`update tenant_assignments set restaurant_ids = ${`{${target.restaurantId}}`}::int[]
      where user_uid = ${user.uid}`);
    sessions.atTarget = await signInAs(t.app, user.email, TEST_PASSWORD);
    const body = { fromRestaurantId: source.restaurantId, menuGroupId: group.body.data.menuGroupId };
    const copied = await target.send('POST', 'menu-copies', body, 'atTarget');
    expect(copied.status).toBe(403);
    expect(copied.body.detail).toBe(
      `You do not work at restaurant ${source.restaurantId} of this organization`,
    );
    expect(await target.list('menu-groups')).toEqual([]);
    expect((await target.send('POST', 'menu-copies', body)).status).toBe(201);
  });

  it('answers 404 for a menu group the source does not have', async () => {
    const source = await restaurant();
    const target = await restaurant();
    const copied = await target.send('POST', 'menu-copies', {
      fromRestaurantId: source.restaurantId,
      menuGroupId: 99,
    });
    expect(copied.status).toBe(404);
    expect(copied.body.detail).toBe('Menu group with ID 99 not found');
  });
});

describe('access', () => {
  it("gives another tenant's owner and an employee nothing", async () => {
    const r = await restaurant();
    await r.send('POST', 'items', { name: 'Secret dish', basePrice: 3 });
    const content = fixture('square-item-library.csv');
    for (const who of ['otherOwner', 'employee']) {
      for (const [method, path, body] of [
        ['GET', 'catalogue-export', undefined],
        ['GET', 'catalogue-export/csv', undefined],
        ['POST', 'catalogue-import/preview', { source: 'square', content }],
        ['POST', 'catalogue-import', { source: 'square', content }],
        ['POST', 'menu-copies', { fromRestaurantId: r.restaurantId, menuGroupId: 1 }],
      ] as const) {
        const answer = await r.send(method, path, body, who);
        expect(answer.status, `${who} ${path}`).toBe(403);
        expect(answer.text).not.toContain('Secret dish');
      }
    }
    expect((await r.list('items')).map((item) => item.name)).toEqual(['Secret dish']);
  });
});
