import {
  clearMenuShareOverride,
  createMenuShare,
  deleteMenuShare,
  getMenuShare,
  listMenuShares,
  publishMenuShares,
  setMenuShareOverride,
} from '@brigade/contracts/menu-shares';
import * as shares from '@brigade/core/catalogue/menu-shares';
import { useCaseDeps } from '../deps';
import { type Implementation, implement, success } from '../plugins/contract-routes';

/** One master menu shared across locations (packages/core/src/catalogue/menu-shares.ts). */
export const menuShareRoutes: Implementation[] = [
  implement(createMenuShare, async ({ params, body, actor, deps }) =>
    success(await shares.createMenuShare(useCaseDeps(deps), actor, { ...params, ...body })),
  ),
  implement(publishMenuShares, async ({ params, body, actor, deps }) =>
    success(await shares.publishMenuShares(useCaseDeps(deps), actor, { ...params, ...body })),
  ),
  implement(listMenuShares, async ({ params, actor, deps }) =>
    success(await shares.listMenuShares(useCaseDeps(deps), actor, params)),
  ),
  implement(getMenuShare, async ({ params, actor, deps }) =>
    success(await shares.getMenuShare(useCaseDeps(deps), actor, params)),
  ),
  implement(deleteMenuShare, async ({ params, actor, deps }) => {
    await shares.deleteMenuShare(useCaseDeps(deps), actor, params);
  }),
  implement(setMenuShareOverride, async ({ params, body, actor, deps }) =>
    success(await shares.setMenuShareOverride(useCaseDeps(deps), actor, { ...params, override: body })),
  ),
  implement(clearMenuShareOverride, async ({ params, actor, deps }) =>
    success(await shares.clearMenuShareOverride(useCaseDeps(deps), actor, params)),
  ),
];
