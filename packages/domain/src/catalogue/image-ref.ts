import { z } from 'zod';
import { remembered } from '../remembered';
import { text, withTextRule } from '../text';

/**
 * An image reference as stored on entities: either a web URL or the JSON text of an optimised image (an
 * item's imageUrl, for one; the optimised-image shape is OptimizedImage below).
 */

/** The message where both forms are accepted (site configuration, items). */
export const IMAGE_REF_MESSAGE = 'Must be a valid URL or OptimizedImage JSON string';

// Images are shown in browsers, so only web URLs count (no javascript:, data: or file: URLs).
const webUrlSchema = withTextRule(z.url({ protocol: /^https?$/ }));

// A public page draws the same few images on every render, and validating one (URL parsing, JSON, the schema)
// costs more than drawing it: both checks are remembered by text (optimised-image JSON runs to ~2 KB).
const IMAGE_TEXTS = { limit: 1000, longest: 4096 };

export const isWebUrl = remembered(
  (value: string): boolean => webUrlSchema.safeParse(value).success,
  IMAGE_TEXTS,
);

/** A variant is {url, format webp/jpeg/png, width, height, size}. */
export const imageVariantSchema = z.object({
  url: webUrlSchema,
  format: z.enum(['webp', 'jpeg', 'png']),
  width: z.number().positive(),
  height: z.number().positive(),
  size: z.number().min(0),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/** Original {url, format, width, height, size}, optional webp, variants small/medium/large, aspectRatio. */
export const optimizedImageSchema = z.object({
  // The original keeps whatever format was uploaded, so its format is free text.
  original: imageVariantSchema.extend({ format: text().min(1) }),
  webp: imageVariantSchema.optional(),
  variants: z
    .object({
      small: z.array(imageVariantSchema).optional(),
      medium: z.array(imageVariantSchema).optional(),
      large: z.array(imageVariantSchema).optional(),
    })
    .optional(),
  aspectRatio: z.number().positive().optional(),
});
export type OptimizedImage = z.infer<typeof optimizedImageSchema>;

/** The optimised image held in a JSON string, or null when the text is not one. */
export const parseOptimizedImage: (value: string) => Readonly<OptimizedImage> | null = remembered((value) => {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const result = optimizedImageSchema.safeParse(json);
  return result.success ? result.data : null;
}, IMAGE_TEXTS);

export const isImageRef = (value: string): boolean => isWebUrl(value) || parseOptimizedImage(value) !== null;

/** The URL to show for an image reference: the URL itself, or the optimised image's original. */
export function imageRefUrl(value: string): string | null {
  if (isWebUrl(value)) return value;
  return parseOptimizedImage(value)?.original.url ?? null;
}

/**
 * A string that is a web URL or an optimised-image JSON string. The message is the generic one unless
 * the entity's own rule words it differently (an item's is 'Invalid image URL').
 */
export const imageRefSchema = (message: string = IMAGE_REF_MESSAGE) =>
  text({ error: message }).refine(isImageRef, message);
