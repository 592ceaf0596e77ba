import { moveMenuGroupItem } from '@brigade/contracts/menus';
import { moveMenuGroupItem as moveItem } from '@brigade/core/catalogue/menu-moves';
import { type Implementation, implement, success } from '../plugins/contract-routes';

/** Moving items between menu groups (one transaction: packages/core/src/catalogue/menu-moves.ts). */
export const menuMoveRoutes: Implementation[] = [
  implement(moveMenuGroupItem, async ({ params, body, request, deps }) =>
    success(
      await moveItem(
        deps.database.db,
        {
          tenantId: params.tenantId,
          restaurantId: params.restaurantId,
          actor: request.auth?.user.email ?? 'System',
        },
        {
          menuGroupId: params.menuGroupId,
          itemId: params.itemId,
          toMenuGroupId: body.toMenuGroupId,
          position: body.position,
        },
      ),
    ),
  ),
];
