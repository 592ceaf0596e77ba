import { z } from 'zod';
import { TENANT_ROLES } from './access';
import { INT32_MAX, int32MaxMessage } from './integers';
import { multilineText, text, withTextRule } from './text';

/** User.siteRole. Site administration itself is the isSiteAdmin flag. */
export const SITE_ROLES = ['site_admin', 'site_owner', 'support', 'viewer'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

// Password minimum 6. The maximum only keeps hashing cheap for absurd inputs.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 256;
// User list default 50; search default 20, max 100, minimum 2 characters.
export const USER_LIST_DEFAULT_LIMIT = 50;
export const USER_SEARCH_DEFAULT_LIMIT = 20;
export const USER_LIST_MAX_LIMIT = 100;
export const USER_SEARCH_MIN_CHARS = 2;

export const emailSchema = text({ error: 'A valid email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'A valid email is required' }));

// A password may hold tabs or line breaks (multilineText): only characters no keyboard types are refused.
export const passwordSchema = multilineText({ error: `Password must be at least ${PASSWORD_MIN} characters` })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/**
 * A new password that is one of the most used ones (core/identity/common-passwords.ts) is refused on the server
 * with this message; the spec's length rule above still comes first.
 */
export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common. Choose one that is harder to guess';

/** Text, or {countryCode starting with "+", number}. */
export const phoneNumberSchema = z.union([
  text().trim().max(40, 'Phone number is too long'),
  z.object({
    countryCode: z
      .string({ error: 'Country code must start with "+"' })
      .regex(/^\+\d{1,4}$/, 'Country code must start with "+"'),
    number: text({ error: 'Phone number is required' }).trim().min(1, 'Phone number is required'),
  }),
]);
export type PhoneNumber = z.infer<typeof phoneNumberSchema>;

const nameSchema = (message: string) => text({ error: message }).trim().min(1, message).max(100);
export const displayNameSchema = text()
  .trim()
  .min(2, 'Display name must be at least 2 characters')
  .max(100, 'Display name must be at most 100 characters');
const photoUrlSchema = withTextRule(z.url({ error: 'Photo URL must be a valid URL' })).nullable();

/** A user's assignment to a tenant (TenantAssignment). */
export const tenantAssignmentSchema = z.object({
  tenantId: z.number().int().positive(),
  role: z.enum(TENANT_ROLES),
  isActive: z.boolean(),
  /** The restaurants a manager or employee works at; null: all of the tenant's (owners and admins always). */
  restaurantIds: z.array(z.number().int().positive()).nullable(),
  assignedAt: z.date(),
  updatedAt: z.date(),
});
export type TenantAssignment = z.infer<typeof tenantAssignmentSchema>;

/** User, as the API returns it (never with a password hash). */
export const userSchema = z.object({
  uid: z.string().min(1, 'UID is required'),
  email: z.string(),
  displayName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phoneNumber: phoneNumberSchema.nullable(),
  photoURL: z.string().nullable(),
  emailVerified: z.boolean(),
  siteRole: z.enum(SITE_ROLES).nullable(),
  isSiteAdmin: z.boolean(),
  isActive: z.boolean(),
  tenantAssignments: z.array(tenantAssignmentSchema),
  createdAt: z.date(),
  lastLogin: z.date().nullable(),
  updatedAt: z.date(),
});
export type User = z.infer<typeof userSchema>;

/** First plus last name; falls back to the email, then "Unknown User". */
export function deriveDisplayName(user: {
  displayName?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  email?: string | null | undefined;
}): string {
  if (user.displayName?.trim()) return user.displayName.trim();
  const full = [user.firstName, user.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || user.email?.trim() || 'Unknown User';
}

/** The primary assignment is the first active one, otherwise the first. */
export function primaryAssignment<T extends { isActive: boolean }>(assignments: readonly T[]): T | null {
  return assignments.find((a) => a.isActive) ?? assignments[0] ?? null;
}

/** Self-signup (creates a non-admin, inactive user). */
export const signupInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema('First name is required'),
  lastName: nameSchema('Last name is required'),
  displayName: displayNameSchema.optional(),
  phoneNumber: phoneNumberSchema.optional(),
});
export type SignupInput = z.input<typeof signupInputSchema>;

export const signinInputSchema = z.object({
  email: emailSchema,
  password: multilineText({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX),
  rememberMe: z.boolean().default(false),
});
export type SigninInput = z.input<typeof signinInputSchema>;

export const changePasswordInputSchema = z.object({
  currentPassword: multilineText({ error: 'Current password is required' }).min(
    1,
    'Current password is required',
  ),
  newPassword: passwordSchema,
});

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({
  token: text({ error: 'Reset token is required' }).min(1, 'Reset token is required'),
  newPassword: passwordSchema,
});

const tenantAssignmentFields = {
  tenantId: z
    .number({ error: 'Tenant ID is required' })
    .int()
    .positive('Tenant ID must be a positive number')
    .max(INT32_MAX, int32MaxMessage('Tenant ID')),
  tenantRole: z.enum(TENANT_ROLES, { error: 'Role must be owner, admin, manager or employee' }),
};

/**
 * A site administrator creates a user with a password (email, password, displayName, tenantId, tenantRole;
 * displayName min 2, firstName and lastName required). Users an
 * administrator creates are active unless said otherwise.
 */
export const adminCreateUserSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    firstName: nameSchema('First name is required'),
    lastName: nameSchema('Last name is required'),
    displayName: displayNameSchema.optional(),
    phoneNumber: phoneNumberSchema.optional(),
    photoURL: photoUrlSchema.optional(),
    isSiteAdmin: z.boolean().default(false),
    siteRole: z.enum(SITE_ROLES).nullable().optional(),
    isActive: z.boolean().default(true),
    emailVerified: z.boolean().default(false),
    tenantId: tenantAssignmentFields.tenantId.optional(),
    tenantRole: tenantAssignmentFields.tenantRole.optional(),
  })
  .refine((input) => (input.tenantId === undefined) === (input.tenantRole === undefined), {
    message: 'Tenant ID and tenant role go together',
    path: ['tenantRole'],
  });
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>;

/** Partial update by a site administrator; omitted fields stay as stored (no defaults here). */
export const adminUpdateUserSchema = z.object({
  displayName: displayNameSchema.optional(),
  firstName: nameSchema('First name is required').optional(),
  lastName: nameSchema('Last name is required').optional(),
  phoneNumber: phoneNumberSchema.nullable().optional(),
  photoURL: photoUrlSchema.optional(),
  isSiteAdmin: z.boolean().optional(),
  siteRole: z.enum(SITE_ROLES).nullable().optional(),
  emailVerified: z.boolean().optional(),
  isActive: z.boolean().optional(),
  password: passwordSchema.optional(),
});
export type AdminUpdateUserInput = z.input<typeof adminUpdateUserSchema>;

export const addTenantAssignmentSchema = z.object({
  tenantId: tenantAssignmentFields.tenantId,
  role: z.enum(TENANT_ROLES, { error: 'Role must be owner, admin, manager or employee' }),
  isActive: z.boolean().default(true),
});
export const updateTenantAssignmentSchema = z
  .object({
    role: z.enum(TENANT_ROLES, { error: 'Role must be owner, admin, manager or employee' }).optional(),
    isActive: z.boolean().optional(),
  })
  .refine((input) => input.role !== undefined || input.isActive !== undefined, {
    message: 'Nothing to change: give a role or isActive',
  });
