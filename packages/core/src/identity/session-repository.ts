import type { Executor } from '@brigade/db/database';
import {
  handoffCodes,
  passwordResetTokens,
  sessions,
  tenantAssignments,
  users,
} from '@brigade/db/schema/identity';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(ex: Executor, row: typeof sessions.$inferInsert): Promise<void> {
  await ex.insert(sessions).values(row);
}

interface AssignmentJson {
  tenantId: number;
  role: 'owner' | 'admin' | 'manager' | 'employee';
  isActive: boolean;
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
          'assignedAt', ${a.assignedAt}, 'updatedAt', ${a.updatedAt}) order by ${a.assignedAt}, ${a.tenantId})
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

export async function insertResetToken(
  ex: Executor,
  row: typeof passwordResetTokens.$inferInsert,
): Promise<void> {
  await ex.insert(passwordResetTokens).values(row);
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
