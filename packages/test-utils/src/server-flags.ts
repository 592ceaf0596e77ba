/**
 * Node's flags for a server process a test starts (the browser tests' servers, the crash tests' servers).
 *
 * `--liftoff-only`: V8 runs the embedded database's WebAssembly with its baseline compiler only. By default it
 * also recompiles the hot functions with its optimising compiler on background threads, which pays off in a
 * server that lives for days but costs a test's server, which lives for seconds, about a second of CPU at
 * start-up (measured: 3.5–4.4 s of CPU to healthy, 2.3–2.7 s with the flag; the same work after it). The
 * production server (`npm start`) keeps V8's defaults.
 */
export const TEST_SERVER_NODE_FLAGS = ['--enable-source-maps', '--liftoff-only'] as const;
