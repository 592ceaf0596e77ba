import { describe, expect, it } from 'vitest';
import type { ResolvedItem, ResolvedModifierGroupReference } from '../catalogue/resolved-menu';
import { posItemOf } from './menu';

/**
 * What the register and the kiosk sell of one item (docs/behaviour/kiosk.md#the-kiosk-menu): each reads its
 * own channel flag, on the item and on its modifier groups; the kiosk leaves open-priced items out, shows the
 * item's own name and description, and offers every group it may.
 */
const group = (id: number, flags: { pos: boolean; kiosk: boolean }, required = false) =>
  ({
    modifierGroupId: id,
    position: id,
    modifierGroup: {
      modifierGroupId: id,
      name: `Group ${id}`,
      pricingStrategy: 'No charge',
      selectionRequirement: required ? 'Required' : 'Optional',
      includePosPrompt: false,
      allowMultipleSelection: false,
      minSelection: 1,
      allowDuplicateSelection: false,
      isActive: true,
      modifiers: [{ id: 1, name: 'One' }],
      ...flags,
    },
  }) as unknown as ResolvedModifierGroupReference;

const item = (overrides: Partial<ResolvedItem> = {}) =>
  ({
    itemId: 7,
    name: 'Cheeseburger deluxe',
    posName: 'Burger',
    customerDescription: 'Two patties',
    pricingStrategy: 'base',
    basePrice: 12,
    sizePrice: [],
    containsAlcohol: false,
    prepStationIds: [],
    taxRateIds: [],
    taxInclusion: false,
    takeoutTaxException: false,
    pos: true,
    kiosk: true,
    modifierGroups: [group(1, { pos: true, kiosk: false }), group(2, { pos: false, kiosk: true }, true)],
    ...overrides,
  }) as unknown as ResolvedItem;

describe('an item on the register and on the kiosk', () => {
  it('reads the channel flag of the one that sells it', () => {
    expect(posItemOf(item({ kiosk: false }), new Set(), 1, 'kiosk')).toBeNull();
    expect(posItemOf(item({ kiosk: false }), new Set(), 1, 'pos')).not.toBeNull();
    expect(posItemOf(item({ pos: false }), new Set(), 1, 'pos')).toBeNull();
    expect(posItemOf(item({ pos: false }), new Set(), 1, 'kiosk')).not.toBeNull();
  });

  it('offers each its own modifier groups; the kiosk shows them all, under the item’s own name', () => {
    const kiosk = posItemOf(item(), new Set(), 1, 'kiosk')!;
    expect(kiosk.modifierGroups.map((g) => [g.name, g.prompt])).toEqual([['Group 2', true]]);
    expect(kiosk).toMatchObject({
      buttonLabel: 'Cheeseburger deluxe',
      description: 'Two patties',
      price: 1200,
    });
    const register = posItemOf(item(), new Set(), 1, 'pos')!;
    expect(register.modifierGroups.map((g) => [g.name, g.prompt])).toEqual([['Group 1', false]]);
    expect(register.buttonLabel).toBe('Burger');
    expect(register.description).toBeUndefined();
  });

  it('leaves open-priced items off the kiosk (a guest sets no price)', () => {
    const open = item({
      pricingStrategy: 'open',
      basePrice: undefined,
      openPrice: true,
    } as Partial<ResolvedItem>);
    expect(posItemOf(open, new Set(), 1, 'kiosk')).toBeNull();
    expect(posItemOf(open, new Set(), 1, 'pos')).not.toBeNull();
  });
});
