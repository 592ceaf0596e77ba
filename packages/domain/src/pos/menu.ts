import type { ResolvedItem, ResolvedMenuGroup } from '../catalogue/resolved-menu';
import { chargedCents, groupRulesOf } from '../ordering/orderable';
import type { PosItem, PosMenuGroup } from './api';

/**
 * The register's menu (docs/behaviour/pos.md#the-register-menu): the menu groups visible in the POS, with
 * the items on the POS channel — under their POS names and colours, open-priced items included (the cashier
 * enters the price), sold-out items kept and marked (the one 86 list online ordering uses). A modifier group
 * is offered when it is active and on the POS; it is asked for as the item is rung up when it is required or
 * its "include POS prompt" is on.
 */

/**
 * Who sells: the register, or a self-order kiosk (docs/behaviour/kiosk.md). A kiosk reads the groups visible
 * in the kiosk and the items and modifier groups on the kiosk channel, under their guest-facing names; it
 * offers every modifier group on the item's page and leaves open-priced items out (a guest sets no price).
 */
export type SellingChannel = 'pos' | 'kiosk';

/** The item as the register sells it, or null when it is not on the POS or its price is out of bounds. */
export function posItemOf(
  item: ResolvedItem,
  soldOut: ReadonlySet<number>,
  menuGroupId: number,
  channel: SellingChannel = 'pos',
): PosItem | null {
  const kiosk = channel === 'kiosk';
  if (kiosk ? !item.kiosk || item.pricingStrategy === 'open' : !item.pos) return null;
  const price = item.pricingStrategy === 'base' ? chargedCents(item.basePrice ?? 0) : 0;
  const sizes = item.sizePrice.flatMap((size) => {
    const cents = chargedCents(size.price);
    return cents === null ? [] : [{ id: size.id, name: size.name, price: cents }];
  });
  if (price === null || (item.pricingStrategy === 'size' && sizes.length === 0)) return null;
  const modifierGroups = [...item.modifierGroups]
    .sort((a, b) => a.position - b.position)
    .flatMap((reference) => {
      const group = reference.modifierGroup;
      if (!group.isActive || !(kiosk ? group.kiosk : group.pos)) return [];
      const rules = groupRulesOf(reference);
      return rules ? [{ ...rules, prompt: kiosk || group.includePosPrompt || rules.minSelection > 0 }] : [];
    });
  return {
    itemId: item.itemId,
    name: item.name,
    buttonLabel: kiosk ? item.name : item.posName?.trim() || item.name,
    ...(item.posColor ? { buttonColor: item.posColor } : {}),
    ...(kiosk && item.customerDescription ? { description: item.customerDescription } : {}),
    pricingStrategy: item.pricingStrategy,
    price,
    sizes,
    modifierGroups,
    soldOut: soldOut.has(item.itemId),
    containsAlcohol: item.containsAlcohol,
    prepStationIds: item.prepStationIds,
    ...(item.courseId === undefined ? {} : { courseId: item.courseId }),
    taxRateIds: item.taxRateIds,
    taxInclusion: item.taxInclusion,
    takeoutTaxException: item.takeoutTaxException,
    ...(item.salesCategoryId === undefined || item.salesCategoryId === null
      ? {}
      : { salesCategoryId: item.salesCategoryId }),
    menuGroupId,
    ...(item.kitchenName ? { kitchenName: item.kitchenName } : {}),
  };
}

/** A menu group as the register (or a kiosk) shows it (null when nothing in it is on the channel). */
export function posGroupOf(
  group: ResolvedMenuGroup,
  soldOut: ReadonlySet<number>,
  channel: SellingChannel = 'pos',
): PosMenuGroup | null {
  const kiosk = channel === 'kiosk';
  const items = [...group.items]
    .sort((a, b) => a.position - b.position)
    .flatMap((reference) => {
      const item = posItemOf(reference.item, soldOut, group.menuGroupId, channel);
      return item ? [item] : [];
    });
  const groups = [...group.subgroups]
    .filter((child) => (kiosk ? child.visibleInKiosk : child.visibleInPOS) && child.isActive !== false)
    .sort((a, b) => a.position - b.position)
    .map((child) => posGroupOf(child, soldOut, channel))
    .filter((child): child is PosMenuGroup => child !== null);
  if (items.length === 0 && groups.length === 0) return null;
  return {
    menuGroupId: group.menuGroupId,
    name: kiosk ? group.name : group.posName?.trim() || group.name,
    ...(group.buttonColor ? { buttonColor: group.buttonColor } : {}),
    items,
    groups,
  };
}

/** Every item of a register menu by id (what a sale is priced against). */
export function posItemsById(menus: readonly PosMenuGroup[]): Map<number, PosItem> {
  const byId = new Map<number, PosItem>();
  const walk = (group: PosMenuGroup) => {
    for (const item of group.items) if (!byId.has(item.itemId)) byId.set(item.itemId, item);
    group.groups.forEach(walk);
  };
  menus.forEach(walk);
  return byId;
}

/** Quick cash amounts for a total: the exact amount, then the next whole dollar and notes above it. */
export function cashPresetsFor(total: number): number[] {
  const presets = [total];
  const nextDollar = Math.ceil(total / 100) * 100;
  for (const step of [nextDollar, 500, 1000, 2000, 5000, 10000]) {
    const amount = step === nextDollar ? step : Math.ceil(total / step) * step;
    if (amount > total && !presets.includes(amount)) presets.push(amount);
    if (presets.length >= 4) break;
  }
  return presets;
}

/** The change due for cash handed over, or null when it does not cover the total. */
export const changeDue = (total: number, tendered: number): number | null =>
  tendered >= total ? tendered - total : null;
