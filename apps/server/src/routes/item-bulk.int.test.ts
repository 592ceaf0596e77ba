import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/** Creating an item into menu groups, and one change for many items: each all or nothing, per tenant. */
const t = useTestApp();

const sessions: Record<string, Session> = {};
let tenantId: number;

beforeAll(async () => {
  tenantId = (await makeTenant(t.database.db)).tenantId;
  const otherTenantId = (await makeTenant(t.database.db)).tenantId;
  const people = {
    manager: { tenantId, role: 'manager' },
    employee: { tenantId, role: 'employee' },
    otherOwner: { tenantId: otherTenantId, role: 'owner' },
  } as const;
  for (const [name, options] of Object.entries(people)) {
    const user = await makeUser(t.database.db, options);
    sessions[name] = await signInAs(t.app, user.email, TEST_PASSWORD);
  }
});

type Item = {
  itemId: number;
  name: string;
  basePrice?: number;
  tagIds: number[];
  taxRateIds: number[];
} & Record<string, unknown>;

/** A restaurant with items A, B, C (base priced), Sized (size pricing), two tags, a tax rate and a menu. */
async function setUp() {
  const { restaurantId } = await makeRestaurant(t.database.db, tenantId);
  const send = async (method: 'GET' | 'POST', path: string, payload?: unknown, who = 'manager') => {
    const response = await asBearer(t.app, sessions[who]!, {
      method,
      url: `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/${path}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  const create = async (path: string, payload: unknown) => {
    const { status, body } = await send('POST', path, payload);
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data;
  };
  const [a, b, c] = (
    await create(
      'items/batch',
      ['A', 'B', 'C'].map((name) => ({ name, basePrice: 5 })),
    )
  ).map((item: Item) => item.itemId) as [number, number, number];
  const sized = (
    await create('items', {
      name: 'Sized',
      pricingStrategy: 'size',
      sizePrice: [{ name: 'Small', price: 3 }],
    })
  ).itemId as number;
  const [vegan, spicy] = (await create('tags/batch', [{ name: 'Vegan' }, { name: 'Spicy' }])).map(
    (tag: { tagId: number }) => tag.tagId,
  ) as [number, number];
  const tax = (await create('tax-rates', { name: 'State', rate: 8.25 })).taxRateId as number;
  const menu = (await create('menu-groups', { name: 'Dinner', isMenu: true })).menuGroupId as number;
  const mains = (
    await create('menu-groups', { name: 'Mains', parentId: menu, items: [{ itemId: a, position: 0 }] })
  ).menuGroupId as number;
  const items = async (): Promise<Item[]> => (await send('GET', 'items')).body.data;
  const group = async (id: number) => (await send('GET', `menu-groups/${id}`)).body.data;
  const soldOut = async (): Promise<number[]> =>
    (await send('GET', 'ordering-settings')).body.data.soldOutItemIds;
  return {
    restaurantId,
    send,
    items,
    group,
    soldOut,
    ids: { a, b, c, sized, vegan, spicy, tax, menu, mains },
  };
}

describe('bulk update of items', () => {
  it('applies price, tax rates, tags, channel flags and sold out to every item named, in one write', async () => {
    const r = await setUp();
    const { a, b, c, vegan, spicy, tax } = r.ids;
    await r.send('POST', 'items/bulk-update', { itemIds: [c], change: { addTagIds: [spicy] } });
    const answer = await r.send('POST', 'items/bulk-update', {
      itemIds: [a, c],
      change: {
        basePrice: 12.5,
        taxRateIds: [tax],
        addTagIds: [vegan],
        removeTagIds: [spicy],
        kiosk: false,
        onlineOrderingPartners: false,
        soldOut: true,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.items.map((item: Item) => item.itemId)).toEqual([a, c]);
    expect(answer.body.data.soldOutItemIds).toEqual([a, c]);
    const byId = new Map((await r.items()).map((item) => [item.itemId, item]));
    for (const id of [a, c]) {
      expect(byId.get(id)).toMatchObject({
        basePrice: 12.5,
        taxRateIds: [tax],
        tagIds: [vegan],
        pos: true,
        kiosk: false,
        onlineOrderingPartners: false,
      });
    }
    expect(byId.get(b)).toMatchObject({ basePrice: 5, taxRateIds: [], tagIds: [], kiosk: true });
    expect(await r.soldOut()).toEqual([a, c]);

    const back = await r.send('POST', 'items/bulk-update', { itemIds: [c], change: { soldOut: false } });
    expect(back.body.data.soldOutItemIds).toEqual([a]);
    expect(await r.soldOut()).toEqual([a]);
  });

  it('writes the audit log under the bulk endpoint', async () => {
    const r = await setUp();
    await r.send('POST', 'items/bulk-update', { itemIds: [r.ids.a, r.ids.b], change: { basePrice: 7 } });
    const rows = (await t.database.db.execute(
      sql`select row_key::text as key from audit_log where endpoint = 'bulkUpdateItems'
          and restaurant_id = ${r.restaurantId} and table_name = 'items'`,
    )) as unknown as { rows?: { key: string }[] } & { key: string }[];
    const list = rows.rows ?? rows;
    expect(list).toHaveLength(2);
  });

  it('changes nothing when one id is not an item of the restaurant (404)', async () => {
    const r = await setUp();
    const other = await setUp(); // another restaurant of the same tenant
    const before = await r.items();
    const answer = await r.send('POST', 'items/bulk-update', {
      itemIds: [r.ids.a, 999],
      change: { basePrice: 1, soldOut: true },
    });
    expect(answer.status).toBe(404);
    expect(answer.body.detail).toBe('Item with ID 999 not found');
    // An item id that exists only in another restaurant of the tenant is not found here either.
    const onlyThere = (await other.send('POST', 'items', { name: 'Only there', basePrice: 1 })).body.data
      .itemId as number;
    const foreign = await r.send('POST', 'items/bulk-update', {
      itemIds: [r.ids.a, onlyThere],
      change: { kiosk: false },
    });
    expect(foreign.body.detail).toBe(`Item with ID ${onlyThere} not found`);
    expect(foreign.status).toBe(404);
    expect(await r.items()).toEqual(before);
    expect(await r.soldOut()).toEqual([]);
  });

  it('refuses a base price for an item priced by size, naming it, and changes nothing', async () => {
    const r = await setUp();
    const before = await r.items();
    const answer = await r.send('POST', 'items/bulk-update', {
      itemIds: [r.ids.a, r.ids.sized],
      change: { basePrice: 9, soldOut: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      {
        path: 'itemIds.1',
        message: `Item with ID ${r.ids.sized} is priced by size; set its prices on the item`,
      },
    ]);
    expect(await r.items()).toEqual(before);
    expect(await r.soldOut()).toEqual([]);
  });

  it('validates the request with clear messages', async () => {
    const r = await setUp();
    const ids501 = Array.from({ length: 501 }, (_, i) => i + 1);
    const cases: [unknown, string, string][] = [
      [{ itemIds: [], change: { pos: false } }, 'itemIds', 'Choose at least one item'],
      [{ itemIds: ids501, change: { pos: false } }, 'itemIds', 'A bulk change holds at most 500 items'],
      [{ itemIds: [r.ids.a], change: {} }, 'change', 'Choose a change to make'],
      [{ itemIds: [r.ids.a], change: { name: 'X' } }, 'change', 'Unknown change'],
      [
        { itemIds: [r.ids.a, r.ids.a], change: { pos: false } },
        'itemIds.1',
        `Item with ID ${r.ids.a} is listed more than once`,
      ],
      [
        { itemIds: [r.ids.a], change: { basePrice: -1 } },
        'change.basePrice',
        'Base price cannot be negative',
      ],
      [
        { itemIds: [r.ids.a], change: { taxRateIds: [77] } },
        'change.taxRateIds.0',
        'Tax rate with ID 77 not found',
      ],
      [{ itemIds: [r.ids.a], change: { addTagIds: [88] } }, 'change.addTagIds.0', 'Tag with ID 88 not found'],
      [{ itemIds: [0], change: { pos: false } }, 'itemIds.0', 'Item ID must be a positive integer'],
    ];
    for (const [payload, path, message] of cases) {
      const answer = await r.send('POST', 'items/bulk-update', payload);
      expect(answer.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(answer.body.errors).toContainEqual({ path, message });
    }
  });

  it("refuses employees (403) and another tenant's owner, who changes nothing", async () => {
    const r = await setUp();
    const before = await r.items();
    const body = { itemIds: [r.ids.a], change: { basePrice: 0, soldOut: true } };
    expect((await r.send('POST', 'items/bulk-update', body, 'employee')).status).toBe(403);
    expect([403, 404]).toContain((await r.send('POST', 'items/bulk-update', body, 'otherOwner')).status);
    expect(
      (await r.send('POST', 'items/in-menu-groups', { item: { name: 'X', basePrice: 1 } }, 'otherOwner'))
        .status,
    ).toBeOneOf([403, 404]);
    expect(await r.items()).toEqual(before);
    expect(await r.soldOut()).toEqual([]);
  });
});

describe('creating an item into menu groups', () => {
  it('creates the item and appends it to each group named, in one write', async () => {
    const r = await setUp();
    const { menu, mains, a } = r.ids;
    const answer = await r.send('POST', 'items/in-menu-groups', {
      item: { name: 'Soup', basePrice: 6 },
      menuGroupIds: [mains, menu],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const { item, menuGroupIds } = answer.body.data;
    expect(item).toMatchObject({ name: 'Soup', basePrice: 6, pricingStrategy: 'base', pos: true });
    expect(item.itemId).toBe(r.ids.sized + 1); // the item counter, as a plain create
    expect(menuGroupIds).toEqual([mains, menu]);
    expect((await r.group(mains)).items).toEqual([
      { itemId: a, position: 0, isRequired: false },
      { itemId: item.itemId, position: 1, isRequired: false },
    ]);
    expect((await r.group(menu)).items).toEqual([{ itemId: item.itemId, position: 0, isRequired: false }]);
  });

  it('without groups it is a plain create', async () => {
    const r = await setUp();
    const answer = await r.send('POST', 'items/in-menu-groups', { item: { name: 'Tea', basePrice: 2 } });
    expect(answer.status).toBe(201);
    expect(answer.body.data.menuGroupIds).toEqual([]);
  });

  it('stores nothing and issues no id when a group does not exist, or the item is invalid', async () => {
    const r = await setUp();
    const before = await r.items();
    const missing = await r.send('POST', 'items/in-menu-groups', {
      item: { name: 'Soup', basePrice: 6 },
      menuGroupIds: [r.ids.mains, 4242],
    });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('Menu group with ID 4242 not found');
    const invalid = await r.send('POST', 'items/in-menu-groups', {
      item: { name: '', pricingStrategy: 'base' },
      menuGroupIds: [r.ids.mains],
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toContainEqual({ path: 'item.name', message: 'Item name cannot be empty' });
    expect(invalid.body.errors).toContainEqual({
      path: 'item.basePrice',
      message: 'Base pricing strategy requires a valid base price',
    });
    const twice = await r.send('POST', 'items/in-menu-groups', {
      item: { name: 'Soup', basePrice: 1 },
      menuGroupIds: [r.ids.mains, r.ids.mains],
    });
    expect(twice.body.errors).toContainEqual({
      path: 'menuGroupIds.1',
      message: `Menu group with ID ${r.ids.mains} is listed more than once`,
    });
    // A failure while writing (a guid already used: the insert fails after the counter was raised past the
    // supplied id) rolls back the counter too.
    const existingGuid = before[0]!.guid as string;
    const clash = await r.send('POST', 'items/in-menu-groups', {
      item: { itemId: 50, guid: existingGuid, name: 'Clash', basePrice: 1 },
      menuGroupIds: [r.ids.mains],
    });
    expect(clash.status).toBe(409);
    expect(await r.items()).toEqual(before);
    expect((await r.group(r.ids.mains)).items).toHaveLength(1);
    // The counter was not moved by the failed writes.
    const next = await r.send('POST', 'items', { name: 'Next', basePrice: 1 });
    expect(next.body.data.itemId).toBe(r.ids.sized + 1);
  });
});
