import { describe, expect, it } from 'vitest';
import { menuShareOverrideInputSchema, overrideCountOf, pricesAt } from './menu-share';

describe("a location's prices of a shared item", () => {
  const burger = {
    basePrice: undefined,
    sizePrice: [
      { id: 1, name: 'Single', price: 10 },
      { id: 2, name: 'Double', price: 14 },
    ],
  };

  it("keeps the master's prices without an override", () => {
    expect(pricesAt({ basePrice: 6, sizePrice: [] }, undefined)).toEqual({ basePrice: 6, sizePrice: [] });
    expect(pricesAt(burger, undefined)).toEqual({ sizePrice: burger.sizePrice });
  });

  it('puts its own base price and its own size prices (by name) over the master', () => {
    expect(pricesAt({ basePrice: 6 }, { basePrice: 7.25, sizePrice: null })).toEqual({
      basePrice: 7.25,
      sizePrice: [],
    });
    const own = pricesAt(burger, { basePrice: null, sizePrice: [{ name: 'Double', price: 15.5 }] });
    expect(own.sizePrice).toEqual([
      { id: 1, name: 'Single', price: 10 },
      { id: 2, name: 'Double', price: 15.5 },
    ]);
  });

  it('counts the fields that are not the master', () => {
    expect(overrideCountOf({ basePrice: null, sizePrice: null, available: null })).toBe(0);
    expect(overrideCountOf({ basePrice: 1, sizePrice: null, available: false })).toBe(2);
  });

  it("checks prices with the item's own messages", () => {
    const issues = (body: unknown) =>
      menuShareOverrideInputSchema.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ basePrice: -1 })).toEqual([['basePrice', 'Base price cannot be negative']]);
    expect(issues({ sizePrice: [{ name: 'Single', price: -2 }] })).toEqual([
      ['sizePrice.0.price', 'Price cannot be negative'],
    ]);
    expect(issues({ basePrice: null, sizePrice: null, available: null })).toBeUndefined();
  });
});
