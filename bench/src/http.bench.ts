import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
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
  const headers = { authorization: `Bearer ${token}` };
  const session = await load(`${base}/api/v1/auth/session`, {
    connections: CONNECTIONS,
    durationS: DURATION_S,
    headers,
    serverPid,
  });
  // node:http answering the very bytes of that answer (headers and body), in the same run
  const sameBytes = await withReference(await answerOf(`${base}/api/v1/auth/session`, headers), (url, pid) =>
    load(url, { connections: CONNECTIONS, durationS: DURATION_S, headers, serverPid: pid }),
  );
  return { signinP50: percentile(latencies, 50), signinP99: percentile(latencies, 99), session, sameBytes };
}

/** One answer as it goes on the wire: its headers but those node:http writes itself, and its body. */
function answerOf(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: string[]; body: string }> {
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = response.rawHeaders;
        const kept: string[] = [];
        for (let i = 0; i < raw.length; i += 2)
          if (!own.has(raw[i]!.toLowerCase())) kept.push(raw[i]!, raw[i + 1]!);
        resolve({ headers: kept, body: Buffer.concat(chunks).toString('base64') });
      });
    }).on('error', reject);
  });
}

/** A reference server (its own process) answering `answer`, for the time of `run`. */
async function withReference<T>(
  answer: { headers: string[]; body: string } | undefined,
  run: (url: string, pid: number) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'brigade-reference-'));
  const file = join(dir, 'answer.json');
  if (answer) writeFileSync(file, JSON.stringify(answer));
  const reference = spawn(TSX, [join(ROOT, 'bench/src/reference-server.ts')], {
    env: { ...process.env, PORT: String(port), ...(answer ? { REFERENCE_ANSWER: file } : {}) },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    return await run(`http://127.0.0.1:${port}/`, reference.pid!);
  } finally {
    await stop(reference);
    rmSync(dir, { recursive: true, force: true });
  }
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
  const ref = await withReference(undefined, (url, pid) =>
    load(url, { connections: CONNECTIONS, durationS: DURATION_S, serverPid: pid }),
  );
  {
    const runs = [await measureBrigade('pglite', '')];
    if (postgresUrl)
      runs.push(await withPostgresDatabase(postgresUrl, 'http', (url) => measureBrigade('postgres', url)));
    const pct = (rps: number) => `${fmt((rps / ref.rps) * 100, 0)}%`;
    printTable(
      `HTTP: wrk, ${CONNECTIONS} connections, ${DURATION_S} s each; client and servers share the same 2 cores`,
      ['measure', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs reference', 'CPU µs/req', 'CPU vs reference'],
      [
        [
          'node:http reference ({"status":"ok"}, 2 headers)',
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
            `${run.engine}: GET /api/v1/auth/session (vs the 2-header reference)`,
            fmt(run.auth.session.rps, 0),
            fmt(run.auth.session.p50),
            fmt(run.auth.session.p99),
            run.auth.session.errors,
            pct(run.auth.session.rps),
            ...cpuColumns(run.auth.session, ref).filter((_, i) => i !== 1),
          ],
          [
            `${run.engine}: node:http, the same bytes as /auth/session`,
            fmt(run.auth.sameBytes.rps, 0),
            fmt(run.auth.sameBytes.p50),
            fmt(run.auth.sameBytes.p99),
            run.auth.sameBytes.errors,
            '',
            ...cpuColumns(run.auth.sameBytes, ref).filter((_, i) => i !== 1),
          ],
          [
            `${run.engine}: /auth/session vs the same bytes`,
            '',
            '',
            '',
            '',
            `${fmt((run.auth.session.rps / run.auth.sameBytes.rps) * 100, 0)}%`,
            ...cpuColumns(run.auth.session, run.auth.sameBytes).filter((_, i) => i !== 1),
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
  }
}
