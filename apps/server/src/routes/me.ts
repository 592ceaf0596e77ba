import { getMe, listMyRestaurants, listMyTenants } from '@brigade/contracts/me';
import {
  listMyRestaurants as listMyRestaurantsUseCase,
  listMyTenants as listMyTenantsUseCase,
} from '@brigade/core/identity/me-service';
import { primaryAssignment } from '@brigade/domain/user';
import { implement } from '../plugins/contract-routes';

export const meRoutes = [
  implement(getMe, ({ request }) => {
    const user = request.auth!.user;
    return {
      success: true as const,
      data: {
        user,
        awaitingActivation: !user.isActive,
        primaryTenantId: primaryAssignment(user.tenantAssignments)?.tenantId ?? null,
      },
    };
  }),
  implement(listMyTenants, async ({ actor, deps }) => ({
    success: true as const,
    data: await listMyTenantsUseCase(deps.database.db, actor),
  })),
  implement(listMyRestaurants, async ({ params, deps }) => ({
    success: true as const,
    data: await listMyRestaurantsUseCase(deps.database.db, params.tenantId),
  })),
];
