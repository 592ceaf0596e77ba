import { isWebUrl, parseOptimizedImage } from '@brigade/domain/catalogue/image-ref';
import type { OptimizedImage } from '@brigade/domain/images';

export interface ImageSource {
  src: string;
  srcSet?: string;
  width?: number;
  height?: number;
}

/**
 * What an <img> needs for an image reference as stored (a URL, a site path, or an optimized
 * image's JSON): the original as src and, for an optimized image, its WebP variants as srcset (the
 * breakpoints are then the browser's choice by width). Null for anything else.
 */
export function imageSource(ref: string | undefined): ImageSource | null {
  const value = ref?.trim();
  if (!value) return null;
  const optimized = parseOptimizedImage(value);
  if (optimized) return optimizedSource(optimized);
  if (isWebUrl(value) || value.startsWith('/')) return { src: value };
  return null;
}

/** An optimized image's original as src and its WebP variants (or all variants) as srcset. */
export function optimizedSource(optimized: OptimizedImage): ImageSource {
  const variants = [
    ...(optimized.variants?.small ?? []),
    ...(optimized.variants?.medium ?? []),
    ...(optimized.variants?.large ?? []),
  ];
  const webp = variants.filter((v) => v.format === 'webp');
  const chosen = webp.length > 0 ? webp : variants;
  return {
    src: optimized.webp?.url ?? optimized.original.url,
    ...(chosen.length > 0 ? { srcSet: chosen.map((v) => `${v.url} ${v.width}w`).join(', ') } : {}),
    width: optimized.original.width,
    height: optimized.original.height,
  };
}

/** An absolute URL for a site path or URL (Open Graph and JSON-LD need absolute ones). */
export function absoluteUrl(urlOrPath: string, origin: string): string {
  return isWebUrl(urlOrPath) ? urlOrPath : new URL(urlOrPath, origin).toString();
}
