import { z } from 'zod';
import { jsonTimestampSchema } from '../json-timestamp';
import { multilineText, requiredText, text } from '../text';

/**
 * Business-listing reviews. Google's Business Profile v4 API names a review's
 * rating as a star-rating word (ONE to FIVE); the stored form keeps the number.
 */

export const REVIEW_RATING_MESSAGE = 'Review.fromJSON: rating is missing or invalid.';
export const REVIEW_REPLY_MAX_LENGTH = 4096;
export const REVIEW_REPLY_TOO_LONG_MESSAGE = 'Response too long';
export const REVIEW_REPLY_REQUIRED_MESSAGE = 'Response is required';

/** Google's `starRating` values, index + 1 being the number of stars. */
/** What a reply history row records (migration 0022). */
export const REVIEW_REPLY_ACTIONS = ['posted', 'edited', 'deleted', 'changed-on-google'] as const;
export type ReviewReplyAction = (typeof REVIEW_REPLY_ACTIONS)[number];

export const STAR_RATINGS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'] as const;
export type StarRating = (typeof STAR_RATINGS)[number];
export type ReviewRating = 1 | 2 | 3 | 4 | 5;

export function starRatingToNumber(value: string | undefined): ReviewRating | undefined {
  const index = STAR_RATINGS.indexOf(value as StarRating);
  return index < 0 ? undefined : ((index + 1) as ReviewRating);
}

export function numberToStarRating(rating: number): StarRating {
  const word = Number.isInteger(rating) ? STAR_RATINGS[rating - 1] : undefined;
  if (word === undefined) throw new RangeError(REVIEW_RATING_MESSAGE);
  return word;
}

export const reviewRatingSchema = z
  .number({ error: REVIEW_RATING_MESSAGE })
  .int(REVIEW_RATING_MESSAGE)
  .min(1, REVIEW_RATING_MESSAGE)
  .max(5, REVIEW_RATING_MESSAGE);

export type ReviewSentiment = 'positive' | 'neutral' | 'negative';

/** Positive when rating >= 4, negative when <= 2, neutral when 3. */
export function reviewSentiment(rating: number): ReviewSentiment {
  if (rating >= 4) return 'positive';
  if (rating <= 2) return 'negative';
  return 'neutral';
}

const hasResponse = (response: string | null | undefined): boolean =>
  typeof response === 'string' && response.trim().length > 0;

/** Needs a response when there is no response and rating <= 3. */
export function reviewNeedsResponse(review: { rating: number; response?: string | null }): boolean {
  return !hasResponse(review.response) && review.rating <= 3;
}

export type ReviewReplyState = 'replied' | 'needs-response' | 'unanswered';

/** Inbox state: replied; no reply and rating <= 3 (needs one); no reply on a positive review. */
export function reviewReplyState(review: { rating: number; response?: string | null }): ReviewReplyState {
  if (hasResponse(review.response)) return 'replied';
  return reviewNeedsResponse(review) ? 'needs-response' : 'unanswered';
}

/** reviewId defaults to one composed of source and externalId. */
export const composeReviewId = (source: string, externalId: string): string => `${source}_${externalId}`;

const utf8Length = (value: string): number => new TextEncoder().encode(value).length;

/**
 * A review reply is 1-4096 characters ('Response too long'). Google caps a reply at 4096 bytes, so text over that many
 * UTF-8 bytes is refused with the same message even when it has fewer characters.
 */
export const reviewReplyTextSchema = multilineText({ error: REVIEW_REPLY_REQUIRED_MESSAGE })
  .trim()
  .min(1, { error: REVIEW_REPLY_REQUIRED_MESSAGE, abort: true })
  // One "Response too long", not one per rule.
  .max(REVIEW_REPLY_MAX_LENGTH, { error: REVIEW_REPLY_TOO_LONG_MESSAGE, abort: true })
  .refine((value) => utf8Length(value) <= REVIEW_REPLY_MAX_LENGTH, REVIEW_REPLY_TOO_LONG_MESSAGE);

/** The reply body. */
export const reviewReplyBodySchema = z.strictObject({
  reviewId: requiredText('reviewId is required'),
  response: reviewReplyTextSchema,
  isAiGenerated: z.boolean().default(false),
});
export type ReviewReplyBody = z.infer<typeof reviewReplyBodySchema>;

/** The AI generation body. */
export const generateAiResponseBodySchema = z.strictObject({
  connectionId: requiredText('connectionId is required'),
  reviewId: requiredText('reviewId is required'),
});

const reviewFields = {
  reviewId: text().trim().min(1).optional(),
  externalId: requiredText('externalId is required'),
  source: requiredText('source is required'),
  tenantGuid: z.uuid('tenantGuid must be a UUID'),
  restaurantGuid: z.uuid('restaurantGuid must be a UUID'),
  reviewerName: requiredText('reviewerName is required'),
  reviewerPhotoUrl: text().optional(),
  rating: reviewRatingSchema,
  comment: multilineText().optional(),
  reviewTime: jsonTimestampSchema.optional(),
  response: multilineText().optional(),
  isReviewerAnonymous: z.boolean().default(false),
  syncedAt: jsonTimestampSchema.optional(),
  createdAt: jsonTimestampSchema.optional(),
  updatedAt: jsonTimestampSchema.optional(),
};

/** Review creation: the stored form, with reviewId defaulted from source and externalId. */
export const reviewSchema = z.object(reviewFields).transform((review) => ({
  ...review,
  reviewId: review.reviewId ?? composeReviewId(review.source, review.externalId),
}));
export type Review = z.output<typeof reviewSchema>;
