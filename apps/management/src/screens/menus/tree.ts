/**
 * The menu builder's tree logic, kept free of React so it can be unit-tested: the tree of a menu from the
 * flat menu-group list, and the writes that reorder, add and remove items and subgroups.
 *
 * Ordering follows the server (decision 008): subgroups by position then id, items by position then their
 * order in the list. A reorder renumbers the siblings 0..n-1 and writes only the ones whose position changed.
 */

export interface GroupLike {
  menuGroupId: number;
  parentId?: number | null | undefined;
  position: number;
  items: readonly ItemRefLike[];
}

export interface ItemRefLike {
  itemId: number;
  position: number;
  isRequired: boolean;
}

export interface MenuTreeNode<G extends GroupLike> {
  group: G;
  depth: number;
  children: MenuTreeNode<G>[];
  /** The group's item references, in display order. */
  items: ItemRefLike[];
}

export const byPositionThenId = <G extends { position: number; menuGroupId: number }>(a: G, b: G) =>
  a.position - b.position || a.menuGroupId - b.menuGroupId;

/** Item references in display order: position, then their order in the stored list. */
export function sortedItemRefs(refs: readonly ItemRefLike[]): ItemRefLike[] {
  return refs
    .map((ref, index) => ({ ref, index }))
    .sort((a, b) => a.ref.position - b.ref.position || a.index - b.index)
    .map(({ ref }) => ref);
}

/** The parent groups (menus), by position. */
export function parentGroups<G extends GroupLike>(groups: readonly G[]): G[] {
  return groups.filter((g) => g.parentId === undefined || g.parentId === null).sort(byPositionThenId);
}

/** A group's tree from the flat list; null when the group is not there. A cycle is cut where it closes. */
export function buildMenuTree<G extends GroupLike>(
  groups: readonly G[],
  rootId: number,
): MenuTreeNode<G> | null {
  const byId = new Map(groups.map((g) => [g.menuGroupId, g]));
  const children = new Map<number, G[]>();
  for (const group of groups) {
    if (group.parentId === undefined || group.parentId === null) continue;
    const list = children.get(group.parentId) ?? [];
    list.push(group);
    children.set(group.parentId, list);
  }
  const seen = new Set<number>();
  const build = (group: G, depth: number): MenuTreeNode<G> => {
    seen.add(group.menuGroupId);
    const kids = (children.get(group.menuGroupId) ?? [])
      .filter((child) => !seen.has(child.menuGroupId))
      .sort(byPositionThenId);
    return {
      group,
      depth,
      items: sortedItemRefs(group.items),
      children: kids.map((child) => build(child, depth + 1)),
    };
  };
  const root = byId.get(rootId);
  return root ? build(root, 0) : null;
}

/** Every group id under a node (not the node itself). */
export function descendantIds<G extends GroupLike>(node: MenuTreeNode<G>): number[] {
  return node.children.flatMap((child) => [child.group.menuGroupId, ...descendantIds(child)]);
}

/** Counts for a node's summary line. */
export function countTree<G extends GroupLike>(node: MenuTreeNode<G>): { groups: number; items: number } {
  return node.children.reduce(
    (total, child) => {
      const sub = countTree(child);
      return { groups: total.groups + 1 + sub.groups, items: total.items + sub.items };
    },
    { groups: 0, items: node.items.length },
  );
}

/** Moves one entry of a list; out-of-range moves return the list unchanged (as a copy). */
export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  if (from < 0 || from >= copy.length || to < 0 || to >= copy.length || from === to) return copy;
  const [moved] = copy.splice(from, 1);
  copy.splice(to, 0, moved as T);
  return copy;
}

/** A group's item references after moving one, renumbered 0..n-1 (the PATCH body's `items`). */
export function reorderItemRefs(refs: readonly ItemRefLike[], from: number, to: number): ItemRefLike[] {
  return renumber(moveInList(sortedItemRefs(refs), from, to));
}

const renumber = (refs: readonly ItemRefLike[]): ItemRefLike[] =>
  refs.map((ref, position) => ({ itemId: ref.itemId, position, isRequired: ref.isRequired }));

/** Adds items at the end of a group; ones already there are left where they are. */
export function addItemRefs(refs: readonly ItemRefLike[], itemIds: readonly number[]): ItemRefLike[] {
  const sorted = sortedItemRefs(refs);
  const present = new Set(sorted.map((ref) => ref.itemId));
  const added = [...new Set(itemIds)].filter((id) => !present.has(id));
  return renumber([...sorted, ...added.map((itemId) => ({ itemId, position: 0, isRequired: false }))]);
}

/** A group's item references without one item (unlinking it from the group). */
export function removeItemRef(refs: readonly ItemRefLike[], itemId: number): ItemRefLike[] {
  return renumber(sortedItemRefs(refs).filter((ref) => ref.itemId !== itemId));
}

/**
 * The position writes for siblings (menus, or one group's subgroups) after moving one: the siblings are
 * renumbered 0..n-1 in their new order and only those whose position changes are written.
 */
export function siblingPositionPatches<G extends { menuGroupId: number; position: number }>(
  siblings: readonly G[],
  from: number,
  to: number,
): { id: number; patch: { position: number } }[] {
  const ordered = moveInList([...siblings].sort(byPositionThenId), from, to);
  return ordered.flatMap((group, position) =>
    group.position === position ? [] : [{ id: group.menuGroupId, patch: { position } }],
  );
}

/** The position for a new last sibling. */
export const nextPosition = (siblings: readonly { position: number }[]): number =>
  siblings.reduce((max, s) => Math.max(max, s.position + 1), 0);

/** A place a group's item or subgroup can be moved to: a group of the menu, at its depth in the tree. */
export interface MoveTarget<G extends GroupLike> {
  group: G;
  depth: number;
}

/**
 * The groups of a menu in display order (the menu first), for the "Move to…" choices. `without` leaves out
 * a group and everything under it: a subgroup cannot move inside itself or its own subgroups.
 */
export function moveTargets<G extends GroupLike>(tree: MenuTreeNode<G>, without?: number): MoveTarget<G>[] {
  if (tree.group.menuGroupId === without) return [];
  return [
    { group: tree.group, depth: tree.depth },
    ...tree.children.flatMap((child) => moveTargets(child, without)),
  ];
}

/** The item references of both groups after moving one item to the end of another group (renumbered). */
export function moveItemRefBetween(
  from: readonly ItemRefLike[],
  to: readonly ItemRefLike[],
  itemId: number,
): { from: ItemRefLike[]; to: ItemRefLike[] } {
  const moved = from.find((ref) => ref.itemId === itemId);
  if (!moved || to.some((ref) => ref.itemId === itemId)) return { from: [...from], to: [...to] };
  return {
    from: removeItemRef(from, itemId),
    to: renumber([...sortedItemRefs(to), moved]),
  };
}

/** Every group in menu order (each menu, then its groups depth first), with its depth (0 = a menu). */
export function menuOutline<G extends GroupLike>(groups: readonly G[]): { group: G; depth: number }[] {
  const walk = (node: MenuTreeNode<G>): { group: G; depth: number }[] => [
    { group: node.group, depth: node.depth },
    ...node.children.flatMap(walk),
  ];
  return parentGroups(groups).flatMap((menu) => {
    const tree = buildMenuTree(groups, menu.menuGroupId);
    return tree ? walk(tree) : [];
  });
}
