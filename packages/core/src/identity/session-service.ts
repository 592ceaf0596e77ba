import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import {
  nextIdleDeadline,
  SESSION_POLICY,
  sessionDeadlines,
  sessionExpiresAt,
} from '@brigade/domain/session-policy';
import { cutText } from '@brigade/domain/text';
import type { User } from '@brigade/domain/user';
import { hashToken, randomToken } from './secrets';
import { findLiveSessionWithUser, insertSession, touchSession } from './session-repository';
import { toUser } from './user-repository';

export interface ClientInfo {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

export interface IssuedSession {
  token: string;
  expiresAt: Date;
  rememberMe: boolean;
}

export async function startSession(
  ex: Executor,
  uid: string,
  rememberMe: boolean,
  client: ClientInfo,
): Promise<IssuedSession> {
  const token = randomToken();
  const deadlines = sessionDeadlines(new Date(), rememberMe);
  await insertSession(ex, {
    tokenHash: hashToken(token),
    userUid: uid,
    rememberMe,
    ...deadlines,
    userAgent: client.userAgent === undefined ? null : cutText(client.userAgent, 300),
    ip: client.ip ?? null,
  });
  return { token, expiresAt: sessionExpiresAt(deadlines), rememberMe };
}

export interface Authenticated {
  user: User;
  tokenHash: string;
  rememberMe: boolean;
  expiresAt: Date;
}

/** A live session as read from the database, with the deadlines a cached copy is checked against. */
export interface LoadedSession {
  auth: Authenticated;
  userUid: string;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/** The user behind a session token, or null for an unknown, revoked or expired session. */
export async function authenticate(ex: Executor, token: string): Promise<Authenticated | null> {
  return (await loadSession(ex, hashToken(token)))?.auth ?? null;
}

/**
 * The live session with this token hash and its user, from the database (one query), touching its idle
 * deadline when it was last seen more than `touchEveryMs` ago (a second query then).
 */
export async function loadSession(ex: Executor, tokenHash: string): Promise<LoadedSession | null> {
  const found = await findLiveSessionWithUser(ex, tokenHash);
  if (!found) return null;
  const { session } = found;
  const user = toUser(
    found.user,
    found.assignments.map((a) => ({
      ...a,
      assignedAt: new Date(a.assignedAt),
      updatedAt: new Date(a.updatedAt),
    })),
  );
  let idleExpiresAt = session.idleExpiresAt;
  if (Date.now() - session.lastSeenAt.getTime() > SESSION_POLICY.touchEveryMs) {
    idleExpiresAt = nextIdleDeadline(new Date(), session.rememberMe, session.absoluteExpiresAt);
    await touchSession(ex, tokenHash, idleExpiresAt);
  }
  const absoluteExpiresAt = session.absoluteExpiresAt;
  return {
    auth: {
      user,
      tokenHash,
      rememberMe: session.rememberMe,
      expiresAt: sessionExpiresAt({ idleExpiresAt, absoluteExpiresAt }),
    },
    userUid: user.uid,
    idleExpiresAt,
    absoluteExpiresAt,
  };
}

/** The access-relevant view of a user (docs/architecture.md#identity-and-access), computed once per request. */
export const actorOf = (user: User): Actor => ({
  kind: 'user',
  userId: user.uid,
  email: user.email,
  isSiteAdmin: user.isSiteAdmin,
  isActive: user.isActive,
  assignments: user.tenantAssignments.map((a) => ({
    tenantId: a.tenantId,
    role: a.role,
    isActive: a.isActive,
    restaurantIds: a.restaurantIds,
  })),
});
