import type { OptimizedImage } from '@brigade/domain/images';
import { describe, expect, it } from 'vitest';
import { chooseSources } from './responsive-image';

const v = (width: number, format: 'webp' | 'jpeg') => ({
  url: `https://cdn.example.com/${width}.${format}`,
  format,
  width,
  height: width / 2,
  size: width,
});
const image: OptimizedImage = {
  original: { ...v(1800, 'jpeg'), url: 'https://cdn.example.com/original.jpg' },
  webp: { ...v(1800, 'webp'), url: 'https://cdn.example.com/original.webp' },
  variants: {
    small: [v(320, 'webp'), v(320, 'jpeg'), v(480, 'webp'), v(480, 'jpeg'), v(600, 'webp'), v(600, 'jpeg')],
    medium: [
      v(768, 'webp'),
      v(768, 'jpeg'),
      v(1024, 'webp'),
      v(1024, 'jpeg'),
      v(1200, 'webp'),
      v(1200, 'jpeg'),
    ],
    large: [v(1440, 'webp'), v(1440, 'jpeg')],
  },
  aspectRatio: 2,
};

describe('responsive image sources', () => {
  it('uses the breakpoint of target width × pixel ratio, the smallest variant wide enough, WebP first', () => {
    expect(chooseSources(image, 400, 1)).toEqual({ webp: v(480, 'webp'), fallback: v(480, 'jpeg') });
    expect(chooseSources(image, 400, 2)).toEqual({ webp: v(1024, 'webp'), fallback: v(1024, 'jpeg') });
    expect(chooseSources(image, 1300, 1)).toEqual({ webp: v(1440, 'webp'), fallback: v(1440, 'jpeg') });
    // Wider than every large variant: the widest one.
    expect(chooseSources(image, 2000, 2).fallback.width).toBe(1440);
  });

  it('falls back to the original (and its WebP) without variants', () => {
    const plain = { original: image.original, webp: image.webp! };
    expect(chooseSources(plain, 300, 1)).toEqual({ webp: image.webp, fallback: image.original });
  });
});
