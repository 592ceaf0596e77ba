import { z } from 'zod';
import { entityIdSchema, idListSchema, moneyAmount } from './fields';
import { createItemInputSchema } from './item';

/**
 * Work on items that spans records (issue 23 item 5; docs/behaviour/catalogue.md#bulk-changes-to-items):
 * creating an item straight into menu groups, and one change applied to many items at once. Both are single
 * writes: all or nothing.
 */

/** The most items one bulk change names: a page of the list (decision 012's page size is 500 too). */
export const MAX_BULK_ITEMS = 500;

export const BULK_TOO_MANY = `A bulk change holds at most ${MAX_BULK_ITEMS} items`;
export const BULK_NO_ITEMS = 'Choose at least one item';
export const BULK_NO_CHANGE = 'Choose a change to make';
export const duplicateItemMessage = (id: number) => `Item with ID ${id} is listed more than once`;
export const duplicateMenuGroupMessage = (id: number) => `Menu group with ID ${id} is listed more than once`;
/** A price set for many items applies to base-priced ones only: sizes and open prices stay on the item. */
export const notBasePricedMessage = (id: number, strategy: string) =>
  `Item with ID ${id} is priced by ${strategy === 'size' ? 'size' : 'open price'}; set its prices on the item`;

/** The channel flags of an item (pos, kiosk, onlineOrdering, customerInvoices, onlineOrderingPartners). */
export const ITEM_CHANNEL_FLAGS = [
  'pos',
  'kiosk',
  'onlineOrdering',
  'customerInvoices',
  'onlineOrderingPartners',
] as const;
export type ItemChannelFlag = (typeof ITEM_CHANNEL_FLAGS)[number];

/**
 * One change for many items. Every field is optional and those sent are applied together: `basePrice` to
 * base-priced items (others are refused), `taxRateIds` replaces the list, `addTagIds`/`removeTagIds` edit
 * it, a channel flag sets it, `soldOut` marks the items sold out ("86") for online ordering or back.
 */
export const itemBulkChangeSchema = z
  .strictObject(
    {
      basePrice: moneyAmount('Base price').optional(),
      taxRateIds: idListSchema('Tax rate IDs').optional(),
      addTagIds: idListSchema('Tag IDs').optional(),
      removeTagIds: idListSchema('Tag IDs').optional(),
      pos: z.boolean({ error: 'pos must be true or false' }).optional(),
      kiosk: z.boolean({ error: 'kiosk must be true or false' }).optional(),
      onlineOrdering: z.boolean({ error: 'onlineOrdering must be true or false' }).optional(),
      customerInvoices: z.boolean({ error: 'customerInvoices must be true or false' }).optional(),
      onlineOrderingPartners: z.boolean({ error: 'onlineOrderingPartners must be true or false' }).optional(),
      soldOut: z.boolean({ error: 'soldOut must be true or false' }).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown change' : BULK_NO_CHANGE) },
  )
  .refine((change) => Object.values(change).some((value) => value !== undefined), BULK_NO_CHANGE);
export type ItemBulkChange = z.infer<typeof itemBulkChangeSchema>;

/** A list of distinct ids, each listed once (the message names the first repeat). */
const distinctIds = (label: string, duplicate: (id: number) => string) =>
  z
    .array(entityIdSchema(label), { error: `${label}s must be a list of positive integer IDs` })
    .superRefine((ids, context) => {
      const seen = new Set<number>();
      ids.forEach((id, index) => {
        if (seen.has(id)) context.addIssue({ code: 'custom', path: [index], message: duplicate(id) });
        seen.add(id);
      });
    });

export const bulkUpdateItemsSchema = z.object({
  itemIds: distinctIds('Item ID', duplicateItemMessage)
    .min(1, BULK_NO_ITEMS)
    .max(MAX_BULK_ITEMS, BULK_TOO_MANY),
  change: itemBulkChangeSchema,
});
export type BulkUpdateItems = z.infer<typeof bulkUpdateItemsSchema>;

/**
 * An item created straight into menu groups: the item create body (unchanged) beside the
 * groups it joins, at the end of each. The item and its places are one write.
 */
export const createItemInMenuGroupsSchema = z.object({
  item: createItemInputSchema,
  menuGroupIds: distinctIds('Menu group ID', duplicateMenuGroupMessage).default([]),
});
export type CreateItemInMenuGroupsInput = z.input<typeof createItemInMenuGroupsSchema>;
