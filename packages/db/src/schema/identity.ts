import type { PhoneNumber } from '@brigade/domain/user';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// User. Emails are stored lower-cased (the domain schema normalises them), so a plain unique
// index makes them unique case-insensitively.
export const users = pgTable(
  'users',
  {
    uid: text('uid').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    displayName: text('display_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phoneNumber: jsonb('phone_number').$type<PhoneNumber>(),
    photoUrl: text('photo_url'),
    emailVerified: boolean('email_verified').notNull().default(false),
    siteRole: text('site_role', { enum: ['site_admin', 'site_owner', 'support', 'viewer'] }),
    isSiteAdmin: boolean('is_site_admin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(false),
    lastLogin: at('last_login'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('users_display_name_idx').on(sql`lower(${t.displayName})`),
    // the site administrator's search (`ilike '%term%'`, issue 48 item 6; migration 0064 adds pg_trgm)
    index('users_display_name_trgm_idx').using('gin', sql`${t.displayName} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
  ],
);

// TenantAssignment: one row per user and tenant.
export const tenantAssignments = pgTable(
  'tenant_assignments',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenantId, { onDelete: 'cascade' }),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'admin', 'manager', 'employee'] }).notNull(),
    /**
     * The restaurants a manager or employee works at (issue 45 item 15): null is all of the tenant's, as
     * owners and admins always are. Checked on every restaurant's route (domain/access.ts decideAccess).
     */
    restaurantIds: integer('restaurant_ids').array(),
    isActive: boolean('is_active').notNull().default(true),
    assignedAt: at('assigned_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userUid] }),
    index('tenant_assignments_user_idx').on(t.userUid, t.assignedAt),
    check('tenant_assignments_role_check', sql`${t.role} in ('owner', 'admin', 'manager', 'employee')`),
    check(
      'tenant_assignments_restaurants_check',
      sql`${t.restaurantIds} is null or (${t.role} in ('manager', 'employee') and cardinality(${t.restaurantIds}) > 0)`,
    ),
  ],
);

// Sessions: only the SHA-256 of the random token is stored, so a database leak does not leak sessions.
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
    idleExpiresAt: at('idle_expires_at').notNull(),
    absoluteExpiresAt: at('absolute_expires_at').notNull(),
    revokedAt: at('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userUid)],
);

// Single-use codes that carry a sign-in to an app on another origin (docs/behaviour/identity-and-sessions.md#handoff-between-apps).
export const handoffCodes = pgTable('handoff_codes', {
  codeHash: text('code_hash').primaryKey(),
  userUid: text('user_uid')
    .notNull()
    .references(() => users.uid, { onDelete: 'cascade' }),
  returnOrigin: text('return_origin').notNull(),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userUid: text('user_uid')
    .notNull()
    .references(() => users.uid, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
});

// Throttled attempts per key (account, address and account, address, sign-up address), shared by every
// server instance: `failures` counts attempts reserved in the current window that did not succeed
// (docs/decisions/014-throttling-and-enumeration.md).
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: at('window_started_at').notNull().defaultNow(),
  lockedUntil: at('locked_until'),
});

// Mail that Brigade sends. Without SMTP configured it stays here (and in the log), so flows such as password
// reset work on the embedded defaults; with SMTP it is the record of what was sent.
export const outboxEmails = pgTable('outbox_emails', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  createdAt: createdAt(),
  sentAt: at('sent_at'),
  error: text('error'),
});

/**
 * Text messages (SMS) to send, as the mail outbox: a row's insert queues its `sms.deliver` job (migration
 * 0049's trigger); the job sends it through the SMS provider and marks it sent, or keeps the last error.
 */
export const outboxTexts = pgTable('outbox_texts', {
  id: serial('id').primaryKey(),
  toNumber: text('to_number').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
  sentAt: at('sent_at'),
  /** The provider's id of the message (Twilio's `SM…`). */
  providerId: text('provider_id'),
  error: text('error'),
});

/**
 * The site administrators' inbox (docs/behaviour/onboarding.md): sign-ups waiting for activation, help
 * messages, requests for a restaurant. Site-wide: it is not a tenant's data (no tenant_id, no row-level
 * security); `regarding_tenant_id` only says which organization a message is about.
 */
export const adminMessages = pgTable('admin_messages', {
  messageId: serial('message_id').primaryKey(),
  kind: text('kind', { enum: ['sign-up', 'help', 'restaurant-request'] }).notNull(),
  fromUid: text('from_uid'),
  fromEmail: text('from_email').notNull(),
  fromName: text('from_name').notNull(),
  regardingTenantId: integer('regarding_tenant_id'),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: createdAt(),
  readAt: at('read_at'),
  readBy: text('read_by'),
});
