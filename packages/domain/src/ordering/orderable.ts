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
}

/** The rules a modifier group has for one item: the reference's own values first, the group's otherwise. */
export function orderableGroupOf(reference: ResolvedModifierGroupReference): OrderableModifierGroup | null {
  const group = reference.modifierGroup;
  if (!group.isActive || !group.onlineOrdering) return null;
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
    groupPrice: group.pricingStrategy === 'Group' ? centsOf(group.groupPrice ?? 0) : 0,
    modifiers: group.modifiers.map((modifier) => ({
      id: modifier.id,
      name: modifier.name,
      price: group.pricingStrategy === 'Individual' ? centsOf(modifier.price ?? 0) : 0,
      ...(modifier.calories === undefined ? {} : { calories: modifier.calories }),
    })),
  };
}

/** The item as ordering offers it, or null when it cannot be ordered online (channel off, open price). */
export function orderableItemOf(item: ResolvedItem, soldOut: ReadonlySet<number>): OrderableItem | null {
  if (!item.onlineOrdering || item.pricingStrategy === 'open') return null;
  if (item.pricingStrategy === 'size' && item.sizePrice.length === 0) return null;
  return {
    itemId: item.itemId,
    name: item.name,
    description: item.customerDescription,
    imageUrl: item.imageUrl,
    calories: item.calories,
    containsAlcohol: item.containsAlcohol,
    pricingStrategy: item.pricingStrategy,
    price: item.pricingStrategy === 'base' ? centsOf(item.basePrice ?? 0) : 0,
    sizes: item.sizePrice.map((size) => ({ id: size.id, name: size.name, price: centsOf(size.price) })),
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
  };
}
