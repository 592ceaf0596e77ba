import type { Executor } from '@brigade/db/database';
import { tenantAssignments, users } from '@brigade/db/schema/identity';
import { tenantInvitations } from '@brigade/db/schema/invitations';
import { tenants } from '@brigade/db/schema/tenancy';
import type { TenantRole } from '@brigade/domain/access';
import type { InvitationStatus } from '@brigade/domain/invitation';
import { aliasedTable, and, desc, eq, isNull, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';

const t = tenantInvitations;
const open = and(isNull(t.acceptedAt), isNull(t.revokedAt));

/** An invitation as its tenant's owners and admins see it (never its token). */
export interface InvitationView {
  invitationId: string;
  email: string;
  role: TenantRole;
  /** The restaurants the invitee will work at; null: all of the tenant's (issue 45 item 15). */
  restaurantIds: number[] | null;
  status: InvitationStatus;
  invitedBy: { uid: string; displayName: string } | null;
  createdAt: Date;
  expiresAt: Date;
}

const inviter = aliasedTable(users, 'inviter');
const viewColumns = {
  invitationId: t.invitationId,
  email: t.email,
  role: t.role,
  restaurantIds: t.restaurantIds,
  expired: sql<boolean>`${t.expiresAt} <= now()`,
  inviterUid: inviter.uid,
  inviterName: inviter.displayName,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
};
interface ViewRow {
  invitationId: string;
  email: string;
  role: TenantRole;
  restaurantIds: number[] | null;
  expired: boolean;
  inviterUid: string | null;
  inviterName: string | null;
  createdAt: Date;
  expiresAt: Date;
}

const toView = (row: ViewRow): InvitationView => ({
  invitationId: row.invitationId,
  email: row.email,
  role: row.role,
  restaurantIds: row.restaurantIds,
  status: row.expired ? 'expired' : 'pending',
  invitedBy: row.inviterUid ? { uid: row.inviterUid, displayName: row.inviterName ?? row.inviterUid } : null,
  createdAt: row.createdAt,
  expiresAt: row.expiresAt,
});

/** The tenant's open invitations (neither accepted nor revoked, expired ones included), newest first. */
export async function listOpenInvitations(ex: Executor, tenantId: number): Promise<InvitationView[]> {
  const rows = await ex
    .select(viewColumns)
    .from(t)
    .leftJoin(inviter, eq(inviter.uid, t.invitedBy))
    .where(and(tenantIs(t.tenantId, tenantId), open))
    .orderBy(desc(t.createdAt), t.email);
  return rows.map((row) => toView(row as ViewRow));
}

export async function findOpenInvitation(
  ex: Executor,
  tenantId: number,
  invitationId: string,
): Promise<InvitationView | null> {
  const [row] = await ex
    .select(viewColumns)
    .from(t)
    .leftJoin(inviter, eq(inviter.uid, t.invitedBy))
    .where(and(tenantIs(t.tenantId, tenantId), eq(t.invitationId, invitationId), open));
  return row ? toView(row as ViewRow) : null;
}

/** Whether the email belongs to a user with an assignment (active or not) to the tenant. */
export async function isTenantMember(ex: Executor, tenantId: number, email: string): Promise<boolean> {
  const [row] = await ex
    .select({ uid: users.uid })
    .from(tenantAssignments)
    .innerJoin(users, eq(users.uid, tenantAssignments.userUid))
    .where(and(tenantIs(tenantAssignments.tenantId, tenantId), eq(users.email, email)))
    .limit(1);
  return row !== undefined;
}

/** Withdraws the open invitation of an email, if any (a new one replaces it). */
export async function revokeOpenInvitationOf(ex: Executor, tenantId: number, email: string): Promise<void> {
  await ex
    .update(t)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(tenantIs(t.tenantId, tenantId), eq(t.email, email), open));
}

export async function insertInvitation(
  ex: Executor,
  row: {
    tenantId: number;
    email: string;
    role: TenantRole;
    restaurantIds: number[] | null;
    tokenHash: string;
    invitedBy: string | null;
  },
  expiresAt: Date,
): Promise<string> {
  const [inserted] = await ex
    .insert(t)
    .values({ ...row, expiresAt })
    .returning({ invitationId: t.invitationId });
  return inserted!.invitationId;
}

/** A new token for an open invitation (the old link stops working) and seven more days. */
export async function replaceInvitationToken(
  ex: Executor,
  tenantId: number,
  invitationId: string,
  tokenHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await ex
    .update(t)
    .set({ tokenHash, expiresAt, updatedAt: sql`now()` })
    .where(and(tenantIs(t.tenantId, tenantId), eq(t.invitationId, invitationId), open))
    .returning({ invitationId: t.invitationId });
  return rows.length > 0;
}

export async function revokeInvitation(
  ex: Executor,
  tenantId: number,
  invitationId: string,
): Promise<boolean> {
  const rows = await ex
    .update(t)
    .set({ revokedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(tenantIs(t.tenantId, tenantId), eq(t.invitationId, invitationId), open))
    .returning({ invitationId: t.invitationId });
  return rows.length > 0;
}

/** What the link's holder may read, with the state that decides whether it can still be accepted. */
export interface InvitationByToken {
  invitationId: string;
  tenantId: number;
  tenantName: string;
  email: string;
  role: TenantRole;
  restaurantIds: number[] | null;
  inviterName: string | null;
  expiresAt: Date;
  expired: boolean;
  acceptedAt: Date | null;
  revokedAt: Date | null;
}

/**
 * The invitation behind a token's hash. `lock` holds the row until the transaction ends, so two accepts of
 * one link run one after the other and the second finds it used.
 */
export async function findInvitationByTokenHash(
  ex: Executor,
  tokenHash: string,
  lock = false,
): Promise<InvitationByToken | null> {
  const query = ex
    .select({
      invitationId: t.invitationId,
      tenantId: t.tenantId,
      tenantName: tenants.displayName,
      email: t.email,
      role: t.role,
      restaurantIds: t.restaurantIds,
      inviterName: inviter.displayName,
      expiresAt: t.expiresAt,
      expired: sql<boolean>`${t.expiresAt} <= now()`,
      acceptedAt: t.acceptedAt,
      revokedAt: t.revokedAt,
    })
    .from(t)
    .innerJoin(tenants, eq(tenants.tenantId, t.tenantId))
    .leftJoin(inviter, eq(inviter.uid, t.invitedBy))
    .where(eq(t.tokenHash, tokenHash));
  const [row] = lock ? await query.for('update', { of: t }) : await query;
  return row ?? null;
}

export async function markInvitationAccepted(
  ex: Executor,
  invitation: { tenantId: number; invitationId: string },
  uid: string,
): Promise<void> {
  await ex
    .update(t)
    .set({ acceptedAt: sql`now()`, acceptedUserUid: uid, updatedAt: sql`now()` })
    .where(and(tenantIs(t.tenantId, invitation.tenantId), eq(t.invitationId, invitation.invitationId)));
}
