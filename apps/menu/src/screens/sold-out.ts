import { itemShowing, type SoldOutDisplay, soldOutDisplayOf } from '@brigade/domain/catalogue/sold-out';
import { createContext, useContext, useMemo } from 'react';

/**
 * The 86 rule on the menu display (issue 45 item 5): the menu's items on the restaurant's 86 list (sent with
 * the menu) and the website's soldOutDisplay (from the restaurant's details). The board leaves out what the
 * rule hides (withoutHiddenItems) and each item reads here whether to wear the "Sold out" mark.
 */
export interface SoldOutRule {
  soldOut: ReadonlySet<number>;
  display: SoldOutDisplay;
}

export const SoldOutContext = createContext<SoldOutRule>({ soldOut: new Set(), display: 'mark' });

export function useSoldOutRule(
  ids: readonly number[] | undefined,
  websiteConfig: { soldOutDisplay?: SoldOutDisplay | undefined } | undefined,
): SoldOutRule {
  const display = soldOutDisplayOf(websiteConfig);
  const key = (ids ?? []).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list by value (a poll brings a new array)
  return useMemo(() => ({ soldOut: new Set(ids ?? []), display }), [key, display]);
}

/** Whether an item of the board is shown marked "Sold out". */
export function useSoldOut(itemId: number): boolean {
  const rule = useContext(SoldOutContext);
  return itemShowing(itemId, rule.soldOut, rule.display) === 'sold-out';
}
