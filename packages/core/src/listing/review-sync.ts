import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import { composeReviewId } from '@brigade/domain/listing/review';
import type { BusinessProfileClient } from '@brigade/google-business/business-client';
import type { GoogleReview } from '@brigade/google-business/wire';
import { type ConnectionRow, updateConnectionRow } from './connection-repository';
import { managedConnection } from './listing-access';
import type { ListingDeps } from './listing-deps';
import { type NewReviewRow, upsertReviews } from './review-repository';
import { callGoogle } from './token-provider';

/** Google's v4 reviews page size maximum. */
const PAGE_SIZE = 50;
/** A runaway page loop (a token that never ends) stops here: 50,000 reviews. */
const MAX_PAGES = 1000;

export interface ReviewSyncResult {
  fetched: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Reviews Google counts that no page returned, even after the re-check. */
  missing: number;
  averageRating: number | null;
  totalReviewCount: number | null;
  lastSyncAt: Date;
}

interface Fetched {
  reviews: Map<string, GoogleReview>;
  averageRating: number | null;
  totalReviewCount: number | null;
}

async function readAllPages(
  api: BusinessProfileClient,
  token: string,
  where: { accountId: string; locationId: string },
  into: Fetched,
) {
  let pageToken: string | undefined;
  const seen = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const found = await api.listReviews(token, where.accountId, where.locationId, {
      pageSize: PAGE_SIZE,
      ...(pageToken ? { pageToken } : {}),
    });
    for (const review of found.items) into.reviews.set(review.reviewId, review);
    into.averageRating = found.averageRating ?? into.averageRating;
    into.totalReviewCount = found.totalReviewCount ?? into.totalReviewCount;
    pageToken = found.nextPageToken;
    if (!pageToken || seen.has(pageToken)) return;
    seen.add(pageToken);
  }
}

/**
 * Every review of the location, page by page. Google's later pages occasionally leave reviews out
 * (docs/behaviour/business-profile.md, the reviews sync): when fewer came back than Google counts, the pages
 * are read once more, newest updates first, and the two readings merged.
 */
export async function fetchAllReviews(
  api: BusinessProfileClient,
  token: string,
  where: { accountId: string; locationId: string },
): Promise<Fetched> {
  const fetched: Fetched = { reviews: new Map(), averageRating: null, totalReviewCount: null };
  await readAllPages(api, token, where, fetched);
  if (fetched.totalReviewCount !== null && fetched.reviews.size < fetched.totalReviewCount)
    await readAllPages(api, token, where, fetched);
  return fetched;
}

/** Google's review as the stored row: reviewId `google_{externalId}`, rating as a number. */
export function reviewRowOf(connection: ConnectionRow, review: GoogleReview, syncedAt: Date): NewReviewRow {
  const time = (value: string | undefined) => (value ? new Date(value) : null);
  return {
    tenantId: connection.tenantId,
    restaurantId: connection.restaurantId,
    connectionId: connection.connectionId,
    reviewId: composeReviewId('google', review.reviewId),
    externalId: review.reviewId,
    source: 'google',
    resourceName: review.name,
    reviewerName: review.reviewer.displayName?.trim() || 'A Google user',
    reviewerPhotoUrl: review.reviewer.profilePhotoUrl ?? null,
    isReviewerAnonymous: review.reviewer.isAnonymous ?? false,
    rating: review.rating,
    comment: review.comment ?? null,
    reviewTime: time(review.createTime),
    reviewUpdateTime: time(review.updateTime),
    response: review.reviewReply?.comment ?? null,
    responseTime: time(review.reviewReply?.updateTime),
    syncedAt,
  };
}

export const LOCATION_NOT_SELECTED = 'Choose a location before syncing reviews';

/**
 * POST …/connections/{id}/sync/reviews: every review of the chosen location upserted in one
 * transaction (a sync run twice stores nothing twice, and a failed sync changes nothing), then lastSyncAt.
 */
export async function syncReviews(
  deps: ListingDeps,
  actor: Actor,
  connectionId: string,
): Promise<ReviewSyncResult> {
  const connection = await deps.transact((tx) => managedConnection(tx, actor, connectionId));
  const { accountId, locationId } = connection;
  if (!accountId || !locationId)
    throw new BrigadeError('conflict', 'LOCATION_NOT_SELECTED', LOCATION_NOT_SELECTED);
  const fetched = await callGoogle(deps, connectionId, (api, token) =>
    fetchAllReviews(api, token, { accountId, locationId }),
  );
  const now = deps.now();
  const rows = [...fetched.reviews.values()].map((review) => reviewRowOf(connection, review, now));
  const written = await deps.transact(async (tx) => {
    const counts = await upsertReviews(tx, rows);
    await updateConnectionRow(tx, connectionId, { lastSyncAt: now });
    return counts;
  });
  return {
    fetched: rows.length,
    ...written,
    unchanged: rows.length - written.created - written.updated,
    missing: Math.max(0, (fetched.totalReviewCount ?? rows.length) - rows.length),
    averageRating: fetched.averageRating,
    totalReviewCount: fetched.totalReviewCount,
    lastSyncAt: now,
  };
}
