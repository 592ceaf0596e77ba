import { PlacesCallError } from './places-api';

/** A photo is at most this large (the image pipeline's own upload limit). */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

/**
 * The bytes behind a photo media `photoUri` (Google's photo host, or the emulator's), for the image pipeline.
 * The address carries no key; a non-image, an oversized answer or a failure is a PlacesCallError.
 */
export async function downloadPhoto(
  photoUri: string,
  options: { timeoutMs: number; fetch?: typeof fetch },
): Promise<Buffer> {
  const url = photoUri.startsWith('//') ? `https:${photoUri}` : photoUri;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let response: Response;
  let bytes: Buffer;
  try {
    response = await (options.fetch ?? fetch)(url, { signal });
    const length = Number(response.headers.get('content-length') ?? 0);
    if (length > MAX_PHOTO_BYTES) throw new Error('too large');
    bytes = Buffer.from(await response.arrayBuffer());
  } catch {
    throw new PlacesCallError(
      signal.aborted ? 'timeout' : 'network',
      'Places photo: the photo could not be downloaded',
    );
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('image/') || bytes.length > MAX_PHOTO_BYTES)
    throw new PlacesCallError(
      'bad-answer',
      `Places photo: HTTP ${response.status} ${type || 'without a type'}`,
      {
        status: response.status,
      },
    );
  return bytes;
}
