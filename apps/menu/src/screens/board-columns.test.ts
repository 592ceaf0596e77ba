import type { Jsonify } from '@brigade/api-client/client';
import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import { describe, expect, it } from 'vitest';
import { balanceColumns, boardBlocks, columnCount } from './board-columns';

type Group = Jsonify<ResolvedMenuGroup>;
let nextId = 1;
const item = (name: string, extra: Record<string, unknown> = {}) =>
  ({
    itemId: nextId,
    position: nextId++,
    item: { itemId: nextId, name, pricingStrategy: 'base', tags: [], modifierGroups: [], ...extra },
  }) as unknown as Group['items'][number];
const group = (name: string, items: Group['items'], subgroups: Group[] = [], extra = {}): Group =>
  ({ menuGroupId: nextId++, name, items, subgroups, ...extra }) as unknown as Group;

describe('menu board columns', () => {
  it('makes a block per group, and splits a group with subgroups into its own items and each subgroup', () => {
    const oysters = group('Oysters', [item('Kumamoto')]);
    const empty = group('Nothing here', []);
    const root = group(
      'All Day',
      [item('Bread')],
      [
        group('Raw Bar', [item('Crab cakes'), item('Calamari')], [oysters, empty]),
        group('Grill', [item('Ribeye'), item('Burger')]),
        empty,
      ],
    );
    const blocks = boardBlocks(root);
    expect(blocks.map((b) => [b.group.name, b.level])).toEqual([
      ['All Day', 3],
      ['Raw Bar', 3],
      ['Oysters', 4],
      ['Grill', 3],
    ]);
    // the split-off head carries no subgroups (they are blocks of their own)
    expect(blocks[1]?.group.subgroups).toEqual([]);
    // a described item with modifiers weighs more than a bare one
    const [bare, rich] = boardBlocks(
      group(
        'M',
        [],
        [
          group('A', [item('x')]),
          group('B', [item('y', { customerDescription: 'long', modifierGroups: [{}, {}] })]),
        ],
      ),
    );
    expect(rich?.weight ?? 0).toBeGreaterThan(bare?.weight ?? 0);
  });

  it('keeps a subgroup under the pricing of the group above it when it has none of its own', () => {
    const sub = group('Sides', [item('Fries')]);
    const fixed = group('Prix fixe', [item('Soup')], [sub], { pricingType: 'fixed', fixedPrice: 40 });
    const [, sides] = boardBlocks(group('Dinner', [], [fixed]));
    expect(sides?.parent).toMatchObject({ pricingType: 'fixed', fixedPrice: 40 });
  });

  it('balances whole blocks over the columns in reading order, the tallest column as short as possible', () => {
    const w = (...weights: number[]) => weights.map((weight, index) => ({ id: index, weight }));
    const ids = (columns: { id: number }[][]) => columns.map((column) => column.map((b) => b.id));
    expect(ids(balanceColumns(w(5, 5, 5, 5), 2))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // one tall group: the split that makes the tallest column shortest (17 or 16 otherwise)
    const heights = (columns: { weight: number }[][]) =>
      columns.map((column) => column.reduce((sum, block) => sum + block.weight, 0));
    expect(ids(balanceColumns(w(2, 2, 12, 3), 2))).toEqual([
      [0, 1],
      [2, 3],
    ]);
    const three = balanceColumns(w(9, 1, 1, 1, 1, 1), 3);
    expect(ids(three)[0]).toEqual([0]);
    expect(Math.max(...heights(three))).toBe(9);
    // never more columns than blocks, never an empty column; no blocks, no columns
    expect(balanceColumns(w(3, 4), 4)).toHaveLength(2);
    expect(balanceColumns([], 3)).toEqual([]);
    // order is kept
    expect(ids(balanceColumns(w(1, 2, 3, 4, 5, 6, 7), 3)).flat()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('fits as many columns of the minimum width as the screen allows', () => {
    expect(columnCount(390, 416, 40)).toBe(1);
    expect(columnCount(1200, 416, 40)).toBe(2);
    expect(columnCount(1900, 416, 40)).toBe(4);
  });
});
