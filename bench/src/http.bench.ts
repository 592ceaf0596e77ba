import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, load, ROOT, startBrigade, stop, TSX, waitFor, withPostgresDatabase } from './processes';
import { cpuColumns, fmt, percentile, printTable } from './stats';

const DURATION_S = 8;
const CONNECTIONS = 50;

const SIGNINS = 100;

/** Sign-in latency (argon2id verification included) and session checks per second, on the demo admin. */
async function measureAuth(base: string, serverPid: number) {
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
  const session = await load(`${base}/api/v1/auth/session`, {
    connections: CONNECTIONS,
    durationS: DURATION_S,
    headers: { authorization: `Bearer ${token}` },
    serverPid,
  });
  return { signinP50: percentile(latencies, 50), signinP99: percentile(latencies, 99), session };
}

async function measureBrigade(engine: 'pglite' | 'postgres', databaseUrl: string) {
  const brigade = await startBrigade(databaseUrl);
  try {
    const health = await load(`${brigade.origin}/healthz`, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      serverPid: brigade.pid,
    });
    const auth = await measureAuth(brigade.origin, brigade.pid);
    return { engine, startupMs: brigade.startupMs, health, auth };
  } finally {
    await brigade.stop();
  }
}

/**
 * A real Brigade process (`npm start`'s entry, production mode) on the embedded database and, when a
 * PostgreSQL URL is given, on PostgreSQL; beside a bare node:http server answering the same JSON.
 */
export async function benchHttp(postgresUrl: string | undefined): Promise<void> {
  const referencePort = await freePort();
  const reference = spawn(TSX, [join(ROOT, 'bench/src/reference-server.ts')], {
    env: { ...process.env, PORT: String(referencePort) },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${referencePort}/`);
    const ref = await load(`http://127.0.0.1:${referencePort}/`, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      serverPid: reference.pid,
    });
    const runs = [await measureBrigade('pglite', '')];
    if (postgresUrl)
      runs.push(await withPostgresDatabase(postgresUrl, 'http', (url) => measureBrigade('postgres', url)));
    const pct = (rps: number) => `${fmt((rps / ref.rps) * 100, 0)}%`;
    printTable(
      `HTTP: wrk, ${CONNECTIONS} connections, ${DURATION_S} s each; client and servers share the same 2 cores`,
      ['measure', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs reference', 'CPU µs/req', 'CPU vs reference'],
      [
        [
          'node:http reference (same JSON)',
          fmt(ref.rps, 0),
          fmt(ref.p50),
          fmt(ref.p99),
          ref.errors,
          '100%',
          ...cpuColumns(ref, ref).filter((_, i) => i !== 1),
        ],
        ...runs.flatMap((run) => [
          [
            `${run.engine}: GET /healthz`,
            fmt(run.health.rps, 0),
            fmt(run.health.p50),
            fmt(run.health.p99),
            run.health.errors,
            pct(run.health.rps),
            ...cpuColumns(run.health, ref).filter((_, i) => i !== 1),
          ],
          [
            `${run.engine}: GET /api/v1/auth/session`,
            fmt(run.auth.session.rps, 0),
            fmt(run.auth.session.p50),
            fmt(run.auth.session.p99),
            run.auth.session.errors,
            pct(run.auth.session.rps),
            ...cpuColumns(run.auth.session, ref).filter((_, i) => i !== 1),
          ],
        ]),
      ],
    );
    printTable(
      `Sign-in (argon2id, ${SIGNINS} sequential requests) and start-up (fresh database: migrate, seed, first /healthz)`,
      ['engine', 'sign-in p50 ms', 'sign-in p99 ms', 'start-up s'],
      runs.map((run) => [
        run.engine,
        fmt(run.auth.signinP50),
        fmt(run.auth.signinP99),
        fmt(run.startupMs / 1000, 2),
      ]),
    );
  } finally {
    await stop(reference);
  }
}
