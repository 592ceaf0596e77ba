import { processImage, renditionsOf } from '@brigade/images/pipeline';
import { makePhoto } from '@brigade/images/test-images';
import sharp from 'sharp';
import { fmt, percentile, printTable } from './stats';

const RUNS = 3;
const kb = (bytes: number) => fmt(bytes / 1024, 0);

/**
 * The least a pipeline can do with the photo (issue 20's reference): decode it once and write three sizes
 * (1920, 1024 and 320 px wide) as JPEG at sharp's default settings, side by side.
 */
async function reference(input: Buffer): Promise<void> {
  const { data, info } = await sharp(input).rotate().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  await Promise.all(
    [1920, 1024, 320].map((width) => sharp(data, raw).resize({ width }).jpeg({ quality: 80 }).toBuffer()),
  );
}

/**
 * Issue 7 and issue 20 item 5: time to optimise a 4000×3000 photo (rotate, strip, compress within
 * 1920×1080, WebP, 14 JPEG+WebP variants 320–2560 px) and the bytes saved. The photo is generated (gradient
 * plus grain, JPEG quality 95, with EXIF/GPS), so the figures are reproducible. CPU ms is the process's CPU time over the run (all
 * threads): near ms, the encodes had one core; near twice ms, both (on a shared machine, read both).
 */
export async function benchImages(): Promise<void> {
  const input = await makePhoto(4000, 3000, { exif: true });
  await processImage(input); // warm-up: loads libvips codecs
  await reference(input);
  const references: number[] = [];
  const totals: number[] = [];
  const cpu: number[] = [];
  const compressOnly: number[] = [];
  let last = await processImage(input);
  for (let run = 0; run < RUNS; run++) {
    let t0 = performance.now();
    const cpu0 = process.cpuUsage();
    last = await processImage(input);
    totals.push(performance.now() - t0);
    const used = process.cpuUsage(cpu0);
    cpu.push((used.user + used.system) / 1000);
    t0 = performance.now();
    await processImage(input, { variants: false, webp: false });
    compressOnly.push(performance.now() - t0);
    t0 = performance.now();
    await reference(input);
    references.push(performance.now() - t0);
  }
  references.sort((a, b) => a - b);
  totals.sort((a, b) => a - b);
  compressOnly.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const original = last.original.data.length;
  const webp = last.webp?.data.length ?? 0;
  const all = renditionsOf(last);
  printTable(
    `Image pipeline: 4000×3000 JPEG photo, ${kb(input.length)} KB in (median of ${RUNS} runs, after a warm-up)`,
    ['step', 'ms (median)', 'ms (max)', 'CPU ms (median)'],
    [
      ['compress only (original)', fmt(percentile(compressOnly, 50), 0), fmt(compressOnly.at(-1)!, 0), ''],
      [
        `full pipeline (${all.length} files)`,
        fmt(percentile(totals, 50), 0),
        fmt(totals.at(-1)!, 0),
        fmt(percentile(cpu, 50), 0),
      ],
      [
        'reference: sharp, one decode, 3 JPEG sizes',
        fmt(percentile(references, 50), 0),
        fmt(references.at(-1)!, 0),
        '',
      ],
    ],
  );
  process.stdout.write(
    `  full pipeline / reference: ${fmt(percentile(totals, 50) / percentile(references, 50), 1)}× (goal: full pipeline <= 1,200 ms)\n`,
  );
  printTable(
    'Image pipeline: bytes',
    ['file', 'dimensions', 'KB', 'saved vs upload'],
    [
      ['upload', '4000×3000', kb(input.length), '-'],
      [
        'original (compressed)',
        `${last.original.width}×${last.original.height}`,
        kb(original),
        `${fmt((1 - original / input.length) * 100)}%`,
      ],
      [
        'webp',
        `${last.webp?.width}×${last.webp?.height}`,
        kb(webp),
        `${fmt((1 - webp / input.length) * 100)}%`,
      ],
      ...(['small', 'medium', 'large'] as const).flatMap((size) =>
        last.variants[size].map((v) => [
          `${size} ${v.format}`,
          `${v.width}×${v.height}`,
          kb(v.data.length),
          '',
        ]),
      ),
    ],
  );
}
