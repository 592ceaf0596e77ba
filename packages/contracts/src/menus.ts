import { entityIdSchema, nonNegativeInteger } from '@brigade/domain/catalogue/fields';
import { MENU_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import {
  menuFilterSchema,
  menuSummarySchema,
  resolvedMenuGroupSchema,
} from '@brigade/domain/catalogue/resolved-menu';
import { positiveId } from '@brigade/domain/integers';
import { z } from 'zod';
import { restaurantParams } from './catalogue';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * Resolved menus (issue 6): what diners' screens read. Staff of the tenant read them here; the public
 * websites will read them through the public site API, not through these tenant routes.
 */
const READ = { kind: 'tenant', role: 'employee' } as const;
/** Like every catalogue write (decision 008): managers and above. */
const WRITE = { kind: 'tenant', role: 'manager' } as const;
const base = '/tenants/{tenantId}/restaurants/{restaurantId}/menus';

export const listMenus = defineEndpoint({
  id: 'listMenus',
  method: 'GET',
  path: base,
  summary: 'The menus: parent menu groups that are active (and on the channel, available at the moment)',
  description:
    "`channel` uses the groups' visibility flags; `at` (ISO date-time; without an offset it is the " +
    "restaurant's wall-clock time) uses days, time range, date range and season in the tenant's time zone.",
  tags: ['menus'],
  access: READ,
  request: { params: restaurantParams, query: menuFilterSchema },
  response: {
    status: 200,
    description: 'Menus by position',
    schema: successOf(z.array(menuSummarySchema)),
  },
  problems: [404],
});

export const getMenu = defineEndpoint({
  id: 'getMenu',
  method: 'GET',
  path: `${base}/{menuGroupId}`,
  summary:
    'A menu group with its whole tree in one document: subgroups, items with sizes and modifier groups, tags',
  description:
    'Everything is in position order. With `channel`, groups not visible there and items not sold there are ' +
    'left out; with `at`, groups not available then. When the requested group itself is not shown for the ' +
    'filter, it comes back with `available: false` and no contents. `soldOutItemIds` names the items of this ' +
    "menu on the restaurant's 86 list (sold out; the same list online ordering uses): a diner-facing screen " +
    'marks or hides them by the website setting `soldOutDisplay` (issue 45 item 5).',
  tags: ['menus'],
  access: READ,
  // Answered from memory (no query) when this instance holds the restaurant's current version.
  outside: true,
  request: {
    params: restaurantParams.extend({
      menuGroupId: positiveId('Menu group ID'),
    }),
    query: menuFilterSchema,
  },
  response: {
    status: 200,
    description: 'The resolved menu',
    schema: successOf(resolvedMenuGroupSchema, {
      available: z.boolean(),
      soldOutItemIds: z.array(z.number().int()),
    }),
  },
  problems: [404],
});

export const moveMenuGroupItemBodySchema = z.object({
  toMenuGroupId: entityIdSchema('Target menu group ID'),
  position: nonNegativeInteger('Position').optional(),
});

/**
 * Moving an item between groups is one write (removing it here and adding it there as two would lose or
 * duplicate its place if the second failed).
 */
export const moveMenuGroupItem = defineEndpoint({
  id: 'moveMenuGroupItem',
  method: 'POST',
  path: '/tenants/{tenantId}/restaurants/{restaurantId}/menu-groups/{menuGroupId}/items/{itemId}/move',
  summary: 'Move an item from one menu group to another (or to another place in the same group), atomically',
  description:
    '`position` is the 0-based place in the target group (past the end, or left out: the end). Both ' +
    'groups are renumbered 0..n-1 and the reference keeps its isRequired. The same group as target is a ' +
    'reorder.',
  tags: ['menu-groups'],
  access: WRITE,
  changes: 'catalogue',
  request: {
    params: restaurantParams.extend({
      menuGroupId: positiveId('Menu group ID'),
      itemId: positiveId('Item ID'),
    }),
    body: moveMenuGroupItemBodySchema,
  },
  response: {
    status: 200,
    description: 'The source and target groups after the move (the same group twice for a reorder)',
    schema: successOf(z.object({ from: MENU_GROUP_KIND.response, to: MENU_GROUP_KIND.response })),
  },
  problems: [404, 409],
});
