import { CATALOGUE_WRITE } from '@brigade/domain/catalogue/access';
import {
  bulkUpdateItemsSchema,
  createItemInMenuGroupsSchema,
  MAX_BULK_ITEMS,
} from '@brigade/domain/catalogue/item-bulk';
import { ITEM_KIND } from '@brigade/domain/catalogue/kinds';
import { z } from 'zod';
import { restaurantParams } from './catalogue';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * Item work beyond one record (issue 23 item 5): create an item into menu groups, and change many items at
 * once. Each is one write (one transaction): all or nothing. Managers and above, like every catalogue write.
 */
const base = '/tenants/{tenantId}/restaurants/{restaurantId}/items';

export const createItemInMenuGroups = defineEndpoint({
  id: 'createItemInMenuGroups',
  method: 'POST',
  path: `${base}/in-menu-groups`,
  summary: 'Create an item and add it to menu groups, atomically',
  description:
    '`item` is the body of createItem. The item is added at the end of each group in `menuGroupIds`. A group ' +
    'that does not exist in the restaurant is 404 "Menu group with ID {id} not found" and nothing is stored.',
  tags: ['items'],
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: restaurantParams, body: createItemInMenuGroupsSchema },
  response: {
    status: 201,
    description: 'The item, and the groups it was added to',
    schema: successOf(z.object({ item: ITEM_KIND.response, menuGroupIds: z.array(z.number().int()) })),
  },
  problems: [404, 409],
});

export const bulkUpdateItems = defineEndpoint({
  id: 'bulkUpdateItems',
  method: 'POST',
  path: `${base}/bulk-update`,
  summary: 'Apply one change to many items (price, tax rates, tags, channels, sold out), atomically',
  description:
    `At most ${MAX_BULK_ITEMS} item ids. An id that is not an item of the restaurant is 404 "Item with ID ` +
    '{n} not found"; a base price for an item priced by size or open price is 400 (naming `itemIds.{i}`). ' +
    'Either way nothing is changed.',
  tags: ['items'],
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: restaurantParams, body: bulkUpdateItemsSchema },
  response: {
    status: 200,
    description: 'The items after the change, in the order sent, and the sold-out item ids',
    schema: successOf(
      z.object({ items: z.array(ITEM_KIND.response), soldOutItemIds: z.array(z.number().int()) }),
    ),
  },
  problems: [404],
});
