import {
  breakpointFor,
  type ImageVariant,
  type OptimizedImage,
  parseOptimizedImage,
} from '@brigade/domain/images';
import { type CSSProperties, useState } from 'react';

/** Shown when an image fails to load. */
export const FALLBACK_HERO_IMAGE = '/hero-food-default.jpg';

export interface ResponsiveImageProps {
  /** A URL or an OptimizedImage (object or JSON string). */
  image: OptimizedImage | string;
  alt: string;
  /** The width the image is shown at, in CSS pixels; the viewport width when absent. */
  targetWidth?: number;
  className?: string;
  style?: CSSProperties;
  loading?: 'lazy' | 'eager';
  fallbackSrc?: string;
}

export interface ImageSources {
  webp?: ImageVariant;
  fallback: { url: string; width?: number; height?: number };
}

/**
 * The renditions to show: the breakpoint's variants by target width × device pixel ratio
 * (up to 600 small, up to 1200 medium, else large), the smallest at least as wide as needed (else the
 * widest); WebP preferred, JPEG/PNG as the fallback; the original when there are no variants.
 */
export function chooseSources(
  image: OptimizedImage,
  targetWidth: number,
  devicePixelRatio: number,
): ImageSources {
  const needed = targetWidth * devicePixelRatio;
  const bucket = image.variants?.[breakpointFor(targetWidth, devicePixelRatio)] ?? [];
  const pick = (candidates: ImageVariant[]) => {
    const sorted = [...candidates].sort((a, b) => a.width - b.width);
    return sorted.find((v) => v.width >= needed) ?? sorted.at(-1);
  };
  const webp = pick(bucket.filter((v) => v.format === 'webp')) ?? image.webp;
  const raster = pick(bucket.filter((v) => v.format !== 'webp'));
  return {
    ...(webp ? { webp } : {}),
    fallback: raster ?? image.original,
  };
}

export function ResponsiveImage({
  image,
  alt,
  targetWidth,
  className,
  style,
  loading = 'lazy',
  fallbackSrc = FALLBACK_HERO_IMAGE,
}: ResponsiveImageProps) {
  const [failed, setFailed] = useState(false);
  const optimized = typeof image === 'string' ? parseOptimizedImage(image) : image;
  const onError = () => setFailed(true);
  if (failed || !optimized) {
    const src = failed ? fallbackSrc : (image as string);
    return (
      <img
        src={src}
        alt={alt}
        className={className}
        style={style}
        loading={loading}
        onError={failed ? undefined : onError}
      />
    );
  }
  const width = targetWidth ?? (typeof window === 'undefined' ? 1200 : window.innerWidth);
  const dpr = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  const sources = chooseSources(optimized, width, dpr);
  // Width and height from the image itself, so the browser reserves the box before the bytes arrive.
  const w = optimized.original.width;
  const h = optimized.original.height;
  return (
    <picture>
      {sources.webp && <source type="image/webp" srcSet={sources.webp.url} />}
      <img
        src={sources.fallback.url}
        alt={alt}
        width={w}
        height={h}
        className={className}
        style={{ maxWidth: '100%', height: 'auto', ...style }}
        loading={loading}
        decoding="async"
        onError={onError}
      />
    </picture>
  );
}
