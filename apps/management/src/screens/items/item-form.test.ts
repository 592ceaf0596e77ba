import { describe, expect, it } from 'vitest';
import type { ItemRecord } from '../../catalogue-kit/catalogue-api';
import { moneyFormat } from '../../components/money';
import {
  filterItems,
  type ItemFormValues,
  itemBody,
  itemFormSchema,
  itemFormValues,
  priceSummary,
} from './item-form';

const messages = (values: ItemFormValues) => {
  const result = itemFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('item form', () => {
  it("applies the server's pricing-strategy rules and messages", () => {
    const base = { ...itemFormValues(), name: 'Soup' };
    expect(messages({ ...base, name: ' ' })).toContain('name: Item name cannot be empty');
    expect(messages(base)).toEqual(['basePrice: Base pricing strategy requires a valid base price']);
    expect(messages({ ...base, basePrice: 4.5 })).toEqual([]);
    expect(messages({ ...base, basePrice: -1 })).toEqual(['basePrice: Base price cannot be negative']);
    expect(messages({ ...base, pricingStrategy: 'size' })).toEqual([
      'sizePrice: Size pricing strategy requires at least one size price',
    ]);
    expect(messages({ ...base, pricingStrategy: 'size', sizePrice: [{ name: '' }] })).toEqual([
      'sizePrice.0.name: Size/price name cannot be empty',
    ]);
    expect(messages({ ...base, pricingStrategy: 'open' })).toEqual([
      'openPrice: Open pricing strategy requires openPrice to be enabled',
    ]);
    expect(messages({ ...base, pricingStrategy: 'open', openPrice: true })).toEqual([]);
    expect(messages({ ...base, basePrice: 1, calories: Number.NaN })).toEqual([
      'calories: Calories must be a number',
    ]);
    expect(
      messages({
        ...base,
        basePrice: 1,
        modifierGroups: [{ modifierGroupId: 3, position: 0, isRequired: true, minSelection: 0 }],
      }),
    ).toEqual([
      'modifierGroups.0.minSelection: Minimum selection must be at least 1 if the group is required',
    ]);
  });

  it('creates with the set fields only and patches what changed', () => {
    const values: ItemFormValues = {
      ...itemFormValues(),
      name: 'Ramen',
      pricingStrategy: 'size',
      sizePrice: [
        { name: 'Small', price: 9 },
        { name: 'Large', price: undefined },
      ],
      taxRateIds: [1],
    };
    const body = itemBody(null, values);
    expect(body.posName).toBeUndefined();
    expect(body.sizePrice).toEqual([{ name: 'Small', price: 9 }, { name: 'Large' }]);
    expect(body.taxRateIds).toEqual([1]);

    const stored = {
      ...itemFormValues(),
      itemId: 5,
      name: 'Ramen',
      posName: 'RAMEN',
      basePrice: 9,
      imageUrl: null,
      calories: 400,
    } as unknown as ItemRecord;
    const edited = itemFormValues(stored);
    edited.posName = '';
    edited.calories = undefined;
    edited.basePrice = 10;
    expect(itemBody(stored, edited)).toEqual({ posName: null, calories: null, basePrice: 10 });
  });

  it('summarises prices', () => {
    expect(priceSummary({ pricingStrategy: 'base', basePrice: 4, sizePrice: [] })).toBe('4.00');
    expect(
      priceSummary({
        pricingStrategy: 'size',
        sizePrice: [
          { id: 1, guid: 'a', name: 'S', price: 3 },
          { id: 2, guid: 'b', name: 'L', price: 5.5 },
        ],
      }),
    ).toBe('3.00–5.50');
    expect(priceSummary({ pricingStrategy: 'open', sizePrice: [] })).toBe('Open price');
    // in the restaurant's currency
    const usd = moneyFormat('USD');
    expect(priceSummary({ pricingStrategy: 'base', basePrice: 14, sizePrice: [] }, usd)).toMatch(
      /^\$14\.00$|^US\$14\.00$/,
    );
    expect(moneyFormat('not a currency')(3)).toBe('3.00');
    expect(moneyFormat(undefined)(3)).toBe('3.00');
  });
});

describe('items filter', () => {
  const item = (itemId: number, name: string, extra: Partial<ItemRecord> = {}) => ({
    itemId,
    name,
    tagIds: [] as number[],
    pos: true,
    kiosk: true,
    onlineOrdering: true,
    onlineOrderingPartners: true,
    customerInvoices: true,
    ...extra,
  });
  const items = [
    item(1, 'Miso ramen', { tagIds: [7], plu: '1001' }),
    item(2, 'Gyoza', { kiosk: false }),
    item(3, 'Staff meal', {
      pos: false,
      kiosk: false,
      onlineOrdering: false,
      onlineOrderingPartners: false,
      customerInvoices: false,
    }),
  ];
  const none = { search: '', menuGroupId: null, tagId: null, status: 'all' as const };
  const groups = () => new Set([2, 3]);
  const ids = (filter: typeof none | Record<string, unknown>) =>
    filterItems(items, { ...none, ...filter }, groups).map((i) => i.itemId);

  it('searches names and codes, and filters by group, tag and channel', () => {
    expect(ids({ search: 'RAMEN' })).toEqual([1]);
    expect(ids({ search: '1001' })).toEqual([1]);
    expect(ids({ menuGroupId: 4 })).toEqual([2, 3]);
    expect(ids({ tagId: 7 })).toEqual([1]);
    expect(ids({ status: 'kiosk' })).toEqual([1]);
    expect(ids({ status: 'hidden' })).toEqual([3]);
    expect(ids({})).toEqual([1, 2, 3]);
  });
});
