import type { TenantRole } from '@brigade/domain/access';
import { type Actor, activeRoleIn, TENANT_ROLES } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import {
  createInvitationInputSchema,
  INVITATION_MESSAGES,
  INVITATION_TTL_MS,
  rolesGrantableBy,
} from '@brigade/domain/invitation';
import { withQuery } from '@brigade/domain/return-url';
import { isUniqueViolation } from '../db-errors';
import type { Mailer } from '../identity/index';
import { findUserByUid, hashToken, insertOutboxEmail, randomToken } from '../identity/index';
import { getTenantOrThrow, refuseForeignRestaurants } from '../tenancy/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { validateInput } from '../validate';
import {
  findOpenInvitation,
  type InvitationView,
  insertInvitation,
  isTenantMember,
  listOpenInvitations,
  replaceInvitationToken,
  revokeInvitation,
  revokeOpenInvitationOf,
} from './invitation-repository';

/**
 * Team invitations (issue 23, decision 029): the tenant's owners and admins (and site administrators)
 * invite, list, resend and revoke. The route lets only them in; these use-cases add the rule that nobody
 * hands out a role above their own.
 */
export interface InvitationDeps extends UseCaseDeps {
  mailer: Mailer;
  /** The auth app's accept page; the mail's link adds `token`. */
  inviteUrl: string;
  /**
   * Whether the inviter is answered the link (decision 029): only when no mail is delivered (no SMTP), where
   * nobody else can hand it over. With mail the link goes to the mailbox alone, which is what makes an
   * account accepted through it an account whose email is verified.
   */
  answerLink: boolean;
}

const ROLE_NAMES: Record<TenantRole, string> = {
  owner: 'an owner',
  admin: 'an admin',
  manager: 'a manager',
  employee: 'an employee',
};

function ownStanding(actor: Actor, tenantId: number): TenantRole | 'site-admin' {
  if (actor.kind === 'user' && actor.isSiteAdmin && actor.isActive) return 'site-admin';
  return activeRoleIn(actor, tenantId) ?? TENANT_ROLES[TENANT_ROLES.length - 1]!;
}

/** The roles the actor may invite to in the tenant (the invite dialog offers these). */
export const grantableRoles = (actor: Actor, tenantId: number): TenantRole[] =>
  rolesGrantableBy(ownStanding(actor, tenantId));

/**
 * Stores the mail in the request's transaction and delivers it once the request is answered; answers the
 * link (for the inviter when no mail is delivered: sentInvitation).
 */
async function mailInvitation(
  deps: InvitationDeps,
  actor: Actor,
  invitation: { tenantId: number; email: string; role: TenantRole; token: string },
): Promise<string> {
  const tenant = await getTenantOrThrow(deps.db, invitation.tenantId);
  const inviter = actor.kind === 'user' ? await findUserByUid(deps.db, actor.userId) : null;
  const link = withQuery(deps.inviteUrl, { token: invitation.token });
  const mail = {
    to: invitation.email,
    subject: `You're invited to join ${tenant.displayName} on Brigade`,
    text: [
      `${inviter?.displayName ?? 'Brigade'} invited you to join ${tenant.displayName} on Brigade as ${ROLE_NAMES[invitation.role]}.`,
      '',
      `Accept the invitation here (the link works once, for 7 days): ${link}`,
      '',
      'If you did not expect this invitation, ignore this message.',
    ].join('\n'),
  };
  await insertOutboxEmail(deps.db, mail);
  return link;
}

/** An invitation just made or sent again; its one-time link when `answerLink` says so. */
export interface SentInvitation {
  invitation: InvitationView;
  link?: string;
}

const expiry = () => new Date(Date.now() + INVITATION_TTL_MS);

export async function listInvitations(
  deps: UseCaseDeps,
  actor: Actor,
  input: { tenantId: number },
): Promise<{ invitations: InvitationView[]; grantableRoles: TenantRole[] }> {
  await getTenantOrThrow(deps.db, input.tenantId);
  return {
    invitations: await listOpenInvitations(deps.db, input.tenantId),
    grantableRoles: grantableRoles(actor, input.tenantId),
  };
}

/** Invites an email to a role; an open invitation of the same email is replaced (its link stops working). */
export async function createInvitation(
  deps: InvitationDeps,
  actor: Actor,
  input: { tenantId: number; invitation: unknown },
): Promise<SentInvitation> {
  const { tenantId } = input;
  const data = validateInput(createInvitationInputSchema, input.invitation);
  await getTenantOrThrow(deps.db, tenantId);
  if (!grantableRoles(actor, tenantId).includes(data.role)) {
    throw new BrigadeError('forbidden', 'ROLE_TOO_HIGH', INVITATION_MESSAGES.roleTooHigh, {
      errors: [{ path: 'role', message: INVITATION_MESSAGES.roleTooHigh }],
    });
  }
  const restaurantIds = data.restaurantIds ?? null;
  if (restaurantIds) await refuseForeignRestaurants(deps.db, tenantId, restaurantIds);
  if (await isTenantMember(deps.db, tenantId, data.email)) {
    const message = INVITATION_MESSAGES.alreadyMember(data.email);
    throw new BrigadeError('validation', 'ALREADY_MEMBER', message, {
      errors: [{ path: 'email', message }],
    });
  }
  await revokeOpenInvitationOf(deps.db, tenantId, data.email);
  const token = randomToken();
  const invitedBy = actor.kind === 'user' && actor.userId !== 'system' ? userIdOf(actor) : null;
  let invitationId: string;
  try {
    invitationId = await insertInvitation(
      deps.db,
      { tenantId, email: data.email, role: data.role, restaurantIds, tokenHash: hashToken(token), invitedBy },
      expiry(),
    );
  } catch (error) {
    // Two invitations of one email at the same moment: the open-invitation index lets one through.
    if (isUniqueViolation(error, 'tenant_invitations_open_key')) {
      throw new BrigadeError(
        'conflict',
        'INVITATION_IN_PROGRESS',
        INVITATION_MESSAGES.inProgress(data.email),
      );
    }
    throw error;
  }
  const link = await mailInvitation(deps, actor, { tenantId, email: data.email, role: data.role, token });
  return sentInvitation(deps, tenantId, invitationId, link);
}

async function sentInvitation(
  deps: InvitationDeps,
  tenantId: number,
  invitationId: string,
  link: string,
): Promise<SentInvitation> {
  const invitation = (await findOpenInvitation(deps.db, tenantId, invitationId))!;
  return deps.answerLink ? { invitation, link } : { invitation };
}

const invitationNotFound = (invitationId: string) =>
  notFound(`Invitation ${invitationId} not found`, 'INVITATION_NOT_FOUND');

/** Mails a new link: the previous one stops working, and the seven days start again. */
export async function resendInvitation(
  deps: InvitationDeps,
  actor: Actor,
  input: { tenantId: number; invitationId: string },
): Promise<SentInvitation> {
  const { tenantId, invitationId } = input;
  const current = await findOpenInvitation(deps.db, tenantId, invitationId);
  if (!current) throw invitationNotFound(invitationId);
  if (!grantableRoles(actor, tenantId).includes(current.role)) {
    throw new BrigadeError('forbidden', 'ROLE_TOO_HIGH', INVITATION_MESSAGES.roleTooHigh);
  }
  const token = randomToken();
  await replaceInvitationToken(deps.db, tenantId, invitationId, hashToken(token), expiry());
  const link = await mailInvitation(deps, actor, {
    tenantId,
    email: current.email,
    role: current.role,
    token,
  });
  return sentInvitation(deps, tenantId, invitationId, link);
}

export async function revokeInvitationById(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { tenantId: number; invitationId: string },
): Promise<void> {
  if (!(await revokeInvitation(deps.db, input.tenantId, input.invitationId))) {
    throw invitationNotFound(input.invitationId);
  }
}
