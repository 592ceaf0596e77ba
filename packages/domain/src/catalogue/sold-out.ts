/**
 * Sold out ("86") on the screens diners read (issue 45 item 5): the public menu pages and their JSON-LD, the
 * home page's menu preview and the menu display. The restaurant's 86 list is the one online ordering and the
 * register use (ordering_settings.sold_out_item_ids); the website setting `soldOutDisplay` says whether a
 * sold-out item stays on those screens marked "Sold out" (`mark`, the default) or leaves them (`hide`).
 */
export const SOLD_OUT_DISPLAYS = ['mark', 'hide'] as const;
export type SoldOutDisplay = (typeof SOLD_OUT_DISPLAYS)[number];
export const DEFAULT_SOLD_OUT_DISPLAY: SoldOutDisplay = 'mark';

/** How an item shows: as usual, marked "Sold out", or not at all. */
export type ItemShowing = 'available' | 'sold-out' | 'hidden';

/** The website's setting; a stored configuration without it (written before it existed) reads as `mark`. */
export const soldOutDisplayOf = (
  config: { soldOutDisplay?: SoldOutDisplay | undefined } | null | undefined,
): SoldOutDisplay => (config?.soldOutDisplay === 'hide' ? 'hide' : DEFAULT_SOLD_OUT_DISPLAY);

/** The one rule: an item on the 86 list is hidden or marked by the setting; any other item shows as usual. */
export function itemShowing(
  itemId: number,
  soldOut: ReadonlySet<number>,
  display: SoldOutDisplay | undefined,
): ItemShowing {
  if (!soldOut.has(itemId)) return 'available';
  return display === 'hide' ? 'hidden' : 'sold-out';
}

/** The shape of a resolved menu the rule reads (the menu display has it as JSON, dates as strings). */
interface MenuLike<G> {
  items: readonly { itemId: number }[];
  subgroups: readonly G[];
}

/**
 * A resolved menu without the items the rule hides (to any depth). Groups left empty stay (the caller prunes
 * them as it does groups empty for other reasons). Nothing hidden: the very same menu (callers key work on it).
 */
export function withoutHiddenItems<G extends MenuLike<G>>(
  menu: G,
  soldOut: ReadonlySet<number>,
  display: SoldOutDisplay | undefined,
): G {
  if (display !== 'hide' || soldOut.size === 0) return menu;
  const visit = (group: G): G => {
    const items = group.items.filter((ref) => !soldOut.has(ref.itemId));
    const subgroups = group.subgroups.map(visit);
    const unchanged =
      items.length === group.items.length && subgroups.every((sub, i) => sub === group.subgroups[i]);
    return unchanged ? group : { ...group, items, subgroups };
  };
  return visit(menu);
}

/** The ids of a menu's items (to any depth): what of the 86 list concerns it. */
export function itemIdsOf<G extends MenuLike<G>>(menu: G): Set<number> {
  const ids = new Set<number>();
  const visit = (group: G) => {
    for (const ref of group.items) ids.add(ref.itemId);
    group.subgroups.forEach(visit);
  };
  visit(menu);
  return ids;
}
