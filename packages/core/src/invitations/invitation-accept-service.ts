import { randomUUID } from 'node:crypto';
import type { Actor, TenantRole } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import {
  acceptInvitationInputSchema,
  INVITATION_MESSAGES,
  invitationAccountSchema,
  invitationTokenInputSchema,
} from '@brigade/domain/invitation';
import { deriveDisplayName, type User } from '@brigade/domain/user';
import {
  type ClientInfo,
  findCredentials,
  findUserByUid,
  hashPassword,
  hashToken,
  type IssuedSession,
  insertUser,
  refuseCommonPassword,
  startSession,
  upsertAssignment,
} from '../identity/index';
import type { UseCaseDeps } from '../use-case';
import { validateInput } from '../validate';
import {
  findInvitationByTokenHash,
  type InvitationByToken,
  isTenantMember,
  markInvitationAccepted,
} from './invitation-repository';

/**
 * Reading and accepting an invitation by its link (issue 23, decision 029). Public: the token is the
 * credential. Accepting is one transaction (the request's): the invitation row is locked, the account made
 * or found, the assignment added and the invitation marked used, or none of it.
 */

/** What the link shows its holder before accepting. */
export interface InvitationPreview {
  email: string;
  role: TenantRole;
  tenant: { tenantId: number; displayName: string };
  invitedBy: string | null;
  expiresAt: Date;
  /** Whether an account with the invited email exists: the page then asks to sign in, else to create one. */
  accountExists: boolean;
}

/** Unknown is 404; used, withdrawn and expired links are 410, each with its own words. */
function refuseUnusable(invitation: InvitationByToken | null): asserts invitation is InvitationByToken {
  if (!invitation) throw notFound(INVITATION_MESSAGES.notFound, 'INVITATION_NOT_FOUND');
  if (invitation.acceptedAt) throw new BrigadeError('gone', 'INVITATION_USED', INVITATION_MESSAGES.used);
  if (invitation.revokedAt) throw new BrigadeError('gone', 'INVITATION_REVOKED', INVITATION_MESSAGES.revoked);
  if (invitation.expired) throw new BrigadeError('gone', 'INVITATION_EXPIRED', INVITATION_MESSAGES.expired);
}

export async function previewInvitation(
  deps: UseCaseDeps,
  _actor: Actor,
  input: unknown,
): Promise<InvitationPreview> {
  const { token } = validateInput(invitationTokenInputSchema, input);
  const invitation = await findInvitationByTokenHash(deps.db, hashToken(token));
  refuseUnusable(invitation);
  return {
    email: invitation.email,
    role: invitation.role,
    tenant: { tenantId: invitation.tenantId, displayName: invitation.tenantName },
    invitedBy: invitation.inviterName,
    expiresAt: invitation.expiresAt,
    accountExists: (await findCredentials(deps.db, invitation.email)) !== null,
  };
}

export interface AcceptedInvitation {
  tenantId: number;
  role: TenantRole;
  user: User;
  /** A session when the invitee created their account here (they are signed in at once). */
  session: IssuedSession | null;
}

/** The user who accepts: the signed-in one (if theirs is the invited email), or a new account. */
async function acceptingUser(
  deps: UseCaseDeps,
  actor: Actor,
  invitation: InvitationByToken,
  account: unknown,
): Promise<{ uid: string; created: boolean }> {
  if (actor.kind === 'user') {
    const user = await findUserByUid(deps.db, actor.userId);
    if (user?.email !== invitation.email) {
      throw new BrigadeError(
        'conflict',
        'INVITATION_FOR_ANOTHER_ACCOUNT',
        INVITATION_MESSAGES.otherAccount(invitation.email),
      );
    }
    return { uid: actor.userId, created: false };
  }
  if (await findCredentials(deps.db, invitation.email)) {
    throw new BrigadeError('conflict', 'INVITATION_SIGN_IN_REQUIRED', INVITATION_MESSAGES.signInFirst);
  }
  if (account === undefined) {
    throw new BrigadeError('validation', 'ACCOUNT_REQUIRED', INVITATION_MESSAGES.accountRequired, {
      errors: [{ path: 'account', message: INVITATION_MESSAGES.accountRequired }],
    });
  }
  const data = validateInput(invitationAccountSchema, account);
  await refuseCommonPassword(data.password, 'account.password');
  const uid = randomUUID();
  // Invited by the tenant's owner or admin, and the link proves the mailbox: active and verified at once.
  await insertUser(deps.db, {
    uid,
    email: invitation.email,
    passwordHash: await hashPassword(data.password),
    displayName: deriveDisplayName({ ...data, email: invitation.email }),
    firstName: data.firstName,
    lastName: data.lastName,
    isActive: true,
    emailVerified: true,
    isSiteAdmin: false,
  });
  return { uid, created: true };
}

export async function acceptInvitation(
  deps: UseCaseDeps,
  actor: Actor,
  input: { acceptance: unknown; client: ClientInfo },
): Promise<AcceptedInvitation> {
  const raw = (input.acceptance ?? {}) as { account?: unknown };
  const { token, rememberMe } = validateInput(acceptInvitationInputSchema.omit({ account: true }), raw);
  const invitation = await findInvitationByTokenHash(deps.db, hashToken(token), true);
  refuseUnusable(invitation);
  if (await isTenantMember(deps.db, invitation.tenantId, invitation.email)) {
    throw new BrigadeError('conflict', 'ALREADY_MEMBER', INVITATION_MESSAGES.memberAlready);
  }
  const { uid, created } = await acceptingUser(deps, actor, invitation, raw.account);
  await upsertAssignment(deps.db, uid, invitation.tenantId, invitation.role, true, invitation.restaurantIds);
  await markInvitationAccepted(deps.db, invitation, uid);
  const session = created ? await startSession(deps.db, uid, rememberMe, input.client) : null;
  const user = (await findUserByUid(deps.db, uid))!;
  return { tenantId: invitation.tenantId, role: invitation.role, user, session };
}
