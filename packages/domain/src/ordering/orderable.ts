import { MONEY_MAX } from '../catalogue/fields';
import type { ModifierPricingStrategy } from '../catalogue/modifier-group';
import type { ResolvedItem, ResolvedModifierGroupReference } from '../catalogue/resolved-menu';
import { centsOf } from './rounding';

/**
 * An item as online ordering offers it (docs/behaviour/ordering.md#what-guests-can-order): prices in cents,
 * the modifier groups that are active and on the online-ordering channel, each with the selection rules that
 * apply to this item (the item's reference overrides the group's own). Open-priced items are not offered
 * online: a guest cannot name their own price.
 */
export interface OrderableModifier {
  id: number;
  name: string;
  /** What one of it adds to one unit of the item ('Individual' pricing; 0 otherwise). */
  price: number;
  calories?: number | null | undefined;
}

export interface OrderableModifierGroup {
  modifierGroupId: number;
  name: string;
  /** 0 for an optional group. */
  minSelection: number;
  /** null: no upper limit. */
  maxSelection: number | null;
  allowDuplicates: boolean;
  pricingStrategy: ModifierPricingStrategy;
  /** 'Group' pricing: what choosing anything in the group adds to one unit, once. */
  groupPrice: number;
  modifiers: OrderableModifier[];
}

export interface OrderableSize {
  id: number;
  name: string;
  price: number;
}

export interface OrderableItem {
  itemId: number;
  name: string;
  description?: string | undefined;
  imageUrl?: string | undefined;
  calories?: number | null | undefined;
  containsAlcohol: boolean;
  /** 'base': `price`; 'size': one of `sizes` must be chosen. */
  pricingStrategy: 'base' | 'size';
  price: number;
  sizes: OrderableSize[];
  modifierGroups: OrderableModifierGroup[];
  soldOut: boolean;
  // What the kitchen and the tax need; not shown to guests.
  kitchenName?: string | undefined;
  prepStationIds: number[];
  courseId?: number | undefined;
  taxRateIds: number[];
  taxInclusion: boolean;
  takeoutTaxException: boolean;
  // What the reports group sales by (the sales ledger): the item's sales category, the menu group it is in.
  salesCategoryId?: number | undefined;
  menuGroupId?: number | undefined;
}

/** An item a line can be priced against: online's, or the register's, where 'open' takes the line's price. */
export type PricableItem = Omit<OrderableItem, 'pricingStrategy'> & {
  pricingStrategy: 'base' | 'size' | 'open';
};

const MAX_PRICE_CENTS = Math.round(MONEY_MAX * 100);

/**
 * A catalogue price as ordering charges it, in cents; null when it is beyond what the catalogue takes
 * (docs/behaviour/catalogue.md#money-and-rates: a record written before the bound, or by hand). A price
 * below zero, which modifiers once allowed, counts as nothing: a line never takes money off the order.
 */
export function chargedCents(price: number): number | null {
  if (!Number.isFinite(price) || price > MONEY_MAX) return null;
  const cents = centsOf(price);
  return cents > MAX_PRICE_CENTS ? null : Math.max(0, cents);
}

/** The rules a modifier group has for one item: the reference's own values first, the group's otherwise. */
export function orderableGroupOf(reference: ResolvedModifierGroupReference): OrderableModifierGroup | null {
  const group = reference.modifierGroup;
  if (!group.isActive || !group.onlineOrdering) return null;
  return groupRulesOf(reference);
}

/** A modifier group's rules and prices for one item, whatever the channel. */
export function groupRulesOf(reference: ResolvedModifierGroupReference): OrderableModifierGroup | null {
  const group = reference.modifierGroup;
  const groupPrice = group.pricingStrategy === 'Group' ? chargedCents(group.groupPrice ?? 0) : 0;
  // A price beyond the bound is not offered: the group (or the modifier) is left out.
  if (groupPrice === null) return null;
  const required = reference.isRequired ?? group.selectionRequirement === 'Required';
  const multiple = reference.allowMultipleSelection ?? group.allowMultipleSelection;
  const min = required ? Math.max(1, reference.minSelection ?? group.minSelection) : 0;
  const max = multiple ? (reference.maxSelection ?? group.maxSelection ?? null) : 1;
  return {
    modifierGroupId: group.modifierGroupId,
    name: group.name,
    minSelection: max === null ? min : Math.min(min, max),
    maxSelection: max,
    allowDuplicates: multiple && (reference.allowDuplicateSelection ?? group.allowDuplicateSelection),
    pricingStrategy: group.pricingStrategy,
    groupPrice,
    modifiers: group.modifiers.flatMap((modifier) => {
      const price = group.pricingStrategy === 'Individual' ? chargedCents(modifier.price ?? 0) : 0;
      if (price === null) return [];
      return [
        {
          id: modifier.id,
          name: modifier.name,
          price,
          ...(modifier.calories === undefined ? {} : { calories: modifier.calories }),
        },
      ];
    }),
  };
}

/** The item as ordering offers it, or null when it cannot be ordered online (channel off, open price). */
export function orderableItemOf(item: ResolvedItem, soldOut: ReadonlySet<number>): OrderableItem | null {
  if (!item.onlineOrdering || item.pricingStrategy === 'open') return null;
  const price = item.pricingStrategy === 'base' ? chargedCents(item.basePrice ?? 0) : 0;
  const sizes = item.sizePrice.flatMap((size) => {
    const cents = chargedCents(size.price);
    return cents === null ? [] : [{ id: size.id, name: size.name, price: cents }];
  });
  if (price === null || (item.pricingStrategy === 'size' && sizes.length === 0)) return null;
  return {
    itemId: item.itemId,
    name: item.name,
    description: item.customerDescription,
    imageUrl: item.imageUrl,
    calories: item.calories,
    containsAlcohol: item.containsAlcohol,
    pricingStrategy: item.pricingStrategy,
    price,
    sizes,
    modifierGroups: [...item.modifierGroups]
      .sort((a, b) => a.position - b.position)
      .map(orderableGroupOf)
      .filter((group): group is OrderableModifierGroup => group !== null),
    soldOut: soldOut.has(item.itemId),
    kitchenName: item.kitchenName,
    prepStationIds: item.prepStationIds,
    courseId: item.courseId,
    taxRateIds: item.taxRateIds,
    taxInclusion: item.taxInclusion,
    takeoutTaxException: item.takeoutTaxException,
    ...(item.salesCategoryId === undefined || item.salesCategoryId === null
      ? {}
      : { salesCategoryId: item.salesCategoryId }),
  };
}
