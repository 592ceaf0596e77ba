import { resetCounter } from '@brigade/core/counters/counter-service';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/**
 * One master menu shared across locations (issue 45 item 13; docs/behaviour/catalogue.md#sharing-one-menu-across-locations):
 * share, publish the master's changes, a location's own prices and availability, unlink, the refusals, and
 * another tenant's staff who get nothing and change nothing.
 */
const t = useTestApp();

const sessions: Record<string, Session> = {};
let tenantId: number;
let otherTenantId: number;

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

// biome-ignore lint/suspicious/noExplicitAny: a test reads the JSON it expects
type Row = Record<string, any>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A restaurant of the tenant (or of `owner`'s) with a client for its API. */
async function restaurant(owner = tenantId) {
  const { restaurantId } = await makeRestaurant(t.database.db, owner);
  const send = async (method: Method, path: string, payload?: unknown, who = 'manager') => {
    const response = await asBearer(t.app, sessions[who]!, {
      method,
      url: `/api/v1/tenants/${owner}/restaurants/${restaurantId}/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const body = String(response.headers['content-type'] ?? '').includes('json')
      ? response.json()
      : undefined;
    return { status: response.statusCode, body, text: response.body };
  };
  const create = async (kind: string, record: object): Promise<Row> => {
    const answer = await send('POST', kind, record);
    expect(answer.status, answer.text).toBe(201);
    return answer.body.data;
  };
  const list = async (kind: string): Promise<Row[]> => (await send('GET', kind)).body.data;
  return { restaurantId, send, create, list };
}
type Restaurant = Awaited<ReturnType<typeof restaurant>>;

/** A master with a "Dinner" menu: Starters (Soup, Salad) and Mains (Burger by size, with Cheese; Fish). */
async function master() {
  const r = await restaurant();
  const vegan = (await r.create('tags', { name: 'Vegan' })).tagId;
  const cheese = (
    await r.create('modifier-groups', { name: 'Cheese', modifiers: [{ name: 'Cheddar', price: 1 }] })
  ).modifierGroupId;
  const soup = (await r.create('items', { name: 'Soup', basePrice: 6, tagIds: [vegan] })).itemId;
  const salad = (await r.create('items', { name: 'Salad', basePrice: 8 })).itemId;
  const burger = (
    await r.create('items', {
      name: 'Burger',
      pricingStrategy: 'size',
      sizePrice: [
        { name: 'Single', price: 10 },
        { name: 'Double', price: 14 },
      ],
      modifierGroups: [{ modifierGroupId: cheese, position: 0 }],
    })
  ).itemId;
  const fish = (await r.create('items', { name: 'Fish', basePrice: 20 })).itemId;
  const menu = (await r.create('menu-groups', { name: 'Dinner', isMenu: true })).menuGroupId;
  const refs = (ids: number[]) => ids.map((itemId, position) => ({ itemId, position }));
  const starters = (
    await r.create('menu-groups', { name: 'Starters', parentId: menu, items: refs([soup, salad]) })
  ).menuGroupId;
  const mains = (
    await r.create('menu-groups', { name: 'Mains', parentId: menu, position: 1, items: refs([burger, fish]) })
  ).menuGroupId;
  return { ...r, ids: { vegan, cheese, soup, salad, burger, fish, menu, starters, mains } };
}

/** The location's menu as its apps serve it: group names → item names and prices. */
async function menuOf(r: Restaurant, menuGroupId: number) {
  const answer = await r.send('GET', `menus/${menuGroupId}`);
  expect(answer.status, answer.text).toBe(200);
  const shape: Record<string, Record<string, unknown>> = {};
  const walk = (group: Row) => {
    shape[group.name] = Object.fromEntries(
      (group.items as Row[]).map((ref) => [
        ref.item.name,
        ref.item.pricingStrategy === 'size'
          ? (ref.item.sizePrice as Row[]).map((size) => `${size.name} ${size.price}`).join(', ')
          : ref.item.basePrice,
      ]),
    );
    for (const sub of group.subgroups as Row[]) walk(sub);
  };
  walk(answer.body.data);
  return shape;
}

async function share(location: Restaurant, from: Awaited<ReturnType<typeof master>>) {
  const answer = await location.send('POST', 'menu-shares', {
    fromRestaurantId: from.restaurantId,
    menuGroupId: from.ids.menu,
  });
  expect(answer.status, answer.text).toBe(201);
  return answer.body.data as Row;
}

const itemNamed = async (r: Restaurant, name: string) =>
  (await r.list('items')).find((item) => item.name === name)!;

describe('sharing a menu', () => {
  it('copies the menu into the location and lists the share on both sides', async () => {
    const m = await master();
    const location = await restaurant();
    await location.create('tags', { name: 'Vegan' });
    const created = await share(location, m);
    expect(created).toMatchObject({
      masterRestaurantId: m.restaurantId,
      masterMenuGroupId: m.ids.menu,
      menuName: 'Dinner',
      restaurantId: location.restaurantId,
      overrides: 0,
      publishedAt: expect.any(String),
    });
    expect(await menuOf(location, created.menuGroupId)).toEqual({
      Dinner: {},
      Starters: { Soup: 6, Salad: 8 },
      Mains: { Burger: 'Single 10, Double 14', Fish: 20 },
    });
    expect(await location.list('tags')).toHaveLength(1); // "Vegan" is the location's own: reused
    for (const side of [m, location]) {
      const listed = (await side.send('GET', 'menu-shares')).body.data as Row[];
      expect(listed.map((s) => s.shareId)).toEqual([created.shareId]);
    }
    const other = await restaurant();
    expect((await other.send('GET', 'menu-shares')).body.data).toEqual([]);
  });

  it('refuses the restaurant its own menu (400), the same menu twice (409) and a menu it does not have (404)', async () => {
    const m = await master();
    const self = await m.send('POST', 'menu-shares', {
      fromRestaurantId: m.restaurantId,
      menuGroupId: m.ids.menu,
    });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual([
      {
        path: 'fromRestaurantId',
        message: 'A menu cannot be shared with the restaurant it belongs to: choose another location',
      },
    ]);
    const location = await restaurant();
    await share(location, m);
    const items = (await location.list('items')).length;
    const twice = await location.send('POST', 'menu-shares', {
      fromRestaurantId: m.restaurantId,
      menuGroupId: m.ids.menu,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('This menu is already shared with this location');
    expect(await location.list('items')).toHaveLength(items); // nothing copied again
    const missing = await location.send('POST', 'menu-shares', {
      fromRestaurantId: m.restaurantId,
      menuGroupId: 999,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Menu group with ID 999 not found');
  });
});

describe('publishing the master', () => {
  it("brings every location's copy up to date: renames, prices, new items, new and removed subgroups", async () => {
    const m = await master();
    const [first, second] = [await restaurant(), await restaurant()];
    const shares = [await share(first, m), await share(second, m)];
    const ownItem = (await first.create('items', { name: 'Own special', basePrice: 3 })).itemId;

    await m.send('PATCH', `items/${m.ids.soup}`, { name: 'Soup of the day', basePrice: 6.5 });
    const pie = (await m.create('items', { name: 'Pie', basePrice: 5 })).itemId;
    await m.create('menu-groups', {
      name: 'Desserts',
      parentId: m.ids.menu,
      position: 2,
      items: [{ itemId: pie, position: 0 }],
    });
    expect((await m.send('DELETE', `menu-groups/${m.ids.mains}`)).status).toBe(204);
    // Deleting a group keeps its subgroups and items: the Mains' items are no longer in the menu.
    const published = await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data.locations).toEqual(
      shares.map((s) => ({
        shareId: s.shareId,
        restaurantId: s.restaurantId,
        created: expect.objectContaining({ items: 1, menuGroups: 1 }),
        updated: 1, // Soup; Dinner and Starters say what they said (subgroups follow from parentId)
        deleted: 1,
        unlinked: 3, // Burger, Fish, Cheese
      })),
    );

    for (const [index, location] of [first, second].entries()) {
      expect(await menuOf(location, shares[index]!.menuGroupId)).toEqual({
        Dinner: {},
        Starters: { 'Soup of the day': 6.5, Salad: 8 },
        Desserts: { Pie: 5 },
      });
    }
    // Items the master no longer uses stay in the location, unlinked; the location's own item is untouched.
    const names = (await first.list('items')).map((item) => item.name).sort();
    expect(names).toEqual(['Burger', 'Fish', 'Own special', 'Pie', 'Salad', 'Soup of the day']);
    expect((await first.send('GET', `items/${ownItem}`)).body.data).toMatchObject({ basePrice: 3 });
    const after = (await first.send('GET', `menu-shares/${shares[0]!.shareId}`)).body.data;
    expect(after.items.map((item: Row) => item.name).sort()).toEqual(['Pie', 'Salad', 'Soup of the day']);
    expect(Date.parse(after.publishedAt)).toBeGreaterThanOrEqual(Date.parse(shares[0]!.publishedAt));

    // Audited at each location under the publish (decision 019): the Soup's update, the Pie's insert.
    const audit = await asBearer(t.app, sessions.admin!, {
      method: 'GET',
      url: `/api/v1/tenants/${tenantId}/audit-log?restaurantId=${first.restaurantId}&endpoint=publishMenuShares&table=items`,
    });
    expect(audit.statusCode, audit.body).toBe(200);
    const logged = (audit.json().data as { operation: string }[]).map((entry) => entry.operation).sort();
    expect(logged).toEqual(['insert', 'update']);

    // A second publish with nothing changed updates nothing.
    const again = await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu });
    expect(again.body.data.locations[0]).toMatchObject({ updated: 0, deleted: 0, unlinked: 0 });
  });

  it('publishes to every location or to none: a refusal at one leaves the others as they were', async () => {
    const m = await master();
    const [first, second] = [await restaurant(), await restaurant()];
    const shares = [await share(first, m), await share(second, m)];
    await m.send('PATCH', `items/${m.ids.soup}`, { basePrice: 6.5 });
    const pie = (await m.create('items', { name: 'Pie', basePrice: 5 })).itemId;
    await m.send('PATCH', `menu-groups/${m.ids.starters}`, {
      items: [
        { itemId: m.ids.soup, position: 0 },
        { itemId: m.ids.salad, position: 1 },
        { itemId: pie, position: 2 },
      ],
    });
    // The second location's item counter is set back, so creating the Pie there collides (409).
    await resetCounter(t.database.db, { entityType: 'items', tenantId, restaurantId: second.restaurantId });
    const published = await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu });
    expect(published.status, published.text).toBe(409);
    expect((await menuOf(first, shares[0]!.menuGroupId)).Starters).toEqual({ Soup: 6, Salad: 8 });
    expect((await first.list('items')).map((item) => item.name)).not.toContain('Pie');
    expect((await first.send('GET', `menu-shares/${shares[0]!.shareId}`)).body.data.publishedAt).toBe(
      shares[0]!.publishedAt,
    );
  });

  it("overwrites a location's direct edits of the shared records", async () => {
    const m = await master();
    const location = await restaurant();
    const s = await share(location, m);
    const soup = await itemNamed(location, 'Soup');
    await location.send('PATCH', `items/${soup.itemId}`, { name: 'Our soup', basePrice: 99 });
    await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu });
    expect((await menuOf(location, s.menuGroupId)).Starters).toEqual({ Soup: 6, Salad: 8 });
  });

  it('answers 404 for a menu that is not shared, and from the location side', async () => {
    const m = await master();
    const none = await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu });
    expect(none.status).toBe(404);
    const location = await restaurant();
    await share(location, m);
    const fromLocation = await location.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu });
    expect(fromLocation.status).toBe(404);
  });
});

describe("a location's overrides", () => {
  it('keeps its own price through a publish, and serves it on its menu', async () => {
    const m = await master();
    const location = await restaurant();
    const s = await share(location, m);
    const soup = await itemNamed(location, 'Soup');
    const burger = await itemNamed(location, 'Burger');
    const set = await location.send('PUT', `menu-shares/${s.shareId}/overrides/${soup.itemId}`, {
      basePrice: 7.25,
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body.data).toEqual({
      itemId: soup.itemId,
      masterItemId: m.ids.soup,
      basePrice: 7.25,
      sizePrice: null,
      available: null,
    });
    const sized = await location.send('PUT', `menu-shares/${s.shareId}/overrides/${burger.itemId}`, {
      sizePrice: [{ name: 'Double', price: 15.5 }],
    });
    expect(sized.status, sized.text).toBe(200);
    // At once, on the location's rows and its menu.
    expect((await location.send('GET', `items/${soup.itemId}`)).body.data.basePrice).toBe(7.25);
    expect((await menuOf(location, s.menuGroupId)).Mains).toEqual({
      Burger: 'Single 10, Double 15.5',
      Fish: 20,
    });

    await m.send('PATCH', `items/${m.ids.soup}`, { basePrice: 6.75, name: 'Soup du jour' });
    await m.send('PATCH', `items/${m.ids.burger}`, {
      sizePrice: [
        { name: 'Single', price: 11 },
        { name: 'Double', price: 16 },
      ],
    });
    await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu });
    const menu = await menuOf(location, s.menuGroupId);
    expect(menu.Starters).toEqual({ 'Soup du jour': 7.25, Salad: 8 });
    expect(menu.Mains).toEqual({ Burger: 'Single 11, Double 15.5', Fish: 20 });
    expect((await menuOf(m, m.ids.menu)).Starters).toEqual({ 'Soup du jour': 6.75, Salad: 8 });

    const listed = (await location.send('GET', 'menu-shares')).body.data[0];
    expect(listed.overrides).toBe(2);
    const detail = (await location.send('GET', `menu-shares/${s.shareId}`)).body.data;
    expect(detail.items.find((item: Row) => item.masterItemId === m.ids.soup)).toMatchObject({
      itemId: soup.itemId,
      masterBasePrice: 6.75,
      basePrice: 7.25,
    });

    // DELETE restores the master's price on the spot.
    const cleared = await location.send('DELETE', `menu-shares/${s.shareId}/overrides/${soup.itemId}`);
    expect(cleared.status, cleared.text).toBe(200);
    expect((await menuOf(location, s.menuGroupId)).Starters).toEqual({ 'Soup du jour': 6.75, Salad: 8 });
  });

  it('takes an item off the location menu, keeps it off through a publish, and puts it back', async () => {
    const m = await master();
    const location = await restaurant();
    const s = await share(location, m);
    const salad = await itemNamed(location, 'Salad');
    const off = await location.send('PUT', `menu-shares/${s.shareId}/overrides/${salad.itemId}`, {
      available: false,
    });
    expect(off.status, off.text).toBe(200);
    expect((await menuOf(location, s.menuGroupId)).Starters).toEqual({ Soup: 6 });
    await m.send('PATCH', `items/${m.ids.salad}`, { basePrice: 9 });
    await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu });
    expect((await menuOf(location, s.menuGroupId)).Starters).toEqual({ Soup: 6 });
    expect((await location.send('GET', `items/${salad.itemId}`)).body.data.basePrice).toBe(9);
    const on = await location.send('PUT', `menu-shares/${s.shareId}/overrides/${salad.itemId}`, {
      available: null,
    });
    expect(on.status, on.text).toBe(200);
    expect((await menuOf(location, s.menuGroupId)).Starters).toEqual({ Soup: 6, Salad: 9 });
  });

  it("refuses a bad price with the catalogue's message, and a size or item the menu does not have", async () => {
    const m = await master();
    const location = await restaurant();
    const s = await share(location, m);
    const soup = await itemNamed(location, 'Soup');
    const burger = await itemNamed(location, 'Burger');
    const put = (itemId: number, body: object) =>
      location.send('PUT', `menu-shares/${s.shareId}/overrides/${itemId}`, body);
    const negative = await put(soup.itemId, { basePrice: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.errors).toEqual([{ path: 'basePrice', message: 'Base price cannot be negative' }]);
    const text = await put(soup.itemId, { basePrice: 'free' });
    expect(text.body.errors).toEqual([{ path: 'basePrice', message: 'Base price must be a number' }]);
    const size = await put(burger.itemId, { sizePrice: [{ name: 'Single', price: -2 }] });
    expect(size.body.errors).toEqual([{ path: 'sizePrice.0.price', message: 'Price cannot be negative' }]);
    const unknown = await put(burger.itemId, { sizePrice: [{ name: 'Triple', price: 2 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: 'sizePrice.0.name', message: 'The item has no size named "Triple"' },
    ]);
    const own = (await location.create('items', { name: 'Own', basePrice: 1 })).itemId;
    expect((await put(own, { basePrice: 2 })).status).toBe(404);
    // The master's side does not set a location's prices.
    expect(
      (await m.send('PUT', `menu-shares/${s.shareId}/overrides/${soup.itemId}`, { basePrice: 2 })).status,
    ).toBe(400);
    expect((await location.send('GET', `items/${soup.itemId}`)).body.data.basePrice).toBe(6);
  });
});

describe('unlinking', () => {
  it('leaves the location its copy as a plain menu that a publish no longer changes', async () => {
    const m = await master();
    const location = await restaurant();
    const s = await share(location, m);
    expect((await location.send('DELETE', `menu-shares/${s.shareId}`)).status).toBe(204);
    expect((await location.send('GET', 'menu-shares')).body.data).toEqual([]);
    expect((await location.send('GET', `menu-shares/${s.shareId}`)).status).toBe(404);
    await m.send('PATCH', `items/${m.ids.soup}`, { basePrice: 9 });
    expect((await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu })).status).toBe(404);
    expect((await menuOf(location, s.menuGroupId)).Starters).toEqual({ Soup: 6, Salad: 8 });
    // …and the menu can be shared again.
    await share(location, m);
  });
});

describe('access', () => {
  it("gives another tenant's owner and an employee nothing, and changes nothing", async () => {
    const m = await master();
    const location = await restaurant();
    const s = await share(location, m);
    const soup = await itemNamed(location, 'Soup');
    const rows = async () =>
      JSON.stringify(
        (
          (await t.database.db.execute(
            sql`select (select jsonb_agg(to_jsonb(x) order by x.share_id) from menu_shares x where tenant_id = ${tenantId}) as shares,
                       (select count(*) from menu_share_links where tenant_id = ${tenantId}) as links,
                       (select jsonb_agg(to_jsonb(o)) from menu_share_overrides o where tenant_id = ${tenantId}) as overrides,
                       (select jsonb_agg(to_jsonb(i) order by i.item_id) from items i where tenant_id = ${tenantId} and restaurant_id = ${location.restaurantId}) as items`,
          )) as unknown as { rows: unknown[] }
        ).rows,
      );
    const before = await rows();
    const calls: [Restaurant, Method, string, object | undefined][] = [
      [location, 'GET', 'menu-shares', undefined],
      [location, 'GET', `menu-shares/${s.shareId}`, undefined],
      [location, 'POST', 'menu-shares', { fromRestaurantId: m.restaurantId, menuGroupId: m.ids.menu }],
      [m, 'POST', 'menu-shares/publish', { menuGroupId: m.ids.menu }],
      [location, 'PUT', `menu-shares/${s.shareId}/overrides/${soup.itemId}`, { basePrice: 1 }],
      [location, 'DELETE', `menu-shares/${s.shareId}/overrides/${soup.itemId}`, undefined],
      [location, 'DELETE', `menu-shares/${s.shareId}`, undefined],
    ];
    for (const who of ['otherOwner', 'employee'])
      for (const [r, method, path, body] of calls) {
        const answer = await r.send(method, path, body, who);
        expect(answer.status, `${who} ${method} ${path}`).toBe(403);
        expect(answer.text).not.toContain('Dinner');
      }
    expect(await rows()).toBe(before);
  });

  it('refuses a manager limited to some restaurants the master or a location they do not work at', async () => {
    const m = await master();
    const location = await restaurant();
    const s = await share(location, m);
    const limitedTo = async (name: string, restaurantId: number) => {
      const user = await makeUser(t.database.db, { tenantId, role: 'manager' });
      await t.database.db.execute(sql`update tenant_assignments set restaurant_ids = ${`{${restaurantId}}`}::int[]
        where user_uid = ${user.uid}`);
      sessions[name] = await signInAs(t.app, user.email, TEST_PASSWORD);
    };
    await limitedTo('atLocation', location.restaurantId);
    await limitedTo('atMaster', m.restaurantId);
    const second = await restaurant();
    // the location's manager may not copy the master's menu out of a restaurant they do not work at
    const copied = await second.send(
      'POST',
      'menu-shares',
      { fromRestaurantId: m.restaurantId, menuGroupId: m.ids.menu },
      'atLocation',
    );
    expect(copied.status).toBe(403);
    const shared = await location.send(
      'POST',
      'menu-shares',
      { fromRestaurantId: m.restaurantId, menuGroupId: m.ids.menu },
      'atLocation',
    );
    expect(shared.status).toBe(403);
    expect(shared.body.detail).toBe(`You do not work at restaurant ${m.restaurantId} of this organization`);
    // the master's manager may not write into a location they do not work at
    await m.send('PATCH', `items/${m.ids.soup}`, { name: 'Soup of the day' });
    const published = await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu }, 'atMaster');
    expect(published.status).toBe(403);
    expect(published.body.detail).toBe(
      `You do not work at restaurant ${location.restaurantId} of this organization`,
    );
    expect(await menuOf(location, s.menuGroupId)).toMatchObject({ Starters: { Soup: 6, Salad: 8 } });
    // a manager of every restaurant publishes it
    expect((await m.send('POST', 'menu-shares/publish', { menuGroupId: m.ids.menu })).status).toBe(200);
    expect(await menuOf(location, s.menuGroupId)).toMatchObject({ Starters: { 'Soup of the day': 6 } });
  });

  it("refuses another tenant's menu with 404 and writes nothing", async () => {
    const foreign = await restaurant(otherTenantId);
    const menu = await foreign.send('POST', 'menu-groups', { name: 'Foreign', isMenu: true }, 'otherOwner');
    expect(menu.status, menu.text).toBe(201);
    const location = await restaurant();
    const answer = await location.send('POST', 'menu-shares', {
      fromRestaurantId: foreign.restaurantId,
      menuGroupId: menu.body.data.menuGroupId,
    });
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe(`Restaurant with ID ${foreign.restaurantId} not found`);
    expect(await location.list('menu-groups')).toEqual([]);
    expect((await location.send('GET', 'menu-shares')).body.data).toEqual([]);
  });
});
