import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTO_REPLY_REFUSALS, type AutoReplySettings, autoReplyDecision } from './auto-reply';

const HOUR = 60 * 60 * 1000;
const NOW = new Date('2026-11-25T12:00:00Z');
const ON: AutoReplySettings = {
  isEnabled: true,
  autoReply: true,
  autoRespondToRatings: [1, 2, 3, 4, 5],
  minimumRating: undefined,
  reviewThreshold: 24,
};
const review = (over: Partial<Parameters<typeof autoReplyDecision>[1]> = {}) => ({
  rating: 5,
  reviewTime: new Date(NOW.getTime() - 25 * HOUR),
  response: null,
  ...over,
});

describe('autoReplyDecision', () => {
  it('posts when everything allows it: AI on, auto-reply on, the rating selected, no reply, 24 h passed', () => {
    expect(autoReplyDecision(ON, review(), NOW)).toEqual({ post: true });
  });

  it.each([
    ['AI off for the connection', { isEnabled: false }, {}, 'ai-disabled'],
    ['auto-reply off (the default)', { autoReply: false }, {}, 'auto-reply-off'],
    [
      'the rating not among autoRespondToRatings',
      { autoRespondToRatings: [4, 5] },
      { rating: 3 },
      'rating-not-selected',
    ],
    ['no rating selected at all', { autoRespondToRatings: [] }, {}, 'rating-not-selected'],
    ['below the minimum rating', { minimumRating: 4 }, { rating: 3 }, 'below-minimum-rating'],
    ['a rating that is no star rating', {}, { rating: 0 }, 'invalid-rating'],
    ['a fractional rating', {}, { rating: 4.5 }, 'invalid-rating'],
    ['a review already replied to', {}, { response: 'Thanks!' }, 'already-replied'],
    ['a review without a time', {}, { reviewTime: null }, 'unknown-review-time'],
    ['a review with an invalid time', {}, { reviewTime: new Date(Number.NaN) }, 'unknown-review-time'],
  ] as const)('refuses: %s', (_name, settings, over, reason) => {
    expect(autoReplyDecision({ ...ON, ...settings }, review(over), NOW)).toEqual({ post: false, reason });
  });

  it('a blank reply does not count as a reply', () => {
    expect(autoReplyDecision(ON, review({ response: '  \n ' }), NOW)).toEqual({ post: true });
  });

  it('at the minimum rating exactly, it posts', () => {
    expect(autoReplyDecision({ ...ON, minimumRating: 4 }, review({ rating: 4 }), NOW)).toEqual({
      post: true,
    });
  });

  it('before the threshold: too soon, saying from when', () => {
    const written = new Date(NOW.getTime() - 23 * HOUR);
    expect(autoReplyDecision(ON, review({ reviewTime: written }), NOW)).toEqual({
      post: false,
      reason: 'too-soon',
      notBefore: new Date(written.getTime() + 24 * HOUR),
    });
  });

  it('exactly at the threshold it posts; a millisecond before it does not', () => {
    const written = new Date(NOW.getTime() - 24 * HOUR);
    expect(autoReplyDecision(ON, review({ reviewTime: written }), NOW).post).toBe(true);
    expect(autoReplyDecision(ON, review({ reviewTime: new Date(written.getTime() + 1) }), NOW).post).toBe(
      false,
    );
  });

  it('a threshold of 0 posts at once; a review from the future waits', () => {
    expect(autoReplyDecision({ ...ON, reviewThreshold: 0 }, review({ reviewTime: NOW }), NOW).post).toBe(
      true,
    );
    const future = new Date(NOW.getTime() + HOUR);
    expect(
      autoReplyDecision({ ...ON, reviewThreshold: 0 }, review({ reviewTime: future }), NOW),
    ).toMatchObject({
      reason: 'too-soon',
    });
  });

  it('every refusal has an explanation', () => {
    for (const text of Object.values(AUTO_REPLY_REFUSALS)) expect(text.length).toBeGreaterThan(10);
  });

  const settingsArb = fc.record({
    isEnabled: fc.boolean(),
    autoReply: fc.boolean(),
    autoRespondToRatings: fc.subarray([1, 2, 3, 4, 5]),
    minimumRating: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
    reviewThreshold: fc.integer({ min: 0, max: 24 * 14 }),
  });
  const reviewArb = fc.record({
    rating: fc.integer({ min: 1, max: 5 }),
    reviewTime: fc.date({
      min: new Date('2026-10-01T00:00:00Z'),
      max: new Date('2026-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    response: fc.option(fc.string({ maxLength: 5 }), { nil: null }),
  });

  it('property: it posts exactly when every condition holds (never without auto-reply on for that rating)', () => {
    fc.assert(
      fc.property(settingsArb, reviewArb, (settings, r) => {
        const decision = autoReplyDecision(settings, r, NOW);
        const expected =
          settings.isEnabled &&
          settings.autoReply &&
          settings.autoRespondToRatings.includes(r.rating) &&
          r.rating >= (settings.minimumRating ?? 1) &&
          !(r.response ?? '').trim() &&
          NOW.getTime() - r.reviewTime.getTime() >= settings.reviewThreshold * HOUR;
        expect(decision.post).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: once it may post, it still may later; while too soon, it may from notBefore on', () => {
    fc.assert(
      fc.property(
        settingsArb,
        reviewArb,
        fc.integer({ min: 0, max: 30 * 24 * HOUR }),
        (settings, r, later) => {
          const decision = autoReplyDecision(settings, r, NOW);
          if (decision.post)
            expect(autoReplyDecision(settings, r, new Date(NOW.getTime() + later)).post).toBe(true);
          if (!decision.post && decision.reason === 'too-soon') {
            expect(decision.notBefore.getTime()).toBeGreaterThan(NOW.getTime());
            expect(autoReplyDecision(settings, r, decision.notBefore).post).toBe(true);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
