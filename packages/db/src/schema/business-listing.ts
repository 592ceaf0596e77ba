import {
  type AiConfig,
  CONNECTION_STATUSES,
  LISTING_SYNC_FREQUENCIES,
} from '@brigade/domain/listing/connection';
import { CALL_TO_ACTION_TYPES, POST_STATES } from '@brigade/domain/listing/post';
import type { ListingProfile } from '@brigade/domain/listing/profile';
import { REVIEW_REPLY_ACTIONS } from '@brigade/domain/listing/review';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './identity';
import { restaurants } from './tenancy';

/**
 * Google Business Profile connections (issue 19, decision 027). Tokens are sealed with AES-256-GCM
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
    /** The chosen location's title on Google, as it was when chosen (migration 0020). */
    locationTitle: text('location_title'),
    /** The location's profile as the last profile sync read it (packages/domain/src/listing/profile.ts). */
    profile: jsonb('profile').$type<ListingProfile>(),
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
    /** How often the scheduled sync runs (realtime means every housekeeping run). */
    syncFrequency: text('sync_frequency', { enum: LISTING_SYNC_FREQUENCIES }).notNull().default('daily'),
    /** When the scheduled sync is next due; claimed by moving it on (one instance runs each sync). */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true, mode: 'date' }),
    /** How the last sync ended (completed, error) and, on error, what failed. */
    lastSyncStatus: text('last_sync_status'),
    lastSyncError: text('last_sync_error'),
    /** The AI reply config (migration 0021), defaults filled in; null while none is saved. */
    aiConfig: jsonb('ai_config').$type<AiConfig>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('business_listing_connections_restaurant_fk', t as never),
    index('business_listing_connections_next_sync_idx').on(t.nextSyncAt),
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

/**
 * Reviews of a connected location (migration 0020), one row per restaurant and review id
 * (`{source}_{externalId}`). Synced from Google (upserted: a sync run twice stores nothing twice) and
 * replied to from Brigade; sentiment and needs-a-response are derived when read, not stored.
 */
export const businessListingReviews = pgTable(
  'business_listing_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    /** The connection that last synced it; a deleted connection leaves its reviews. */
    connectionId: uuid('connection_id').references(() => businessListingConnections.connectionId, {
      onDelete: 'set null',
    }),
    reviewId: text('review_id').notNull(),
    externalId: text('external_id').notNull(),
    source: text('source').notNull().default('google'),
    /** Google's resource name, accounts/{a}/locations/{l}/reviews/{r}: where a reply goes. */
    resourceName: text('resource_name'),
    reviewerName: text('reviewer_name').notNull(),
    reviewerPhotoUrl: text('reviewer_photo_url'),
    isReviewerAnonymous: boolean('is_reviewer_anonymous').notNull().default(false),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    reviewTime: timestamp('review_time', { withTimezone: true, mode: 'date' }),
    reviewUpdateTime: timestamp('review_update_time', { withTimezone: true, mode: 'date' }),
    response: text('response'),
    responseTime: timestamp('response_time', { withTimezone: true, mode: 'date' }),
    /** Whether the reply now on Google was drafted by the AI (false once it is changed elsewhere). */
    responseIsAiGenerated: boolean('response_is_ai_generated').notNull().default(false),
    /** Who posted the reply from Brigade; null when it came from Google (or was posted automatically). */
    respondedBy: text('responded_by').references(() => users.uid, { onDelete: 'set null' }),
    /** The reply was posted by the auto-reply job, not approved by a person (migration 0021). */
    responseAutoPosted: boolean('response_auto_posted').notNull().default(false),
    /**
     * When the auto-reply job claimed the review (migration 0021): set atomically by one instance before it
     * drafts and posts, cleared again only when that attempt failed. A claimed review is never auto-replied
     * a second time.
     */
    autoReplyClaimedAt: timestamp('auto_reply_claimed_at', { withTimezone: true, mode: 'date' }),
    syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('business_listing_reviews_restaurant_fk', t as never),
    uniqueIndex('business_listing_reviews_review_key').on(t.tenantId, t.restaurantId, t.reviewId),
    // The inbox's orders (migration 0024): newest/oldest (one index read both ways), by rating, and the
    // reviews that need a response, each ending in the row id that breaks ties for the keyset.
    index('business_listing_reviews_time_idx').on(
      t.tenantId,
      t.restaurantId,
      t.reviewTime.desc().nullsLast(),
      t.id.desc(),
    ),
    index('business_listing_reviews_rating_idx').on(
      t.tenantId,
      t.restaurantId,
      t.rating,
      t.reviewTime.desc().nullsLast(),
      t.id.desc(),
    ),
    index('business_listing_reviews_needs_response_idx')
      .on(t.tenantId, t.restaurantId, t.reviewTime.desc().nullsLast(), t.id.desc())
      .where(sql`(${t.response} IS NULL OR btrim(${t.response}) = '') AND ${t.rating} <= 3`),
    check('business_listing_reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

/**
 * Every reply event of a review (migration 0022): posted, edited, deleted from Brigade, or found changed on
 * Google by a sync. Written in the transaction that changes the review's reply; never updated.
 */
export const businessListingReviewReplies = pgTable(
  'business_listing_review_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    /** The review row (business_listing_reviews.id). */
    reviewRowId: uuid('review_row_id')
      .notNull()
      .references(() => businessListingReviews.id, { onDelete: 'cascade' }),
    action: text('action', { enum: REVIEW_REPLY_ACTIONS }).notNull(),
    /** The reply's text; null for a deletion. */
    response: text('response'),
    isAiGenerated: boolean('is_ai_generated').notNull().default(false),
    autoPosted: boolean('auto_posted').notNull().default(false),
    /** Who did it; null for the auto-reply job or a change made on Google. */
    userId: text('user_id').references(() => users.uid, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Write order: events of the same instant still list in the order they happened. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
  },
  (t) => [
    restaurantFk('business_listing_review_replies_restaurant_fk', t as never),
    index('business_listing_review_replies_review_idx').on(t.reviewRowId, t.seq),
    check(
      'business_listing_review_replies_action',
      sql`${t.action} IN ('posted', 'edited', 'deleted', 'changed-on-google')`,
    ),
  ],
);

/**
 * Posts published on the connected location's Google profile from Brigade (content,
 * call-to-action, state; migration 0023). A row is written only after Google accepted the post, and holds
 * Google's answer: its resource name, state and times.
 */
export const listingPosts = pgTable(
  'listing_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    /** The connection it was published through; its posts go with it. */
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => businessListingConnections.connectionId, { onDelete: 'cascade' }),
    /** Google's resource name, accounts/{a}/locations/{l}/localPosts/{p}. */
    googleName: text('google_name').notNull(),
    content: text('content').notNull(),
    callToActionType: text('call_to_action_type', { enum: CALL_TO_ACTION_TYPES }),
    callToActionUrl: text('call_to_action_url'),
    state: text('state', { enum: POST_STATES }).notNull().default('draft'),
    /** The post on Google Search, as Google answered it. */
    searchUrl: text('search_url'),
    /** Google's createTime and updateTime. */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    googleUpdatedAt: timestamp('google_updated_at', { withTimezone: true, mode: 'date' }),
    createdBy: text('created_by').references(() => users.uid, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('listing_posts_restaurant_fk', t as never),
    uniqueIndex('listing_posts_google_name_key').on(t.tenantId, t.googleName),
    index('listing_posts_connection_idx').on(t.connectionId, t.createdAt),
    check('listing_posts_state', sql`${t.state} IN ('draft', 'live', 'rejected')`),
    check(
      'listing_posts_call_to_action_type',
      sql`${t.callToActionType} IS NULL OR ${t.callToActionType} IN ('book', 'order', 'shop', 'learn_more', 'sign_up', 'call')`,
    ),
  ],
);
