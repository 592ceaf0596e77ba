import sharp from 'sharp';

/**
 * Real generated images for tests and the bench. Deterministic noise compresses badly, like a photograph;
 * `exif` adds camera and GPS tags and `orientation` an EXIF rotation, so stripping and rotation are visible.
 */
export async function makePhoto(
  width: number,
  height: number,
  options: { exif?: boolean; orientation?: number; quality?: number } = {},
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  // A smooth gradient plus pseudo-random grain: realistic sizes without being incompressible.
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 48;
      const i = (y * width + x) * 3;
      raw[i] = ((x * 255) / width + grain) & 0xff;
      raw[i + 1] = ((y * 255) / height + grain) & 0xff;
      raw[i + 2] = (((x + y) * 127) / (width + height) + grain) & 0xff;
    }
  }
  let image = sharp(raw, { raw: { width, height, channels: 3 } });
  if (options.exif || options.orientation)
    image = image.withMetadata({
      ...(options.orientation ? { orientation: options.orientation } : {}),
      ...(options.exif
        ? {
            exif: {
              IFD0: { Make: 'BrigadeCam', Model: 'Test' },
              IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
            },
          }
        : {}),
    });
  return image.jpeg({ quality: options.quality ?? 95 }).toBuffer();
}
