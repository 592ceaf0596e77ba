import { imageRefUrl } from './catalogue/image-ref';
import { type FallbackImage, GENERIC_HERO_IMAGE } from './site-config';

export type HeroImageSource = 'explicit' | 'category' | 'generic' | 'default';

export interface HeroImageChoice {
  /** An image reference: a URL, a site path, or an optimized-image JSON string as stored. */
  image: string;
  /** The URL to show: the reference itself, or an optimized image's original. */
  url: string;
  alt: string | null;
  source: HeroImageSource;
  fallbackImageId: string | null;
}

// Higher priority first; among equals the earlier entry keeps its place (Array.prototype.sort is stable).
const byPriority = (images: FallbackImage[]) => [...images].sort((a, b) => b.priority - a.priority);

const fromFallback = (image: FallbackImage, source: HeroImageSource): HeroImageChoice => ({
  image: image.url,
  url: imageRefUrl(image.url) ?? image.url,
  alt: image.alt,
  source,
  fallbackImageId: image.id,
});

/**
 * Hero image choice: the explicit image, else a non-generic fallback whose category matches
 * (case-insensitively), else the generic fallback, else the default generic hero image. Among
 * several candidates the highest priority wins.
 */
export function chooseHeroImage(
  fallbackImages: readonly FallbackImage[],
  request: { image?: string | undefined; category?: string | undefined },
): HeroImageChoice {
  const explicit = request.image?.trim();
  if (explicit) {
    return {
      image: explicit,
      url: imageRefUrl(explicit) ?? explicit,
      alt: null,
      source: 'explicit',
      fallbackImageId: null,
    };
  }
  const category = request.category?.trim().toLowerCase();
  if (category) {
    const match = byPriority(
      fallbackImages.filter((i) => !i.isGenericFallback && i.category.trim().toLowerCase() === category),
    )[0];
    if (match) return fromFallback(match, 'category');
  }
  const generic = byPriority(fallbackImages.filter((i) => i.isGenericFallback))[0];
  if (generic) return fromFallback(generic, 'generic');
  return {
    image: GENERIC_HERO_IMAGE,
    url: GENERIC_HERO_IMAGE,
    alt: null,
    source: 'default',
    fallbackImageId: null,
  };
}
