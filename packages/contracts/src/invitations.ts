import { TENANT_ROLES } from '@brigade/domain/access';
import {
  acceptInvitationInputSchema,
  createInvitationInputSchema,
  INVITATION_STATUSES,
  invitationTokenInputSchema,
} from '@brigade/domain/invitation';
import { userSchema } from '@brigade/domain/user';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { tenantIdParam, tenantParams } from './tenancy-params';

// issue 23: team invitations (docs/behaviour/team-invitations.md, decision 029).
export const invitationSchema = z.object({
  invitationId: z.string(),
  email: z.string(),
  role: z.enum(TENANT_ROLES),
  /** The restaurants the invitee will work at; null: all of the tenant's (issue 45 item 15). */
  restaurantIds: z.array(z.number()).nullable(),
  status: z.enum(INVITATION_STATUSES),
  invitedBy: z.object({ uid: z.string(), displayName: z.string() }).nullable(),
  createdAt: z.date(),
  expiresAt: z.date(),
});

const invitationParams = z.object({
  tenantId: tenantIdParam,
  invitationId: z.uuid({ error: 'Invitation ID must be a UUID' }),
});
// Without SMTP nobody delivers the mail: the one-time link comes back to the inviter to send another way.
// With SMTP it never does (decision 029: the link proves the mailbox).
const invitationResult = successOf(z.object({ invitation: invitationSchema, link: z.string().optional() }));
const ownersAndAdmins = { kind: 'tenant', role: 'admin' } as const;

export const listInvitations = defineEndpoint({
  id: 'listInvitations',
  method: 'GET',
  path: '/tenants/{tenantId}/invitations',
  summary:
    "The tenant's open invitations (pending or expired), newest first, and the roles the caller may grant",
  tags: ['tenants'],
  access: ownersAndAdmins,
  request: { params: tenantParams },
  response: {
    status: 200,
    description: 'The invitations',
    schema: successOf(
      z.object({ invitations: z.array(invitationSchema), grantableRoles: z.array(z.enum(TENANT_ROLES)) }),
    ),
  },
  problems: [404],
});

export const createInvitation = defineEndpoint({
  id: 'createInvitation',
  method: 'POST',
  path: '/tenants/{tenantId}/invitations',
  summary: 'Invite an email to a role (no higher than your own); mails a link that works once, for 7 days',
  description: 'An open invitation of the same email is replaced: its link stops working.',
  tags: ['tenants'],
  access: ownersAndAdmins,
  changes: 'none',
  request: { params: tenantParams, body: createInvitationInputSchema },
  response: { status: 201, description: 'Invited', schema: invitationResult },
  problems: [403, 404],
});

export const resendInvitation = defineEndpoint({
  id: 'resendInvitation',
  method: 'POST',
  path: '/tenants/{tenantId}/invitations/{invitationId}/resend',
  summary: 'Mail a new link (the previous one stops working) valid for 7 more days',
  tags: ['tenants'],
  access: ownersAndAdmins,
  changes: 'none',
  request: { params: invitationParams },
  response: { status: 200, description: 'Sent again', schema: invitationResult },
  problems: [403, 404],
});

export const revokeInvitation = defineEndpoint({
  id: 'revokeInvitation',
  method: 'DELETE',
  path: '/tenants/{tenantId}/invitations/{invitationId}',
  summary: 'Withdraw an open invitation: its link stops working',
  tags: ['tenants'],
  access: ownersAndAdmins,
  changes: 'none',
  request: { params: invitationParams },
  response: { status: 204, description: 'Withdrawn' },
  problems: [404],
});

export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: z.enum(TENANT_ROLES),
  tenant: z.object({ tenantId: z.number(), displayName: z.string() }),
  invitedBy: z.string().nullable(),
  expiresAt: z.date(),
  accountExists: z.boolean(),
});

// The token travels in the body, not the address, so no access log or proxy keeps it.
export const lookupInvitation = defineEndpoint({
  id: 'lookupInvitation',
  method: 'POST',
  path: '/invitations/lookup',
  summary: 'What an invitation link offers: the organization, role, inviter and email',
  description: 'Unknown links are 404; used, withdrawn and expired ones 410, each with its own detail.',
  tags: ['auth'],
  access: { kind: 'public' },
  changes: 'none',
  audit: false,
  request: { body: invitationTokenInputSchema },
  response: {
    status: 200,
    description: 'The invitation',
    schema: successOf(z.object({ invitation: invitationPreviewSchema })),
  },
  problems: [404, 410],
});

export const acceptInvitation = defineEndpoint({
  id: 'acceptInvitation',
  method: 'POST',
  path: '/invitations/accept',
  summary: 'Accept an invitation: as the signed-in invitee, or by creating the account (then signed in)',
  description:
    'One transaction: the account (if new), the assignment and the used link, or nothing. The link works once. ' +
    'When an account with the email exists and the caller is not signed in as it, 409 asks to sign in first.',
  tags: ['auth'],
  access: { kind: 'public' },
  changes: 'none',
  request: { body: acceptInvitationInputSchema },
  response: {
    status: 200,
    description: 'Accepted; sessionToken and expiresAt only when the account was created here',
    schema: successOf(z.object({ tenantId: z.number(), role: z.enum(TENANT_ROLES), user: userSchema }), {
      sessionToken: z.string().optional(),
      expiresAt: z.date().optional(),
    }),
  },
  problems: [404, 409, 410],
});
