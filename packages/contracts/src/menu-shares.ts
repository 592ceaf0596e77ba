import { CATALOGUE_WRITE } from '@brigade/domain/catalogue/access';
import {
  createMenuShareSchema,
  menuShareDetailSchema,
  menuShareOverrideInputSchema,
  menuShareOverrideSchema,
  menuShareSchema,
  publishMenuSharesSchema,
  publishResultSchema,
} from '@brigade/domain/catalogue/menu-share';
import { positiveId } from '@brigade/domain/integers';
import { z } from 'zod';
import { restaurantParams } from './catalogue';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * One master menu shared across a tenant's locations (issue 45 item 13;
 * docs/behaviour/catalogue.md#sharing-one-menu-across-locations, decision 074): share a menu of another of
 * the tenant's restaurants with this one, publish the master's changes to every location, set a location's
 * own prices and availability per item, list and unlink. Managers and above, like menu copies and every
 * catalogue write.
 */
const base = '/tenants/{tenantId}/restaurants/{restaurantId}/menu-shares';
const tags = ['catalogue-transfer'];
const shareParams = restaurantParams.extend({ shareId: positiveId('Menu share ID') });
const overrideParams = shareParams.extend({ itemId: positiveId('Item ID') });

export const createMenuShare = defineEndpoint({
  id: 'createMenuShare',
  method: 'POST',
  path: base,
  summary: "Shares a menu of another of the tenant's restaurants with this one (the location)",
  description:
    'Copies the menu group `menuGroupId` of restaurant `fromRestaurantId` as `POST …/menu-copies` does and ' +
    "links every copied record to the master's, so that `POST …/menu-shares/publish` on the master brings " +
    "the copy up to date. 400 for the restaurant's own menu, 409 when this menu is shared here already; " +
    "another tenant's restaurant is 404.",
  tags,
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: restaurantParams, body: createMenuShareSchema },
  response: { status: 201, description: 'The share', schema: successOf(menuShareSchema) },
  problems: [404, 409],
});

export const publishMenuShares = defineEndpoint({
  id: 'publishMenuShares',
  method: 'POST',
  path: `${base}/publish`,
  summary: "Publishes this restaurant's menu to every location it is shared with, in one transaction",
  description:
    "Records the locations have are updated with the master's fields (the catalogue's own checks), new ones " +
    'are created, menu groups no longer under the menu are deleted; items and modifier groups the menu no ' +
    "longer uses stay in the location, unlinked. Each location's overrides are applied again.",
  tags,
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: restaurantParams, body: publishMenuSharesSchema },
  response: {
    status: 200,
    description: 'What changed at each location',
    schema: successOf(publishResultSchema),
  },
  problems: [404],
});

export const listMenuShares = defineEndpoint({
  id: 'listMenuShares',
  method: 'GET',
  path: base,
  summary: 'The menu shares this restaurant takes part in, as master or as location',
  tags,
  access: CATALOGUE_WRITE,
  request: { params: restaurantParams },
  response: { status: 200, description: 'The shares', schema: successOf(z.array(menuShareSchema)) },
  problems: [404],
});

export const getMenuShare = defineEndpoint({
  id: 'getMenuShare',
  method: 'GET',
  path: `${base}/{shareId}`,
  summary: "A share with every item of the menu: the master's prices and the location's overrides",
  tags,
  access: CATALOGUE_WRITE,
  request: { params: shareParams },
  response: { status: 200, description: 'The share', schema: successOf(menuShareDetailSchema) },
  problems: [404],
});

export const deleteMenuShare = defineEndpoint({
  id: 'deleteMenuShare',
  method: 'DELETE',
  path: `${base}/{shareId}`,
  summary: 'Unlinks a share: the location keeps its copy as a menu of its own',
  tags,
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: shareParams },
  response: { status: 204, description: 'Unlinked' },
  problems: [404],
});

export const setMenuShareOverride = defineEndpoint({
  id: 'setMenuShareOverride',
  method: 'PUT',
  path: `${base}/{shareId}/overrides/{itemId}`,
  summary: "Sets the location's own price or availability of one of its items of a shared menu",
  description:
    "`itemId` is the location's item. Any of `basePrice`, `sizePrice` (by size name) and `available`; " +
    "`null` clears one (the master's value again). Applied to the location's rows at once and again on " +
    'every publish; `available: false` takes the item out of the menu here. Only the location sets them.',
  tags,
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: overrideParams, body: menuShareOverrideInputSchema },
  response: { status: 200, description: "The item's overrides", schema: successOf(menuShareOverrideSchema) },
  problems: [404],
});

export const clearMenuShareOverride = defineEndpoint({
  id: 'clearMenuShareOverride',
  method: 'DELETE',
  path: `${base}/{shareId}/overrides/{itemId}`,
  summary: "Clears every override of an item: the master's prices, and the item back on the menu, at once",
  tags,
  access: CATALOGUE_WRITE,
  changes: 'catalogue',
  request: { params: overrideParams },
  response: { status: 200, description: "The item's overrides", schema: successOf(menuShareOverrideSchema) },
  problems: [404],
});
