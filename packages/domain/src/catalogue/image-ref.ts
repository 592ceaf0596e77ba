import { z } from 'zod';
import { text, withTextRule } from '../text';

/**
 * An image reference as stored on entities: either a web URL or the JSON text of an optimised image (spec 02
 * §3 Item imageUrl; the optimised-image shape is spec 01 §3 "Optimized image").
 */

/** spec 01 §5 Site configuration, spec 02 §5 Item: the message where both forms are accepted. */
export const IMAGE_REF_MESSAGE = 'Must be a valid URL or OptimizedImage JSON string';

// Images are shown in browsers, so only web URLs count (no javascript:, data: or file: URLs).
const webUrlSchema = withTextRule(z.url({ protocol: /^https?$/ }));

/**
 * Remembers a parse of image references by their text (issue 20): a public page draws the same few images on
 * every render, and validating one (URL parsing, JSON, the schema) costs more than drawing it. At most
 * 1,000 texts of up to 4 KB are kept (validation sees any input); the store starts over when full. Results
 * are frozen, as they are shared.
 */
function remembered<T>(parse: (value: string) => T): (value: string) => T {
  const known = new Map<string, T>();
  return (value) => {
    if (known.has(value)) return known.get(value) as T;
    const result = deepFreeze(parse(value));
    if (value.length > 4096) return result;
    if (known.size >= 1000) known.clear();
    known.set(value, result);
    return result;
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export const isWebUrl = remembered((value: string): boolean => webUrlSchema.safeParse(value).success);

/** spec 01 §3: a variant is {url, format webp/jpeg/png, width, height, size}. */
export const imageVariantSchema = z.object({
  url: webUrlSchema,
  format: z.enum(['webp', 'jpeg', 'png']),
  width: z.number().positive(),
  height: z.number().positive(),
  size: z.number().min(0),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

/** spec 01 §3: original {url, format, width, height, size}, optional webp, variants small/medium/large, aspectRatio. */
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
});

export const isImageRef = (value: string): boolean => isWebUrl(value) || parseOptimizedImage(value) !== null;

/** The URL to show for an image reference: the URL itself, or the optimised image's original. */
export function imageRefUrl(value: string): string | null {
  if (isWebUrl(value)) return value;
  return parseOptimizedImage(value)?.original.url ?? null;
}

/**
 * A string that is a web URL or an optimised-image JSON string. The message is the spec's generic one unless
 * the entity's own rule words it differently (spec 02 §5 Item: 'Invalid image URL').
 */
export const imageRefSchema = (message: string = IMAGE_REF_MESSAGE) =>
  text({ error: message }).refine(isImageRef, message);
