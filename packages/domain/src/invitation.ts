import { z } from 'zod';
import { RESTAURANT_SCOPED_ROLES, roleAtLeast, TENANT_ROLES, type TenantRole } from './access';
import { INT32_MAX, int32MaxMessage } from './integers';
import { text } from './text';
import { emailSchema, passwordSchema } from './user';

/**
 * Team invitations (issue 23, decision 029): an owner or admin invites someone by email to a role in the
 * tenant; the mailed link works once and for seven days.
 */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const ROLE_MESSAGE = 'Role must be owner, admin, manager or employee';

/** Restaurant ID in a list of restaurants someone works at. */
const restaurantIdSchema = z
  .number({ error: 'Restaurant ID must be a positive integer' })
  .int('Restaurant ID must be a positive integer')
  .positive('Restaurant ID must be a positive integer')
  .max(INT32_MAX, int32MaxMessage('Restaurant ID'));

/**
 * The restaurants a manager or employee works at (issue 45 item 15): some of the tenant's, or null / absent
 * for all of them. Owners and admins always run every restaurant.
 */
export const assignedRestaurantsSchema = z
  .array(restaurantIdSchema)
  .min(1, 'Choose at least one restaurant, or all of them')
  .max(500)
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .nullable()
  .optional();

/** A member's restaurants, set by an owner or admin: a list, or null for every restaurant. */
export const memberRestaurantsInputSchema = z.object({
  restaurantIds: assignedRestaurantsSchema.transform((ids) => ids ?? null),
});

export const OWNERS_WORK_EVERYWHERE = 'Owners and admins work at every restaurant: leave the restaurants out';

export const createInvitationInputSchema = z
  .object({
    email: emailSchema,
    role: z.enum(TENANT_ROLES, { error: ROLE_MESSAGE }),
    restaurantIds: assignedRestaurantsSchema,
  })
  .refine((input) => !input.restaurantIds || RESTAURANT_SCOPED_ROLES.includes(input.role), {
    message: OWNERS_WORK_EVERYWHERE,
    path: ['restaurantIds'],
  });
export type CreateInvitationInput = z.input<typeof createInvitationInputSchema>;

const nameSchema = (message: string) => text({ error: message }).trim().min(1, message).max(100);

export const INVITATION_TOKEN_REQUIRED = 'Invitation token is required';
const tokenSchema = text({ error: INVITATION_TOKEN_REQUIRED })
  .trim()
  .min(1, INVITATION_TOKEN_REQUIRED)
  .max(200);

export const invitationTokenInputSchema = z.object({ token: tokenSchema });

/** The account an invitee without one creates while accepting (the sign-up rules). */
export const invitationAccountSchema = z.object({
  firstName: nameSchema('First name is required'),
  lastName: nameSchema('Last name is required'),
  password: passwordSchema,
});
export type InvitationAccount = z.input<typeof invitationAccountSchema>;

export const acceptInvitationInputSchema = z.object({
  token: tokenSchema,
  account: invitationAccountSchema.optional(),
  rememberMe: z.boolean().default(false),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationInputSchema>;

/** An open invitation is `pending` until its link expires; accepted and revoked ones are never listed. */
export const INVITATION_STATUSES = ['pending', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * The roles someone may hand out: no higher than their own (an admin cannot make an owner). Site
 * administrators, who hold no role in the tenant, may grant any.
 */
export function rolesGrantableBy(own: TenantRole | 'site-admin'): TenantRole[] {
  if (own === 'site-admin') return [...TENANT_ROLES];
  return TENANT_ROLES.filter((role) => roleAtLeast(own, role));
}

// Messages of the invitation rules (docs/behaviour/team-invitations.md).
export const INVITATION_MESSAGES = {
  alreadyMember: (email: string) => `${email} is already a member of this organization`,
  roleTooHigh: 'You can only invite people to a role no higher than your own',
  notFound: 'This invitation link is not valid',
  expired: 'This invitation has expired. Ask for a new one.',
  revoked: 'This invitation was withdrawn',
  used: 'This invitation has already been used',
  signInFirst: 'An account with this email already exists. Sign in to accept the invitation.',
  otherAccount: (email: string) => `This invitation is for ${email}. Sign out and open the link again.`,
  accountRequired: 'Enter your name and a password to create your account',
  memberAlready: 'You are already a member of this organization',
  inProgress: (email: string) => `An invitation to ${email} is being sent at this moment; try again`,
  unknownRestaurant: (restaurantId: number) => `Restaurant with ID ${restaurantId} not found`,
  notMember: (uid: string) => `User ${uid} is not a member of this organization`,
} as const;
