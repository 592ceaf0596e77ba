import { describe, expect, it } from 'vitest';
import { formatMoney, groupPriceLabel, itemPriceView, modifierGroupView } from './prices';

const size = (name: string, price: number, id: number) => ({
  id,
  guid: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  price,
});

describe('display prices', () => {
  it('formats money in the restaurant currency', () => {
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney(12.5, 'EUR')).toBe('€12.50');
  });

  it('shows the base price, each size, or Market price by pricing strategy', () => {
    expect(itemPriceView({ pricingStrategy: 'base', basePrice: 9 }, undefined, 'USD')).toEqual({
      kind: 'single',
      price: '$9.00',
    });
    expect(
      itemPriceView(
        { pricingStrategy: 'size', sizePrice: [size('Small', 3, 1), size('Large', 4.5, 2)] },
        undefined,
        'USD',
      ),
    ).toEqual({
      kind: 'sizes',
      sizes: [
        { name: 'Small', price: '$3.00' },
        { name: 'Large', price: '$4.50' },
      ],
    });
    expect(itemPriceView({ pricingStrategy: 'open' }, undefined, 'USD')).toEqual({
      kind: 'text',
      text: 'Market price',
    });
    expect(itemPriceView({ pricingStrategy: 'base' }, undefined, 'USD')).toEqual({ kind: 'none' });
  });

  it('hides item prices in a fixed-price group and discounts them in a discount group', () => {
    const fixed = { pricingType: 'fixed' as const, fixedPrice: 25 };
    expect(itemPriceView({ pricingStrategy: 'base', basePrice: 9 }, fixed, 'USD')).toEqual({ kind: 'none' });
    expect(groupPriceLabel(fixed, 'USD')).toBe('Fixed price $25.00');
    const discount = { pricingType: 'discount' as const, discountPercentage: 10 };
    expect(itemPriceView({ pricingStrategy: 'base', basePrice: 9 }, discount, 'USD')).toEqual({
      kind: 'single',
      price: '$8.10',
      original: '$9.00',
    });
    expect(groupPriceLabel(discount, 'USD')).toBe('10% off');
    expect(groupPriceLabel({ pricingType: 'standard' }, 'USD')).toBeNull();
  });

  it('lists modifiers with prices only when the group prices them individually', () => {
    const modifiers = [
      { id: 1, name: 'Cheese', price: 1 },
      { id: 2, name: 'No onion', price: -0.5 },
      { id: 3, name: 'Extra napkins', price: null },
    ];
    const individual = modifierGroupView(
      {
        modifierGroup: {
          name: 'Extras',
          pricingStrategy: 'Individual',
          selectionRequirement: 'Optional',
          modifiers,
        },
      },
      'USD',
    );
    expect(individual.modifiers.map((m) => m.price)).toEqual(['+$1.00', '−$0.50', null]);
    expect(individual.required).toBe(false);
    const group = modifierGroupView(
      {
        isRequired: true,
        modifierGroup: {
          name: 'Sauce',
          pricingStrategy: 'Group',
          groupPrice: 2,
          selectionRequirement: 'Optional',
          modifiers,
        },
      },
      'USD',
    );
    expect(group.groupPrice).toBe('+$2.00');
    expect(group.required).toBe(true);
    expect(group.modifiers.every((m) => m.price === null)).toBe(true);
    const free = modifierGroupView(
      {
        modifierGroup: {
          name: 'Side',
          pricingStrategy: 'No charge',
          selectionRequirement: 'Required',
          modifiers,
        },
      },
      'USD',
    );
    expect(free.required).toBe(true);
    expect(free.modifiers.every((m) => m.price === null)).toBe(true);
  });
});
