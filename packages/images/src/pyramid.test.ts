import sharp, { type ResizeOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_WORK_AT_ONCE,
  makePyramid,
  type Pixels,
  sizeAtWidth,
  sizeInside,
  withImageSlot,
} from './pyramid';

const blank = async (width: number, height: number): Promise<Pixels> => ({
  data: await sharp({ create: { width, height, channels: 3, background: '#804020' } })
    .raw()
    .toBuffer(),
  width,
  height,
  channels: 3,
});

const sharpSize = async (pixels: Pixels, resize: ResizeOptions) => {
  const { info } = await sharp(pixels.data, { raw: pixels })
    .resize(resize)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height };
};

describe('image pyramid', () => {
  it('computes the sizes sharp itself gives for a width and for fitting inside bounds', async () => {
    for (const [width, height] of [
      [4000, 3000],
      [3001, 1999],
      [1999, 3001],
      [2047, 1153],
      [1000, 333],
      [777, 1201],
    ] as const) {
      const pixels = await blank(width, height);
      for (const target of [320, 481, 600, 767]) {
        expect(sizeAtWidth(pixels, target)).toEqual(await sharpSize(pixels, { width: target }));
      }
      const bounds = { width: 1920, height: 1080 };
      expect(sizeInside(pixels, bounds)).toEqual(
        await sharpSize(pixels, { ...bounds, fit: 'inside', withoutEnlargement: true }),
      );
    }
  });

  it('makes every size asked for, once each, and a size that cannot be made fails alone', async () => {
    const full = await blank(1200, 900);
    const sizes = [
      { width: 600, height: 450 },
      { width: 1200, height: 900 },
      { width: 320, height: 240 },
      { width: 600, height: 450 },
      { width: 0, height: 1 },
    ];
    const levels = makePyramid(full, sizes);
    expect([...levels.keys()]).toEqual(['1200x900', '600x450', '320x240', '0x1']);
    expect(await levels.get('1200x900')).toBe(full);
    const small = await levels.get('320x240')!;
    expect([small.width, small.height, small.data.length]).toEqual([320, 240, 320 * 240 * 3]);
    await expect(levels.get('0x1')).rejects.toThrow();
    expect((await levels.get('600x450'))!.width).toBe(600);
  });
});

describe('image work on the thread pool', () => {
  it('runs at most all but two of the pool threads at once, and a failure gives its slot back', async () => {
    expect(IMAGE_WORK_AT_ONCE).toBe(Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2));
    let now = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const job = (fail: boolean) =>
      withImageSlot(async () => {
        now += 1;
        most = Math.max(most, now);
        await new Promise<void>((resolve) => releases.push(resolve));
        now -= 1;
        if (fail) throw new Error('encode failed');
        return 'done';
      });
    const settled = Promise.allSettled(Array.from({ length: 7 }, (_, i) => job(i === 0)));
    // Let each started job reach its wait, then release them one by one.
    while (releases.length > 0 || now > 0) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.shift()?.();
    }
    const results = await settled;
    expect(most).toBe(IMAGE_WORK_AT_ONCE);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(6);
  });
});
