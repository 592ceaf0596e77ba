// A probe the site-miss bench loads into a real server (`NODE_OPTIONS=--import …/loop-probe.mjs`, issue 20):
// every second, the server's main thread writes one line of JSON to BRIGADE_LOOP_PROBE_FILE with what held
// its event loop in that second:
// - the collector's pauses: full collections (count, longest) and the longest scavenge;
// - the loop's delay (monitorEventLoopDelay at 1 ms: the longest and p99);
// - its stalls: a 1 ms timer that fired more than 5 ms late. For each one the thread's own scheduler
//   figures (Linux, /proc/thread-self/schedstat) tell how much of the stall the thread spent running (its own
//   work: JavaScript, the collector) and how much waiting for a core that other threads or processes held.
//   On a machine whose cores are all busy (the load generator runs on them too) the second can be most of a
//   stall; the goal "a miss never blocks the event loop > 5 ms" is about the first.
// Its 1 ms timer costs the process ~7% of a core when idle (0.66 s of CPU in 10 s, against 0.08 without),
// less under load, where the loop runs its timers once a turn; the runs it compares all carry it.
// Plain JavaScript: it runs before any loader.
import { appendFileSync, openSync, readSync } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.BRIGADE_LOOP_PROBE_FILE;
/** A tick this much later than due is a stall (ms). */
const STALL_MS = 5;

/** The thread's time on a core and waiting for one (ms), or null where the kernel does not say. */
function schedulerClock() {
  let fd;
  try {
    fd = openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return () => null;
  }
  const buffer = Buffer.alloc(96);
  return () => {
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    const [running, waiting] = buffer.toString('latin1', 0, length).split(' ');
    return { running: Number(running) / 1e6, waiting: Number(waiting) / 1e6 };
  };
}

if (isMainThread && file) {
  let second = fresh();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        second.full += 1;
        second.longestFull = Math.max(second.longestFull, entry.duration);
      } else if (entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        second.longestScavenge = Math.max(second.longestScavenge, entry.duration);
      }
    }
  }).observe({ entryTypes: ['gc'] });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();

  const clock = schedulerClock();
  let lastTick = performance.now();
  let lastClock = clock();
  setInterval(() => {
    const now = performance.now();
    const nowClock = clock();
    const late = now - lastTick - 1;
    if (late > STALL_MS) {
      second.stalls += 1;
      second.longestStall = Math.max(second.longestStall, late);
      if (nowClock && lastClock) {
        const ran = nowClock.running - lastClock.running;
        const waited = nowClock.waiting - lastClock.waiting;
        if (ran > STALL_MS) second.ownStalls += 1;
        second.longestOwn = Math.max(second.longestOwn, ran);
        second.longestWait = Math.max(second.longestWait, waited);
      }
    }
    lastTick = now;
    lastClock = nowClock;
  }, 1).unref();

  setInterval(() => {
    const line = {
      at: Date.now(),
      ...second,
      delayMax: delay.max / 1e6,
      delayP99: delay.percentile(99) / 1e6,
      scheduler: lastClock !== null,
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    second = fresh();
    delay.reset();
  }, 1000).unref();
}

function fresh() {
  return {
    full: 0,
    longestFull: 0,
    longestScavenge: 0,
    stalls: 0,
    /** Stalls in which the thread itself ran more than STALL_MS. */
    ownStalls: 0,
    /** The most the thread ran inside one stall, and the most it waited for a core inside one (ms). */
    longestOwn: 0,
    longestWait: 0,
    longestStall: 0,
  };
}
