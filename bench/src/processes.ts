import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

// Shared by the benchmarks that start real server processes and load them over loopback.
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TSX = join(ROOT, 'node_modules/.bin/tsx');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls `url` until it answers 2xx; returns how long that took (ms). */
export async function waitFor(url: string, timeoutMs = 60_000): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return performance.now() - started;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** autocannon for a fixed time; the figures every table prints. */
export async function load(
  url: string,
  options: { connections: number; durationS: number; headers?: Record<string, string> },
) {
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationS,
    headers: options.headers ?? {},
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
