import { describe, expect, it } from 'vitest';
import { imageRefSchema, imageRefUrl, isImageRef, parseOptimizedImage } from './image-ref';

const optimized = {
  original: { url: 'https://cdn.example/a.jpg', format: 'jpeg', width: 2000, height: 1500, size: 400000 },
  webp: { url: 'https://cdn.example/a.webp', format: 'webp', width: 2000, height: 1500, size: 200000 },
  variants: {
    small: [{ url: 'https://cdn.example/a-320.webp', format: 'webp', width: 320, height: 240, size: 9000 }],
  },
  aspectRatio: 4 / 3,
};

describe('isImageRef', () => {
  it('accepts a web URL', () => {
    expect(isImageRef('https://cdn.example/a.jpg')).toBe(true);
  });

  it('accepts an optimised-image JSON string', () => {
    expect(isImageRef(JSON.stringify(optimized))).toBe(true);
    expect(isImageRef(JSON.stringify({ original: optimized.original }))).toBe(true);
  });

  it('refuses other text, non-web URLs and JSON of another shape', () => {
    expect(isImageRef('not a url')).toBe(false);
    expect(isImageRef('javascript:alert(1)')).toBe(false);
    expect(isImageRef('{"original":')).toBe(false);
    expect(isImageRef(JSON.stringify({ url: 'https://cdn.example/a.jpg' }))).toBe(false);
    expect(isImageRef(JSON.stringify({ ...optimized, webp: { ...optimized.webp, format: 'gif' } }))).toBe(
      false,
    );
  });
});

describe('parseOptimizedImage', () => {
  it('gives the same frozen result for the same text, and parses each text on its own', () => {
    const text = JSON.stringify(optimized);
    const first = parseOptimizedImage(text);
    expect(first).toEqual(optimized);
    expect(parseOptimizedImage(text)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.variants?.small?.[0])).toBe(true);
    const other = { ...optimized, original: { ...optimized.original, url: 'https://cdn.example/b.jpg' } };
    expect(parseOptimizedImage(JSON.stringify(other))?.original.url).toBe('https://cdn.example/b.jpg');
    expect(parseOptimizedImage('{"original":')).toBeNull();
  });

  it('parses texts too long to be remembered, and past a full store', () => {
    const long = JSON.stringify({
      ...optimized,
      original: { ...optimized.original, format: 'x'.repeat(5000) },
    });
    expect(parseOptimizedImage(long)?.original.format).toHaveLength(5000);
    for (let i = 0; i < 1100; i++) {
      const url = `https://cdn.example/${i}.jpg`;
      const text = JSON.stringify({ original: { ...optimized.original, url } });
      expect(parseOptimizedImage(text)?.original.url).toBe(url);
    }
    expect(imageRefUrl(JSON.stringify(optimized))).toBe(optimized.original.url);
  });
});

describe('imageRefSchema', () => {
  it("words a failure with the spec's generic message by default", () => {
    expect(imageRefSchema().safeParse('nope').error?.issues[0]?.message).toBe(
      'Must be a valid URL or OptimizedImage JSON string',
    );
  });

  it("takes an entity's own message", () => {
    expect(imageRefSchema('Invalid image URL').safeParse('nope').error?.issues[0]?.message).toBe(
      'Invalid image URL',
    );
  });

  it('keeps the reference text as given', () => {
    const text = JSON.stringify(optimized);
    expect(imageRefSchema().parse(text)).toBe(text);
  });
});

describe('parseOptimizedImage and imageRefUrl', () => {
  it('reads the optimised image and its original URL', () => {
    expect(parseOptimizedImage(JSON.stringify(optimized))?.variants?.small?.[0]?.width).toBe(320);
    expect(imageRefUrl(JSON.stringify(optimized))).toBe('https://cdn.example/a.jpg');
    expect(imageRefUrl('https://cdn.example/b.png')).toBe('https://cdn.example/b.png');
  });

  it('gives null for text that is neither form', () => {
    expect(parseOptimizedImage('https://cdn.example/b.png')).toBeNull();
    expect(imageRefUrl('nope')).toBeNull();
  });
});
