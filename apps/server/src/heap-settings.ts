import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what the last full collection kept, before it collects again (issue 20).
 *
 * V8's own factor goes up to 4: under reads that reach the database, each request's objects outlive the
 * young generation while it waits for the database's thread (decision 035), and the heap reached 200 MB with
 * ~60 MB of it live (445-478 MB of RSS against the 400 MB goal). 20% was chosen for that.
 *
 * 20% is too tight under a flood of page misses (twelfth session, docs/decisions/047-benchmark-history.md "The collector's
 * threads and the loop", decision 037). About 60 MB of the heap stay live, and V8 starts marking once the room left is less than
 * the young generation's size. With 20% it is always marking: 4-5 full collections a second, most of a core
 * marking on the collector's threads, 7-8 stalls a second in which the loop's own work passed 5 ms (almost
 * all of them full collections), ~800 misses a second.
 *
 * 50% gives 2 full collections a second, 2-2.5 such stalls, ~1,050 misses a second, for ~20 MB more RSS
 * (with pages kept in memory of their exact size: 382 MB after the flood, 360 at 20%). 100% halved the
 * collections again but took 411 MB.
 *
 * The flag is process-wide (the database's thread too) and read at each collection, so setting it before
 * the server starts is enough.
 */
const HEAP_GROWING_PERCENT = 50;
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
