import { describe, expect, it } from 'vitest';
import { breakpointFor, readOptimizedImage, urlsOfOptimizedImage } from './images';

const image = {
  original: {
    url: 'https://cdn.example.com/a-original.jpg',
    format: 'jpeg',
    width: 1600,
    height: 1200,
    size: 1000,
  },
  webp: { url: 'https://cdn.example.com/a-webp.webp', format: 'webp', width: 1600, height: 1200, size: 800 },
  variants: {
    small: [
      { url: 'https://cdn.example.com/a-small-320.webp', format: 'webp', width: 320, height: 240, size: 10 },
    ],
  },
  aspectRatio: 4 / 3,
};

describe('image helpers', () => {
  it('reads an OptimizedImage JSON string with the spec messages', () => {
    expect(readOptimizedImage(JSON.stringify(image)).original.width).toBe(1600);
    expect(() => readOptimizedImage('{not json')).toThrow('Invalid OptimizedImage JSON format');
    expect(() => readOptimizedImage('{"original": {"url": "javascript:alert(1)"}}')).toThrow(
      'Invalid OptimizedImage structure',
    );
  });

  it('lists every URL of an image', () => {
    expect(urlsOfOptimizedImage(readOptimizedImage(JSON.stringify(image)))).toEqual([
      'https://cdn.example.com/a-original.jpg',
      'https://cdn.example.com/a-webp.webp',
      'https://cdn.example.com/a-small-320.webp',
    ]);
  });

  it('picks the breakpoint by target width × device pixel ratio', () => {
    expect(breakpointFor(600)).toBe('small');
    expect(breakpointFor(400, 2)).toBe('medium');
    expect(breakpointFor(1200)).toBe('medium');
    expect(breakpointFor(1201)).toBe('large');
    expect(breakpointFor(800, 2)).toBe('large');
  });
});
