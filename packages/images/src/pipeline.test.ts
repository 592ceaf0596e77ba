import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage, renditionsOf, variantWidths } from './pipeline';
import { makePhoto } from './test-images';

describe('image pipeline', () => {
  it('picks variant widths below 90% of the original, none at 600 px or less', () => {
    expect(variantWidths(600)).toEqual({ small: [], medium: [], large: [] });
    expect(variantWidths(1000)).toEqual({ small: [320, 480, 600], medium: [768], large: [] });
    expect(variantWidths(4000)).toEqual({
      small: [320, 480, 600],
      medium: [768, 1024, 1200],
      large: [1440, 1920, 2560],
    });
  });

  it('compresses within 1920×1080, adds WebP and JPEG+WebP variants at the spec widths', async () => {
    const input = await makePhoto(2400, 1600);
    const result = await processImage(input);
    expect(result.original.format).toBe('jpeg');
    expect(result.original.width).toBeLessThanOrEqual(1920);
    expect(result.original.height).toBeLessThanOrEqual(1080);
    expect(result.original.data.length).toBeLessThanOrEqual(1024 * 1024);
    expect(result.webp?.format).toBe('webp');
    expect((await sharp(result.webp!.data).metadata()).format).toBe('webp');
    expect(result.variants.small.map((v) => `${v.width}${v.format}`)).toEqual([
      '320webp',
      '320jpeg',
      '480webp',
      '480jpeg',
      '600webp',
      '600jpeg',
    ]);
    expect(result.variants.medium.map((v) => v.width)).toEqual([768, 768, 1024, 1024, 1200, 1200]);
    expect(result.variants.large.map((v) => v.width)).toEqual([1440, 1440, 1920, 1920]);
    for (const v of renditionsOf(result)) {
      const meta = await sharp(v.data).metadata();
      expect(meta.format).toBe(v.format);
      expect(meta.width).toBe(v.width);
      expect(meta.height).toBe(v.height);
      if (v.role !== 'original' && v.role !== 'webp')
        expect(v.height).toBe(Math.round((v.width * 1600) / 2400));
    }
    expect(result.aspectRatio).toBeCloseTo(1.5, 2);
  }, 60_000);

  it('encodes the bounded original once when a variant has its size, format and quality', async () => {
    // 2000×1500 fits 1920×1080 as 1440×1080, which is also its large 1440 px variant.
    const result = await processImage(await makePhoto(2000, 1500));
    const jpeg1440 = result.variants.large.find((v) => v.role === 'large-1440-jpeg')!;
    const webp1440 = result.variants.large.find((v) => v.role === 'large-1440-webp')!;
    expect([result.original.width, result.original.height]).toEqual([1440, 1080]);
    expect(jpeg1440.data).toBe(result.original.data);
    expect(webp1440.data).toBe(result.webp!.data);
    expect(result.original.role).toBe('original');
  }, 60_000);

  it('makes no variants for images 600 px wide or less', async () => {
    const result = await processImage(await makePhoto(600, 400));
    expect(result.variants).toEqual({ small: [], medium: [], large: [] });
    expect(result.webp).toMatchObject({ role: 'webp', format: 'webp', width: 600, height: 400 });
  });

  it('strips EXIF and GPS and applies the orientation', async () => {
    const input = await makePhoto(800, 400, { exif: true, orientation: 6 });
    const before = await sharp(input).metadata();
    // the input does carry the camera's EXIF and the orientation, so their absence below means something
    expect(before.exif?.includes(Buffer.from('BrigadeCam'))).toBe(true);
    expect(before.orientation).toBe(6);
    const result = await processImage(input);
    for (const v of renditionsOf(result)) {
      const meta = await sharp(v.data).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation ?? 1).toBe(1);
      expect(v.data.includes(Buffer.from('BrigadeCam'))).toBe(false);
    }
    // Orientation 6 turns 800×400 into 400×800.
    expect(result.original.width).toBe(400);
    expect(result.original.height).toBe(800);
  });

  it('keeps PNG transparency as PNG', async () => {
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const result = await processImage(png);
    expect(result.original.format).toBe('png');
    expect((await sharp(result.original.data).metadata()).hasAlpha).toBe(true);
  });

  it('refuses bytes that are not an image, whatever they claim', async () => {
    await expect(processImage(Buffer.from('GIF89a but really text'))).rejects.toThrow(
      'Only image files are allowed',
    );
    await expect(processImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).rejects.toThrow(
      'Only image files are allowed',
    );
  });

  it('refuses more than 10 MB', async () => {
    await expect(processImage(Buffer.alloc(10_485_761))).rejects.toThrow('Image file must be less than 10MB');
  });

  it('falls back to the original when compression fails and skips a failed WebP, with warnings', async () => {
    const warnings: string[] = [];
    const result = await processImage(
      await makePhoto(1000, 500),
      { maxWidth: 0 as never },
      {
        warn: (_d, message) => warnings.push(message),
      },
    );
    // maxWidth 0 makes bounded encodes fail: compression falls back to the original, WebP is skipped.
    expect(result.original.width).toBe(1000);
    expect(result.webp).toBeUndefined();
    expect(warnings.some((w) => w.includes('WebP'))).toBe(true);
  });
});
