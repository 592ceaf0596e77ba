import { describe, expect, it } from 'vitest';
import { websiteConfigSchema } from '../website-config';
import { itemIdsOf, itemShowing, soldOutDisplayOf, withoutHiddenItems } from './sold-out';

interface Group {
  name: string;
  items: { itemId: number }[];
  subgroups: Group[];
}
const group = (name: string, ids: number[], subgroups: Group[] = []): Group => ({
  name,
  items: ids.map((itemId) => ({ itemId })),
  subgroups,
});

describe('the 86 rule (issue 45 item 5)', () => {
  it('shows an item as usual, marked sold out or not at all', () => {
    const soldOut = new Set([7]);
    expect(itemShowing(3, soldOut, 'mark')).toBe('available');
    expect(itemShowing(3, soldOut, 'hide')).toBe('available');
    expect(itemShowing(7, soldOut, 'mark')).toBe('sold-out');
    expect(itemShowing(7, soldOut, 'hide')).toBe('hidden');
    expect(itemShowing(7, soldOut, undefined)).toBe('sold-out');
  });

  it("reads a stored website configuration without the setting as 'mark'", () => {
    expect(soldOutDisplayOf({})).toBe('mark');
    expect(soldOutDisplayOf(undefined)).toBe('mark');
    expect(soldOutDisplayOf({ soldOutDisplay: 'hide' })).toBe('hide');
    expect(soldOutDisplayOf(websiteConfigSchema.parse({}))).toBe('mark');
    expect(websiteConfigSchema.parse({ soldOutDisplay: 'hide' }).soldOutDisplay).toBe('hide');
    expect(websiteConfigSchema.safeParse({ soldOutDisplay: 'grey' }).error?.issues[0]?.message).toBe(
      'soldOutDisplay must be one of mark, hide',
    );
  });

  it('leaves hidden items out of a menu to any depth, and keeps the very menu when nothing goes', () => {
    const menu = group(
      'Dinner',
      [1],
      [group('Mains', [2, 7]), group('Sides', [3], [group('Dips', [7])]), group('Drinks', [4])],
    );
    const hidden = withoutHiddenItems(menu, new Set([7]), 'hide');
    expect(itemIdsOf(hidden)).toEqual(new Set([1, 2, 3, 4]));
    expect(hidden.subgroups[1]!.subgroups[0]!.items).toEqual([]);
    // a group without hidden items is the same object
    expect(hidden.subgroups[0]).not.toBe(menu.subgroups[0]);
    expect(hidden.subgroups[2]).toBe(menu.subgroups[2]);
    expect(withoutHiddenItems(menu, new Set([7]), 'mark')).toBe(menu);
    expect(withoutHiddenItems(menu, new Set(), 'hide')).toBe(menu);
    expect(withoutHiddenItems(menu, new Set([99]), 'hide')).toBe(menu);
    expect(itemIdsOf(menu)).toEqual(new Set([1, 2, 7, 3, 4]));
  });
});
