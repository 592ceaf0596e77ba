import { makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { describe, expect, it } from 'vitest';
import { demoCatalogue, seedLargeChainOnce } from '../catalogue/large-chain';
import { listMenus, resolveMenu } from '../catalogue/menu-resolver';
import { SYSTEM } from '../use-case';

const t = useTestDatabase();

describe('the demo menu (Harbor Grill)', () => {
  it('loads through the batch path and resolves into its menus, with sizes and modifiers', async () => {
    const db = t.database.db;
    const tenant = await makeTenant(db);
    const restaurant = await makeRestaurant(db, tenant.tenantId);
    const scope = { tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId, actor: 'test' };
    const ids = { tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId };
    const catalogue = demoCatalogue();
    expect(await seedLargeChainOnce(db, scope, catalogue)).toBe(true);
    expect(await seedLargeChainOnce(db, scope, catalogue)).toBe(false);

    expect((await listMenus({ db }, SYSTEM, ids)).map((m) => m.name)).toEqual([
      'All Day',
      'Weekend Brunch',
      'Drinks',
    ]);
    const { menu } = await resolveMenu({ db }, SYSTEM, { ...ids, menuGroupId: catalogue.menuIds.allDay });
    expect(menu.subgroups.map((g) => g.name)).toEqual([
      'Raw Bar & Starters',
      'Soups & Salads',
      'From the Wood Grill',
      'Desserts',
    ]);
    const oysters = menu.subgroups[0]!.subgroups[0]!;
    expect(oysters.name).toBe('Oysters');
    const kumamoto = oysters.items[0]!.item;
    expect(kumamoto.name).toBe('Kumamoto Oysters');
    expect(kumamoto.sizePrice?.map((s) => [s.name, s.price])).toEqual([
      ['Half dozen', 21],
      ['Dozen', 39],
    ]);
    const ribeye = menu.subgroups[2]!.items.find((link) => link.item.name === 'Ribeye, 14 oz')!.item;
    expect(ribeye.modifierGroups.map((ref) => ref.modifierGroup.name)).toEqual([
      'Temperature',
      'Choose a side',
    ]);
    // brunch is a weekend menu: not available on a Wednesday
    const wednesday = await resolveMenu({ db }, SYSTEM, {
      ...ids,
      menuGroupId: catalogue.menuIds.breakfast,
      at: '2026-11-18T10:00:00',
    });
    expect(wednesday.available).toBe(false);
    const saturday = await resolveMenu({ db }, SYSTEM, {
      ...ids,
      menuGroupId: catalogue.menuIds.breakfast,
      at: '2026-11-21T10:00:00',
    });
    expect(saturday.available).toBe(true);
  });
});
