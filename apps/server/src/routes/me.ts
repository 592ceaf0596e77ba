import { getMe, listMyRestaurants, listMyTenants } from '@brigade/contracts/me';
import {
  listMyRestaurants as listMyRestaurantsUseCase,
  listMyTenants as listMyTenantsUseCase,
} from '@brigade/core/identity/me-service';
import { primaryAssignment } from '@brigade/domain/user';
import { implement, success } from '../plugins/contract-routes';

export const meRoutes = [
  implement(getMe, ({ request }) => {
    const user = request.auth!.user;
    return success({
      user,
      awaitingActivation: !user.isActive,
      primaryTenantId: primaryAssignment(user.tenantAssignments)?.tenantId ?? null,
    });
  }),
  implement(listMyTenants, async ({ actor, deps }) =>
    success(await listMyTenantsUseCase(deps.database.db, actor)),
  ),
  implement(listMyRestaurants, async ({ params, deps }) =>
    success(await listMyRestaurantsUseCase(deps.database.db, params.tenantId)),
  ),
];
