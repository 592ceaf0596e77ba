import { type OptimizedImage, optimizedImageSchema } from './catalogue/image-ref';
import { BrigadeError } from './errors';

/**
 * Image rules shared by the server pipeline, the API and the React components .
 * The URL-or-OptimizedImage helper itself lives in ./catalogue/image-ref (re-exported here).
 */
export {
  IMAGE_REF_MESSAGE,
  type ImageVariant,
  imageRefSchema,
  imageRefUrl,
  isImageRef,
  type OptimizedImage,
  optimizedImageSchema,
  parseOptimizedImage,
} from './catalogue/image-ref';

/** Max 10 MB (10485760 bytes). */
export const MAX_IMAGE_BYTES = 10_485_760;
export const ONLY_IMAGES_MESSAGE = 'Only image files are allowed';
export const TOO_LARGE_MESSAGE = 'Image file must be less than 10MB';
export const INVALID_STRUCTURE_MESSAGE = 'Invalid OptimizedImage structure';
export const INVALID_JSON_MESSAGE = 'Invalid OptimizedImage JSON format';
/** The upload control's own size message. */
export const fileTooLargeMessage = (maxMb: number) => `File size must be less than ${maxMb}MB`;

/** The widths of an optimised image's variants. */
export const IMAGE_VARIANT_WIDTHS = {
  small: [320, 480, 600],
  medium: [768, 1024, 1200],
  large: [1440, 1920, 2560],
} as const;

/** The folders an upload may name (a single path segment). */
export const IMAGE_FOLDER_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const IMAGE_FOLDER_MESSAGE = 'Folder must be lowercase letters, digits and dashes';

/**
 * Reads an OptimizedImage from its JSON text, with two messages: text that is not
 * JSON, and JSON that is not an optimised image.
 */
export function readOptimizedImage(text: string): OptimizedImage {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BrigadeError('validation', 'INVALID_IMAGE_JSON', INVALID_JSON_MESSAGE);
  }
  const parsed = optimizedImageSchema.safeParse(json);
  if (!parsed.success)
    throw new BrigadeError('validation', 'INVALID_IMAGE_STRUCTURE', INVALID_STRUCTURE_MESSAGE);
  return parsed.data;
}

/** Every URL of an optimised image: original, WebP and each variant. */
export const urlsOfOptimizedImage = (image: OptimizedImage): string[] => [
  image.original.url,
  ...(image.webp ? [image.webp.url] : []),
  ...(image.variants?.small ?? []).map((v) => v.url),
  ...(image.variants?.medium ?? []).map((v) => v.url),
  ...(image.variants?.large ?? []).map((v) => v.url),
];

export type ImageBreakpoint = 'small' | 'medium' | 'large';

/** Breakpoints: target width × device pixel ratio up to 600 is small, up to 1200 medium. */
export const breakpointFor = (targetWidth: number, devicePixelRatio = 1): ImageBreakpoint => {
  const pixels = targetWidth * devicePixelRatio;
  return pixels <= 600 ? 'small' : pixels <= 1200 ? 'medium' : 'large';
};
