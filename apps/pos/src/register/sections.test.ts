import { describe, expect, it } from 'vitest';
import { itemsById, priceCheck } from '../check/pricing';
import type { Item, Menu, RegisterData } from '../queries';
import { hexColour, needsChoices, priceLabel, searchItems, sectionsOf } from './sections';

const item = (itemId: number, name: string, extra: Partial<Item> = {}): Item => ({
  itemId,
  name,
  buttonLabel: name,
  pricingStrategy: 'base',
  price: 1000,
  sizes: [],
  modifierGroups: [],
  soldOut: false,
  containsAlcohol: false,
  prepStationIds: [],
  taxRateIds: [],
  taxInclusion: false,
  takeoutTaxException: false,
  ...extra,
});
const group = (menuGroupId: number, name: string, items: Item[], groups: Menu[] = []): Menu => ({
  menuGroupId,
  name,
  items,
  groups,
});

const burger = item(1, 'Harbor Burger');
const fries = item(2, 'Hand-Cut Fries', { buttonLabel: 'Fries', buttonColor: '#0f766e' });
const menu = group(
  10,
  'All Day',
  [],
  [group(11, 'Grill', [burger], [group(12, 'Sides', [fries])]), group(13, 'Empty', [])],
);

describe('the register menu', () => {
  it('flattens nested groups into tabs with their path, leaving out groups without items', () => {
    expect(sectionsOf(menu).map((s) => [s.name, s.path.join(' › '), s.items.length])).toEqual([
      ['Grill', '', 1],
      ['Sides', 'Grill', 1],
    ]);
  });

  it('finds items by name or button label, each once', () => {
    const twice = group(20, 'Drinks', [fries]);
    expect(searchItems([menu, twice], 'fries').map((i) => i.itemId)).toEqual([2]);
    expect(searchItems([menu], 'harbor burg').map((i) => i.itemId)).toEqual([1]);
    expect(searchItems([menu], '  ')).toEqual([]);
  });

  it('reads colours, prices and which items ask for choices', () => {
    expect(hexColour('#ABC')).toBe('#aabbcc');
    expect(hexColour('red')).toBeUndefined();
    const money = (c: number) => `$${(c / 100).toFixed(2)}`;
    const sized = item(3, 'Wine', {
      pricingStrategy: 'size',
      sizes: [
        { id: 1, name: 'Glass', price: 1200 },
        { id: 2, name: 'Bottle', price: 4800 },
      ],
    });
    expect(priceLabel(sized, money)).toBe('$12.00–$48.00');
    expect(priceLabel(item(4, 'Special', { pricingStrategy: 'open' }), money)).toBe('Open price');
    expect(needsChoices(burger)).toBe(false);
    expect(needsChoices(sized)).toBe(true);
    const optional = {
      modifierGroupId: 1,
      name: 'Extras',
      minSelection: 0,
      maxSelection: null,
      allowDuplicates: false,
      pricingStrategy: 'Individual' as const,
      groupPrice: 0,
      prompt: false,
      modifiers: [],
    };
    expect(needsChoices(item(5, 'A', { modifierGroups: [optional] }))).toBe(false);
    expect(needsChoices(item(5, 'A', { modifierGroups: [{ ...optional, prompt: true }] }))).toBe(true);
    expect(needsChoices(item(5, 'A', { modifierGroups: [{ ...optional, minSelection: 1 }] }))).toBe(true);
  });

  it('prices the check with the shared code: dine in pays tax on a takeout-exempt item, takeout does not', () => {
    const rules: RegisterData['rules'] = {
      serviceChargePercent: 0,
      taxRates: [
        {
          taxRateId: 1,
          name: 'Sales tax',
          type: 'Percent',
          disabled: false,
          rate: 10,
          default: true,
          takeoutTaxEnabled: false,
          roundingOptions: 'Half Up Rounding',
        },
      ],
    };
    const pastry = item(6, 'Croissant', { price: 400, takeoutTaxException: true });
    const items = itemsById([group(30, 'Bakery', [pastry, burger])]);
    const lines = [
      { key: 'a', itemId: 6, quantity: 2, modifiers: [] },
      { key: 'b', itemId: 1, quantity: 1, modifiers: [] },
    ];
    const dineIn = priceCheck({ service: 'dine_in', guestName: '', lines }, items, rules);
    expect(dineIn.totals).toMatchObject({ subtotal: 1800, tax: 180, total: 1980 });
    const takeout = priceCheck({ service: 'takeout', guestName: '', lines }, items, rules);
    expect(takeout.totals).toMatchObject({ subtotal: 1800, tax: 100, total: 1900 });
    const gone = priceCheck(
      { service: 'takeout', guestName: '', lines: [{ ...lines[0]!, itemId: 99 }] },
      items,
      rules,
    );
    expect(gone.problems).toHaveLength(1);
  });
});
