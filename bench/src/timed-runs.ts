import { percentile } from './stats';

/** One row of a throughput bench: a path, how many ran at once, what came out. */
export interface RunFigures {
  path: string;
  concurrency: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/**
 * Calls `once` `count` times, `concurrency` at a time, and measures each call: throughput and latency
 * percentiles (ms). What the payments and ordering benches time against the emulator.
 */
export async function timedRuns(
  count: number,
  path: string,
  concurrency: number,
  once: () => Promise<void>,
): Promise<RunFigures> {
  const latencies: number[] = [];
  let remaining = count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (remaining-- > 0) {
        const t0 = performance.now();
        await once();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    path,
    concurrency,
    perSecond: count / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
