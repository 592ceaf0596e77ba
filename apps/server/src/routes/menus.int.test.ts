import { generateLargeChain, loadLargeChain } from '@brigade/core/catalogue/large-chain';
import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/** Resolved menus (issue 6): the whole tree in one response, in position order, filtered by channel and time. */
const t = useTestApp();

let session: Session;
let base: string;
const catalogue = generateLargeChain();

beforeAll(async () => {
  const db = t.database.db;
  const tenant = await makeTenant(db);
  const restaurant = await makeRestaurant(db, tenant.tenantId);
  await loadLargeChain(
    db,
    { tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId, actor: 'test' },
    catalogue,
  );
  session = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: tenant.tenantId, role: 'employee' })).email,
    TEST_PASSWORD,
  );
  base = `/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}`;
});

const get = async (path: string) => {
  const response = await asBearer(t.app, session, { method: 'GET', url: `${base}/${path}` });
  return { status: response.statusCode, body: response.json() };
};

/** Every group of a resolved tree, depth first. */
const flatten = (group: ResolvedMenuGroup): ResolvedMenuGroup[] => [
  group,
  ...group.subgroups.flatMap(flatten),
];

describe('menus', () => {
  it('lists the parent groups with name and description, by position', async () => {
    const { body } = await get('menus');
    expect(body.data).toEqual([
      expect.objectContaining({
        menuGroupId: catalogue.menuIds.allDay,
        name: 'All Day',
        description: 'Served all day',
      }),
      expect.objectContaining({
        menuGroupId: catalogue.menuIds.breakfast,
        name: 'Breakfast',
        description: 'Until 11',
      }),
      expect.objectContaining({ menuGroupId: catalogue.menuIds.drinks, name: 'Drinks' }),
    ]);
  });

  it('returns the whole tree in one response: subgroups, items with sizes, modifier groups with modifiers, tags', async () => {
    const { status, body } = await get(`menus/${catalogue.menuIds.allDay}`);
    expect(status).toBe(200);
    expect(body.available).toBe(true);
    const root = body.data as ResolvedMenuGroup;
    const groups = flatten(root);
    expect(groups).toHaveLength(21);
    // Up to 4 deep, children in position order (the sections were created in the opposite order).
    expect(root.subgroups.map((g) => g.name)).toEqual(['Desserts', 'Sides', 'Mains', 'Starters']);
    expect(root.subgroups[0]!.subgroups[0]!.subgroups[0]!.name).toBe('Desserts specials');
    for (const group of groups) {
      const expected = catalogue.itemsOfGroup.get(group.menuGroupId)!;
      expect(group.items.map((ref) => ref.itemId)).toEqual(expected);
      const positions = group.items.map((ref) => ref.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
    const items = groups.flatMap((g) => g.items.map((ref) => ref.item));
    const sized = items.find((item) => item.pricingStrategy === 'size')!;
    expect(sized.sizePrice.map((s) => s.name)).toEqual(['Small', 'Regular', 'Large']);
    const withModifiers = items.find((item) => item.modifierGroups.length > 1)!;
    expect(withModifiers.modifierGroups[0]!.modifierGroup.modifiers).toHaveLength(6);
    expect(withModifiers.modifierGroups.map((ref) => ref.position)).toEqual(
      [0, 1, 2].slice(0, withModifiers.modifierGroups.length),
    );
    expect(items[0]!.tags[0]).toMatchObject({ name: expect.any(String), tagId: expect.any(Number) });
    expect(root.subgroups[0]!.subgroups[0]!.modifierGroups[0]!.modifierGroup.name).toMatch(/options/);
  });

  it('filters by channel with the visibility flags and the item channel flags', async () => {
    const all = flatten((await get(`menus/${catalogue.menuIds.allDay}`)).body.data);
    const kiosk = flatten((await get(`menus/${catalogue.menuIds.allDay}?channel=kiosk`)).body.data);
    expect(all.map((g) => g.name)).toContain('Sides 3');
    expect(kiosk.map((g) => g.name)).not.toContain('Sides 3');
    const kioskItems = kiosk.flatMap((g) => g.items.map((ref) => ref.item));
    expect(kioskItems.length).toBeGreaterThan(0);
    expect(kioskItems.every((item) => item.kiosk)).toBe(true);
    const partners = flatten((await get(`menus/${catalogue.menuIds.allDay}?channel=partners`)).body.data);
    expect(partners.flatMap((g) => g.items).every((ref) => ref.item.onlineOrderingPartners)).toBe(true);
    expect((await get(`menus/${catalogue.menuIds.allDay}?channel=fax`)).status).toBe(400);
  });

  it("filters by availability at a moment in the restaurant's time zone", async () => {
    // Tenants are created in America/New_York: 14:00 UTC is 10:00 there in July, breakfast time.
    const morning = await get('menus?at=2025-07-04T14:00:00Z');
    expect(morning.body.data.map((m: { name: string }) => m.name)).toEqual([
      'All Day',
      'Breakfast',
      'Drinks',
    ]);
    const evening = await get('menus?at=2025-07-04T19:30');
    expect(evening.body.data.map((m: { name: string }) => m.name)).toEqual(['All Day', 'Drinks']);
    const closed = await get(`menus/${catalogue.menuIds.breakfast}?at=2025-07-04T19:30`);
    expect(closed.body).toMatchObject({
      available: false,
      data: { name: 'Breakfast', items: [], subgroups: [] },
    });
    const open = await get(`menus/${catalogue.menuIds.breakfast}?at=2025-07-04T07:30`);
    expect(open.body.available).toBe(true);
    expect(open.body.data.subgroups).toHaveLength(3);
    expect((await get('menus?at=yesterday')).status).toBe(400);
  });

  it('answers 404 for a menu group that does not exist', async () => {
    const { status, body } = await get('menus/999');
    expect(status).toBe(404);
    expect(body.detail).toBe('Menu group with ID 999 not found');
  });
});
