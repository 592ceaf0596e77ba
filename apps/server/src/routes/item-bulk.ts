import { bulkUpdateItems, createItemInMenuGroups } from '@brigade/contracts/item-bulk';
import {
  bulkUpdateItems as bulkUpdate,
  createItemInMenuGroups as createInGroups,
} from '@brigade/core/catalogue/item-bulk';
import { useCaseDeps } from '../deps';
import { type Implementation, implement, success } from '../plugins/contract-routes';

/** Item work beyond one record, each one transaction (packages/core/src/catalogue/item-bulk.ts). */
export const itemBulkRoutes: Implementation[] = [
  implement(createItemInMenuGroups, async ({ params, body, actor, deps }) =>
    success(await createInGroups(useCaseDeps(deps), actor, { ...params, ...body })),
  ),
  implement(bulkUpdateItems, async ({ params, body, actor, deps }) =>
    success(await bulkUpdate(useCaseDeps(deps), actor, { ...params, ...body })),
  ),
];
