import sharp from 'sharp';

/**
 * Resizing for the pipeline (issue 20 item 5): the upload is decoded once, and every size it needs is made
 * largest first, each from a smaller copy already made instead of from the full upload, so a 4000×3000 photo
 * is read in full a few times rather than once per rendition.
 */

/** Decoded, rotated pixels of one size. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * sharp runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file reads,
 * zlib (the sites' page compression) and DNS share. Image work takes at most all but two of its threads,
 * process-wide, so an upload never queues the server's other work behind twenty encodes; on a 2-core machine
 * two at a time already keeps both cores busy.
 */
export const IMAGE_WORK_AT_ONCE = Math.max(1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 2);
let running = 0;
const waiting: Array<() => void> = [];

export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGE_WORK_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot passes straight to the next in line, or is given back.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

export const sharpOf = (pixels: Pixels) =>
  sharp(pixels.data, { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } });

/** The size sharp gives `resize({ width })`: the height follows the aspect ratio, rounded. */
export const sizeAtWidth = (from: Size, width: number): Size => ({
  width,
  height: Math.max(1, Math.round((from.height * width) / from.width)),
});

/** The size sharp gives `resize({ width, height, fit: 'inside', withoutEnlargement: true })`. */
export function sizeInside(from: Size, bounds: Size): Size {
  if (from.width <= bounds.width && from.height <= bounds.height)
    return { width: from.width, height: from.height };
  // The axis that limits the scale is met exactly; the other follows, rounded (as sharp does).
  return from.width * bounds.height >= from.height * bounds.width
    ? sizeAtWidth(from, bounds.width)
    : { width: Math.max(1, Math.round((from.width * bounds.height) / from.height)), height: bounds.height };
}

/**
 * A source is used for a smaller size only when it is at least this many times wider: resampling from twice
 * the size keeps the detail, while a chain of small steps (2560 → 1920 → 1440 → …) would soften the picture
 * with every pass.
 */
const SOURCE_FACTOR = 2;

const keyOf = (size: Size) => `${size.width}x${size.height}`;

/**
 * Raw pixels at every size asked for. Sizes are made largest first, each from the smallest copy at least
 * twice as wide (or the upload itself); a size whose source failed is made from the upload. A size that
 * cannot be made (0 px, say) rejects on its own and takes nothing else down with it.
 */
export function makePyramid(full: Pixels, sizes: Size[]): Map<string, Promise<Pixels>> {
  const levels = new Map<string, Promise<Pixels>>();
  const made: Array<{ size: Size; pixels: Promise<Pixels> }> = [];
  const ordered = [...new Map(sizes.map((size) => [keyOf(size), size])).values()].sort(
    (a, b) => b.width - a.width || b.height - a.height,
  );
  for (const size of ordered) {
    if (size.width === full.width && size.height === full.height) {
      levels.set(keyOf(size), Promise.resolve(full));
      continue;
    }
    // `made` runs from the largest down, so the last wide enough copy is the smallest one.
    const source = made.filter((level) => level.size.width >= size.width * SOURCE_FACTOR).at(-1);
    const from = source ? source.pixels.catch(() => full) : Promise.resolve(full);
    const pixels = from.then((pixels) => resizePixels(pixels, size));
    // A failure surfaces where the size is used; this copy only keeps it from being unhandled here.
    pixels.catch(() => undefined);
    levels.set(keyOf(size), pixels);
    made.push({ size, pixels });
  }
  return levels;
}

async function resizePixels(pixels: Pixels, size: Size): Promise<Pixels> {
  const { data, info } = await withImageSlot(() =>
    sharpOf(pixels)
      .resize({ width: size.width, height: size.height, fit: 'fill' })
      .raw()
      .toBuffer({ resolveWithObject: true }),
  );
  return { data, width: info.width, height: info.height, channels: info.channels };
}

export const levelOf = (levels: Map<string, Promise<Pixels>>, size: Size): Promise<Pixels> => {
  const level = levels.get(keyOf(size));
  if (!level) throw new Error(`no pyramid level ${keyOf(size)}`);
  return level;
};
