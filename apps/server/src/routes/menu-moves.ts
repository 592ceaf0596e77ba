import { moveMenuGroupItem } from '@brigade/contracts/menus';
import { moveMenuGroupItem as moveItem } from '@brigade/core/catalogue/menu-moves';
import { useCaseDeps } from '../deps';
import { type Implementation, implement, success } from '../plugins/contract-routes';

/** Moving items between menu groups (one transaction: packages/core/src/catalogue/menu-moves.ts). */
export const menuMoveRoutes: Implementation[] = [
  implement(moveMenuGroupItem, async ({ params, body, actor, deps }) =>
    success(await moveItem(useCaseDeps(deps), actor, { ...params, ...body })),
  ),
];
