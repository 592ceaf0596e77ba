import { emptyRecords } from '@brigade/domain/catalogue/catalogue-io';
import { describe, expect, it } from 'vitest';
import { patchOf, withOverrides } from './menu-share-sync';

describe('what a publish writes into a linked record', () => {
  it('sends only the fields that differ, and null for a field the master cleared', () => {
    const stored = { itemId: 4, guid: 'g', name: 'Soup', basePrice: 6, posName: 'SOUP', prepStationIds: [3] };
    const master = { itemId: 4, name: 'Soup of the day', basePrice: 6, prepStationIds: [] };
    expect(patchOf('items', master, stored)).toEqual({ name: 'Soup of the day', posName: null });
  });

  it("writes nothing when the records say the same (nested ids and guids, key order and the location's kitchen aside)", () => {
    const stored = {
      name: 'Burger',
      sizePrice: [{ id: 7, guid: 'x', price: 10, name: 'Single' }],
      prepStationIds: [2],
    };
    const master = { name: 'Burger', sizePrice: [{ name: 'Single', price: 10, id: 1 }], prepStationIds: [] };
    expect(patchOf('items', master, stored)).toBeUndefined();
    expect(patchOf('items', { ...master, sizePrice: [{ name: 'Single', price: 11 }] }, stored)).toEqual({
      sizePrice: [{ name: 'Single', price: 11 }],
    });
  });

  it("leaves a group's subgroups alone: they follow from the children's parentId", () => {
    expect(patchOf('menuGroups', { name: 'Dinner', subgroups: [] }, { name: 'Dinner', subgroups: [5] })).toBe(
      undefined,
    );
  });
});

describe("the master's records as a location has them", () => {
  it("puts the location's prices on its items and takes its unavailable items out of every group", () => {
    const master = {
      ...emptyRecords(),
      items: [
        { itemId: 1, name: 'Soup', basePrice: 6 },
        { itemId: 2, name: 'Salad', basePrice: 8 },
      ],
      menuGroups: [
        {
          menuGroupId: 9,
          items: [
            { itemId: 1, position: 0 },
            { itemId: 2, position: 1 },
          ],
        },
      ],
    };
    const at = { tenantId: 1, shareId: 1, createdAt: new Date(), updatedAt: new Date(), sizePrice: null };
    const records = withOverrides(master, [
      { ...at, sourceItemId: 1, basePrice: 7, available: null },
      { ...at, sourceItemId: 2, basePrice: null, available: false },
    ]);
    expect(records.items.map((item) => item.basePrice)).toEqual([7, 8]);
    expect(records.menuGroups[0]!.items).toEqual([{ itemId: 1, position: 0 }]);
    expect(master.menuGroups[0]!.items).toHaveLength(2); // the master's records are not changed
  });
});
