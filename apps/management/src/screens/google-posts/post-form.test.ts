import {
  CALL_TO_ACTION_URL_INVALID_MESSAGE,
  CALL_TO_ACTION_URL_REQUIRED_MESSAGE,
  POST_CONTENT_REQUIRED_MESSAGE,
  POST_CONTENT_TOO_LONG_MESSAGE,
} from '@brigade/domain/listing/post';
import { describe, expect, it } from 'vitest';
import { contentCount, postFormSchema, valuesOfPost } from './post-form';

const issues = (values: object) => {
  const parsed = postFormSchema.safeParse(values);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the post composer', () => {
  it('sends the content and no button when none is chosen', () => {
    expect(postFormSchema.parse({ content: 'Hello', url: 'https://ignored.example' })).toEqual({
      content: 'Hello',
      callToAction: null,
    });
  });

  it('puts the domain messages on the fields', () => {
    expect(issues({})).toEqual([`content: ${POST_CONTENT_REQUIRED_MESSAGE}`]);
    expect(issues({ content: 'x'.repeat(1501) })).toEqual([`content: ${POST_CONTENT_TOO_LONG_MESSAGE}`]);
    expect(issues({ content: 'x', actionType: 'order' })).toEqual([
      `url: ${CALL_TO_ACTION_URL_REQUIRED_MESSAGE}`,
    ]);
    expect(issues({ content: 'x', actionType: 'book', url: 'www.x.example' })).toEqual([
      `url: ${CALL_TO_ACTION_URL_INVALID_MESSAGE}`,
    ]);
  });

  it('sends a URL only for the types that take one', () => {
    expect(postFormSchema.parse({ content: 'x', actionType: 'call', url: 'https://x.example' })).toEqual({
      content: 'x',
      callToAction: { type: 'call' },
    });
    expect(postFormSchema.parse({ content: 'x', actionType: 'shop', url: ' https://x.example/s ' })).toEqual({
      content: 'x',
      callToAction: { type: 'shop', url: 'https://x.example/s' },
    });
  });

  it('counts "n / 1500" as the rule does, and fills the form from a post', () => {
    expect(contentCount('🍝 ok')).toEqual({ text: '4 / 1500', over: false });
    expect(contentCount('x'.repeat(1501)).over).toBe(true);
    expect(valuesOfPost({ content: 'Hi', callToAction: { type: 'call', url: null } })).toEqual({
      content: 'Hi',
      actionType: 'call',
      url: '',
    });
  });
});
