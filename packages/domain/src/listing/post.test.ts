import { describe, expect, it } from 'vitest';
import {
  CALL_TO_ACTION_TYPE_MESSAGE,
  CALL_TO_ACTION_TYPES,
  CALL_TO_ACTION_URL_INVALID_MESSAGE,
  CALL_TO_ACTION_URL_REQUIRED_MESSAGE,
  callToActionTypeOf,
  googleActionType,
  normaliseCallToAction,
  POST_CONTENT_REQUIRED_MESSAGE,
  POST_CONTENT_TOO_LONG_MESSAGE,
  postBodySchema,
  postContentLength,
  postStateOf,
} from './post';

const messages = (body: unknown) => {
  const parsed = postBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};
const pathsOf = (body: unknown) => {
  const parsed = postBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.path.join('.'));
};

describe('post content (1-1500)', () => {
  it('accepts 1 and 1500 characters, lines included, and trims', () => {
    expect(messages({ content: 'x' })).toEqual([]);
    expect(messages({ content: 'x'.repeat(1500) })).toEqual([]);
    expect(postBodySchema.parse({ content: '  Two\nlines  ' }).content).toBe('Two\nlines');
  });

  it('refuses empty, blank, missing and non-text content with "Post content is required"', () => {
    for (const content of ['', '   \n ', undefined, 42])
      expect(messages({ content })).toEqual([POST_CONTENT_REQUIRED_MESSAGE]);
  });

  it('refuses 1501 characters with "Post content too long", once', () => {
    expect(messages({ content: 'x'.repeat(1501) })).toEqual([POST_CONTENT_TOO_LONG_MESSAGE]);
  });

  it('counts an emoji as one character', () => {
    expect(postContentLength('🍝🍕')).toBe(2);
    expect(messages({ content: '🍝'.repeat(1500) })).toEqual([]);
    expect(messages({ content: '🍝'.repeat(1501) })).toEqual([POST_CONTENT_TOO_LONG_MESSAGE]);
  });

  it('refuses control characters', () => {
    expect(messages({ content: 'a\u0000b' })).toEqual([
      'Text cannot contain control characters or invalid Unicode',
    ]);
  });

  it('refuses unknown fields', () => {
    expect(messages({ content: 'x', topicType: 'EVENT' })).toHaveLength(1);
  });
});

describe('call-to-action', () => {
  it.each(CALL_TO_ACTION_TYPES.filter((type) => type !== 'call'))(
    '%s needs a URL: "Call-to-action URL is required …"',
    (type) => {
      for (const url of [undefined, '', '   ']) {
        expect(messages({ content: 'x', callToAction: { type, url } })).toEqual([
          CALL_TO_ACTION_URL_REQUIRED_MESSAGE,
        ]);
        expect(pathsOf({ content: 'x', callToAction: { type, url } })).toEqual(['callToAction.url']);
      }
      expect(messages({ content: 'x', callToAction: { type, url: 'https://example.com/book' } })).toEqual([]);
    },
  );

  it('call needs no URL, and a URL given with it is dropped', () => {
    expect(messages({ content: 'x', callToAction: { type: 'call' } })).toEqual([]);
    const body = postBodySchema.parse({ content: 'x', callToAction: { type: 'call', url: 'tel:1' } });
    expect(normaliseCallToAction(body.callToAction)).toEqual({ type: 'call', url: null });
  });

  it('refuses a URL that is not http(s) with "Call-to-action URL must be a valid URL"', () => {
    for (const url of ['example.com', 'ftp://example.com/x', 'javascript:alert(1)', 'https://'])
      expect(messages({ content: 'x', callToAction: { type: 'order', url } })).toEqual([
        CALL_TO_ACTION_URL_INVALID_MESSAGE,
      ]);
    expect(messages({ content: 'x', callToAction: { type: 'order', url: 'http://x.example/o' } })).toEqual(
      [],
    );
  });

  it('refuses an unknown type with the list of types', () => {
    for (const type of ['BOOK', 'buy', undefined])
      expect(messages({ content: 'x', callToAction: { type, url: 'https://e.com' } })).toEqual([
        CALL_TO_ACTION_TYPE_MESSAGE,
      ]);
  });

  it('none (absent or null) is fine', () => {
    expect(messages({ content: 'x', callToAction: null })).toEqual([]);
    expect(normaliseCallToAction(undefined)).toBeNull();
  });

  it("maps to Google's words and back", () => {
    expect(CALL_TO_ACTION_TYPES.map(googleActionType)).toEqual([
      'BOOK',
      'ORDER',
      'SHOP',
      'LEARN_MORE',
      'SIGN_UP',
      'CALL',
    ]);
    expect(callToActionTypeOf('LEARN_MORE')).toBe('learn_more');
    expect(callToActionTypeOf('GET_OFFER')).toBeNull();
    expect(postStateOf('LIVE')).toBe('live');
    expect(postStateOf('REJECTED')).toBe('rejected');
    expect(postStateOf('PROCESSING')).toBe('draft');
  });
});
