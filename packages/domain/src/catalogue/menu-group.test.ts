import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  applyMenuGroupRemovals,
  createMenuGroupInputSchema,
  isChildGroupOf,
  isParentGroup,
  itemReferenceSchema,
  menuGroupSchema,
  updateMenuGroupInputSchema,
} from './menu-group';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const allDays = {
  monday: true,
  tuesday: true,
  wednesday: true,
  thursday: true,
  friday: true,
  saturday: true,
  sunday: true,
};

describe('createMenuGroupInputSchema', () => {
  it('fills every spec default', () => {
    expect(createMenuGroupInputSchema.parse({ name: 'Lunch' })).toEqual({
      name: 'Lunch',
      position: 0,
      items: [],
      modifierGroups: [],
      subgroups: [],
      isMenu: false,
      isActive: true,
      pricingType: 'standard',
      visibleInPOS: true,
      visibleInKiosk: true,
      visibleInOnlineOrdering: true,
      visibleInPartners: true,
      visibleInInvoices: true,
      inheritHideModifierPrices: true,
      availability: {
        dineIn: true,
        takeout: true,
        delivery: true,
        kiosk: true,
        online: true,
        partners: true,
      },
      daysOfWeek: allDays,
      daysAvailable: allDays,
      seasonalAvailability: { isActive: false },
      tagIds: [],
      isSpecial: false,
      isPriority: false,
    });
  });

  it('completes partly given nested objects with their defaults', () => {
    const group = createMenuGroupInputSchema.parse({
      name: 'Lunch',
      availability: { delivery: false },
      daysOfWeek: { sunday: false },
    });
    expect(group.availability).toMatchObject({ delivery: false, dineIn: true });
    expect(group.daysOfWeek).toEqual({ ...allDays, sunday: false });
  });

  it("refuses a blank name with the spec's message", () => {
    expect(messages(createMenuGroupInputSchema.safeParse({ name: '' }))).toEqual([
      ['name', 'Menu group name cannot be empty'],
    ]);
  });

  it("refuses an image that is not a URL with the spec's message", () => {
    expect(messages(createMenuGroupInputSchema.safeParse({ name: 'Lunch', image: 'lunch.png' }))).toEqual([
      ['image', 'Invalid image URL'],
    ]);
    expect(
      createMenuGroupInputSchema.safeParse({ name: 'Lunch', image: 'https://cdn.example/l.png' }).success,
    ).toBe(true);
  });

  it('requires HH:MM times', () => {
    const result = createMenuGroupInputSchema.safeParse({
      name: 'Lunch',
      timeRange: { startTime: '9:00', endTime: '24:00' },
    });
    expect(messages(result)).toEqual([
      ['timeRange.startTime', 'Invalid time format, expected HH:MM'],
      ['timeRange.endTime', 'Invalid time format, expected HH:MM'],
    ]);
    const overnight = { startTime: '22:00', endTime: '02:00' };
    expect(createMenuGroupInputSchema.parse({ name: 'Late', timeRange: overnight }).timeRange).toEqual(
      overnight,
    );
  });

  it('requires a fixed price for fixed pricing', () => {
    expect(
      messages(createMenuGroupInputSchema.safeParse({ name: 'Set menu', pricingType: 'fixed' })),
    ).toEqual([['fixedPrice', 'Price/discount details do not match pricing type']]);
    expect(
      createMenuGroupInputSchema.safeParse({ name: 'Set menu', pricingType: 'fixed', fixedPrice: 30 })
        .success,
    ).toBe(true);
  });

  it('requires a discount percentage for discount pricing', () => {
    expect(
      messages(createMenuGroupInputSchema.safeParse({ name: 'Happy hour', pricingType: 'discount' })),
    ).toEqual([['discountPercentage', 'Price/discount details do not match pricing type']]);
  });

  it('keeps discountPercentage within 0-100', () => {
    for (const discountPercentage of [-1, 101]) {
      const result = createMenuGroupInputSchema.safeParse({
        name: 'Happy hour',
        pricingType: 'discount',
        discountPercentage,
      });
      expect(messages(result)).toEqual([
        ['discountPercentage', 'Discount percentage must be between 0 and 100'],
      ]);
    }
    expect(
      createMenuGroupInputSchema.safeParse({ name: 'Free', pricingType: 'discount', discountPercentage: 100 })
        .success,
    ).toBe(true);
  });

  it('refuses maxSelections below minRequired', () => {
    expect(
      messages(createMenuGroupInputSchema.safeParse({ name: 'Combo', minRequired: 2, maxSelections: 1 })),
    ).toEqual([['maxSelections', 'Maximum selections cannot be less than minimum required selections']]);
  });

  it('bounds seasonal months and days', () => {
    const result = createMenuGroupInputSchema.safeParse({
      name: 'Summer',
      seasonalAvailability: { isActive: true, startMonth: 13, startDay: 0, endMonth: 8, endDay: 31 },
    });
    expect(messages(result)).toEqual([
      ['seasonalAvailability.startMonth', 'Month must be 1-12'],
      ['seasonalAvailability.startDay', 'Day must be 1-31'],
    ]);
  });

  it('refuses a date range that ends before it starts', () => {
    const result = createMenuGroupInputSchema.safeParse({
      name: 'Festival',
      dateRange: { startDate: '2025-07-10', endDate: '2025-07-01' },
    });
    expect(messages(result)).toEqual([['dateRange.endDate', 'End date cannot be before start date']]);
  });

  it('drops the editing-only fields without validating them', () => {
    const group = createMenuGroupInputSchema.parse({
      name: 'Lunch',
      removedSubgroupIds: 'not a list',
      removedItemIds: [1],
      removedModifierGroupIds: [2],
      isEditing: 'yes',
    });
    for (const key of ['removedSubgroupIds', 'removedItemIds', 'removedModifierGroupIds', 'isEditing']) {
      expect(group).not.toHaveProperty(key);
    }
  });
});

describe('itemReferenceSchema', () => {
  it('requires itemId and position and defaults isRequired to false', () => {
    expect(itemReferenceSchema.parse({ itemId: 3, position: 0 })).toEqual({
      itemId: 3,
      position: 0,
      isRequired: false,
    });
    expect(
      itemReferenceSchema.safeParse({ itemId: 3 }).error?.issues.map((issue) => issue.path.join('.')),
    ).toEqual(['position']);
    expect(
      itemReferenceSchema.safeParse({ position: 1 }).error?.issues.map((issue) => issue.path.join('.')),
    ).toEqual(['itemId']);
  });
});

describe('menuGroupSchema', () => {
  it('loads a stored record and completes it with the defaults', () => {
    const group = menuGroupSchema.parse({
      menuGroupId: 1,
      guid: randomUUID(),
      name: 'Dinner',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(group).toMatchObject({ position: 0, isActive: true, seasonalAvailability: { isActive: false } });
  });

  it('does not keep editing-only fields', () => {
    const group = menuGroupSchema.parse({
      menuGroupId: 1,
      guid: randomUUID(),
      name: 'Dinner',
      isEditing: true,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(group).not.toHaveProperty('isEditing');
  });
});

describe('updateMenuGroupInputSchema', () => {
  it('fills in no defaults for omitted fields', () => {
    expect(updateMenuGroupInputSchema.parse({ name: 'Brunch' })).toEqual({ name: 'Brunch' });
  });

  it('accepts the editing-only fields', () => {
    const update = {
      removedSubgroupIds: [4],
      removedItemIds: [1],
      removedModifierGroupIds: [2],
      isEditing: true,
    };
    expect(updateMenuGroupInputSchema.parse(update)).toEqual(update);
  });

  it('validates the editing-only fields it accepts', () => {
    expect(updateMenuGroupInputSchema.safeParse({ removedItemIds: ['1'] }).success).toBe(false);
  });

  it('checks the selection range when both ends are sent', () => {
    expect(messages(updateMenuGroupInputSchema.safeParse({ minRequired: 3, maxSelections: 1 }))).toEqual([
      ['maxSelections', 'Maximum selections cannot be less than minimum required selections'],
    ]);
  });

  it('accepts parentId null to make a group a parent', () => {
    expect(updateMenuGroupInputSchema.parse({ parentId: null })).toEqual({ parentId: null });
  });
});

describe('applyMenuGroupRemovals', () => {
  it('removes the listed items, modifier groups and subgroups', () => {
    const lists = applyMenuGroupRemovals(
      {
        items: [
          { itemId: 1, position: 0, isRequired: false },
          { itemId: 2, position: 1, isRequired: false },
        ],
        modifierGroups: [
          { modifierGroupId: 5, position: 0 },
          { modifierGroupId: 6, position: 1 },
        ],
        subgroups: [7, 8],
      },
      { removedItemIds: [1], removedModifierGroupIds: [6], removedSubgroupIds: [7, 99] },
    );
    expect(lists).toEqual({
      items: [{ itemId: 2, position: 1, isRequired: false }],
      modifierGroups: [{ modifierGroupId: 5, position: 0 }],
      subgroups: [8],
    });
  });
});

describe('isParentGroup', () => {
  it('is true only for a group without parentId', () => {
    expect(isParentGroup({})).toBe(true);
    expect(isParentGroup({ parentId: null })).toBe(true);
    expect(isParentGroup({ parentId: 3 })).toBe(false);
  });
});

describe('isChildGroupOf', () => {
  it("matches a group whose parentId is the parent's menuGroupId", () => {
    expect(isChildGroupOf({ parentId: 3 }, { menuGroupId: 3 })).toBe(true);
    expect(isChildGroupOf({ parentId: 4 }, { menuGroupId: 3 })).toBe(false);
    expect(isChildGroupOf({}, { menuGroupId: 3 })).toBe(false);
  });
});
