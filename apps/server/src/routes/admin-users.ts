import {
  addTenantAssignment,
  createAdminUser,
  deleteAdminUser,
  deleteAdminUserProfile,
  getAdminUser,
  listAdminUsers,
  removeTenantAssignment,
  updateAdminUser,
  updateTenantAssignment,
} from '@brigade/contracts/admin-users';
import { deleteUserProfile } from '@brigade/core/identity/admin-user-profile-service';
import {
  addAssignment,
  changeAssignment,
  createUserAsAdmin,
  deleteUserAsAdmin,
  getUser,
  listOrSearchUsers,
  removeAssignment,
  updateUserAsAdmin,
} from '@brigade/core/identity/admin-users-service';
import type { User } from '@brigade/domain/user';
import { useCaseDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';

const userResult = (user: User) => success({ user });

export const adminUserRoutes = [
  implement(listAdminUsers, async ({ query, actor, deps }) =>
    success(await listOrSearchUsers(useCaseDeps(deps), actor, query)),
  ),
  implement(createAdminUser, async ({ body, actor, deps }) =>
    userResult(await createUserAsAdmin(useCaseDeps(deps), actor, body)),
  ),
  implement(getAdminUser, async ({ params, actor, deps }) =>
    userResult(await getUser(useCaseDeps(deps), actor, params)),
  ),
  implement(updateAdminUser, async ({ params, body, actor, deps }) =>
    userResult(await updateUserAsAdmin(useCaseDeps(deps), actor, { ...params, changes: body })),
  ),
  implement(deleteAdminUser, ({ params, actor, deps }) =>
    deleteUserAsAdmin(useCaseDeps(deps), actor, params),
  ),
  implement(deleteAdminUserProfile, async ({ params, actor, deps }) =>
    userResult(await deleteUserProfile(useCaseDeps(deps), actor, params)),
  ),
  implement(addTenantAssignment, async ({ params, body, actor, deps }) =>
    userResult(await addAssignment(useCaseDeps(deps), actor, { ...params, assignment: body })),
  ),
  implement(updateTenantAssignment, async ({ params, body, actor, deps }) =>
    userResult(await changeAssignment(useCaseDeps(deps), actor, { ...params, changes: body })),
  ),
  implement(removeTenantAssignment, async ({ params, actor, deps }) =>
    userResult(await removeAssignment(useCaseDeps(deps), actor, params)),
  ),
];
