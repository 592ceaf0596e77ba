import { randomUUID } from 'node:crypto';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/** Menu groups as a tree: parents, children, references, editing fields, delete policies. */
const t = useTestApp();

let session: Session;
let tenantId: number;

beforeAll(async () => {
  tenantId = (await makeTenant(t.database.db)).tenantId;
  const user = await makeUser(t.database.db, { tenantId, role: 'admin' });
  session = await signInAs(t.app, user.email, TEST_PASSWORD);
});

async function restaurant() {
  const { restaurantId } = await makeRestaurant(t.database.db, tenantId);
  const send = async (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown) => {
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
  const get = async (path: string) => (await send('GET', path)).body.data;
  return { send, create, get };
}

const idsOf = (groups: { menuGroupId: number }[]) => groups.map((g) => g.menuGroupId);

describe('menu groups', () => {
  it('keeps a tree: parent groups have no parentId, children are listed by position', async () => {
    const r = await restaurant();
    const dinner = await r.create('menu-groups', { name: 'Dinner', position: 1 });
    const lunch = await r.create('menu-groups', { name: 'Lunch', position: 0 });
    const mains = await r.create('menu-groups', { name: 'Mains', parentId: dinner.menuGroupId, position: 2 });
    const starters = await r.create('menu-groups', {
      name: 'Starters',
      parentId: dinner.menuGroupId,
      position: 1,
    });
    const pasta = await r.create('menu-groups', { name: 'Pasta', parentId: mains.menuGroupId });

    expect(idsOf(await r.get('menu-groups?parent=none'))).toEqual([lunch.menuGroupId, dinner.menuGroupId]);
    expect(idsOf(await r.get(`menu-groups?parent=${dinner.menuGroupId}`))).toEqual([
      starters.menuGroupId,
      mains.menuGroupId,
    ]);
    expect((await r.get(`menu-groups/${dinner.menuGroupId}`)).subgroups).toEqual([
      starters.menuGroupId,
      mains.menuGroupId,
    ]);
    expect((await r.get(`menu-groups/${mains.menuGroupId}`)).subgroups).toEqual([pasta.menuGroupId]);
    expect(await r.get('menu-groups')).toHaveLength(5);
    expect((await r.send('GET', 'menu-groups?parent=first')).status).toBe(400);
  });

  it('stores item references with position and isRequired, in the order sent', async () => {
    const r = await restaurant();
    const items = await r.create('items/batch', [
      { name: 'A', basePrice: 1 },
      { name: 'B', basePrice: 2 },
    ]);
    const sauces = await r.create('modifier-groups', { name: 'Sauces' });
    const group = await r.create('menu-groups', {
      name: 'Sides',
      items: [
        { itemId: items[1].itemId, position: 0, isRequired: true },
        { itemId: items[0].itemId, position: 1 },
      ],
      modifierGroups: [{ modifierGroupId: sauces.modifierGroupId, position: 3 }],
    });
    expect(group.items).toEqual([
      { itemId: items[1].itemId, position: 0, isRequired: true },
      { itemId: items[0].itemId, position: 1, isRequired: false },
    ]);
    expect((await r.get(`menu-groups/${group.menuGroupId}`)).modifierGroups).toEqual([
      { modifierGroupId: sauces.modifierGroupId, position: 3 },
    ]);
    const { body } = await r.send('POST', 'menu-groups', {
      name: 'Bad',
      items: [
        { itemId: 99, position: 0 },
        { itemId: items[0].itemId, position: 1 },
        { itemId: items[0].itemId, position: 2 },
      ],
    });
    expect(body.errors).toEqual([
      { path: 'items.2.itemId', message: `Item with ID ${items[0].itemId} is listed more than once` },
      { path: 'items.0.itemId', message: 'Item with ID 99 not found' },
    ]);
    expect(
      (await r.send('POST', 'menu-groups', { name: 'No pos', items: [{ itemId: 1 }] })).body.errors,
    ).toEqual([{ path: 'items.0.position', message: 'Position must be a whole number' }]);
  });

  it('applies the editing fields on update (unlink) and never stores them', async () => {
    const r = await restaurant();
    const items = await r.create('items/batch', [
      { name: 'A', basePrice: 1 },
      { name: 'B', basePrice: 2 },
    ]);
    const [sauces, sides] = await r.create('modifier-groups/batch', [{ name: 'Sauces' }, { name: 'Sides' }]);
    const menu = await r.create('menu-groups', {
      name: 'Menu',
      items: items.map((item: { itemId: number }, position: number) => ({ itemId: item.itemId, position })),
      modifierGroups: [
        { modifierGroupId: sauces.modifierGroupId },
        { modifierGroupId: sides.modifierGroupId },
      ],
    });
    const child = await r.create('menu-groups', { name: 'Child', parentId: menu.menuGroupId });
    const other = await r.create('menu-groups', { name: 'Other', parentId: menu.menuGroupId });

    const { status, body } = await r.send('PATCH', `menu-groups/${menu.menuGroupId}`, {
      isEditing: true,
      removedItemIds: [items[0].itemId],
      removedModifierGroupIds: [sides.modifierGroupId],
      removedSubgroupIds: [child.menuGroupId],
    });
    expect(status).toBe(200);
    expect(body.data).not.toHaveProperty('isEditing');
    expect(body.data).not.toHaveProperty('removedItemIds');
    const stored = await r.get(`menu-groups/${menu.menuGroupId}`);
    expect(stored.items.map((ref: { itemId: number }) => ref.itemId)).toEqual([items[1].itemId]);
    expect(stored.modifierGroups).toEqual([{ modifierGroupId: sauces.modifierGroupId, position: 0 }]);
    expect(stored.subgroups).toEqual([other.menuGroupId]);
    // The removed subgroup still exists, as a parent group.
    expect(await r.get(`menu-groups/${child.menuGroupId}`)).not.toHaveProperty('parentId');
    // The items and modifier groups themselves are untouched.
    expect((await r.send('GET', `items/${items[0].itemId}`)).status).toBe(200);

    // A sent subgroups list replaces the children.
    await r.send('PATCH', `menu-groups/${menu.menuGroupId}`, { subgroups: [child.menuGroupId] });
    expect((await r.get(`menu-groups/${menu.menuGroupId}`)).subgroups).toEqual([child.menuGroupId]);
    expect(await r.get(`menu-groups/${other.menuGroupId}`)).not.toHaveProperty('parentId');
    // parentId null makes a child a parent group again.
    await r.send('PATCH', `menu-groups/${child.menuGroupId}`, { parentId: null });
    expect(idsOf(await r.get('menu-groups?parent=none'))).toHaveLength(3);
  });

  it('imports a whole tree in one batch, children before parents, and refuses loops', async () => {
    const r = await restaurant();
    const g = () => randomUUID();
    const tree = await r.create('menu-groups/batch', [
      { menuGroupId: 12, guid: g(), name: 'Desserts', parentId: 10, position: 2 },
      { menuGroupId: 11, guid: g(), name: 'Mains', parentId: 10, position: 1 },
      { menuGroupId: 10, guid: g(), name: 'Dinner', isMenu: true },
      { name: 'Cakes', subgroups: [] },
    ]);
    expect(idsOf(tree)).toEqual([12, 11, 10, 13]);
    // A group created in the batch can take existing groups as subgroups.
    await r.send('PATCH', 'menu-groups/13', { parentId: 12 });
    expect((await r.get('menu-groups/10')).subgroups).toEqual([11, 12]);

    const loop = await r.send('PATCH', 'menu-groups/10', { parentId: 13 });
    expect(loop.status).toBe(400);
    expect(loop.body.errors).toEqual([
      { path: 'parentId', message: 'A menu group cannot be placed inside its own subgroups' },
    ]);
    expect((await r.send('PATCH', 'menu-groups/10', { parentId: 10 })).body.errors).toEqual([
      { path: 'parentId', message: 'A menu group cannot be its own parent' },
    ]);
    expect((await r.send('POST', 'menu-groups', { name: 'Lost', parentId: 404 })).body.errors).toEqual([
      { path: 'parentId', message: 'Menu group with ID 404 not found' },
    ]);
    const batchLoop = await r.send('POST', 'menu-groups/batch', [
      { name: 'Fine' },
      { name: 'Sneaky', subgroups: [10], parentId: 13 },
    ]);
    expect(batchLoop.status).toBe(400);
    expect(batchLoop.body.errors).toEqual([
      { path: '1.parentId', message: 'A menu group cannot be placed inside its own subgroups' },
    ]);
    // Nothing of the refused batch was stored.
    expect(await r.get('menu-groups')).toHaveLength(4);
    expect((await r.get('menu-groups/10')).parentId).toBeUndefined();
  });

  it('unlinks a deleted item or modifier group from every group and item that used it', async () => {
    const r = await restaurant();
    const sauces = await r.create('modifier-groups', { name: 'Sauces' });
    const [burger, fries] = await r.create('items/batch', [
      { name: 'Burger', basePrice: 10, modifierGroups: [{ modifierGroupId: sauces.modifierGroupId }] },
      { name: 'Fries', basePrice: 4 },
    ]);
    const group = await r.create('menu-groups', {
      name: 'Mains',
      items: [
        { itemId: burger.itemId, position: 0 },
        { itemId: fries.itemId, position: 1 },
      ],
      modifierGroups: [{ modifierGroupId: sauces.modifierGroupId }],
    });
    expect((await r.send('DELETE', `items/${burger.itemId}`)).status).toBe(204);
    expect((await r.get(`menu-groups/${group.menuGroupId}`)).items).toEqual([
      { itemId: fries.itemId, position: 1, isRequired: false },
    ]);
    expect((await r.send('DELETE', `modifier-groups/${sauces.modifierGroupId}`)).status).toBe(204);
    expect((await r.get(`menu-groups/${group.menuGroupId}`)).modifierGroups).toEqual([]);
    const deleted = await r.send('DELETE', `items/${burger.itemId}`);
    expect(deleted.body.detail).toBe(`Item with ID ${burger.itemId} not found`);
  });

  it('keeps the subgroups of a deleted group, as parent groups', async () => {
    const r = await restaurant();
    const menu = await r.create('menu-groups', { name: 'Menu' });
    const child = await r.create('menu-groups', { name: 'Child', parentId: menu.menuGroupId });
    expect((await r.send('DELETE', `menu-groups/${menu.menuGroupId}`)).status).toBe(204);
    expect(idsOf(await r.get('menu-groups?parent=none'))).toEqual([child.menuGroupId]);
  });
});
