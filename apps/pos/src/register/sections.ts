import type { Item, Menu } from '../queries';

/**
 * A menu as the register's tabs show it: the menu's own items first (if any), then each group, nested
 * groups flattened in menu order with the path to them ("From the Wood Grill › Sides"). Groups without
 * items of their own are left out (their subgroups still show).
 */
export interface Section {
  key: string;
  name: string;
  /** The groups above it inside the menu, outermost first. */
  path: string[];
  buttonColor: string | undefined;
  items: Item[];
}

export function sectionsOf(menu: Menu): Section[] {
  const sections: Section[] = [];
  if (menu.items.length > 0)
    sections.push({
      key: `g${menu.menuGroupId}`,
      name: menu.name,
      path: [],
      buttonColor: menu.buttonColor,
      items: menu.items,
    });
  const visit = (group: Menu, path: string[], inherited: string | undefined) => {
    const color = group.buttonColor ?? inherited;
    if (group.items.length > 0)
      sections.push({
        key: `g${group.menuGroupId}`,
        name: group.name,
        path,
        buttonColor: color,
        items: group.items,
      });
    for (const child of group.groups) visit(child, [...path, group.name], color);
  };
  for (const group of menu.groups) visit(group, [], menu.buttonColor);
  return sections;
}

/** Menus that have something to sell. */
export const sellingMenus = (menus: readonly Menu[]): Menu[] =>
  menus.filter((menu) => sectionsOf(menu).length > 0);

/** Items whose name or button label holds every word of `query`, each item once, in menu order. */
export function searchItems(menus: readonly Menu[], query: string): Item[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const seen = new Set<number>();
  const found: Item[] = [];
  const visit = (group: Menu) => {
    for (const item of group.items) {
      if (seen.has(item.itemId)) continue;
      const text = `${item.name} ${item.buttonLabel}`.toLowerCase();
      if (words.every((word) => text.includes(word))) {
        seen.add(item.itemId);
        found.push(item);
      }
    }
    for (const child of group.groups) visit(child);
  };
  for (const menu of menus) visit(menu);
  return found;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A #rrggbb colour as it is, a #rgb one written out; anything else is no colour. */
export function hexColour(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (HEX.test(trimmed)) return trimmed.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(trimmed))
    return `#${[1, 2, 3].map((i) => trimmed[i]!.repeat(2)).join('')}`.toLowerCase();
  return undefined;
}

/** What a button says an item costs: its price, its sizes' range, or that the cashier enters it. */
export function priceLabel(item: Item, money: (cents: number) => string): string {
  if (item.pricingStrategy === 'open') return 'Open price';
  if (item.pricingStrategy === 'size' && item.sizes.length > 0) {
    const prices = item.sizes.map((s) => s.price);
    const [low, high] = [Math.min(...prices), Math.max(...prices)];
    return low === high ? money(low) : `${money(low)}–${money(high)}`;
  }
  return money(item.price);
}

/** Whether tapping the item asks for choices first (sizes, open price, required or prompted groups). */
export const needsChoices = (item: Item): boolean =>
  item.pricingStrategy !== 'base' ||
  item.modifierGroups.some((group) => group.minSelection > 0 || group.prompt);
