import type { Executor } from '@brigade/db/database';
import {
  handoffCodes,
  outboxEmails,
  passwordResetTokens,
  sessions,
  tenantAssignments,
  users,
} from '@brigade/db/schema/identity';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(ex: Executor, row: typeof sessions.$inferInsert): Promise<void> {
  await ex.insert(sessions).values(row);
}

interface AssignmentJson {
  tenantId: number;
  role: 'owner' | 'admin' | 'manager' | 'employee';
  isActive: boolean;
  restaurantIds: number[] | null;
  assignedAt: string;
  updatedAt: string;
}

/**
 * A live session and its user with the user's assignments, in one query: this runs on every authenticated
 * request, so it is one round trip, not three.
 */
export async function findLiveSessionWithUser(
  ex: Executor,
  tokenHash: string,
): Promise<{ session: SessionRow; user: typeof users.$inferSelect; assignments: AssignmentJson[] } | null> {
  const a = tenantAssignments;
  const [row] = await ex
    .select({
      session: sessions,
      user: users,
      assignments: sql<AssignmentJson[]>`coalesce((
        select json_agg(json_build_object('tenantId', ${a.tenantId}, 'role', ${a.role}, 'isActive', ${a.isActive},
          'restaurantIds', ${a.restaurantIds}, 'assignedAt', ${a.assignedAt}, 'updatedAt', ${a.updatedAt}) order by ${a.assignedAt}, ${a.tenantId})
        from ${a} where ${a.userUid} = ${users.uid}), '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.uid, sessions.userUid))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.idleExpiresAt, sql`now()`),
        gt(sessions.absoluteExpiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function touchSession(ex: Executor, tokenHash: string, idleExpiresAt: Date): Promise<void> {
  await ex
    .update(sessions)
    .set({ lastSeenAt: sql`now()`, idleExpiresAt })
    .where(eq(sessions.tokenHash, tokenHash));
}

export async function revokeSession(ex: Executor, tokenHash: string): Promise<void> {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except (optionally) the one making the request. */
export async function revokeUserSessions(ex: Executor, uid: string, exceptTokenHash?: string): Promise<void> {
  await ex
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userUid, uid),
        isNull(sessions.revokedAt),
        exceptTokenHash ? ne(sessions.tokenHash, exceptTokenHash) : undefined,
      ),
    );
}

export async function insertHandoffCode(ex: Executor, row: typeof handoffCodes.$inferInsert): Promise<void> {
  await ex.insert(handoffCodes).values(row);
}

/** Marks a live, unused code used and returns it; a second use (or a late one) finds nothing. */
export async function consumeHandoffCode(ex: Executor, codeHash: string) {
  const [row] = await ex
    .update(handoffCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(handoffCodes.codeHash, codeHash),
        isNull(handoffCodes.usedAt),
        gt(handoffCodes.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Stores a reset token for the account with this email and records its mail in the outbox, in one
 * statement that does the same work whether or not the account exists (it inserts nothing when it does not),
 * so the request's timing does not reveal accounts. Answers the outbox id, or null without an account.
 */
export async function insertResetTokenWithMail(
  ex: Executor,
  reset: { email: string; tokenHash: string; expiresAt: Date },
  mail: { subject: string; text: string },
): Promise<number | null> {
  const t = passwordResetTokens;
  const o = outboxEmails;
  const result = (await ex.execute(sql`
    with token as (
      insert into ${t} (${sql.identifier(t.tokenHash.name)}, ${sql.identifier(t.userUid.name)}, ${sql.identifier(t.expiresAt.name)})
      select ${reset.tokenHash}, ${users.uid}, ${reset.expiresAt.toISOString()}::timestamptz
      from ${users} where ${users.email} = ${reset.email}
      returning 1
    )
    insert into ${o} (${sql.identifier(o.toAddress.name)}, ${sql.identifier(o.subject.name)}, ${sql.identifier(o.textBody.name)})
    select ${reset.email}, ${mail.subject}, ${mail.text} from token
    returning ${sql.identifier(o.id.name)} as id`)) as unknown as { rows: { id: number }[] };
  return result.rows[0]?.id ?? null;
}

export async function consumeResetToken(ex: Executor, tokenHash: string) {
  const [row] = await ex
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** What `deleteExpiredCredentials` removed, by kind. */
export interface ExpiredCredentials {
  sessions: number;
  handoffCodes: number;
  resetTokens: number;
}

/**
 * Deletes sessions, hand-off codes and reset tokens that can no longer be used and ended before `before`
 * (expired or revoked sessions, expired or used codes and tokens); housekeeping keeps a grace period so a
 * just-expired session still answers "expired" rather than "unknown" for a while.
 */
export async function deleteExpiredCredentials(ex: Executor, before: Date): Promise<ExpiredCredentials> {
  const endedSessions = await ex
    .delete(sessions)
    .where(
      or(
        lt(sessions.absoluteExpiresAt, before),
        lt(sessions.idleExpiresAt, before),
        lt(sessions.revokedAt, before),
      ),
    )
    .returning({ id: sessions.tokenHash });
  const codes = await ex
    .delete(handoffCodes)
    .where(or(lt(handoffCodes.expiresAt, before), lt(handoffCodes.usedAt, before)))
    .returning({ id: handoffCodes.codeHash });
  const tokens = await ex
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, before), lt(passwordResetTokens.usedAt, before)))
    .returning({ id: passwordResetTokens.tokenHash });
  return { sessions: endedSessions.length, handoffCodes: codes.length, resetTokens: tokens.length };
}
