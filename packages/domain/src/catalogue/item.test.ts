import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createItemInputSchema, itemSchema, sizePriceInputSchema, updateItemInputSchema } from './item';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const optimizedImage = JSON.stringify({
  original: { url: 'https://cdn.example/burger.jpg', format: 'jpeg', width: 1200, height: 800, size: 120000 },
});

describe('createItemInputSchema', () => {
  it('fills the spec defaults', () => {
    const item = createItemInputSchema.parse({ name: 'Burger', basePrice: 12 });
    expect(item).toMatchObject({
      containsAlcohol: false,
      pricingStrategy: 'base',
      sizePrice: [],
      openPrice: false,
      modifierGroups: [],
      prepStationIds: [],
      taxRateIds: [],
      tagIds: [],
      taxInclusion: false,
      takeoutTaxException: false,
      pos: true,
      kiosk: true,
      onlineOrdering: true,
      customerInvoices: true,
      onlineOrderingPartners: true,
    });
    expect(item.itemId).toBeUndefined();
    expect(item.guid).toBeUndefined();
  });

  it('keeps a supplied itemId and guid', () => {
    const guid = randomUUID();
    expect(createItemInputSchema.parse({ name: 'Burger', basePrice: 12, itemId: 9, guid })).toMatchObject({
      itemId: 9,
      guid,
    });
  });

  it("refuses a blank name with the spec's message", () => {
    expect(messages(createItemInputSchema.safeParse({ name: '  ', basePrice: 1 }))).toEqual([
      ['name', 'Item name cannot be empty'],
    ]);
    expect(messages(createItemInputSchema.safeParse({ basePrice: 1 }))).toEqual([
      ['name', 'Item name cannot be empty'],
    ]);
  });

  it('requires a base price for the base strategy', () => {
    expect(messages(createItemInputSchema.safeParse({ name: 'Burger' }))).toEqual([
      ['basePrice', 'Base pricing strategy requires a valid base price'],
    ]);
  });

  it('refuses a negative base price or calories', () => {
    expect(
      messages(createItemInputSchema.safeParse({ name: 'Burger', basePrice: -1, calories: -5 })),
    ).toEqual([
      ['calories', 'Calories cannot be negative'],
      ['basePrice', 'Base price cannot be negative'],
    ]);
  });

  it('accepts null calories', () => {
    expect(createItemInputSchema.parse({ name: 'Burger', basePrice: 1, calories: null }).calories).toBeNull();
  });

  it('requires at least one size price for the size strategy', () => {
    expect(messages(createItemInputSchema.safeParse({ name: 'Fries', pricingStrategy: 'size' }))).toEqual([
      ['sizePrice', 'Size pricing strategy requires at least one size price'],
    ]);
    const sized = createItemInputSchema.parse({
      name: 'Fries',
      pricingStrategy: 'size',
      sizePrice: [{ name: 'Large', price: 4 }, { name: 'Small' }],
    });
    expect(sized.sizePrice.map((size) => size.price)).toEqual([4, 0]);
    expect(sized.basePrice).toBeUndefined();
  });

  it('requires openPrice for the open strategy', () => {
    expect(
      messages(createItemInputSchema.safeParse({ name: 'Market fish', pricingStrategy: 'open' })),
    ).toEqual([['openPrice', 'Open pricing strategy requires openPrice to be enabled']]);
    expect(
      createItemInputSchema.safeParse({ name: 'Market fish', pricingStrategy: 'open', openPrice: true })
        .success,
    ).toBe(true);
  });

  it('refuses orderingRules', () => {
    const result = createItemInputSchema.safeParse({ name: 'Burger', basePrice: 1, orderingRules: {} });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['orderingRules']);
  });

  it('accepts a URL or an optimised-image JSON string as imageUrl', () => {
    for (const imageUrl of ['https://cdn.example/burger.jpg', optimizedImage]) {
      expect(createItemInputSchema.parse({ name: 'Burger', basePrice: 1, imageUrl }).imageUrl).toBe(imageUrl);
    }
  });

  it("refuses any other imageUrl with the spec's message", () => {
    expect(
      messages(createItemInputSchema.safeParse({ name: 'Burger', basePrice: 1, imageUrl: 'burger' })),
    ).toEqual([['imageUrl', 'Invalid image URL']]);
  });

  it('validates modifier group references', () => {
    const result = createItemInputSchema.safeParse({
      name: 'Burger',
      basePrice: 1,
      modifierGroups: [{ modifierGroupId: 3, isRequired: true, minSelection: 0 }],
    });
    expect(messages(result)).toEqual([
      ['modifierGroups.0.minSelection', 'Minimum selection must be at least 1 if the group is required'],
    ]);
  });
});

describe('sizePriceInputSchema', () => {
  it("refuses a blank name with the spec's message", () => {
    expect(messages(sizePriceInputSchema.safeParse({ name: '' }))).toEqual([
      ['name', 'Size/price name cannot be empty'],
    ]);
  });
});

describe('itemSchema', () => {
  const stored = {
    itemId: 1,
    guid: randomUUID(),
    name: 'Burger',
    basePrice: 12,
    createdAt: new Date(),
    updatedAt: new Date(),
  };

  it('completes a stored record with the defaults', () => {
    expect(itemSchema.parse(stored)).toMatchObject({ pricingStrategy: 'base', pos: true, tagIds: [] });
  });

  it('requires the identity and timestamps', () => {
    const result = itemSchema.safeParse({ name: 'Burger', basePrice: 12 });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'itemId',
      'guid',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('requires size prices with their id and guid', () => {
    const result = itemSchema.safeParse({
      ...stored,
      pricingStrategy: 'size',
      sizePrice: [{ name: 'Large' }],
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'sizePrice.0.id',
      'sizePrice.0.guid',
    ]);
  });
});

describe('updateItemInputSchema', () => {
  it('fills in no defaults for omitted fields', () => {
    expect(updateItemInputSchema.parse({ name: 'Cheeseburger' })).toEqual({ name: 'Cheeseburger' });
  });

  it('still checks the fields it is sent', () => {
    expect(messages(updateItemInputSchema.safeParse({ name: '' }))).toEqual([
      ['name', 'Item name cannot be empty'],
    ]);
  });

  it('checks pricing rules the patch decides on its own', () => {
    expect(messages(updateItemInputSchema.safeParse({ pricingStrategy: 'size', sizePrice: [] }))).toEqual([
      ['sizePrice', 'Size pricing strategy requires at least one size price'],
    ]);
    expect(messages(updateItemInputSchema.safeParse({ pricingStrategy: 'open', openPrice: false }))).toEqual([
      ['openPrice', 'Open pricing strategy requires openPrice to be enabled'],
    ]);
  });

  it('leaves rules that need the stored item to the merged record', () => {
    expect(updateItemInputSchema.safeParse({ pricingStrategy: 'base' }).success).toBe(true);
  });
});
