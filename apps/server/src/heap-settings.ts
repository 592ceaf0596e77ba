import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the heap grow past what the last full collection kept, before it collects again (issue 20,
 * RSS). V8's own factor goes up to 4: under reads that reach the database, each request's objects outlive the
 * young generation while it waits for the database's thread (decision 035), and the heap reached 200 MB with
 * ~60 MB of it live (445-478 MB of RSS against the 400 MB goal). 1.2 keeps it near what is live; the full
 * collections it adds under such load take 3-6 ms each. The flag is process-wide (the database's thread too)
 * and read at each collection, so setting it before the server starts is enough.
 */
const HEAP_GROWING_PERCENT = 20;
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
