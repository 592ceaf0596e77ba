import { getMe, listMyRestaurants, listMyTenants } from '@brigade/contracts/me';
import {
  listMyRestaurants as listMyRestaurantsUseCase,
  listMyTenants as listMyTenantsUseCase,
} from '@brigade/core/identity/me-service';
import { primaryAssignment } from '@brigade/domain/user';
import { useCaseDeps } from '../deps';
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
    success(await listMyTenantsUseCase(useCaseDeps(deps), actor)),
  ),
  implement(listMyRestaurants, async ({ params, actor, deps }) =>
    success(await listMyRestaurantsUseCase(useCaseDeps(deps), actor, params)),
  ),
];
