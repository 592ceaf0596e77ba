import { createServer } from 'node:net';

const LOWEST = 20_000;
/** How many port slices there are: one per Vitest worker, so at most this many workers (vitest.config.ts). */
export const PORT_SLICES = 8;
const SLICE = 1_500;
/** Ports this process has handed out already: a second call never returns one of them. */
const handedOut = new Set<number>();

/**
 * A port for a server a test or benchmark is about to start (in this process or a child), on 127.0.0.1.
 *
 * Chosen below Linux's ephemeral range (32768–60999) and checked by binding it: a port from `listen(0)` is
 * itself ephemeral, and between closing the probe and the real `listen` an outgoing connection of any
 * process (a database pool, the browser) may be handed the same number (EADDRINUSE, seen in CI). Each of
 * Vitest's workers draws from its own slice of 20000–32000 (by VITEST_POOL_ID), so two test files running
 * side by side cannot probe the same port and both listen on it (EADDRINUSE, seen in CI too).
 */
export async function freePort(): Promise<number> {
  const pool = Number(process.env.VITEST_POOL_ID);
  const start = LOWEST + (Number.isInteger(pool) && pool > 0 ? pool % PORT_SLICES : 0) * SLICE;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = start + Math.floor(Math.random() * SLICE);
    if (handedOut.has(port)) continue;
    // reserved before the probe, so two calls at once never both take it
    handedOut.add(port);
    if (await canBind(port)) return port;
    handedOut.delete(port);
  }
  throw new Error(`no free port found between ${start} and ${start + SLICE}`);
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
