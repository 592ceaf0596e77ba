import { CONNECTION_STATUSES } from '@brigade/domain/listing/connection';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { restaurants } from './tenancy';

/**
 * Google Business Profile connections (spec 03 §3.4, issue 19, decision 027). Tokens are sealed with AES-256-GCM
 * (packages/core/src/secrets) before they reach these columns; no row holds a token, a code or a PKCE verifier
 * in the clear.
 */

const restaurantFk = (name: string, t: { tenantId: never; restaurantId: never }) =>
  foreignKey({
    name,
    columns: [t.tenantId, t.restaurantId],
    foreignColumns: [restaurants.tenantId, restaurants.restaurantId],
  }).onDelete('cascade');

/** One connection per restaurant and provider; `reconnect needed` is status `error` with that reason. */
export const businessListingConnections = pgTable(
  'business_listing_connections',
  {
    connectionId: uuid('connection_id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    provider: text('provider').notNull().default('google'),
    accountId: text('account_id'),
    locationId: text('location_id'),
    status: text('status', { enum: CONNECTION_STATUSES }).notNull().default('pending'),
    /** Why the status is error, e.g. `reconnect_needed` after Google refused the refresh token. */
    statusReason: text('status_reason'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true, mode: 'date' }),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    connectedBy: text('connected_by').references(() => users.uid, { onDelete: 'set null' }),
    connectedAt: timestamp('connected_at', { withTimezone: true, mode: 'date' }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('business_listing_connections_restaurant_fk', t as never),
    uniqueIndex('business_listing_connections_restaurant_key').on(t.tenantId, t.restaurantId, t.provider),
  ],
);

/** A consent in flight: single use, bound to the user and restaurant that asked, expiring quickly. */
export const businessListingOauthStates = pgTable(
  'business_listing_oauth_states',
  {
    /** SHA-256 of the `state` sent to Google: the value itself is never stored. */
    stateHash: text('state_hash').primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    nonce: text('nonce').notNull(),
    redirectUrl: text('redirect_url').notNull(),
    /** The PKCE code verifier, sealed with AES-256-GCM. */
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    restaurantFk('business_listing_oauth_states_restaurant_fk', t as never),
    index('business_listing_oauth_states_expiry_idx').on(t.expiresAt),
    check(
      'business_listing_oauth_states_used_after_created',
      sql`${t.usedAt} IS NULL OR ${t.usedAt} >= ${t.createdAt}`,
    ),
  ],
);
