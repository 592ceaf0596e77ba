import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import { reviewNeedsResponse, reviewSentiment } from '@brigade/domain/listing/review';
import { userOf } from '../use-case';
import { findGoogleConnection } from './connection-repository';
import { canUseListing, managedConnection } from './listing-access';
import type { ListingDeps } from './listing-deps';
import { notConnected } from './listing-problem';
import {
  findReviewsById,
  type ReplyHistoryRow,
  type ReviewRow,
  recordReply,
  replyHistoryOf,
} from './review-repository';
import { callGoogle } from './token-provider';

export const REVIEW_NOT_FOUND = 'Review not found';

/** A stored review as the API answers it, with its derivations. */
export function reviewView(row: ReviewRow) {
  return {
    reviewId: row.reviewId,
    externalId: row.externalId,
    source: row.source,
    tenantGuid: row.tenantGuid,
    restaurantGuid: row.restaurantGuid,
    reviewerName: row.reviewerName,
    reviewerPhotoUrl: row.reviewerPhotoUrl,
    isReviewerAnonymous: row.isReviewerAnonymous,
    rating: row.rating,
    comment: row.comment,
    reviewTime: row.reviewTime,
    response: row.response,
    responseTime: row.responseTime,
    isAiGenerated: row.responseIsAiGenerated,
    replyAutoPosted: row.responseAutoPosted,
    sentiment: reviewSentiment(row.rating),
    needsResponse: reviewNeedsResponse(row),
    syncedAt: row.syncedAt,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
export type ReviewView = ReturnType<typeof reviewView>;

interface ReviewRef {
  reviewId: string;
  tenantGuid?: string | undefined;
  restaurantGuid?: string | undefined;
}

interface ReplyInput extends ReviewRef {
  response: string;
  isAiGenerated: boolean;
}

/** The review the actor may reply to; a review id two restaurants share needs the restaurant named. */
function pickReview(actor: Actor, found: ReviewRow[], input: ReviewRef): ReviewRow {
  const mine = found.filter(
    (row) =>
      canUseListing(actor, row.tenantId, row.restaurantId) &&
      (input.tenantGuid === undefined || row.tenantGuid === input.tenantGuid) &&
      (input.restaurantGuid === undefined || row.restaurantGuid === input.restaurantGuid),
  );
  if (mine.length === 0) throw notFound(REVIEW_NOT_FOUND, 'REVIEW_NOT_FOUND');
  if (mine.length > 1) {
    const message = 'reviewId names reviews of several restaurants: send tenantId and restaurantId';
    throw validationError(message, [{ path: 'reviewId', message }], 'REVIEW_AMBIGUOUS');
  }
  return mine[0]!;
}

/** `accounts/{a}/locations/{l}/reviews/{r}` → its parts. */
function partsOf(resourceName: string | null) {
  const match = /^accounts\/([^/]+)\/locations\/([^/]+)\/reviews\/([^/]+)$/.exec(resourceName ?? '');
  if (!match)
    throw new BrigadeError('conflict', 'REVIEW_NOT_SYNCED', 'Sync the reviews before replying to this one');
  return { accountId: match[1]!, locationId: match[2]!, reviewId: match[3]! };
}

/** The review the actor may answer, its restaurant's connection, and where on Google it lives. */
async function reviewToAnswer(deps: ListingDeps, actor: Actor, input: ReviewRef) {
  const { review, connectionId } = await deps.transact(async (tx) => {
    const picked = pickReview(actor, await findReviewsById(tx, input.reviewId), input);
    const connection = await findGoogleConnection(tx, picked.tenantId, picked.restaurantId);
    return { review: picked, connectionId: connection?.connectionId };
  });
  if (!connectionId) throw notConnected();
  return { review, connectionId, target: partsOf(review.resourceName) };
}

export interface PostedReply {
  response: string;
  isAiGenerated: boolean;
  /** Who approved and posted it; null when the auto-reply job posted it. */
  respondedBy: string | null;
  /** Posted by the auto-reply job (docs/behaviour/ai-review-replies.md), not by a person. */
  autoPosted: boolean;
}

/**
 * Posts a reply to the review on Google (PUT creates or updates it), then stores it with whether the AI
 * drafted it, who posted it and whether the auto-reply job did. The one path every reply takes.
 */
export async function postReply(
  deps: ListingDeps,
  review: ReviewRow,
  connectionId: string,
  reply: PostedReply,
): Promise<ReviewView> {
  const target = partsOf(review.resourceName);
  const posted = await callGoogle(deps, connectionId, (api, token) =>
    api.putReply(token, target, reply.response),
  );
  const responseTime = posted?.updateTime ? new Date(posted.updateTime) : deps.now();
  return deps.transact(async (tx) => {
    await recordReply(tx, review, {
      response: posted?.comment ?? reply.response,
      responseTime,
      isAiGenerated: reply.isAiGenerated,
      respondedBy: reply.respondedBy,
      autoPosted: reply.autoPosted,
    });
    const [after] = (await findReviewsById(tx, review.reviewId)).filter((row) => row.id === review.id);
    return reviewView(after!);
  });
}

/**
 * POST …/reviews/reply {reviewId, response, isAiGenerated}: a person's reply (or a draft they
 * approved), posted to Google and stored.
 */
export async function replyToReview(deps: ListingDeps, actor: Actor, input: ReplyInput): Promise<ReviewView> {
  const user = userOf(actor);
  const { review, connectionId } = await reviewToAnswer(deps, actor, input);
  return postReply(deps, review, connectionId, {
    response: input.response,
    isAiGenerated: input.isAiGenerated,
    respondedBy: user.userId,
    autoPosted: false,
  });
}

/** Deletes the review's reply on Google, then here: the review needs a response again if rated 3 or less. */
export async function deleteReply(deps: ListingDeps, actor: Actor, input: ReviewRef): Promise<ReviewView> {
  const user = userOf(actor);
  const { review, connectionId, target } = await reviewToAnswer(deps, actor, input);
  await callGoogle(deps, connectionId, (api, token) => api.deleteReply(token, target));
  return deps.transact(async (tx) => {
    await recordReply(tx, review, {
      response: null,
      responseTime: null,
      isAiGenerated: false,
      respondedBy: null,
      userId: user.userId,
    });
    const [after] = (await findReviewsById(tx, input.reviewId)).filter((row) => row.id === review.id);
    return reviewView(after!);
  });
}

/** A reply history row as the API answers it. */
export function replyEventView(row: ReplyHistoryRow) {
  return {
    id: row.id,
    action: row.action,
    response: row.response,
    isAiGenerated: row.isAiGenerated,
    autoPosted: row.autoPosted,
    userId: row.userId,
    userName: row.userName,
    at: row.at,
  };
}
export type ReplyEventView = ReturnType<typeof replyEventView>;

/** The reply history of one of the connection's restaurant's reviews, newest first (same access as the list). */
export async function listReplyHistory(
  deps: ListingDeps,
  actor: Actor,
  input: { connectionId: string; reviewId: string },
): Promise<ReplyEventView[]> {
  return deps.transact(async (tx) => {
    const connection = await managedConnection(tx, actor, input.connectionId);
    const review = (await findReviewsById(tx, input.reviewId)).find(
      (row) => row.tenantId === connection.tenantId && row.restaurantId === connection.restaurantId,
    );
    if (!review) throw notFound(REVIEW_NOT_FOUND, 'REVIEW_NOT_FOUND');
    return (await replyHistoryOf(tx, review.id)).map(replyEventView);
  });
}
