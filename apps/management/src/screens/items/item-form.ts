import { createItemInputSchema, type ItemPricingStrategy } from '@brigade/domain/catalogue/item';
import { optionalNumber, optionalText, withoutUndefined } from '@brigade/ui/app-kit/form-values';
import { z } from 'zod';
import type { ItemRecord } from '../../catalogue-kit/catalogue-api';
import { changedMergePatch } from '../../components/merge-patch';
import { type MoneyFormat, plainMoney } from '../../components/money';

/**
 * The item editor's form. Validated with the server's createItemInputSchema after blanks
 * become "not set", so the pricing-strategy rules and every message are the server's own: base needs a base
 * price, size needs a size price, open needs openPrice.
 */

export interface SizePriceFormValue {
  id?: number | undefined;
  guid?: string | undefined;
  number?: string | undefined;
  name: string;
  price?: number | undefined;
}

export interface ModifierGroupRefFormValue {
  modifierGroupId: number;
  position: number;
  isRequired?: boolean | undefined;
  minSelection?: number | undefined;
  maxSelection?: number | undefined;
  allowMultipleSelection?: boolean | undefined;
  allowDuplicateSelection?: boolean | undefined;
}

export interface ItemFormValues {
  name: string;
  number: string;
  posName: string;
  posColor: string;
  posDescription: string;
  customerDescription: string;
  kitchenName: string;
  kdsColor: string;
  plu: string;
  sku: string;
  calories?: number | undefined;
  imageUrl: string | null;
  containsAlcohol: boolean;
  pricingStrategy: ItemPricingStrategy;
  basePrice?: number | undefined;
  sizePrice: SizePriceFormValue[];
  openPrice: boolean;
  modifierGroups: ModifierGroupRefFormValue[];
  prepStationIds: number[];
  taxRateIds: number[];
  tagIds: number[];
  courseId?: number | undefined;
  salesCategoryId?: number | undefined;
  taxInclusion: boolean;
  takeoutTaxException: boolean;
  pos: boolean;
  kiosk: boolean;
  onlineOrdering: boolean;
  customerInvoices: boolean;
  onlineOrderingPartners: boolean;
}

export const PRICING_STRATEGY_LABELS: Record<ItemPricingStrategy, string> = {
  base: 'One price',
  size: 'Price per size',
  open: 'Open price',
};

const TEXT_FIELDS = [
  'number',
  'posName',
  'posColor',
  'posDescription',
  'customerDescription',
  'kitchenName',
  'kdsColor',
  'plu',
  'sku',
] as const;

export function itemFormValues(item?: Partial<ItemRecord> | null): ItemFormValues {
  return {
    name: item?.name ?? '',
    number: item?.number ?? '',
    posName: item?.posName ?? '',
    posColor: item?.posColor ?? '',
    posDescription: item?.posDescription ?? '',
    customerDescription: item?.customerDescription ?? '',
    kitchenName: item?.kitchenName ?? '',
    kdsColor: item?.kdsColor ?? '',
    plu: item?.plu ?? '',
    sku: item?.sku ?? '',
    calories: item?.calories ?? undefined,
    imageUrl: item?.imageUrl ?? null,
    containsAlcohol: item?.containsAlcohol ?? false,
    pricingStrategy: item?.pricingStrategy ?? 'base',
    basePrice: item?.basePrice ?? undefined,
    sizePrice: (item?.sizePrice ?? []).map((size) => ({
      id: size.id,
      guid: size.guid,
      number: size.number,
      name: size.name,
      price: size.price,
    })),
    openPrice: item?.openPrice ?? false,
    modifierGroups: (item?.modifierGroups ?? []).map((ref) => ({ ...ref })),
    prepStationIds: [...(item?.prepStationIds ?? [])],
    taxRateIds: [...(item?.taxRateIds ?? [])],
    tagIds: [...(item?.tagIds ?? [])],
    courseId: item?.courseId ?? undefined,
    salesCategoryId: item?.salesCategoryId ?? undefined,
    taxInclusion: item?.taxInclusion ?? false,
    takeoutTaxException: item?.takeoutTaxException ?? false,
    pos: item?.pos ?? true,
    kiosk: item?.kiosk ?? true,
    onlineOrdering: item?.onlineOrdering ?? true,
    customerInvoices: item?.customerInvoices ?? true,
    onlineOrderingPartners: item?.onlineOrderingPartners ?? true,
  };
}

/** The form's values as the API's fields: blank texts and numbers are absent; modifier groups renumbered. */
export function normaliseItemForm(values: ItemFormValues): Record<string, unknown> {
  const texts = Object.fromEntries(TEXT_FIELDS.map((field) => [field, optionalText(values[field])]));
  return {
    ...texts,
    name: values.name,
    calories: optionalNumber(values.calories),
    imageUrl: values.imageUrl ?? undefined,
    containsAlcohol: values.containsAlcohol,
    pricingStrategy: values.pricingStrategy,
    basePrice: optionalNumber(values.basePrice),
    sizePrice: values.sizePrice.map((size) =>
      withoutUndefined({
        id: size.id,
        guid: size.guid,
        number: optionalText(size.number),
        name: size.name,
        price: optionalNumber(size.price),
      }),
    ),
    openPrice: values.openPrice,
    modifierGroups: values.modifierGroups.map((ref, position) =>
      withoutUndefined({
        ...ref,
        position,
        minSelection: optionalNumber(ref.minSelection),
        maxSelection: optionalNumber(ref.maxSelection),
      }),
    ),
    prepStationIds: values.prepStationIds,
    taxRateIds: values.taxRateIds,
    tagIds: values.tagIds,
    courseId: optionalNumber(values.courseId),
    salesCategoryId: optionalNumber(values.salesCategoryId),
    taxInclusion: values.taxInclusion,
    takeoutTaxException: values.takeoutTaxException,
    pos: values.pos,
    kiosk: values.kiosk,
    onlineOrdering: values.onlineOrdering,
    customerInvoices: values.customerInvoices,
    onlineOrderingPartners: values.onlineOrderingPartners,
  };
}

export const itemFormSchema = z.preprocess(
  (values) => normaliseItemForm(values as ItemFormValues),
  createItemInputSchema,
);

export const ITEM_FORM_FIELDS = [
  'name',
  ...TEXT_FIELDS,
  'calories',
  'imageUrl',
  'containsAlcohol',
  'pricingStrategy',
  'basePrice',
  'sizePrice',
  'openPrice',
  'modifierGroups',
  'prepStationIds',
  'taxRateIds',
  'tagIds',
  'courseId',
  'salesCategoryId',
  'taxInclusion',
  'takeoutTaxException',
  'pos',
  'kiosk',
  'onlineOrdering',
  'customerInvoices',
  'onlineOrderingPartners',
] as const;

/** The create body (original null) or the merge patch of an update. */
export function itemBody(original: ItemRecord | null, values: ItemFormValues): Record<string, unknown> {
  return changedMergePatch(
    normaliseItemForm(values),
    original as unknown as Record<string, unknown>,
    ITEM_FORM_FIELDS,
  );
}

/** The price shown in lists: the base price, the size range, or "Open price" (`money`: see useMoney). */
export function priceSummary(
  item: Pick<ItemRecord, 'pricingStrategy' | 'basePrice' | 'sizePrice'>,
  money: MoneyFormat = plainMoney,
): string {
  if (item.pricingStrategy === 'open') return 'Open price';
  if (item.pricingStrategy === 'size') {
    const prices = item.sizePrice.map((s) => s.price);
    if (prices.length === 0) return '';
    const low = Math.min(...prices);
    const high = Math.max(...prices);
    return low === high ? money(low) : `${money(low)}–${money(high)}`;
  }
  return item.basePrice === undefined || item.basePrice === null ? '' : money(item.basePrice);
}

export type ItemStatusFilter = 'all' | 'pos' | 'kiosk' | 'onlineOrdering' | 'hidden';

export interface ItemFilter {
  search: string;
  menuGroupId: number | null;
  tagId: number | null;
  status: ItemStatusFilter;
}

/** The items list's search and filters: text (name, POS name, PLU, SKU, number), menu group, tag, channel. */
export function filterItems<
  T extends Pick<
    ItemRecord,
    | 'itemId'
    | 'name'
    | 'tagIds'
    | 'pos'
    | 'kiosk'
    | 'onlineOrdering'
    | 'onlineOrderingPartners'
    | 'customerInvoices'
  > &
    Partial<Pick<ItemRecord, 'posName' | 'plu' | 'sku' | 'number'>>,
>(
  items: readonly T[],
  filter: ItemFilter,
  itemIdsOfGroup: (menuGroupId: number) => ReadonlySet<number>,
): T[] {
  const needle = filter.search.trim().toLowerCase();
  const inGroup = filter.menuGroupId === null ? null : itemIdsOfGroup(filter.menuGroupId);
  return items.filter((item) => {
    if (needle) {
      const haystack = [item.name, item.posName, item.plu, item.sku, item.number]
        .filter(Boolean)
        .join(' ')
        .toLowerCase();
      if (!haystack.includes(needle)) return false;
    }
    if (inGroup && !inGroup.has(item.itemId)) return false;
    if (filter.tagId !== null && !item.tagIds.includes(filter.tagId)) return false;
    switch (filter.status) {
      case 'all':
        return true;
      case 'hidden':
        return (
          !item.pos &&
          !item.kiosk &&
          !item.onlineOrdering &&
          !item.onlineOrderingPartners &&
          !item.customerInvoices
        );
      default:
        return item[filter.status];
    }
  });
}
