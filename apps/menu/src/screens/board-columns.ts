import type { Jsonify } from '@brigade/api-client/client';
import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';

type Group = Jsonify<ResolvedMenuGroup>;
type Pricing = Pick<Group, 'pricingType' | 'fixedPrice' | 'discountPercentage'>;

/** A group without its own pricing type follows the fixed/discount pricing of the group above it. */
const pricingOf = (group: Group, above: Pricing): Pricing =>
  group.pricingType && group.pricingType !== 'standard' ? group : above;

/**
 * One unit of the menu board's column layout: a group with its own items, or a subgroup (with whatever is
 * below it). A block never breaks across columns, so no column opens mid-list under no heading.
 */
export interface BoardBlock {
  group: Group;
  /** 3: a group of the menu; 4: a subgroup (pulled out of its parent so columns may break between them). */
  level: 3 | 4;
  /** The fixed/discount pricing that applies when the group has none of its own (from above it). */
  parent: Pricing;
  /** Rough height in lines of text, for balancing the columns. */
  weight: number;
}

/** A group shows only when it or a group below it has an item: empty sections are noise on a menu board. */
export const hasItems = (group: Group): boolean => group.items.length > 0 || group.subgroups.some(hasItems);

const itemWeight = (reference: Group['items'][number]): number => {
  const { item } = reference;
  let lines = 1.6; // name and price, plus the gap to the next item
  if (item.customerDescription) lines += 0.8;
  if (item.pricingStrategy === 'size') lines += 0.8;
  if (item.calories != null || item.tags.length > 0) lines += 0.8;
  lines += 0.9 * item.modifierGroups.length;
  return lines;
};

const groupWeight = (group: Group): number =>
  2 + // heading and the space below the group
  (group.description ? 1 : 0) +
  group.items.reduce((sum, reference) => sum + itemWeight(reference), 0) +
  group.subgroups.filter(hasItems).reduce((sum, sub) => sum + groupWeight(sub), 0);

/**
 * The blocks of a menu, in reading order: the menu's own items first (under its name), then each group;
 * a group with subgroups becomes its own items plus one block per subgroup.
 */
export function boardBlocks(root: Group): BoardBlock[] {
  const blocks: BoardBlock[] = [];
  const top = root.items.length > 0 ? [{ ...root, subgroups: [] }, ...root.subgroups] : root.subgroups;
  for (const group of top.filter(hasItems)) {
    const subgroups = group.subgroups.filter(hasItems);
    if (subgroups.length === 0) {
      blocks.push({ group, level: 3, parent: root, weight: groupWeight(group) });
      continue;
    }
    const head = { ...group, subgroups: [] };
    blocks.push({ group: head, level: 3, parent: root, weight: groupWeight(head) });
    const pricing = pricingOf(group, root);
    for (const sub of subgroups)
      blocks.push({ group: sub, level: 4, parent: pricing, weight: groupWeight(sub) });
  }
  return blocks;
}

/**
 * Splits blocks into at most `columns` runs, keeping their order (a menu reads down one column, then the
 * next), so that the tallest column is as short as it can be (dynamic programming over the split points;
 * a board has tens of blocks). A subgroup heading that would end a column with nothing under it of its
 * parent is fine: every block carries its own heading.
 */
export function balanceColumns<T extends { weight: number }>(blocks: readonly T[], columns: number): T[][] {
  const k = Math.max(1, Math.min(columns, blocks.length));
  if (blocks.length === 0) return [];
  const prefix = [0];
  for (const block of blocks) prefix.push((prefix.at(-1) ?? 0) + block.weight);
  const sum = (from: number, to: number) => (prefix[to] ?? 0) - (prefix[from] ?? 0);
  const n = blocks.length;
  // best[c][i]: the smallest tallest column placing the first i blocks in c columns; cut[c][i]: where the last starts
  const best = Array.from({ length: k + 1 }, () => new Array<number>(n + 1).fill(Number.POSITIVE_INFINITY));
  const cut = Array.from({ length: k + 1 }, () => new Array<number>(n + 1).fill(0));
  (best[0] as number[])[0] = 0;
  for (let c = 1; c <= k; c += 1) {
    for (let i = 1; i <= n; i += 1) {
      for (let j = c - 1; j < i; j += 1) {
        const tallest = Math.max(best[c - 1]?.[j] ?? Number.POSITIVE_INFINITY, sum(j, i));
        if (tallest < (best[c]?.[i] ?? Number.POSITIVE_INFINITY)) {
          (best[c] as number[])[i] = tallest;
          (cut[c] as number[])[i] = j;
        }
      }
    }
  }
  const result: T[][] = [];
  let end = n;
  for (let c = k; c >= 1; c -= 1) {
    const start = cut[c]?.[end] ?? 0;
    result.unshift(blocks.slice(start, end));
    end = start;
  }
  return result.filter((column) => column.length > 0);
}

/** How many columns of at least `minWidth` px fit in `width` px with `gap` px between them. */
export const columnCount = (width: number, minWidth: number, gap: number): number =>
  Math.max(1, Math.floor((width + gap) / (minWidth + gap)));
