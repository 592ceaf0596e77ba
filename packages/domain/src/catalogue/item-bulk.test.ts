import { describe, expect, it } from 'vitest';
import { bulkUpdateItemsSchema, createItemInMenuGroupsSchema, notBasePricedMessage } from './item-bulk';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('bulkUpdateItemsSchema', () => {
  it('takes 1 to 500 distinct item ids and a change of at least one field', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
    expect(bulkUpdateItemsSchema.safeParse({ itemIds: ids(500), change: { pos: false } }).success).toBe(true);
    expect(messages(bulkUpdateItemsSchema.safeParse({ itemIds: ids(501), change: { pos: false } }))).toEqual([
      ['itemIds', 'A bulk change holds at most 500 items'],
    ]);
    expect(messages(bulkUpdateItemsSchema.safeParse({ itemIds: [], change: { pos: false } }))).toEqual([
      ['itemIds', 'Choose at least one item'],
    ]);
    expect(messages(bulkUpdateItemsSchema.safeParse({ itemIds: [3, 4, 3], change: { pos: false } }))).toEqual(
      [['itemIds.2', 'Item with ID 3 is listed more than once']],
    );
    expect(messages(bulkUpdateItemsSchema.safeParse({ itemIds: [1], change: {} }))).toEqual([
      ['change', 'Choose a change to make'],
    ]);
  });

  it("checks the change's fields with the item's own messages", () => {
    expect(messages(bulkUpdateItemsSchema.safeParse({ itemIds: [1], change: { basePrice: -2 } }))).toEqual([
      ['change.basePrice', 'Base price cannot be negative'],
    ]);
    expect(messages(bulkUpdateItemsSchema.safeParse({ itemIds: [1], change: { taxRateIds: [0] } }))).toEqual([
      ['change.taxRateIds.0', 'Tax rate IDs must be a list of positive integer IDs'],
    ]);
    expect(messages(bulkUpdateItemsSchema.safeParse({ itemIds: [1], change: { soldOut: 'yes' } }))).toEqual([
      ['change.soldOut', 'soldOut must be true or false'],
    ]);
  });
});

describe('createItemInMenuGroupsSchema', () => {
  it('validates the item as a create does and defaults the groups to none', () => {
    expect(createItemInMenuGroupsSchema.parse({ item: { name: 'Tea', basePrice: 2 } }).menuGroupIds).toEqual(
      [],
    );
    expect(messages(createItemInMenuGroupsSchema.safeParse({ item: { name: '', basePrice: 2 } }))).toEqual([
      ['item.name', 'Item name cannot be empty'],
    ]);
  });
});

it('names the pricing that keeps an item out of a bulk price', () => {
  expect(notBasePricedMessage(4, 'size')).toBe(
    'Item with ID 4 is priced by size; set its prices on the item',
  );
  expect(notBasePricedMessage(5, 'open')).toBe(
    'Item with ID 5 is priced by open price; set its prices on the item',
  );
});
