import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@brigade/test-utils/ports';
import autocannon from 'autocannon';
import pg from 'pg';
import { ensureServerBuild } from '../../scripts/server-build.mjs';
import { v8PoolSize } from '../../scripts/v8-pool-size.mjs';
import { hasWrk, type LoadFigures, type LoadOptions, wrk } from './wrk';

export type { LoadFigures };

let warned = false;

// Shared by the benchmarks that start real server processes and load them over loopback.
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const TSX = join(ROOT, 'node_modules/.bin/tsx');

export { freePort };

/**
 * The server as `npm start` runs it (scripts/start.mjs): its bundle, built first when the sources changed,
 * run by node in one process (its pid is the server's), with as many threads for V8 as `npm start` gives it.
 */
export async function serverCommand(): Promise<string[]> {
  const { file } = await ensureServerBuild();
  return [process.execPath, ...SERVER_NODE_FLAGS, ...triedNodeFlags(), file];
}

/** node's own options for the server, as `npm start` gives them (package.json). */
export const SERVER_NODE_FLAGS = [`--v8-pool-size=${v8PoolSize()}`];

/**
 * Options to try on the server without changing `npm start`: `BENCH_SERVER_NODE_FLAGS="--minor-mc"` adds
 * them after the start script's own (V8's flags among them, which NODE_OPTIONS does not pass).
 */
function triedNodeFlags(): string[] {
  return (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
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

/**
 * Load for a fixed time; the figures every table prints. wrk (issue 20: a C client, so a large body does not
 * make the client the bottleneck); autocannon only where wrk is not installed, and then it says so.
 * `warmUpS`: a load of that length first, not measured, so that a server's JIT-compiled code is in place
 * (a Node server answers its first seconds of load several percent slower while V8 compiles and, at times,
 * throws away and recompiles its hot functions); every server of a comparison gets the same.
 */
export async function load(
  url: string,
  options: LoadOptions & { serverPid?: number; warmUpS?: number },
): Promise<LoadFigures> {
  if (options.warmUpS) {
    await load(url, { ...options, durationS: options.warmUpS, serverPid: undefined, warmUpS: undefined });
    return load(url, { ...options, warmUpS: undefined });
  }
  if (options.serverPid !== undefined) {
    // The server's CPU time over the run, per request answered (issue 20): on a shared machine the req/s
    // of both servers move with what else runs, what each request costs the server much less.
    const pids = processTree(options.serverPid);
    const before = cpuMs(pids);
    const figures = await load(url, { ...options, serverPid: undefined });
    const after = cpuMs(pids);
    const answered = figures.rps * options.durationS;
    if (before !== undefined && after !== undefined && answered > 0)
      figures.cpuUsPerRequest = ((after - before) * 1000) / answered;
    return figures;
  }
  if (hasWrk()) return wrk(url, options);
  if (!warned) {
    warned = true;
    process.stderr.write('wrk not found (apt-get install -y wrk): autocannon measures instead\n');
  }
  const result = await autocannon({
    url,
    connections: options.connections,
    duration: options.durationS,
    headers: options.headers ?? {},
    ...(options.paceMs !== undefined ? { connectionRate: 1000 / options.paceMs } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** A process and its descendants (the tsx wrapper and the server it runs), from /proc; Linux only. */
function processTree(pid: number): number[] {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return [pid, ...children.filter(Boolean).flatMap((child) => processTree(Number(child)))];
  } catch {
    return [pid];
  }
}

/** User and system CPU time (ms) the processes have used so far, or undefined where /proc is not there. */
function cpuMs(pids: number[]): number | undefined {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // Fields 14 and 15 (utime, stime), counted after the parenthesised command name; 100 ticks a second.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      return undefined;
    }
  }
  return ticks * 10;
}

/** A login role in brigade_app (created with it when the database is not migrated yet) and its URL. */
export async function applicationRoleUrl(
  ownerUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `brigade_bench_web_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`do $$ begin create role brigade_app nologin;
    exception when duplicate_object or unique_violation then null; end $$`);
  await run(`create role ${name} login in role brigade_app`);
  const url = new URL(ownerUrl);
  url.username = name;
  url.password = '';
  return { url: url.toString(), drop: () => run(`drop role if exists ${name}`).catch(() => {}) };
}

/**
 * Runs `work` against a fresh PostgreSQL database made next to `adminUrl` and dropped afterwards, so a
 * benchmark never writes into a database someone uses.
 */
export async function withPostgresDatabase<T>(
  adminUrl: string,
  label: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const name = `brigade_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
}

export interface RunningBrigade {
  origin: string;
  /** Milliseconds from spawning to the first /healthz answer (migrate, seed, listen). */
  startupMs: number;
  /** The spawned process (tsx, whose child runs the server). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * glibc's malloc as `npm start` sets it (package.json; issue 20, RSS): two arenas, not one per thread, and
 * blocks of 32 KB and more mapped on their own, so that what V8's compilers (PGlite's WebAssembly tiers up
 * through TurboFan) and the compression threads free goes back to the system instead of staying in the heap.
 */
export const MALLOC_SETTINGS = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

/**
 * A real Brigade process (`npm start`'s entry, production mode) on a fresh embedded data directory, or on
 * `databaseUrl` when given; the demo seed runs, so the demo logins work.
 */
export async function startBrigade(
  databaseUrl: string,
  env: Record<string, string> = {},
  options: { mallocDefaults?: boolean } = {},
): Promise<RunningBrigade> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brigade-bench-'));
  const port = await freePort();
  // Production refuses to serve as the owner (decision 018): the server connects as a member of
  // brigade_app and migrates through the owner's URL, as a real deployment does.
  const role = databaseUrl ? await applicationRoleUrl(databaseUrl) : null;
  const [node, ...args] = await serverCommand();
  const child = spawn(node!, args, {
    env: {
      ...withoutMallocSettings(process.env),
      LOG_LEVEL: 'warn',
      BRIGADE_DATA_DIR: dataDir,
      DATABASE_URL: role?.url ?? databaseUrl,
      ...(role ? { DATABASE_MIGRATION_URL: databaseUrl } : {}),
      NODE_ENV: 'production',
      ...(options.mallocDefaults ? {} : MALLOC_SETTINGS),
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  const cleanup = async () => {
    await stop(child);
    await role?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const startupMs = await waitFor(`${origin}/healthz`);
    return { origin, startupMs, pid: child.pid!, stop: cleanup };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function withoutMallocSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  for (const name of Object.keys(MALLOC_SETTINGS)) delete copy[name];
  return copy;
}

/** A signed-in caller of the API: its session token, and `call` for JSON requests under /api/v1. */
export interface ApiSession {
  token: string;
  call(method: string, path: string, body?: unknown): Promise<unknown>;
}

/** Signs in with the given demo login and returns a caller that sends the session token on every request. */
export async function signInApi(
  origin: string,
  login: { email: string; password: string },
): Promise<ApiSession> {
  const response = await fetch(`${origin}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(login),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  const { sessionToken } = (await response.json()) as { sessionToken: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}/api/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${sessionToken}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.json();
  };
  return { token: sessionToken, call };
}
