import { REVIEW_REPLY_ACTIONS, reviewReplyBodySchema } from '@brigade/domain/listing/review';
import {
  REVIEW_PAGE_DEFAULT,
  REVIEW_PAGE_MAX,
  REVIEW_TREND_UNITS,
  reviewListQuerySchema,
  reviewSummaryQuerySchema,
} from '@brigade/domain/listing/review-query';
import { text } from '@brigade/domain/text';
import { z } from 'zod';
import { connectionParams } from './business-listing';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * Reviews of a connected Google location (issue 19): sync, the stored reviews, and replies.
 * Access as the other listing routes (business-listing.ts): members, the use-cases check the role, and
 * anyone without one gets 404.
 */

// Paid outside calls: an active account with a tenant role (issue 42), never a new sign-up.
const member = { kind: 'member' } as const;
const tags = ['business-listing'];
const base = '/business-listing';
// Any text: an id that is not a connection's (a UUID) is simply not found (404), as an unknown one is.

const timestamp = z.union([z.date(), z.string()]).nullable();

/** A stored review with its derivations (positive ≥ 4, negative ≤ 2, needs a response). */
export const listingReviewSchema = z.object({
  reviewId: z.string(),
  externalId: z.string(),
  source: z.string(),
  tenantGuid: z.string(),
  restaurantGuid: z.string(),
  reviewerName: z.string(),
  reviewerPhotoUrl: z.string().nullable(),
  isReviewerAnonymous: z.boolean(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  reviewTime: timestamp,
  response: z.string().nullable(),
  responseTime: timestamp,
  isAiGenerated: z.boolean(),
  /** The reply was posted by the auto-reply job (AI config auto-reply on, threshold passed), not a person. */
  replyAutoPosted: z.boolean(),
  sentiment: z.enum(['positive', 'neutral', 'negative']),
  needsResponse: z.boolean(),
  syncedAt: timestamp,
  createdAt: z.union([z.date(), z.string()]),
  updatedAt: z.union([z.date(), z.string()]),
});

export const reviewSyncResultSchema = z.object({
  fetched: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  missing: z.number(),
  averageRating: z.number().nullable(),
  totalReviewCount: z.number().nullable(),
  lastSyncAt: z.union([z.date(), z.string()]),
});

export const syncBusinessListingReviews = defineEndpoint({
  id: 'syncBusinessListingReviews',
  method: 'POST',
  path: `${base}/connections/{connectionId}/sync/reviews`,
  summary: "Sync the chosen location's reviews from Google (every page; missed reviews re-checked)",
  description:
    'All reviews are upserted in one transaction: a second run stores nothing twice, a failed one changes ' +
    'nothing. 409 LOCATION_NOT_SELECTED before a location is chosen.',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: { params: connectionParams },
  response: {
    status: 200,
    description: 'What the sync did',
    schema: successOf(reviewSyncResultSchema),
  },
  problems: [404, 409, 429, 502, 503, 504],
});

const filterText =
  'Filters (all optional, combined): status (needs-response, unanswered, replied), rating (one or more of ' +
  '1-5: rating=1,2 or rating=1&rating=2), sentiment (positive: 4-5 stars, neutral: 3, negative: 1-2), ' +
  "from/to (the review's create time: YYYY-MM-DD days in UTC, inclusive, or ISO date-times), search " +
  "(every word in the reviewer's name or the comment, case-insensitive).";

export const listBusinessListingReviews = defineEndpoint({
  id: 'listBusinessListingReviews',
  method: 'GET',
  path: `${base}/connections/{connectionId}/reviews`,
  summary: "The restaurant's stored reviews, filtered and sorted (newest first by default), a page at a time",
  description:
    `${filterText} sort: newest (default), oldest, lowest, highest (rating, then newest). Keyset paged: ` +
    `limit 1-${REVIEW_PAGE_MAX} (default ${REVIEW_PAGE_DEFAULT}; up to 500 is accepted from older callers and ` +
    `read as ${REVIEW_PAGE_MAX}); follow nextCursor as ?cursor= with the same filters and sort.`,
  tags,
  access: member,
  outside: true,
  request: { params: connectionParams, query: reviewListQuerySchema },
  response: {
    status: 200,
    description: 'A page of reviews',
    schema: successOf(z.array(listingReviewSchema), {
      nextCursor: z
        .string()
        .nullable()
        .meta({ description: 'Pass as ?cursor= for the next page; null on the last page' }),
    }),
  },
  problems: [400, 404],
});

/** The summary of the reviews a filter selects (issue 19): figures and the rating trend, from SQL. */
export const reviewSummarySchema = z.object({
  count: z.number().int(),
  /** Rounded to two decimals; null without reviews. */
  averageRating: z.number().nullable(),
  /** How many reviews have 1, 2, 3, 4 and 5 stars. */
  ratingDistribution: z.object({ 1: z.number(), 2: z.number(), 3: z.number(), 4: z.number(), 5: z.number() }),
  needsResponse: z.number().int(),
  trendUnit: z.enum(REVIEW_TREND_UNITS),
  /** Oldest first; `period` is the month's or the (Monday) week's first day, yyyy-mm-dd, UTC. */
  trend: z.array(z.object({ period: z.string(), count: z.number().int(), averageRating: z.number() })),
});

export const getBusinessListingReviewSummary = defineEndpoint({
  id: 'getBusinessListingReviewSummary',
  method: 'GET',
  path: `${base}/connections/{connectionId}/reviews/summary`,
  summary: 'Count, average, rating distribution, needs-response count and the rating trend of the reviews',
  description:
    `${filterText} trend: week or month buckets; without it, months when the reviews span three months or ` +
    'more, weeks otherwise. Undated reviews count everywhere but in the trend.',
  tags,
  access: member,
  outside: true,
  request: { params: connectionParams, query: reviewSummaryQuerySchema },
  response: { status: 200, description: 'The summary', schema: successOf(reviewSummarySchema) },
  problems: [400, 404],
});

export const replyToBusinessListingReview = defineEndpoint({
  id: 'replyToBusinessListingReview',
  method: 'POST',
  path: `${base}/reviews/reply`,
  summary: 'Reply to a review on Google (creates or replaces the reply)',
  description:
    'response 1-4096 characters and at most 4096 UTF-8 bytes ("Response too long"); isAiGenerated defaults ' +
    'to false. tenantId and restaurantId are needed only when two restaurants hold the same review.',
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: {
    body: reviewReplyBodySchema.extend({
      tenantId: z.uuid({ error: 'tenantId must be a UUID' }).optional(),
      restaurantId: z.uuid({ error: 'restaurantId must be a UUID' }).optional(),
    }),
  },
  response: { status: 200, description: 'The review with its reply', schema: successOf(listingReviewSchema) },
  problems: [404, 409, 429, 502, 503, 504],
});

export const deleteBusinessListingReviewReply = defineEndpoint({
  id: 'deleteBusinessListingReviewReply',
  method: 'DELETE',
  path: `${base}/reviews/reply`,
  summary: "Delete a review's reply on Google and here",
  tags,
  access: member,
  changes: 'none',
  outside: true,
  request: {
    query: z.object({
      reviewId: text({ error: 'reviewId is required' }).trim().min(1, 'reviewId is required').max(300),
      tenantId: z.uuid({ error: 'tenantId must be a UUID' }).optional(),
      restaurantId: z.uuid({ error: 'restaurantId must be a UUID' }).optional(),
    }),
  },
  response: {
    status: 200,
    description: 'The review without its reply',
    schema: successOf(listingReviewSchema),
  },
  problems: [404, 409, 429, 502, 503, 504],
});

/** One reply event of a review (migration 0022). */
export const reviewReplyEventSchema = z.object({
  id: z.string(),
  action: z.enum(REVIEW_REPLY_ACTIONS),
  /** The reply's text; null for a deletion. */
  response: z.string().nullable(),
  isAiGenerated: z.boolean(),
  autoPosted: z.boolean(),
  /** Who did it; null for the auto-reply job or a change made on Google. */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  at: z.union([z.date(), z.string()]),
});

export const listBusinessListingReviewReplyHistory = defineEndpoint({
  id: 'listBusinessListingReviewReplyHistory',
  method: 'GET',
  path: `${base}/connections/{connectionId}/reviews/{reviewId}/history`,
  summary: "A review's reply history (posted, edited, deleted, changed on Google), newest first",
  tags,
  access: member,
  outside: true,
  request: {
    params: connectionParams.extend({
      reviewId: text({ error: 'reviewId is required' }).trim().min(1, 'reviewId is required').max(300),
    }),
  },
  response: {
    status: 200,
    description: 'The reply events',
    schema: successOf(z.array(reviewReplyEventSchema)),
  },
  problems: [404],
});
