import type { ModifierGroup } from '@brigade/domain/catalogue/modifier-group';
import type { ResolvedItem, ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';

/** Prices on the display, by the item's pricing strategy and the group's pricing type. */

const formatters = new Map<string, Intl.NumberFormat>();
export function formatMoney(amount: number, currency = 'USD', locale = 'en-US'): string {
  const key = `${locale}:${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    try {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' });
    }
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

export type GroupPricing = Pick<ResolvedMenuGroup, 'pricingType' | 'fixedPrice' | 'discountPercentage'>;

/** What a price line shows: one price, a list of sizes, or a text such as "Market price". */
export type ItemPriceView =
  | { kind: 'none' }
  | { kind: 'text'; text: string }
  | { kind: 'single'; price: string; original?: string }
  | { kind: 'sizes'; sizes: { name: string; price: string; original?: string }[] };

const discounted = (amount: number, percent: number) => Math.round(amount * (100 - percent)) / 100;

/**
 * The price of an item inside a group: base → its base price; size → each size with its price; open →
 * "Market price". A fixed-price group shows the group's price instead (items show none); a discount group
 * shows the reduced price beside the original.
 */
export function itemPriceView(
  item: Pick<ResolvedItem, 'pricingStrategy'> & Partial<Pick<ResolvedItem, 'basePrice' | 'sizePrice'>>,
  group: GroupPricing | undefined,
  currency: string,
): ItemPriceView {
  if (group?.pricingType === 'fixed') return { kind: 'none' };
  const percent =
    group?.pricingType === 'discount' && group.discountPercentage ? group.discountPercentage : undefined;
  const money = (amount: number) =>
    percent === undefined
      ? { price: formatMoney(amount, currency) }
      : {
          price: formatMoney(discounted(amount, percent), currency),
          original: formatMoney(amount, currency),
        };
  switch (item.pricingStrategy) {
    case 'open':
      return { kind: 'text', text: 'Market price' };
    case 'size': {
      const sizes = item.sizePrice ?? [];
      if (sizes.length === 0) return { kind: 'none' };
      return { kind: 'sizes', sizes: sizes.map((size) => ({ name: size.name, ...money(size.price) })) };
    }
    default:
      return item.basePrice === undefined ? { kind: 'none' } : { kind: 'single', ...money(item.basePrice) };
  }
}

/** A group's own price line: "Fixed price $25.00" or "15% off". */
export function groupPriceLabel(group: GroupPricing, currency: string): string | null {
  if (group.pricingType === 'fixed' && group.fixedPrice !== undefined)
    return `Fixed price ${formatMoney(group.fixedPrice, currency)}`;
  if (group.pricingType === 'discount' && group.discountPercentage) return `${group.discountPercentage}% off`;
  return null;
}

/**
 * A modifier group as the display lists it: its name, the price rule ('No charge' shows no prices,
 * Individual each modifier's own, Group one price for any choice), and the modifiers.
 */
export interface ModifierGroupReferenceView {
  isRequired?: boolean | undefined;
  modifierGroup: Pick<ModifierGroup, 'name' | 'selectionRequirement' | 'pricingStrategy' | 'groupPrice'> & {
    modifiers?: { id: number; guid?: string | undefined; name: string; price?: number | null | undefined }[];
  };
}

export function modifierGroupView(reference: ModifierGroupReferenceView, currency: string) {
  const group = reference.modifierGroup;
  const required = reference.isRequired ?? group.selectionRequirement === 'Required';
  const groupPrice =
    group.pricingStrategy === 'Group' && group.groupPrice
      ? `+${formatMoney(group.groupPrice, currency)}`
      : null;
  const modifiers = (group.modifiers ?? []).map((modifier) => {
    const amount = modifier.price ?? 0;
    const price =
      group.pricingStrategy === 'Individual' && amount !== 0
        ? `${amount > 0 ? '+' : '−'}${formatMoney(Math.abs(amount), currency)}`
        : null;
    return { key: modifier.guid ?? String(modifier.id), name: modifier.name, price };
  });
  return { name: group.name, required, groupPrice, modifiers };
}

export const caloriesLabel = (calories: number | null | undefined) =>
  calories === null || calories === undefined ? null : `${calories} Cal`;
