import {
  addTenantAssignment,
  createAdminUser,
  deleteAdminUser,
  getAdminUser,
  listAdminUsers,
  removeTenantAssignment,
  updateAdminUser,
  updateTenantAssignment,
} from '@brigade/contracts/admin-users';
import {
  addAssignment,
  changeAssignment,
  createUserAsAdmin,
  deleteUserAsAdmin,
  getUserOrThrow,
  listOrSearchUsers,
  removeAssignment,
  updateUserAsAdmin,
} from '@brigade/core/identity/admin-users-service';
import type { User } from '@brigade/domain/user';
import { implement, success } from '../plugins/contract-routes';

const userResult = (user: User) => success({ user });

export const adminUserRoutes = [
  implement(listAdminUsers, async ({ query, deps }) =>
    success(await listOrSearchUsers(deps.database.db, query)),
  ),
  implement(createAdminUser, async ({ body, deps }) =>
    userResult(await createUserAsAdmin(deps.database.db, body)),
  ),
  implement(getAdminUser, async ({ params, deps }) =>
    userResult(await getUserOrThrow(deps.database.db, params.uid)),
  ),
  implement(updateAdminUser, async ({ params, body, deps }) =>
    userResult(await updateUserAsAdmin(deps.database.db, params.uid, body)),
  ),
  implement(deleteAdminUser, ({ params, request, deps }) =>
    deleteUserAsAdmin(deps.database.db, params.uid, request.auth!.user.uid),
  ),
  implement(addTenantAssignment, async ({ params, body, deps }) =>
    userResult(await addAssignment(deps.database.db, params.uid, body)),
  ),
  implement(updateTenantAssignment, async ({ params, body, deps }) =>
    userResult(await changeAssignment(deps.database.db, params.uid, params.tenantId, body)),
  ),
  implement(removeTenantAssignment, async ({ params, deps }) =>
    userResult(await removeAssignment(deps.database.db, params.uid, params.tenantId)),
  ),
];
