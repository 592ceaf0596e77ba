import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { tenants } from './tenancy';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// issue 23: an owner or admin invites someone by email to a role in the tenant (decision 029). Only the
// SHA-256 of the link's token is kept. A manager or employee may be invited to some of the tenant's restaurants
// only (`restaurantIds`, issue 45 item 15); null is every restaurant, as owners and admins always are.
export const tenantInvitations = pgTable(
  'tenant_invitations',
  {
    invitationId: uuid('invitation_id').primaryKey().default(sql`gen_random_uuid()`),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenantId, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'manager', 'employee'] }).notNull(),
    restaurantIds: integer('restaurant_ids').array(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    acceptedUserUid: text('accepted_user_uid').references(() => users.uid, { onDelete: 'set null' }),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('tenant_invitations_token_key').on(t.tokenHash),
    // at most one open invitation per tenant and email: a second invite replaces the first
    uniqueIndex('tenant_invitations_open_key')
      .on(t.tenantId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('tenant_invitations_tenant_idx').on(t.tenantId, t.createdAt),
    check('tenant_invitations_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('tenant_invitations_role_check', sql`${t.role} in ('owner', 'admin', 'manager', 'employee')`),
    check(
      'tenant_invitations_restaurants_check',
      sql`${t.restaurantIds} is null or (${t.role} in ('manager', 'employee') and cardinality(${t.restaurantIds}) > 0)`,
    ),
    check('tenant_invitations_single_outcome_check', sql`${t.acceptedAt} is null or ${t.revokedAt} is null`),
  ],
);
