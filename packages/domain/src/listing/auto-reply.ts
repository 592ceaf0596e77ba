import type { DraftSettings } from './draft-settings';

/**
 * When a drafted reply may be posted without a person (issue 19; docs/behaviour/ai-review-replies.md): never,
 * unless the connection's AI is enabled, auto-reply is switched on, the review's rating is one auto-reply
 * applies to (autoRespondToRatings, and at least minimumRating when set), the review has no reply yet, and
 * the review threshold (24 hours by default) has passed since the review was written, which leaves a
 * person that long to answer first. Every other draft waits for a person's approval.
 */

export type AutoReplyRefusal =
  | 'ai-disabled'
  | 'auto-reply-off'
  | 'invalid-rating'
  | 'rating-not-selected'
  | 'below-minimum-rating'
  | 'already-replied'
  | 'unknown-review-time'
  | 'too-soon';

export type AutoReplyDecision =
  | { post: true }
  | { post: false; reason: 'too-soon'; notBefore: Date }
  | { post: false; reason: Exclude<AutoReplyRefusal, 'too-soon'> };

export type AutoReplySettings = Pick<
  DraftSettings,
  'isEnabled' | 'autoReply' | 'autoRespondToRatings' | 'minimumRating' | 'reviewThreshold'
>;

export interface AutoReplyReview {
  rating: number;
  /** When the review was written (Google's createTime; the stored reviewTime). */
  reviewTime: Date | null | undefined;
  /** The reply it already has, if any. */
  response?: string | null | undefined;
}

const HOUR_MS = 60 * 60 * 1000;

const refuse = (reason: Exclude<AutoReplyRefusal, 'too-soon'>): AutoReplyDecision => ({
  post: false,
  reason,
});

/** Whether a draft for this review may be posted on its own at `now`, and if not, why not. */
export function autoReplyDecision(
  settings: AutoReplySettings,
  review: AutoReplyReview,
  now: Date,
): AutoReplyDecision {
  if (!settings.isEnabled) return refuse('ai-disabled');
  if (!settings.autoReply) return refuse('auto-reply-off');
  if (!Number.isInteger(review.rating) || review.rating < 1 || review.rating > 5)
    return refuse('invalid-rating');
  if (!settings.autoRespondToRatings.includes(review.rating)) return refuse('rating-not-selected');
  if (settings.minimumRating !== undefined && review.rating < settings.minimumRating)
    return refuse('below-minimum-rating');
  if (typeof review.response === 'string' && review.response.trim() !== '') return refuse('already-replied');
  const written = review.reviewTime?.getTime();
  if (written === undefined || Number.isNaN(written)) return refuse('unknown-review-time');
  const hours = Number.isFinite(settings.reviewThreshold) ? Math.max(0, settings.reviewThreshold) : 0;
  const notBefore = new Date(written + hours * HOUR_MS);
  if (now.getTime() < notBefore.getTime()) return { post: false, reason: 'too-soon', notBefore };
  return { post: true };
}

/** What each refusal means, for logs and the inbox ("why was this not posted?"). */
export const AUTO_REPLY_REFUSALS: Record<AutoReplyRefusal, string> = {
  'ai-disabled': 'AI replies are turned off for this connection',
  'auto-reply-off': 'Auto-reply is off: a person approves every reply',
  'invalid-rating': 'The review has no valid star rating',
  'rating-not-selected': 'Auto-reply is not on for reviews with this rating',
  'below-minimum-rating': 'The rating is below the minimum rating for auto-replies',
  'already-replied': 'The review already has a reply',
  'unknown-review-time': 'The review has no time, so its waiting period cannot be counted',
  'too-soon': 'The waiting period after the review has not passed yet',
};
