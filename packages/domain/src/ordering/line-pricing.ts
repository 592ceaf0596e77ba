import type { FieldError } from '../errors';
import type { OrderableModifierGroup, PricableItem } from './orderable';

/**
 * Pricing one cart line against the item as it is (docs/behaviour/ordering.md#the-cart). Free of zod, so the
 * guest's browser runs the very same code to show prices while the server's result is the one charged.
 */

/** What a cart line names (cart.ts validates it; the browser builds it). */
export interface CartLine {
  itemId: number;
  sizeId?: number | undefined;
  quantity: number;
  modifiers: { modifierGroupId: number; modifierId: number; quantity: number }[];
  notes?: string | undefined;
  /** An open-priced item's price for one unit, cents (the register only: online items have prices). */
  openPrice?: number | undefined;
}

/** A line as priced: what the order, the receipt and the kitchen keep. */
export interface PricedModifier {
  modifierGroupId: number;
  groupName: string;
  modifierId: number;
  name: string;
  quantity: number;
  /** Per unit of the item, for this modifier's quantity. */
  price: number;
}

export interface PricedLine {
  itemId: number;
  name: string;
  kitchenName?: string | undefined;
  sizeId?: number | undefined;
  sizeName?: string | undefined;
  quantity: number;
  /** The item's (or size's) price, one unit. */
  unitPrice: number;
  modifiers: PricedModifier[];
  /** What the modifier groups add to one unit (individual and group prices). */
  modifierCharge: number;
  /** quantity × (unitPrice + modifierCharge). */
  lineTotal: number;
  notes?: string | undefined;
  prepStationIds: number[];
  courseId?: number | undefined;
  // How the line is taxed (totals.ts).
  taxRateIds: number[];
  taxInclusion: boolean;
  takeoutTaxException: boolean;
  /** What the reports group the line by (the sales ledger). */
  salesCategoryId?: number | undefined;
  menuGroupId?: number | undefined;
}

export const ITEM_UNAVAILABLE = 'This item is not available for online ordering at the pickup time';
export const soldOutMessage = (name: string) => `${name} is sold out`;
export const SIZE_REQUIRED = (name: string) => `Choose a size for ${name}`;
export const SIZE_UNKNOWN = (name: string) => `That size is not offered for ${name}`;
export const SIZE_NOT_OFFERED = (name: string) => `${name} has no sizes to choose from`;
export const OPEN_PRICE_REQUIRED = (name: string) => `Enter a price for ${name}`;
export const SET_PRICE = (name: string) => `${name} has a set price`;
export const MODIFIER_OUTSIDE_GROUP = 'That choice is not an option of this item';
export const tooFewMessage = (group: OrderableModifierGroup) =>
  group.minSelection === 1
    ? `Choose an option in ${group.name}`
    : `Choose at least ${group.minSelection} options in ${group.name}`;
export const tooManyMessage = (group: OrderableModifierGroup) =>
  group.maxSelection === 1
    ? `Choose only one option in ${group.name}`
    : `Choose at most ${group.maxSelection} options in ${group.name}`;
export const duplicateMessage = (name: string, group: string) =>
  `${name} can be chosen only once in ${group}`;

/**
 * Prices one cart line against the item as it is now. Problems come back as field errors under `path`
 * (e.g. `lines.2.modifiers.0`), all of them, so the guest sees every one at once.
 */
export function priceLine(
  line: CartLine,
  item: PricableItem | undefined,
  path: string,
): { line: PricedLine } | { errors: FieldError[] } {
  if (!item) return { errors: [{ path: `${path}.itemId`, message: ITEM_UNAVAILABLE }] };
  if (item.soldOut) return { errors: [{ path: `${path}.itemId`, message: soldOutMessage(item.name) }] };
  const errors: FieldError[] = [];
  if (line.openPrice !== undefined && item.pricingStrategy !== 'open')
    errors.push({ path: `${path}.openPrice`, message: SET_PRICE(item.name) });
  let unitPrice = item.price;
  let size: { id: number; name: string; price: number } | undefined;
  if (item.pricingStrategy === 'size') {
    size = item.sizes.find((s) => s.id === line.sizeId);
    if (line.sizeId === undefined) errors.push({ path: `${path}.sizeId`, message: SIZE_REQUIRED(item.name) });
    else if (!size) errors.push({ path: `${path}.sizeId`, message: SIZE_UNKNOWN(item.name) });
    else unitPrice = size.price;
  } else if (item.pricingStrategy === 'open') {
    if (line.sizeId !== undefined)
      errors.push({ path: `${path}.sizeId`, message: SIZE_NOT_OFFERED(item.name) });
    if (line.openPrice === undefined)
      errors.push({ path: `${path}.openPrice`, message: OPEN_PRICE_REQUIRED(item.name) });
    else unitPrice = line.openPrice;
  } else if (line.sizeId !== undefined) {
    errors.push({ path: `${path}.sizeId`, message: SIZE_NOT_OFFERED(item.name) });
  }
  const modifiers = priceModifiers(line, item, path, errors);
  if (errors.length > 0) return { errors };
  const modifierCharge = modifiers.charge;
  return {
    line: {
      itemId: item.itemId,
      name: item.name,
      kitchenName: item.kitchenName,
      ...(size ? { sizeId: size.id, sizeName: size.name } : {}),
      quantity: line.quantity,
      unitPrice,
      modifiers: modifiers.chosen,
      modifierCharge,
      lineTotal: line.quantity * (unitPrice + modifierCharge),
      notes: line.notes || undefined,
      prepStationIds: item.prepStationIds,
      courseId: item.courseId,
      taxRateIds: item.taxRateIds,
      taxInclusion: item.taxInclusion,
      takeoutTaxException: item.takeoutTaxException,
      ...(item.salesCategoryId === undefined ? {} : { salesCategoryId: item.salesCategoryId }),
      ...(item.menuGroupId === undefined ? {} : { menuGroupId: item.menuGroupId }),
    },
  };
}

/** The line's modifiers checked against each group's rules, priced per unit of the item. */
function priceModifiers(
  line: CartLine,
  item: PricableItem,
  path: string,
  errors: FieldError[],
): { chosen: PricedModifier[]; charge: number } {
  const chosen: PricedModifier[] = [];
  const counts = new Map<number, number>();
  line.modifiers.forEach((pick, index) => {
    const group = item.modifierGroups.find((g) => g.modifierGroupId === pick.modifierGroupId);
    const modifier = group?.modifiers.find((m) => m.id === pick.modifierId);
    if (!group || !modifier) {
      errors.push({ path: `${path}.modifiers.${index}`, message: MODIFIER_OUTSIDE_GROUP });
      return;
    }
    const twice = chosen.some(
      (c) => c.modifierGroupId === group.modifierGroupId && c.modifierId === modifier.id,
    );
    if (!group.allowDuplicates && (pick.quantity > 1 || twice)) {
      errors.push({
        path: `${path}.modifiers.${index}`,
        message: duplicateMessage(modifier.name, group.name),
      });
      // Counted once, so the group's own limits do not also complain about it.
      if (!twice) counts.set(group.modifierGroupId, (counts.get(group.modifierGroupId) ?? 0) + 1);
      return;
    }
    counts.set(group.modifierGroupId, (counts.get(group.modifierGroupId) ?? 0) + pick.quantity);
    chosen.push({
      modifierGroupId: group.modifierGroupId,
      groupName: group.name,
      modifierId: modifier.id,
      name: modifier.name,
      quantity: pick.quantity,
      price: modifier.price * pick.quantity,
    });
  });
  let charge = chosen.reduce((sum, c) => sum + c.price, 0);
  for (const group of item.modifierGroups) {
    const count = counts.get(group.modifierGroupId) ?? 0;
    if (count < group.minSelection) errors.push({ path: `${path}.modifiers`, message: tooFewMessage(group) });
    else if (group.maxSelection !== null && count > group.maxSelection)
      errors.push({ path: `${path}.modifiers`, message: tooManyMessage(group) });
    if (count > 0) charge += group.groupPrice;
  }
  return { chosen, charge };
}
