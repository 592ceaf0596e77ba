import { describe, expect, it } from 'vitest';
import { aiReplyConfigSchema } from '../platform-sync';
import { aiConfigSchema } from './connection';
import {
  businessContact,
  businessNameOf,
  type DraftInput,
  draftSettingsOf,
  fillTemplate,
  reviewerFirstName,
  starWord,
  templateFor,
} from './draft-settings';

const settings = draftSettingsOf(aiConfigSchema.parse({}));
const input = (over: Partial<DraftInput> = {}): DraftInput => ({
  settings,
  review: { reviewerName: 'Ana Lopez', rating: 5, comment: 'Lovely' },
  business: {
    name: 'Chez Brigade',
    phone: '+1 503 555 0100',
    email: 'hello@chez.test',
    website: 'https://chez.test',
  },
  ...over,
});

describe('draftSettingsOf', () => {
  it('takes the defaults and, without a reply config, medium length, the name, and no auto-reply', () => {
    expect(settings).toEqual({
      isEnabled: false,
      responseStyle: 'professional',
      customTone: undefined,
      responseLength: 'medium',
      includeBusinessName: true,
      includeBusinessInfo: true,
      responseTemplates: {},
      businessVoice: undefined,
      minimumRating: undefined,
      autoReply: false,
      autoRespondToRatings: [1, 2, 3, 4, 5],
      reviewThreshold: 24,
    });
  });

  it('merges the platform-sync AI reply config: length, name, voice, minimum rating, auto-reply', () => {
    const merged = draftSettingsOf(
      aiConfigSchema.parse({
        isEnabled: true,
        responseStyle: 'custom',
        customTone: '  dry wit ',
        reviewThreshold: 2,
      }),
      aiReplyConfigSchema.parse({
        autoReply: true,
        responseLength: 'short',
        includeBusinessName: false,
        minimumRating: 4,
        businessVoice: ' family-run since 1990 ',
        responseStyle: 'ignored: the connection style wins',
      }),
    );
    expect(merged).toMatchObject({
      isEnabled: true,
      responseStyle: 'custom',
      customTone: 'dry wit',
      responseLength: 'short',
      includeBusinessName: false,
      businessVoice: 'family-run since 1990',
      minimumRating: 4,
      autoReply: true,
      reviewThreshold: 2,
    });
  });
});

describe('reviewerFirstName', () => {
  it.each([
    ['Ana Lopez', 'Ana'],
    ['  José   María  Núñez ', 'José'],
    ["O'Brien", "O'Brien"],
    ['Zoë', 'Zoë'],
    ['Anne-Marie Dubois', 'Anne-Marie'],
  ])('%s → %s', (reviewerName, first) => {
    expect(reviewerFirstName({ reviewerName, rating: 5 })).toBe(first);
  });

  it.each([['A Google User'], ['Anonymous'], [''], ['J. Smith'], ['42'], ['@user'], [null], [undefined]])(
    '%s → no name',
    (reviewerName) => {
      expect(reviewerFirstName({ reviewerName, rating: 5 })).toBeUndefined();
    },
  );

  it('an anonymous reviewer has no name even when one is stored', () => {
    expect(
      reviewerFirstName({ reviewerName: 'Ana Lopez', isReviewerAnonymous: true, rating: 5 }),
    ).toBeUndefined();
  });
});

describe('business details', () => {
  it('names the business only with includeBusinessName; offers contact details only with includeBusinessInfo', () => {
    expect(businessNameOf(input())).toBe('Chez Brigade');
    expect(businessNameOf(input({ settings: { ...settings, includeBusinessName: false } }))).toBeUndefined();
    expect(businessContact(input())).toBe('+1 503 555 0100, hello@chez.test or https://chez.test');
    expect(businessContact(input({ business: { name: 'X', phone: ' 555 ' } }))).toBe('555');
    expect(businessContact(input({ business: { name: 'X' } }))).toBeUndefined();
    expect(businessContact(input({ settings: { ...settings, includeBusinessInfo: false } }))).toBeUndefined();
  });

  it('star words', () => {
    expect([1, 2, 3, 4, 5].map(starWord)).toEqual([
      'one-star',
      'two-star',
      'three-star',
      'four-star',
      'five-star',
    ]);
  });
});

describe('templates', () => {
  const withTemplate = (template: string, over: Partial<DraftInput> = {}) => {
    const base = input(over);
    return { ...base, settings: { ...base.settings, responseTemplates: { '5': template } } };
  };

  it('picks the template of the review rating, blank ones not counting', () => {
    expect(templateFor(withTemplate(' Thanks! '))).toBe('Thanks!');
    expect(templateFor(withTemplate('   '))).toBeUndefined();
    expect(templateFor({ ...withTemplate('Thanks!'), review: { rating: 4 } })).toBeUndefined();
  });

  it('fills {firstName}, {reviewerName}, {{businessName}} and {rating}; leaves unknown braces', () => {
    const filled = fillTemplate(
      'Thanks {firstName} ({reviewerName}) from {{businessName}} for {rating} stars {other}',
      input(),
    );
    expect(filled).toBe('Thanks Ana (Ana) from Chez Brigade for 5 stars {other}');
  });

  it('an anonymous reviewer is "there", an unnamed business "our team"', () => {
    const filled = fillTemplate(
      'Hi {firstName}, love from {businessName}',
      input({
        review: { reviewerName: 'A Google User', rating: 5 },
        settings: { ...settings, includeBusinessName: false },
      }),
    );
    expect(filled).toBe('Hi there, love from our team');
  });
});
