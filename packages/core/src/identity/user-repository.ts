import type { Executor } from '@brigade/db/database';
import { tenantAssignments, users } from '@brigade/db/schema/identity';
import { RESTAURANT_SCOPED_ROLES, type TenantRole } from '@brigade/domain/access';
import type { User } from '@brigade/domain/user';
import { and, asc, eq, gt, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';

type UserRow = typeof users.$inferSelect;
type AssignmentRow = typeof tenantAssignments.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type UserChanges = Partial<Omit<NewUserRow, 'uid' | 'createdAt'>>;

export const toUser = (row: UserRow, assignments: Omit<AssignmentRow, 'userUid'>[]): User => ({
  uid: row.uid,
  email: row.email,
  displayName: row.displayName,
  firstName: row.firstName,
  lastName: row.lastName,
  phoneNumber: row.phoneNumber ?? null,
  photoURL: row.photoUrl,
  emailVerified: row.emailVerified,
  siteRole: row.siteRole,
  isSiteAdmin: row.isSiteAdmin,
  isActive: row.isActive,
  tenantAssignments: assignments.map((a) => ({
    tenantId: a.tenantId,
    role: a.role,
    isActive: a.isActive,
    restaurantIds: a.restaurantIds ?? null,
    assignedAt: a.assignedAt,
    updatedAt: a.updatedAt,
  })),
  createdAt: row.createdAt,
  lastLogin: row.lastLogin,
  updatedAt: row.updatedAt,
});

/** Loads users with their assignments in two queries, whatever their number. */
async function withAssignments(ex: Executor, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const assignments = await ex
    .select()
    .from(tenantAssignments)
    .where(
      inArray(
        tenantAssignments.userUid,
        rows.map((row) => row.uid),
      ),
    )
    .orderBy(asc(tenantAssignments.assignedAt), asc(tenantAssignments.tenantId));
  return rows.map((row) =>
    toUser(
      row,
      assignments.filter((a) => a.userUid === row.uid),
    ),
  );
}

export async function insertUser(ex: Executor, row: NewUserRow): Promise<void> {
  await ex.insert(users).values(row);
}

export async function findUserByUid(ex: Executor, uid: string): Promise<User | null> {
  const rows = await ex.select().from(users).where(eq(users.uid, uid)).limit(1);
  return (await withAssignments(ex, rows))[0] ?? null;
}

/** The user and the password hash, for sign-in only. */
export async function findCredentials(
  ex: Executor,
  email: string,
): Promise<{ uid: string; passwordHash: string | null } | null> {
  const [row] = await ex
    .select({ uid: users.uid, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row ?? null;
}

export async function findPasswordHash(ex: Executor, uid: string): Promise<string | null> {
  const [row] = await ex.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.uid, uid));
  return row?.passwordHash ?? null;
}

export async function updateUserRow(ex: Executor, uid: string, changes: UserChanges): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.uid, uid))
    .returning({ uid: users.uid });
  return rows.length > 0;
}

/** lastLogin is set on first use only if it was empty. */
export async function setLastLoginIfEmpty(ex: Executor, uid: string): Promise<void> {
  await ex
    .update(users)
    .set({ lastLogin: sql`now()` })
    .where(and(eq(users.uid, uid), sql`${users.lastLogin} is null`));
}

export async function deleteUserRow(ex: Executor, uid: string): Promise<boolean> {
  const rows = await ex.delete(users).where(eq(users.uid, uid)).returning({ uid: users.uid });
  return rows.length > 0;
}

/**
 * The other active site administrators than `exceptUid`, counted with every active site administrator's row
 * locked (in one order, so two such transactions never deadlock) until the caller's transaction ends: two
 * administrators demoting or deleting each other at once are taken one after the other, and the second sees
 * what the first did, so the platform is never left without one.
 */
export async function lockOtherActiveSiteAdmins(ex: Executor, exceptUid: string): Promise<number> {
  const rows = await ex
    .select({ uid: users.uid })
    .from(users)
    .where(and(eq(users.isSiteAdmin, true), eq(users.isActive, true)))
    .orderBy(users.uid)
    .for('update');
  return rows.filter((row) => row.uid !== exceptUid).length;
}

/** issue 17: the users list's filters, answered by the database (undefined: either). */
export interface UserFilters {
  isActive?: boolean | undefined;
  isSiteAdmin?: boolean | undefined;
  /** Users with an assignment (active or not) to this tenant. */
  tenantId?: number | undefined;
}

function filterConditions(filters: UserFilters): SQL | undefined {
  return and(
    filters.isActive === undefined ? undefined : eq(users.isActive, filters.isActive),
    filters.isSiteAdmin === undefined ? undefined : eq(users.isSiteAdmin, filters.isSiteAdmin),
    filters.tenantId === undefined
      ? undefined
      : sql`exists (select 1 from ${tenantAssignments} where ${tenantAssignments.userUid} = ${users.uid}
          and ${tenantIs(tenantAssignments.tenantId, filters.tenantId)})`,
  );
}

/** A page of users in creation order; the cursor is the last (createdAt, uid) seen. */
export async function listUsersPage(
  ex: Executor,
  limit: number,
  after?: { createdAt: Date; uid: string },
  filters: UserFilters = {},
): Promise<User[]> {
  const rows = await ex
    .select()
    .from(users)
    .where(
      and(
        after
          ? or(
              gt(users.createdAt, after.createdAt),
              and(eq(users.createdAt, after.createdAt), gt(users.uid, after.uid)),
            )
          : undefined,
        filterConditions(filters),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.uid))
    .limit(limit);
  return withAssignments(ex, rows);
}

/** Users whose display name or email contains the term (case-insensitive), by display name. */
export async function searchUsers(
  ex: Executor,
  term: string,
  limit: number,
  filters: UserFilters = {},
): Promise<User[]> {
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ex
    .select()
    .from(users)
    .where(and(or(ilike(users.displayName, pattern), ilike(users.email, pattern)), filterConditions(filters)))
    .orderBy(asc(sql`lower(${users.displayName})`), asc(users.uid))
    .limit(limit);
  return withAssignments(ex, rows);
}

export async function upsertAssignment(
  ex: Executor,
  uid: string,
  tenantId: number,
  role: TenantRole,
  isActive: boolean,
  /** The restaurants a manager or employee works at; null (the default): all of the tenant's. */
  restaurantIds: number[] | null = null,
): Promise<void> {
  await ex
    .insert(tenantAssignments)
    .values({ userUid: uid, tenantId, role, isActive, restaurantIds })
    .onConflictDoUpdate({
      target: [tenantAssignments.tenantId, tenantAssignments.userUid],
      set: { role, isActive, restaurantIds, updatedAt: sql`now()` },
    });
}

export async function updateAssignment(
  ex: Executor,
  uid: string,
  tenantId: number,
  changes: { role?: TenantRole | undefined; isActive?: boolean | undefined },
): Promise<boolean> {
  const set = {
    ...(changes.role === undefined ? {} : { role: changes.role }),
    // an owner or admin runs every restaurant: a limit to some goes with the role that had it
    ...(changes.role === undefined || RESTAURANT_SCOPED_ROLES.includes(changes.role)
      ? {}
      : { restaurantIds: null }),
    ...(changes.isActive === undefined ? {} : { isActive: changes.isActive }),
    updatedAt: sql`now()`,
  };
  const rows = await ex
    .update(tenantAssignments)
    .set(set)
    .where(and(eq(tenantAssignments.userUid, uid), tenantIs(tenantAssignments.tenantId, tenantId)))
    .returning({ tenantId: tenantAssignments.tenantId });
  return rows.length > 0;
}

/** The restaurants of a manager's or employee's assignment (null: all); false when it is not one of those. */
export async function setAssignmentRestaurants(
  ex: Executor,
  uid: string,
  tenantId: number,
  restaurantIds: number[] | null,
): Promise<boolean> {
  const rows = await ex
    .update(tenantAssignments)
    .set({ restaurantIds, updatedAt: sql`now()` })
    .where(
      and(
        eq(tenantAssignments.userUid, uid),
        tenantIs(tenantAssignments.tenantId, tenantId),
        // the database refuses a list on an owner or admin: a role changed meanwhile finds no row
        restaurantIds === null ? undefined : inArray(tenantAssignments.role, [...RESTAURANT_SCOPED_ROLES]),
      ),
    )
    .returning({ tenantId: tenantAssignments.tenantId });
  return rows.length > 0;
}

export async function deleteAssignment(ex: Executor, uid: string, tenantId: number): Promise<void> {
  await ex
    .delete(tenantAssignments)
    .where(and(eq(tenantAssignments.userUid, uid), tenantIs(tenantAssignments.tenantId, tenantId)));
}

/** A tenant's member: the user's own fields and their assignment to that tenant (nothing of other tenants). */
export interface TenantMemberRow {
  uid: string;
  email: string;
  displayName: string;
  firstName: string | null;
  lastName: string | null;
  isActive: boolean;
  lastLogin: Date | null;
  role: TenantRole;
  restaurantIds: number[] | null;
  assignmentActive: boolean;
  assignedAt: Date;
}

/** Everyone with an assignment (active or not) to the tenant, by display name. */
export async function listTenantMembers(ex: Executor, tenantId: number): Promise<TenantMemberRow[]> {
  return ex
    .select({
      uid: users.uid,
      email: users.email,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      lastLogin: users.lastLogin,
      role: tenantAssignments.role,
      restaurantIds: tenantAssignments.restaurantIds,
      assignmentActive: tenantAssignments.isActive,
      assignedAt: tenantAssignments.assignedAt,
    })
    .from(tenantAssignments)
    .innerJoin(users, eq(users.uid, tenantAssignments.userUid))
    .where(tenantIs(tenantAssignments.tenantId, tenantId))
    .orderBy(asc(sql`lower(${users.displayName})`), asc(users.uid));
}
