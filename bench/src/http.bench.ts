import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { fmt, percentile, printTable } from './stats';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const DURATION_S = 8;
const CONNECTIONS = 50;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitFor(url: string, timeoutMs = 30_000): Promise<number> {
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

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const SIGNINS = 100;

/** Sign-in latency (argon2id verification included) and session checks per second, on the demo admin. */
async function benchAuth(base: string, referenceRps: number) {
  const signinOnce = async () => {
    const t0 = performance.now();
    const response = await fetch(`${base}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@brigade.local', password: 'brigade-admin' }),
    });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    const { sessionToken } = (await response.json()) as { sessionToken: string };
    return { ms: performance.now() - t0, sessionToken };
  };
  await signinOnce(); // warm-up
  const latencies: number[] = [];
  let token = '';
  for (let i = 0; i < SIGNINS; i++) {
    const { ms, sessionToken } = await signinOnce();
    latencies.push(ms);
    token = sessionToken;
  }
  latencies.sort((a, b) => a - b);
  const session = await load(`${base}/api/v1/auth/session`, { authorization: `Bearer ${token}` });
  printTable(
    'Auth: sign-in (sequential, one client) and GET /api/v1/auth/session (autocannon, 50 connections)',
    ['measure', 'value'],
    [
      [`sign-in p50 (${SIGNINS} sequential)`, `${fmt(percentile(latencies, 50))} ms`],
      [`sign-in p99 (${SIGNINS} sequential)`, `${fmt(percentile(latencies, 99))} ms`],
      ['GET /auth/session req/s', fmt(session.rps, 0)],
      ['GET /auth/session p50 / p99', `${fmt(session.p50)} / ${fmt(session.p99)} ms`],
      ['GET /auth/session errors', String(session.errors)],
      ['vs node:http reference req/s', `${fmt((session.rps / referenceRps) * 100, 0)}%`],
    ],
  );
}

/** /healthz of a real Brigade process (embedded database) beside a bare Node server answering the same JSON. */
export async function benchHttp(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brigade-bench-http-'));
  const brigadePort = await freePort();
  const referencePort = await freePort();
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    BRIGADE_DATA_DIR: dataDir,
    DATABASE_URL: '',
    NODE_ENV: 'production',
  };
  const brigade = spawn(TSX, [join(ROOT, 'apps/server/src/main.ts')], {
    env: { ...env, PORT: String(brigadePort), HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  const reference = spawn(TSX, [join(ROOT, 'bench/src/reference-server.ts')], {
    env: { ...env, PORT: String(referencePort) },
    stdio: 'ignore',
  });
  try {
    const startupMs = await waitFor(`http://127.0.0.1:${brigadePort}/healthz`);
    await waitFor(`http://127.0.0.1:${referencePort}/`);
    const ours = await load(`http://127.0.0.1:${brigadePort}/healthz`);
    const ref = await load(`http://127.0.0.1:${referencePort}/`);
    printTable(
      `HTTP /healthz: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each, client and servers on the same 2 cores`,
      ['server', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs reference'],
      [
        [
          'brigade /healthz',
          fmt(ours.rps, 0),
          fmt(ours.p50),
          fmt(ours.p99),
          ours.errors,
          `${fmt((ours.rps / ref.rps) * 100, 0)}%`,
        ],
        ['node:http reference', fmt(ref.rps, 0), fmt(ref.p50), fmt(ref.p99), ref.errors, '100%'],
      ],
    );
    process.stdout.write(
      `  start-up (fresh embedded data dir, migrate, first /healthz): ${fmt(startupMs / 1000, 2)} s\n`,
    );
    await benchAuth(`http://127.0.0.1:${brigadePort}`, ref.rps);
  } finally {
    await Promise.all([stop(brigade), stop(reference)]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
