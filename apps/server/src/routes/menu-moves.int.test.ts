import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/** Moving items between menu groups in one write, and moving subgroups without closing a loop. */
const t = useTestApp();

let session: Session;
let tenantId: number;

beforeAll(async () => {
  tenantId = (await makeTenant(t.database.db)).tenantId;
  const user = await makeUser(t.database.db, { tenantId, role: 'manager' });
  session = await signInAs(t.app, user.email, TEST_PASSWORD);
});

type Ref = { itemId: number; position: number; isRequired: boolean };

/** A restaurant with a menu: Noodles (A, B required, C) and Drinks (D, E), each a group of the menu. */
async function setUp() {
  const { restaurantId } = await makeRestaurant(t.database.db, tenantId);
  const send = async (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: unknown) => {
    const response = await asBearer(t.app, session, {
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
  const [a, b, c, d, e] = (
    await create(
      'items/batch',
      ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, basePrice: 1 })),
    )
  ).map((item: { itemId: number }) => item.itemId) as [number, number, number, number, number];
  const menu = (await create('menu-groups', { name: 'Dinner', isMenu: true })).menuGroupId as number;
  const noodles = (
    await create('menu-groups', {
      name: 'Noodles',
      parentId: menu,
      position: 0,
      // Stored positions with gaps: a move renumbers them.
      items: [
        { itemId: a, position: 0 },
        { itemId: b, position: 5, isRequired: true },
        { itemId: c, position: 9 },
      ],
    })
  ).menuGroupId as number;
  const drinks = (
    await create('menu-groups', {
      name: 'Drinks',
      parentId: menu,
      position: 1,
      items: [
        { itemId: d, position: 0 },
        { itemId: e, position: 1 },
      ],
    })
  ).menuGroupId as number;
  const itemsOf = async (groupId: number): Promise<Ref[]> =>
    (await send('GET', `menu-groups/${groupId}`)).body.data.items;
  const move = (from: number, itemId: number, body: unknown) =>
    send('POST', `menu-groups/${from}/items/${itemId}/move`, body);
  return { send, create, itemsOf, move, ids: { a, b, c, d, e, menu, noodles, drinks } };
}

const ref = (itemId: number, position: number, isRequired = false): Ref => ({ itemId, position, isRequired });

describe('moving an item between menu groups', () => {
  it('moves to the end of the target by default, keeping isRequired, renumbering both groups', async () => {
    const r = await setUp();
    const { a, b, c, d, e, noodles, drinks } = r.ids;
    const moved = await r.move(noodles, b, { toMenuGroupId: drinks });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.from.items).toEqual([ref(a, 0), ref(c, 1)]);
    expect(moved.body.data.to.items).toEqual([ref(d, 0), ref(e, 1), ref(b, 2, true)]);
    // What was answered is what is stored.
    expect(await r.itemsOf(noodles)).toEqual([ref(a, 0), ref(c, 1)]);
    expect(await r.itemsOf(drinks)).toEqual([ref(d, 0), ref(e, 1), ref(b, 2, true)]);
  });

  it('puts the item at a position in the middle, and past the end means the end', async () => {
    const r = await setUp();
    const { a, b, c, d, e, noodles, drinks } = r.ids;
    expect((await r.move(noodles, c, { toMenuGroupId: drinks, position: 1 })).status).toBe(200);
    expect(await r.itemsOf(drinks)).toEqual([ref(d, 0), ref(c, 1), ref(e, 2)]);
    expect(await r.itemsOf(noodles)).toEqual([ref(a, 0), ref(b, 1, true)]);
    expect((await r.move(noodles, a, { toMenuGroupId: drinks, position: 0 })).status).toBe(200);
    expect((await r.move(drinks, d, { toMenuGroupId: noodles, position: 99 })).status).toBe(200);
    expect(await r.itemsOf(drinks)).toEqual([ref(a, 0), ref(c, 1), ref(e, 2)]);
    expect(await r.itemsOf(noodles)).toEqual([ref(b, 0, true), ref(d, 1)]);
  });

  it('reorders when the target is the source group', async () => {
    const r = await setUp();
    const { a, b, c, noodles } = r.ids;
    const moved = await r.move(noodles, c, { toMenuGroupId: noodles, position: 0 });
    expect(moved.status).toBe(200);
    expect(moved.body.data.from).toEqual(moved.body.data.to);
    expect(await r.itemsOf(noodles)).toEqual([ref(c, 0), ref(a, 1), ref(b, 2, true)]);
    await r.move(noodles, c, { toMenuGroupId: noodles });
    expect(await r.itemsOf(noodles)).toEqual([ref(a, 0), ref(b, 1, true), ref(c, 2)]);
  });

  it('refuses missing groups, an item not in the source and one already in the target, changing nothing', async () => {
    const r = await setUp();
    const { a, b, c, d, e, noodles, drinks } = r.ids;
    const before = { noodles: await r.itemsOf(noodles), drinks: await r.itemsOf(drinks) };
    const expectProblem = (
      answer: { status: number; body: { detail: string } },
      status: number,
      detail: string,
    ) => {
      expect(answer.status).toBe(status);
      expect(answer.body.detail).toBe(detail);
    };

    expectProblem(
      await r.move(99999, a, { toMenuGroupId: drinks }),
      404,
      'Menu group with ID 99999 not found',
    );
    expectProblem(
      await r.move(noodles, a, { toMenuGroupId: 88888 }),
      404,
      'Menu group with ID 88888 not found',
    );
    expectProblem(
      await r.move(noodles, d, { toMenuGroupId: drinks }),
      404,
      `Item ${d} is not in menu group ${noodles}`,
    );
    expectProblem(
      await r.move(noodles, 77777, { toMenuGroupId: drinks }),
      404,
      `Item 77777 is not in menu group ${noodles}`,
    );
    // Put D in Noodles as well, then try to move it from Drinks into Noodles.
    await r.send('PATCH', `menu-groups/${noodles}`, {
      items: [...before.noodles, { itemId: d, position: 3 }],
    });
    expectProblem(
      await r.move(drinks, d, { toMenuGroupId: noodles }),
      409,
      `Item ${d} is already in menu group ${noodles}`,
    );
    expect(await r.itemsOf(drinks)).toEqual([ref(d, 0), ref(e, 1)]);
    expect(await r.itemsOf(noodles)).toEqual([ref(a, 0), ref(b, 5, true), ref(c, 9), ref(d, 3)]);
  });

  it('answers 400 with clear messages for bad input', async () => {
    const r = await setUp();
    const { a, noodles } = r.ids;
    const missing = await r.move(noodles, a, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([
      { path: 'toMenuGroupId', message: 'Target menu group ID must be a positive integer' },
    ]);
    const negative = await r.move(noodles, a, { toMenuGroupId: noodles, position: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.errors).toEqual([{ path: 'position', message: 'Position cannot be negative' }]);
    const badPath = await r.send('POST', `menu-groups/${noodles}/items/x/move`, { toMenuGroupId: noodles });
    expect(badPath.status).toBe(400);
    expect(badPath.body.errors).toEqual([
      { path: 'params.itemId', message: 'Item ID must be a positive integer' },
    ]);
    expect(await r.itemsOf(noodles)).toHaveLength(3);
  });

  it('shows the move in the resolved menu on the next read', async () => {
    const r = await setUp();
    const { a, b, c, d, e, menu, noodles, drinks } = r.ids;
    const resolved = async () => {
      const { status, body } = await r.send('GET', `menus/${menu}`);
      expect(status).toBe(200);
      return Object.fromEntries(
        body.data.subgroups.map((group: { name: string; items: Ref[] }) => [
          group.name,
          group.items.map((item) => item.itemId),
        ]),
      );
    };
    // Read first, so the document is cached for the restaurant's version.
    expect(await resolved()).toEqual({ Noodles: [a, b, c], Drinks: [d, e] });
    await r.move(noodles, a, { toMenuGroupId: drinks, position: 1 });
    expect(await resolved()).toEqual({ Noodles: [b, c], Drinks: [d, a, e] });
  });
});

describe('moving a subgroup (PATCH parentId)', () => {
  it('moves the one group with its contents, and refuses a place inside itself or its own subgroups', async () => {
    const r = await setUp();
    const { a, menu, noodles, drinks } = r.ids;
    const ramen = (
      await r.create('menu-groups', { name: 'Ramen', parentId: noodles, items: [{ itemId: a, position: 0 }] })
    ).menuGroupId as number;
    const spicy = (await r.create('menu-groups', { name: 'Spicy', parentId: ramen })).menuGroupId as number;

    const moved = await r.send('PATCH', `menu-groups/${ramen}`, { parentId: drinks });
    expect(moved.status).toBe(200);
    expect((await r.send('GET', `menu-groups/${drinks}`)).body.data.subgroups).toEqual([ramen]);
    expect((await r.send('GET', `menu-groups/${noodles}`)).body.data.subgroups).toEqual([]);
    expect((await r.send('GET', `menu-groups/${ramen}`)).body.data).toMatchObject({
      subgroups: [spicy],
      items: [ref(a, 0)],
    });

    const intoDescendant = await r.send('PATCH', `menu-groups/${ramen}`, { parentId: spicy });
    expect(intoDescendant.status).toBe(400);
    expect(intoDescendant.body.errors).toEqual([
      { path: 'parentId', message: 'A menu group cannot be placed inside its own subgroups' },
    ]);
    const intoItself = await r.send('PATCH', `menu-groups/${ramen}`, { parentId: ramen });
    expect(intoItself.status).toBe(400);
    expect(intoItself.body.errors).toEqual([
      { path: 'parentId', message: 'A menu group cannot be its own parent' },
    ]);
    // The menu itself moved under one of its groups is a loop too.
    expect((await r.send('PATCH', `menu-groups/${menu}`, { parentId: spicy })).status).toBe(400);
    expect((await r.send('GET', `menu-groups/${ramen}`)).body.data.parentId).toBe(drinks);
    expect((await r.send('GET', `menu-groups/${menu}`)).body.data.parentId).toBeUndefined();
  });
});
