import { describe, expect, it } from 'vitest';
import { chooseHeroImage } from './hero-image';
import { fallbackImageSchema } from './site-config';

const image = (id: string, category: string, extra: object = {}) =>
  fallbackImageSchema.parse({ id, category, url: `https://cdn.example/${id}.jpg`, alt: id, ...extra });

const images = [
  image('generic-low', 'generic', { isGenericFallback: true, priority: 1 }),
  image('generic-high', 'generic', { isGenericFallback: true, priority: 5 }),
  image('seafood-1', 'Seafood'),
  image('seafood-2', 'seafood', { priority: 2 }),
  image('italian-generic', 'Italian', { isGenericFallback: true }),
];

describe('hero image choice', () => {
  it('uses the explicit image first', () => {
    expect(chooseHeroImage(images, { image: 'https://x.example/h.jpg', category: 'seafood' })).toMatchObject({
      url: 'https://x.example/h.jpg',
      source: 'explicit',
    });
  });

  it('then the highest-priority non-generic fallback whose category matches case-insensitively', () => {
    expect(chooseHeroImage(images, { category: 'SEAFOOD ' })).toMatchObject({
      fallbackImageId: 'seafood-2',
      source: 'category',
      alt: 'seafood-2',
    });
  });

  it('skips generic images when matching a category, then takes the generic fallback', () => {
    expect(chooseHeroImage(images, { category: 'italian' })).toMatchObject({
      fallbackImageId: 'generic-high',
      source: 'generic',
    });
    expect(chooseHeroImage(images, { image: '  ' })).toMatchObject({ source: 'generic' });
  });

  it('ends with the default generic restaurant hero image', () => {
    expect(chooseHeroImage([image('a', 'thai')], { category: 'seafood' })).toEqual({
      image: '/images/fallback/generic-restaurant-hero.jpg',
      url: '/images/fallback/generic-restaurant-hero.jpg',
      alt: null,
      source: 'default',
      fallbackImageId: null,
    });
  });

  it("shows an optimized image's original URL", () => {
    const json = JSON.stringify({
      original: { url: 'https://cdn.example/o.jpg', format: 'jpeg', width: 10, height: 10, size: 1 },
    });
    expect(chooseHeroImage([], { image: json })).toMatchObject({
      image: json,
      url: 'https://cdn.example/o.jpg',
    });
  });
});
