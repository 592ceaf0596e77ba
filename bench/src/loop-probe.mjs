// A probe the site-miss bench loads into a real server (`NODE_OPTIONS=--import …/loop-probe.mjs`, issue 20):
// every second, the server's main thread writes one line of JSON to BRIGADE_LOOP_PROBE_FILE with what held
// its event loop in that second: the collector's full collections (count, longest) and the loop's delay
// (monitorEventLoopDelay at 1 ms: the longest and p99). Plain JavaScript: it runs before any loader.
import { appendFileSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BRIGADE_LOOP_PROBE_FILE;
if (isMainThread && file) {
  let full = 0;
  let longestFull = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind !== constants.NODE_PERFORMANCE_GC_MAJOR) continue;
      full += 1;
      longestFull = Math.max(longestFull, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  setInterval(() => {
    const second = {
      at: Date.now(),
      full,
      longestFull,
      delayMax: delay.max / 1e6,
      delayP99: delay.percentile(99) / 1e6,
    };
    appendFileSync(file, `${JSON.stringify(second)}\n`);
    full = 0;
    longestFull = 0;
    delay.reset();
  }, 1000).unref();
}
