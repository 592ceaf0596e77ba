import { describe, expect, it } from 'vitest';
import {
  composeReviewId,
  numberToStarRating,
  REVIEW_RATING_MESSAGE,
  reviewNeedsResponse,
  reviewReplyBodySchema,
  reviewReplyState,
  reviewSchema,
  reviewSentiment,
  starRatingToNumber,
} from './review';

const tenantGuid = '0b6f3c2e-8a4d-4f5e-9c1a-2d3e4f5a6b7c';
const restaurantGuid = '1c7a4d3f-9b5e-4a6f-8d2b-3e4f5a6b7c8d';
const base = { externalId: 'abc', source: 'google', tenantGuid, restaurantGuid, reviewerName: 'Ana' };

describe('star rating words', () => {
  it.each([
    ['ONE', 1],
    ['TWO', 2],
    ['THREE', 3],
    ['FOUR', 4],
    ['FIVE', 5],
  ] as const)('%s is %i stars and back', (word, stars) => {
    expect(starRatingToNumber(word)).toBe(stars);
    expect(numberToStarRating(stars)).toBe(word);
  });

  it.each([undefined, 'STAR_RATING_UNSPECIFIED', 'five', ''])('%s has no number', (word) => {
    expect(starRatingToNumber(word)).toBeUndefined();
  });

  it.each([0, 6, 2.5, Number.NaN])('%s stars has no word', (stars) => {
    expect(() => numberToStarRating(stars)).toThrow(REVIEW_RATING_MESSAGE);
  });
});

describe('review derivations', () => {
  it.each([
    [1, 'negative'],
    [2, 'negative'],
    [3, 'neutral'],
    [4, 'positive'],
    [5, 'positive'],
  ] as const)('rating %i is %s', (rating, sentiment) => {
    expect(reviewSentiment(rating)).toBe(sentiment);
  });

  it.each([
    [1, undefined, true, 'needs-response'],
    [3, null, true, 'needs-response'],
    [3, '   ', true, 'needs-response'],
    [4, undefined, false, 'unanswered'],
    [5, undefined, false, 'unanswered'],
    [2, 'Sorry to hear it', false, 'replied'],
    [5, 'Thank you!', false, 'replied'],
  ] as const)('rating %i with response %j: needs %s, state %s', (rating, response, needs, state) => {
    expect(reviewNeedsResponse({ rating, response })).toBe(needs);
    expect(reviewReplyState({ rating, response })).toBe(state);
  });
});

describe('reviewSchema', () => {
  it('defaults reviewId from source and externalId and isReviewerAnonymous to false', () => {
    const review = reviewSchema.parse({ ...base, rating: 4 });
    expect(review.reviewId).toBe(composeReviewId('google', 'abc'));
    expect(review.reviewId).toBe('google_abc');
    expect(review.isReviewerAnonymous).toBe(false);
  });

  it('keeps a given reviewId', () => {
    expect(reviewSchema.parse({ ...base, rating: 4, reviewId: 'r1' }).reviewId).toBe('r1');
  });

  it.each([undefined, 0, 6, 3.5, '4'])('refuses rating %j with the spec message', (rating) => {
    const result = reviewSchema.safeParse({ ...base, rating });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([REVIEW_RATING_MESSAGE]);
  });

  it.each(['externalId', 'source', 'reviewerName', 'tenantGuid', 'restaurantGuid'])(
    'requires %s',
    (field) => {
      const result = reviewSchema.safeParse({ ...base, rating: 3, [field]: undefined });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual([field]);
    },
  );
});

describe('reviewReplyBodySchema', () => {
  const reply = (response: unknown) => reviewReplyBodySchema.safeParse({ reviewId: 'r1', response });
  const messages = (response: unknown) => reply(response).error?.issues.map((issue) => issue.message);

  it('accepts 1 and 4096 characters and defaults isAiGenerated to false', () => {
    expect(reply('x').data).toEqual({ reviewId: 'r1', response: 'x', isAiGenerated: false });
    expect(reply('x'.repeat(4096)).success).toBe(true);
  });

  it('refuses 4097 characters with "Response too long"', () => {
    expect(messages('x'.repeat(4097))).toContain('Response too long');
  });

  it('refuses text over 4096 UTF-8 bytes (Google counts bytes) with "Response too long"', () => {
    expect(messages('é'.repeat(2049))).toEqual(['Response too long']);
    expect(reply('é'.repeat(2048)).success).toBe(true);
  });

  it('refuses an empty or blank reply and unknown fields', () => {
    expect(reply('').success).toBe(false);
    expect(reply('  ').success).toBe(false);
    expect(reviewReplyBodySchema.safeParse({ reviewId: 'r1', response: 'x', extra: 1 }).success).toBe(false);
  });
});
