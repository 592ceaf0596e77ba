import { z } from 'zod';
import { multilineText, requiredText, text } from '../text';
import {
  type CrossFieldRule,
  checkRules,
  displayNumberSchema,
  entityIdSchema,
  guidSchema,
  idListSchema,
  moneyAmount,
  nonNegativeNumber,
  timestampFields,
} from './fields';
import { imageRefSchema } from './image-ref';
import { modifierGroupReferenceSchema } from './modifier-group';

/** Item: pricingStrategy base | size | open, default base. */
export const ITEM_PRICING_STRATEGIES = ['base', 'size', 'open'] as const;
export type ItemPricingStrategy = (typeof ITEM_PRICING_STRATEGIES)[number];

// --- Size price -----------------------------------------------------------------------------------------

// The spec only says price defaults to 0; a negative size price is refused like a negative basePrice. What is
// sent is bounded (docs/behaviour/catalogue.md#money-and-rates); a stored one is read as it was written.
const sizePriceFields = {
  number: displayNumberSchema,
  name: requiredText('Size/price name cannot be empty'),
};

/**
 * Size price: id, guid, number, name, price. Size prices live inside their item and have no
 * counter, so their ids are local to the item.
 */
export const sizePriceSchema = z.object({
  ...sizePriceFields,
  price: nonNegativeNumber('Price').default(0),
  id: entityIdSchema('Size price ID'),
  guid: guidSchema,
});
export type SizePrice = z.infer<typeof sizePriceSchema>;

/** A size price as sent with its item: id and guid are filled in by the use-case when absent. */
export const sizePriceInputSchema = z.object({
  ...sizePriceFields,
  price: moneyAmount('Price').default(0),
  id: entityIdSchema('Size price ID').optional(),
  guid: guidSchema.optional(),
});
export type SizePriceInput = z.input<typeof sizePriceInputSchema>;

// --- Item -----------------------------------------------------------------------------------------------

interface PricingFields {
  pricingStrategy?: ItemPricingStrategy;
  basePrice?: number;
  sizePrice?: readonly unknown[];
  openPrice?: boolean;
}

// The pricing strategy decides which price fields are required.
const pricingRules: readonly CrossFieldRule<PricingFields>[] = [
  {
    reads: ['pricingStrategy', 'basePrice'],
    path: 'basePrice',
    message: 'Base pricing strategy requires a valid base price',
    // basePrice itself is checked to be a number >= 0; here it only has to be there.
    holds: (v) => v.pricingStrategy !== 'base' || v.basePrice !== undefined,
  },
  {
    reads: ['pricingStrategy', 'sizePrice'],
    path: 'sizePrice',
    message: 'Size pricing strategy requires at least one size price',
    holds: (v) => v.pricingStrategy !== 'size' || (v.sizePrice?.length ?? 0) > 0,
  },
  {
    reads: ['pricingStrategy', 'openPrice'],
    path: 'openPrice',
    message: 'Open pricing strategy requires openPrice to be enabled',
    holds: (v) => v.pricingStrategy !== 'open' || v.openPrice === true,
  },
];

const pricingStrategySchema = z.enum(ITEM_PRICING_STRATEGIES, {
  error: 'Pricing strategy must be base, size or open',
});

// orderingRules must be absent.
const orderingRulesSchema = z.undefined({ error: 'Ordering rules are not supported on items' }).optional();

// The editable fields without defaults, so that a partial update fills nothing in.
const editableFields = {
  number: displayNumberSchema,
  name: requiredText('Item name cannot be empty'),
  calories: nonNegativeNumber('Calories').nullable().optional(),
  posName: text().optional(),
  posColor: text().optional(),
  posDescription: multilineText().optional(),
  customerDescription: multilineText().optional(),
  // A URL or an optimised-image JSON string; an item's failure is worded 'Invalid image URL'.
  imageUrl: imageRefSchema('Invalid image URL').optional(),
  plu: text().optional(),
  sku: text().optional(),
  containsAlcohol: z.boolean(),
  pricingStrategy: pricingStrategySchema,
  basePrice: moneyAmount('Base price').optional(),
  sizePrice: z.array(sizePriceSchema),
  openPrice: z.boolean(),
  kitchenName: text().optional(),
  kdsColor: text().optional(),
  modifierGroups: z.array(modifierGroupReferenceSchema),
  prepStationIds: idListSchema('Prep station IDs'),
  courseId: entityIdSchema('Course ID').optional(),
  salesCategoryId: entityIdSchema('Sales category ID').optional(),
  taxRateIds: idListSchema('Tax rate IDs'),
  taxInclusion: z.boolean(),
  takeoutTaxException: z.boolean(),
  orderingRules: orderingRulesSchema,
  pos: z.boolean(),
  kiosk: z.boolean(),
  onlineOrdering: z.boolean(),
  customerInvoices: z.boolean(),
  onlineOrderingPartners: z.boolean(),
  tagIds: idListSchema('Tag IDs'),
};

// An item's defaults; unspecified lists start empty.
const defaultedFields = {
  containsAlcohol: z.boolean().default(false),
  pricingStrategy: pricingStrategySchema.default('base'),
  sizePrice: z.array(sizePriceSchema).default([]),
  openPrice: z.boolean().default(false),
  modifierGroups: z.array(modifierGroupReferenceSchema).default([]),
  prepStationIds: idListSchema('Prep station IDs').default([]),
  taxRateIds: idListSchema('Tax rate IDs').default([]),
  taxInclusion: z.boolean().default(false),
  takeoutTaxException: z.boolean().default(false),
  pos: z.boolean().default(true),
  kiosk: z.boolean().default(true),
  onlineOrdering: z.boolean().default(true),
  customerInvoices: z.boolean().default(true),
  onlineOrderingPartners: z.boolean().default(true),
  tagIds: idListSchema('Tag IDs').default([]),
};

/** A stored item; fields a record lacks are completed with the defaults. */
export const itemSchema = z
  .object({
    ...editableFields,
    ...defaultedFields,
    // read as it was written (docs/behaviour/catalogue.md#money-and-rates)
    basePrice: nonNegativeNumber('Base price').optional(),
    itemId: entityIdSchema('Item ID'),
    guid: guidSchema,
    ...timestampFields,
  })
  .superRefine(checkRules(pricingRules, 'whole'));
export type Item = z.infer<typeof itemSchema>;

/**
 * Create and batch create validate each item; itemId and guid are used when both are
 * supplied, otherwise the counter issues them. Size prices may come without id and guid.
 */
export const createItemInputSchema = z
  .object({
    ...editableFields,
    ...defaultedFields,
    sizePrice: z.array(sizePriceInputSchema).default([]),
    itemId: entityIdSchema('Item ID').optional(),
    guid: guidSchema.optional(),
  })
  .superRefine(checkRules(pricingRules, 'whole'));
export type CreateItemInput = z.input<typeof createItemInputSchema>;
export type CreateItemData = z.output<typeof createItemInputSchema>;

/**
 * An update merges the changes into the stored item. Omitted fields stay as stored; a list, when
 * sent, replaces the stored one. Pricing rules the patch alone cannot decide are checked on the merged item
 * with itemSchema.
 */
export const updateItemInputSchema = z
  .object({ ...editableFields, sizePrice: z.array(sizePriceInputSchema) })
  .partial()
  .superRefine(checkRules(pricingRules, 'patch'));
export type UpdateItemInput = z.input<typeof updateItemInputSchema>;
export type UpdateItemData = z.output<typeof updateItemInputSchema>;
