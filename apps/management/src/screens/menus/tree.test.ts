import { describe, expect, it } from 'vitest';
import {
  addItemRefs,
  buildMenuTree,
  countTree,
  descendantIds,
  type GroupLike,
  menuOutline,
  moveInList,
  moveItemRefBetween,
  moveTargets,
  nextPosition,
  parentGroups,
  removeItemRef,
  reorderItemRefs,
  siblingPositionPatches,
} from './tree';

const group = (menuGroupId: number, parentId: number | null, position: number, itemIds: number[] = []) =>
  ({
    menuGroupId,
    parentId,
    position,
    items: itemIds.map((itemId, index) => ({ itemId, position: index, isRequired: false })),
  }) satisfies GroupLike;

describe('menu tree', () => {
  const groups = [
    group(1, null, 1),
    group(2, null, 0),
    group(3, 1, 5, [10, 11]),
    group(4, 1, 5),
    group(5, 1, 2),
    group(6, 3, 0, [12]),
  ];

  it('lists parent groups by position then id', () => {
    expect(parentGroups(groups).map((g) => g.menuGroupId)).toEqual([2, 1]);
  });

  it('nests subgroups by position then id, with items in position order', () => {
    const tree = buildMenuTree(groups, 1);
    expect(tree?.children.map((c) => c.group.menuGroupId)).toEqual([5, 3, 4]);
    const three = tree?.children[1];
    expect(three?.depth).toBe(1);
    expect(three?.items.map((i) => i.itemId)).toEqual([10, 11]);
    expect(three?.children[0]?.group.menuGroupId).toBe(6);
    expect(three?.children[0]?.depth).toBe(2);
    expect(descendantIds(tree!)).toEqual([5, 3, 6, 4]);
    expect(countTree(tree!)).toEqual({ groups: 4, items: 3 });
  });

  it('returns null for a missing group and cuts a cycle', () => {
    expect(buildMenuTree(groups, 99)).toBeNull();
    const cyclic = [group(1, 2, 0), group(2, 1, 0)];
    const tree = buildMenuTree(cyclic, 1);
    expect(tree?.children.map((c) => c.group.menuGroupId)).toEqual([2]);
    expect(tree?.children[0]?.children).toEqual([]);
  });

  it('sorts item references by position, keeping list order on ties', () => {
    const g = {
      ...group(7, null, 0),
      items: [
        { itemId: 1, position: 3, isRequired: false },
        { itemId: 2, position: 1, isRequired: true },
        { itemId: 3, position: 1, isRequired: false },
      ],
    };
    expect(buildMenuTree([g], 7)?.items.map((i) => i.itemId)).toEqual([2, 3, 1]);
  });
});

describe('reordering', () => {
  it('moves within a list and ignores moves out of range', () => {
    expect(moveInList(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveInList(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveInList(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveInList(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });

  it('renumbers item references after a move', () => {
    const refs = [
      { itemId: 10, position: 0, isRequired: false },
      { itemId: 11, position: 4, isRequired: true },
      { itemId: 12, position: 9, isRequired: false },
    ];
    expect(reorderItemRefs(refs, 2, 0)).toEqual([
      { itemId: 12, position: 0, isRequired: false },
      { itemId: 10, position: 1, isRequired: false },
      { itemId: 11, position: 2, isRequired: true },
    ]);
  });

  it('adds items at the end once, and removes one', () => {
    const refs = [{ itemId: 10, position: 3, isRequired: false }];
    expect(addItemRefs(refs, [11, 10, 11])).toEqual([
      { itemId: 10, position: 0, isRequired: false },
      { itemId: 11, position: 1, isRequired: false },
    ]);
    expect(removeItemRef(addItemRefs(refs, [11, 12]), 11)).toEqual([
      { itemId: 10, position: 0, isRequired: false },
      { itemId: 12, position: 1, isRequired: false },
    ]);
  });

  it('writes only the sibling positions that change', () => {
    const siblings = [group(5, 1, 0), group(3, 1, 1), group(4, 1, 2)];
    expect(siblingPositionPatches(siblings, 2, 1)).toEqual([
      { id: 4, patch: { position: 1 } },
      { id: 3, patch: { position: 2 } },
    ]);
    // Equal positions (never renumbered yet): ties go by id, and only the moved one changes.
    const tied = [group(9, null, 0), group(8, null, 0)];
    expect(siblingPositionPatches(tied, 0, 1)).toEqual([{ id: 8, patch: { position: 1 } }]);
    expect(nextPosition(siblings)).toBe(3);
    expect(nextPosition([])).toBe(0);
  });
});

describe('moving between groups', () => {
  const groups = [
    group(1, null, 0),
    group(2, 1, 1, [10]),
    group(3, 1, 0, [11, 12]),
    group(4, 2, 0),
    group(5, 4, 0),
    group(6, 3, 0),
  ];
  const tree = buildMenuTree(groups, 1)!;
  const targets = (without?: number) => moveTargets(tree, without).map((t) => [t.group.menuGroupId, t.depth]);

  it('lists the menu and its groups in display order with their depth', () => {
    expect(targets()).toEqual([
      [1, 0],
      [3, 1],
      [6, 2],
      [2, 1],
      [4, 2],
      [5, 3],
    ]);
  });

  it('leaves out a group and everything under it', () => {
    expect(targets(2)).toEqual([
      [1, 0],
      [3, 1],
      [6, 2],
    ]);
    expect(targets(1)).toEqual([]);
  });

  it('moves an item reference to the end of the other group, keeping isRequired', () => {
    const from = [
      { itemId: 11, position: 0, isRequired: true },
      { itemId: 12, position: 4, isRequired: false },
    ];
    const to = [{ itemId: 10, position: 3, isRequired: false }];
    expect(moveItemRefBetween(from, to, 11)).toEqual({
      from: [{ itemId: 12, position: 0, isRequired: false }],
      to: [
        { itemId: 10, position: 0, isRequired: false },
        { itemId: 11, position: 1, isRequired: true },
      ],
    });
    // Already in the target, or not in the source: nothing changes.
    expect(
      moveItemRefBetween(from, [...to, { itemId: 11, position: 1, isRequired: false }], 11).from,
    ).toEqual(from);
    expect(moveItemRefBetween(from, to, 99)).toEqual({ from, to });
  });
});

describe('menu outline (the new item\'s "Add to menu groups")', () => {
  it('lists each menu by position, then its groups depth first by position, with their depth', () => {
    const groups = [group(1, null, 1), group(2, null, 0), group(3, 1, 5), group(4, 1, 2), group(5, 4, 0)];
    expect(menuOutline(groups).map(({ group: g, depth }) => [g.menuGroupId, depth])).toEqual([
      [2, 0],
      [1, 0],
      [4, 1],
      [5, 2],
      [3, 1],
    ]);
  });

  it('leaves out groups whose parent is missing, and cuts a cycle', () => {
    const groups = [group(1, null, 0), group(2, 9, 0), group(3, 4, 0), group(4, 3, 0)];
    expect(menuOutline(groups).map(({ group: g }) => g.menuGroupId)).toEqual([1]);
  });
});
