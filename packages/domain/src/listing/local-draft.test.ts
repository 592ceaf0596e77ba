import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aiConfigSchema, RESPONSE_STYLES } from './connection';
import {
  type DraftInput,
  draftSettingsOf,
  RESPONSE_LENGTH_WORDS,
  type ResponseLength,
} from './draft-settings';
import { localDraft } from './local-draft';
import { reviewReplyTextSchema } from './review';

const settings = draftSettingsOf(aiConfigSchema.parse({}));
const input = (
  review: Partial<DraftInput['review']> = {},
  over: Partial<DraftInput['settings']> = {},
): DraftInput => ({
  settings: { ...settings, ...over },
  review: {
    reviewId: 'google_r1',
    reviewerName: 'Ana Lopez',
    rating: 5,
    comment: 'Lovely evening.',
    ...review,
  },
  business: { name: 'Chez Brigade', phone: '+1 503 555 0100' },
});
const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

describe('localDraft', () => {
  it('is deterministic for a review', () => {
    expect(localDraft(input())).toBe(localDraft(input()));
  });

  it('varies across reviews: not a single canned line', () => {
    const drafts = new Set(
      Array.from({ length: 30 }, (_, i) =>
        localDraft(input({ reviewId: `google_r${i}`, comment: `Visit ${i}` })),
      ),
    );
    expect(drafts.size).toBeGreaterThanOrEqual(5);
  });

  it.each([
    ['professional', /^Dear Ana,\n\n/, /Kind regards,\nThe Chez Brigade team$/],
    ['friendly', /^Hi Ana!\n\n/, /Warm wishes from all of us at Chez Brigade$/],
    ['casual', /^Hey Ana!\n\n/, /Cheers,\nThe Chez Brigade crew$/],
    ['custom', /^Hello Ana,\n\n/, /Best wishes,\nThe Chez Brigade team$/],
  ] as const)('style %s: its greeting and sign-off', (responseStyle, greeting, signOff) => {
    const text = localDraft(input({}, { responseStyle, customTone: 'warm' }));
    expect(text).toMatch(greeting);
    expect(text).toMatch(signOff);
  });

  it('casual uses contractions', () => {
    const texts = Array.from({ length: 20 }, (_, i) =>
      localDraft(
        input({ reviewId: `r${i}`, rating: 1 }, { responseStyle: 'casual', responseLength: 'long' }),
      ),
    );
    expect(texts.some((t) => /\b(We're|we're|It's|can't|We'd|we'd|didn't)\b/.test(t))).toBe(true);
    expect(texts.every((t) => !/\bWe are\b/.test(t))).toBe(true);
  });

  it('names the business only when asked', () => {
    expect(localDraft(input())).toContain('Chez Brigade');
    for (const i of [1, 2, 3, 4, 5])
      expect(
        localDraft(input({ rating: i }, { includeBusinessName: false, responseLength: 'long' })),
      ).not.toContain('Chez Brigade');
  });

  it('a negative review: an apology and an invitation to get in touch, with the phone when allowed', () => {
    for (let i = 0; i < 10; i += 1) {
      const text = localDraft(
        input({ reviewId: `n${i}`, rating: 1 + (i % 2), comment: i % 3 ? 'Cold soup' : '' }),
      );
      expect(text).toMatch(/sorry|apologise/i);
      expect(text).toMatch(/contact us|reach out|get in touch/i);
      expect(text).toContain('+1 503 555 0100');
    }
    const noInfo = localDraft(input({ rating: 1 }, { includeBusinessInfo: false }));
    expect(noInfo).toMatch(/directly/);
    expect(noInfo).not.toContain('555');
  });

  it('a positive review thanks and invites back, without an apology', () => {
    const text = localDraft(input({ rating: 5 }, { responseLength: 'long' }));
    expect(text).toMatch(/thank|appreciate/i);
    expect(text).not.toMatch(/sorry|apologise/i);
  });

  it('a rating without text is thanked for the rating (with its star word)', () => {
    const texts = Array.from({ length: 12 }, (_, i) => localDraft(input({ reviewId: `s${i}`, comment: '' })));
    expect(texts.some((t) => t.includes('five-star rating'))).toBe(true);
    expect(texts.every((t) => !/kind words|review\b.*telling/.test(t))).toBe(true);
  });

  it('an anonymous reviewer is greeted without a name; the full name never appears', () => {
    expect(localDraft(input({ reviewerName: 'A Google User' }))).toMatch(/^Dear guest,/);
    expect(localDraft(input({ isReviewerAnonymous: true }, { responseStyle: 'friendly' }))).toMatch(
      /^Hi there!/,
    );
    expect(localDraft(input())).not.toContain('Lopez');
  });

  it('longer lengths say more', () => {
    const of = (responseLength: ResponseLength) =>
      wordCount(localDraft(input({ rating: 2 }, { responseLength })));
    expect(of('short')).toBeLessThan(of('medium'));
    expect(of('medium')).toBeLessThan(of('long'));
  });

  it("the owner's template for the rating wins, filled, and cut to the limits", () => {
    const templates = {
      '5': 'Thank you {firstName}! Love, {businessName}.',
      '1': `Sorry. ${'Very sorry. '.repeat(30)}`,
    };
    expect(localDraft(input({}, { responseTemplates: templates }))).toBe(
      'Thank you Ana! Love, Chez Brigade.',
    );
    const cut = localDraft(input({ rating: 1 }, { responseTemplates: templates, responseLength: 'short' }));
    expect(wordCount(cut)).toBeLessThanOrEqual(RESPONSE_LENGTH_WORDS.short);
    expect(localDraft(input({ rating: 4 }, { responseTemplates: templates }))).toMatch(/^Dear Ana,/);
  });

  it('property: every review and setting gives a non-empty, postable draft within the word target', () => {
    fc.assert(
      fc.property(
        fc.record({
          reviewId: fc.string({ maxLength: 20 }),
          reviewerName: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
          isReviewerAnonymous: fc.boolean(),
          rating: fc.integer({ min: 1, max: 5 }),
          comment: fc.option(fc.string({ maxLength: 200 }), { nil: null }),
        }),
        fc.record({
          responseStyle: fc.constantFrom(...RESPONSE_STYLES),
          responseLength: fc.constantFrom('short', 'medium', 'long') as fc.Arbitrary<ResponseLength>,
          includeBusinessName: fc.boolean(),
          includeBusinessInfo: fc.boolean(),
        }),
        (review, over) => {
          const text = localDraft({
            ...input(review, over),
            business: { name: 'Chez Brigade', email: 'a@b.test' },
          });
          expect(reviewReplyTextSchema.safeParse(text).success).toBe(true);
          expect(wordCount(text)).toBeLessThanOrEqual(RESPONSE_LENGTH_WORDS[over.responseLength]);
          if (!over.includeBusinessName) expect(text).not.toContain('Chez Brigade');
          if (!over.includeBusinessInfo) expect(text).not.toContain('a@b.test');
        },
      ),
      { numRuns: 400 },
    );
  });
});
