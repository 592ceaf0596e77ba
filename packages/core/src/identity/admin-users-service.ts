import { randomUUID } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import {
  addTenantAssignmentSchema,
  adminCreateUserSchema,
  adminUpdateUserSchema,
  deriveDisplayName,
  USER_LIST_DEFAULT_LIMIT,
  USER_LIST_MAX_LIMIT,
  USER_SEARCH_DEFAULT_LIMIT,
  USER_SEARCH_MIN_CHARS,
  type User,
  updateTenantAssignmentSchema,
} from '@brigade/domain/user';
import { isUniqueViolation } from '../db-errors';
import { getTenantOrThrow } from '../tenancy/index';
import { SYSTEM, type UseCaseDeps, userIdOf } from '../use-case';
import { validateInput } from '../validate';
import { refuseCommonPassword } from './common-passwords';
import { hashPassword } from './secrets';
import { revokeUserSessions } from './session-repository';
import {
  deleteAssignment,
  deleteUserRow,
  findCredentials,
  findUserByUid,
  insertUser,
  listUsersPage,
  lockOtherActiveSiteAdmins,
  searchUsers,
  type UserChanges,
  type UserFilters,
  updateAssignment,
  updateUserRow,
  upsertAssignment,
} from './user-repository';

/**
 * Site administrators' management of users and their tenant assignments. The routes are
 * site-admin only (decided by the route from the contract); the use-cases take `(deps, actor, input)`
 * (decision 021).
 */

const userNotFound = (uid: string) => notFound(`User with UID ${uid} not found`, 'USER_NOT_FOUND');

export const getUser = (deps: UseCaseDeps, _actor: Actor, input: { uid: string }): Promise<User> =>
  getUserOrThrow(deps.db, input.uid);

/** A user that must exist; a helper use-cases call inside their own transaction (executor first). */
export async function getUserOrThrow(ex: Executor, uid: string): Promise<User> {
  const user = await findUserByUid(ex, uid);
  if (!user) throw userNotFound(uid);
  return user;
}

const encodeCursor = (user: User) =>
  Buffer.from(`${user.createdAt.toISOString()}|${user.uid}`).toString('base64url');
function decodeCursor(token: string): { createdAt: Date; uid: string } {
  const [iso, uid] = Buffer.from(token, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(iso ?? '');
  if (!uid || Number.isNaN(createdAt.getTime())) {
    throw validationError('Invalid page token', [{ path: 'query.pageToken', message: 'Invalid page token' }]);
  }
  return { createdAt, uid };
}

/**
 * A page of users (limit default 50, max 100), or a search over display name and email
 * (default 20, max 100) that runs only from 2 characters on; an empty or shorter term finds nothing. Both
 * take the filters isActive, isSiteAdmin and tenantId (issue 17).
 */
export async function listOrSearchUsers(
  deps: UseCaseDeps,
  _actor: Actor,
  query: {
    limit?: number | undefined;
    pageToken?: string | undefined;
    search?: string | undefined;
  } & UserFilters,
): Promise<{ users: User[]; nextPageToken: string | null }> {
  const ex = deps.db;
  const filters: UserFilters = {
    isActive: query.isActive,
    isSiteAdmin: query.isSiteAdmin,
    tenantId: query.tenantId,
  };
  if (query.search !== undefined) {
    const term = query.search.trim();
    if (term.length < USER_SEARCH_MIN_CHARS) return { users: [], nextPageToken: null };
    return {
      users: await searchUsers(ex, term, query.limit ?? USER_SEARCH_DEFAULT_LIMIT, filters),
      nextPageToken: null,
    };
  }
  const limit = Math.min(query.limit ?? USER_LIST_DEFAULT_LIMIT, USER_LIST_MAX_LIMIT);
  const page = await listUsersPage(
    ex,
    limit + 1,
    query.pageToken ? decodeCursor(query.pageToken) : undefined,
    filters,
  );
  const users = page.slice(0, limit);
  return { users, nextPageToken: page.length > limit ? encodeCursor(users[users.length - 1]!) : null };
}

export async function createUserAsAdmin(deps: UseCaseDeps, _actor: Actor, input: unknown): Promise<User> {
  const ex = deps.db;
  const data = validateInput(adminCreateUserSchema, input);
  await refuseCommonPassword(data.password, 'password');
  const uid = randomUUID();
  const passwordHash = await hashPassword(data.password);
  try {
    await ex.transaction(async (tx) => {
      if (data.tenantId !== undefined) await getTenantOrThrow(tx, data.tenantId);
      await insertUser(tx, {
        uid,
        email: data.email,
        passwordHash,
        displayName: deriveDisplayName(data),
        firstName: data.firstName,
        lastName: data.lastName,
        phoneNumber: data.phoneNumber ?? null,
        photoUrl: data.photoURL ?? null,
        isSiteAdmin: data.isSiteAdmin,
        siteRole: data.siteRole ?? null,
        isActive: data.isActive,
        emailVerified: data.emailVerified,
      });
      if (data.tenantId !== undefined && data.tenantRole !== undefined) {
        await upsertAssignment(tx, uid, data.tenantId, data.tenantRole, true);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) {
      throw new BrigadeError('conflict', 'EMAIL_TAKEN', 'An account with this email already exists', {
        errors: [{ path: 'email', message: 'An account with this email already exists' }],
      });
    }
    throw error;
  }
  return getUserOrThrow(ex, uid);
}

/**
 * Promote/demote (isSiteAdmin), siteRole, emailVerified, deactivate/reactivate, names, phone, photo and
 * password. Deactivating a user or setting a password ends the user's sessions. The last active site
 * administrator cannot be demoted or deactivated, so the platform is never left without one.
 */
export async function updateUserAsAdmin(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { uid: string; changes: unknown },
): Promise<User> {
  const { uid } = input;
  const data = validateInput(adminUpdateUserSchema, input.changes);
  if (data.password !== undefined) await refuseCommonPassword(data.password, 'password');
  return deps.db.transaction(async (tx) => {
    const user = await getUserOrThrow(tx, uid);
    if (data.isSiteAdmin === false || data.isActive === false)
      await refuseLastSiteAdmin(tx, user, 'demoted or deactivated');
    const changes: UserChanges = {};
    if (data.firstName !== undefined) changes.firstName = data.firstName;
    if (data.lastName !== undefined) changes.lastName = data.lastName;
    if (data.displayName !== undefined) changes.displayName = data.displayName;
    if (data.phoneNumber !== undefined) changes.phoneNumber = data.phoneNumber;
    if (data.photoURL !== undefined) changes.photoUrl = data.photoURL;
    if (data.isSiteAdmin !== undefined) changes.isSiteAdmin = data.isSiteAdmin;
    if (data.siteRole !== undefined) changes.siteRole = data.siteRole;
    if (data.emailVerified !== undefined) changes.emailVerified = data.emailVerified;
    if (data.isActive !== undefined) changes.isActive = data.isActive;
    if (data.password !== undefined) changes.passwordHash = await hashPassword(data.password);
    await updateUserRow(tx, uid, changes);
    if (data.isActive === false || data.password !== undefined) await revokeUserSessions(tx, uid);
    return getUserOrThrow(tx, uid);
  });
}

/**
 * The one guard of "never without a site administrator": losing `user` as an active site administrator (by a
 * demotion, deactivation or deletion) is refused when no other active one is left, counted under lock.
 */
export async function refuseLastSiteAdmin(
  tx: Executor,
  user: User,
  action: 'deleted' | 'demoted or deactivated',
): Promise<void> {
  if (!user.isSiteAdmin || !user.isActive) return;
  if ((await lockOtherActiveSiteAdmins(tx, user.uid)) > 0) return;
  throw new BrigadeError(
    'conflict',
    'LAST_SITE_ADMIN',
    `The last active site administrator cannot be ${action}`,
  );
}

/**
 * Deletes the user completely: profile, tenant assignments, sessions and the ability to sign in (the spec's
 * "delete user completely"; with our own identity there is no separate auth account to keep). Employees
 * records in restaurants are separate data and are not touched.
 */
export async function deleteUserAsAdmin(
  deps: UseCaseDeps,
  actor: Actor,
  { uid }: { uid: string },
): Promise<void> {
  if (uid === userIdOf(actor)) {
    throw new BrigadeError('conflict', 'CANNOT_DELETE_SELF', 'You cannot delete your own account');
  }
  await deps.db.transaction(async (tx) => {
    await refuseLastSiteAdmin(tx, await getUserOrThrow(tx, uid), 'deleted');
    await deleteUserRow(tx, uid);
  });
}

/** Add an assignment (active, timestamps); an existing one takes the new role and flag. */
export async function addAssignment(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { uid: string; assignment: unknown },
): Promise<User> {
  const { uid } = input;
  const data = validateInput(addTenantAssignmentSchema, input.assignment);
  return deps.db.transaction(async (tx) => {
    await getUserOrThrow(tx, uid);
    await getTenantOrThrow(tx, data.tenantId);
    await upsertAssignment(tx, uid, data.tenantId, data.role, data.isActive);
    return getUserOrThrow(tx, uid);
  });
}

export async function changeAssignment(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { uid: string; tenantId: number; changes: unknown },
): Promise<User> {
  const { uid, tenantId } = input;
  const data = validateInput(updateTenantAssignmentSchema, input.changes);
  return deps.db.transaction(async (tx) => {
    await getUserOrThrow(tx, uid);
    if (!(await updateAssignment(tx, uid, tenantId, data))) {
      throw notFound(`User ${uid} has no assignment to tenant ${tenantId}`, 'ASSIGNMENT_NOT_FOUND');
    }
    return getUserOrThrow(tx, uid);
  });
}

/** Removing an assignment that does not exist is a no-op. */
export async function removeAssignment(
  deps: UseCaseDeps,
  _actor: Actor,
  { uid, tenantId }: { uid: string; tenantId: number },
): Promise<User> {
  const ex = deps.db;
  await getUserOrThrow(ex, uid);
  await deleteAssignment(ex, uid, tenantId);
  return getUserOrThrow(ex, uid);
}

/**
 * Makes `email` an active site administrator with this password: promotes an existing account, or creates
 * one (the CLI's create-admin, for the first administrator of a deployment). Not a use-case of the API but
 * a command of the CLI, which acts as the system; it keeps the executor-first form cli.ts calls.
 */
export async function ensureSiteAdmin(
  ex: Executor,
  input: { email: string; password: string; firstName?: string | undefined; lastName?: string | undefined },
): Promise<{ user: User; created: boolean }> {
  const email = validateInput(adminCreateUserSchema.shape.email, input.email);
  const existing = await findCredentials(ex, email);
  if (existing) {
    const user = await updateUserAsAdmin({ db: ex }, SYSTEM, {
      uid: existing.uid,
      changes: { isSiteAdmin: true, isActive: true, password: input.password },
    });
    return { user, created: false };
  }
  const user = await createUserAsAdmin({ db: ex }, SYSTEM, {
    email,
    password: input.password,
    firstName: input.firstName ?? 'Site',
    lastName: input.lastName ?? 'Administrator',
    isSiteAdmin: true,
    siteRole: 'site_admin',
    isActive: true,
  });
  return { user, created: true };
}
