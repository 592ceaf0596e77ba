import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  applicationRoleUrl,
  freePort,
  ROOT,
  serverCommand,
  stop,
  waitFor,
  withPostgresDatabase,
} from './processes';
import { fmt, printTable } from './stats';

/**
 * Load and soak (issue 14): a real Brigade process (`npm start`'s entry, production mode) seeded with the
 * demo data, loaded by wrk with 200 connections for 60 s on a mix of public site pages (by mapped Host),
 * the public restaurant document, resolved menus and signed-in catalogue reads (bench/src/soak.lua); then
 * as long again with item updates mixed in (10% of requests). Reports req/s, latency, errors (statuses
 * of 400 and over, and socket errors) and the server's resident memory before and after.
 * Goals: no errors; RSS growth after warm-up under 10%.
 *
 * PGlite by default; PostgreSQL when DATABASE_URL (or BENCH_DATABASE_URL) is set (a fresh database next
 * to it). SOAK_DURATION_S (60) and SOAK_CONNECTIONS (200) shorten or lighten a run; SOAK_LARGE=1 also
 * loads the large-chain catalogue (≈250 items) into the second demo restaurant.
 */

const LUA = join(ROOT, 'bench/src/soak.lua');
const WARM_UP_S = 10;
const WRITE_PERCENT = 10;
const DEMO_OWNER = { email: 'owner@brigade.local', password: 'brigade-owner' };
const DEMO_ADMIN = { email: 'admin@brigade.local', password: 'brigade-admin' };
const SITE_HOSTS = ['harbor-grill-soak.example', 'lantern-noodle-bar-soak.example'];

interface WrkResult {
  requests: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50: number;
  p99: number;
  max: number;
}

function positiveEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`);
  return value;
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

interface Server {
  origin: string;
  pid: number;
  child: ChildProcess;
  /** Drops the PostgreSQL login role the server used, if one was made. */
  dropRole: () => Promise<void>;
}

/** One node process running the server's bundle, as `npm start` does: its pid is the server's, for RSS. */
async function startServer(databaseUrl: string, dataDir: string, large: boolean): Promise<Server> {
  // Production refuses to serve as the owner (decision 018): connect as a member of brigade_app and
  // migrate through the owner's URL, as a real deployment does.
  const role = databaseUrl ? await applicationRoleUrl(databaseUrl) : null;
  const roleEnv = role ? { DATABASE_URL: role.url, DATABASE_MIGRATION_URL: databaseUrl } : {};
  const env = {
    ...process.env,
    LOG_LEVEL: 'warn',
    BRIGADE_DATA_DIR: dataDir,
    BRIGADE_MEDIA_DIR: join(dataDir, 'media'),
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    ...roleEnv,
  };
  if (large) {
    const seeded = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'apps/server/src/cli.ts'), 'seed', '--large'],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
    if (seeded.status !== 0) throw new Error(`seed --large failed:\n${seeded.stderr}`);
  }
  const port = await freePort();
  const [node, ...args] = await serverCommand();
  const child = spawn(node!, args, {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${origin}/healthz`, 120_000);
  } catch (error) {
    await stop(child);
    await role?.drop();
    throw error;
  }
  return { origin, pid: child.pid!, child, dropRole: async () => role?.drop() };
}

/** A GET with its own Host header (fetch does not send one). */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function json<T>(response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The wrk environment of soak.lua: a session, the demo restaurant's ids and two mapped site hosts. */
async function prepare(origin: string): Promise<Record<string, string>> {
  const signIn = async (who: typeof DEMO_OWNER) =>
    (
      await json<{ sessionToken: string }>(
        await fetch(`${origin}/api/v1/auth/signin`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(who),
        }),
      )
    ).sessionToken;
  const token = await signIn(DEMO_OWNER);
  const auth = { authorization: `Bearer ${token}` };
  // Custom domains are served once verified (decision 013); the site administrator stands in for the DNS check.
  const admin = { authorization: `Bearer ${await signIn(DEMO_ADMIN)}`, 'content-type': 'application/json' };
  const tenants = await json<{ data: { tenantId: number; guid: string }[] }>(
    await fetch(`${origin}/api/v1/me/tenants`, { headers: auth }),
  );
  const tenant = tenants.data[0]!;
  const restaurantOf = async (slug: string) =>
    (
      await json<{ data: { restaurant: { guid: string; restaurantId: number } } }>(
        await fetch(`${origin}/api/v1/restaurants/by-slug/${slug}`),
      )
    ).data.restaurant;
  const harbor = await restaurantOf('harbor-grill');
  const lantern = await restaurantOf('lantern-noodle-bar');
  for (const [domain, restaurant] of [
    [SITE_HOSTS[0]!, harbor],
    [SITE_HOSTS[1]!, lantern],
  ] as const) {
    const created = await json<{ data: { mapping: { guid: string } } }>(
      await fetch(`${origin}/api/v1/domain-mappings`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          domainType: 'custom',
          domain,
          tenantGuid: tenant.guid,
          restaurantGuid: restaurant.guid,
        }),
      }),
    );
    await json(
      await fetch(`${origin}/api/v1/domain-mappings/${created.data.mapping.guid}`, {
        method: 'PATCH',
        headers: admin,
        body: JSON.stringify({ verificationStatus: 'verified', sslStatus: 'issued' }),
      }),
    );
  }
  const api = `/api/v1/tenants/${tenant.tenantId}/restaurants/${harbor.restaurantId}`;
  const menus = await json<{ data: { menuGroupId: number }[] }>(
    await fetch(`${origin}${api}/menus?channel=onlineOrdering`, { headers: auth }),
  );
  const items = await json<{ data: { itemId: number }[] }>(
    await fetch(`${origin}${api}/items?limit=50`, { headers: auth }),
  );
  if (menus.data.length === 0 || items.data.length === 0) throw new Error('the demo restaurant has no menu');
  // the site pages answer by Host before the load starts: a failure here is a setup error, not a figure
  for (const host of SITE_HOSTS) {
    const status = await statusWithHost(`${origin}/`, host);
    if (status !== 200) throw new Error(`the site page of ${host} answered ${status}`);
  }
  return {
    SOAK_TOKEN: token,
    SOAK_API: api,
    SOAK_SLUG: 'harbor-grill',
    SOAK_MENUS: menus.data.map((m) => m.menuGroupId).join(','),
    SOAK_ITEMS: items.data.map((i) => i.itemId).join(','),
    SOAK_HOSTS: SITE_HOSTS.join(','),
  };
}

/** One wrk run of soak.lua; `writePercent` of the requests are item updates. */
function runWrk(
  origin: string,
  env: Record<string, string>,
  options: { connections: number; durationS: number; writePercent: number },
): Promise<WrkResult> {
  const args = [
    '-t2',
    `-c${options.connections}`,
    `-d${options.durationS}s`,
    '--timeout',
    '10s',
    '-s',
    LUA,
    origin,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args, {
      env: { ...process.env, ...env, SOAK_WRITE_PERCENT: String(options.writePercent) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = /^SOAK_RESULT (\{.*\})$/m.exec(output)?.[1];
      if (code !== 0 || !line) reject(new Error(`wrk exited with ${code}:\n${output}`));
      else resolve(JSON.parse(line) as WrkResult);
    });
  });
}

/** Samples the server's RSS every second while `work` runs; returns the work's result and the peak. */
async function sampled<T>(pid: number, work: Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = rssMb(pid);
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 1000);
  try {
    return { result: await work, peakMb };
  } finally {
    clearInterval(timer);
  }
}

export async function benchSoak(postgresUrl: string | undefined): Promise<void> {
  if (spawnSync('wrk', ['-v']).error) {
    process.stdout.write('\nSoak: wrk not found (apt-get install -y wrk): skipped\n');
    return;
  }
  const durationS = positiveEnv('SOAK_DURATION_S', 60);
  const connections = positiveEnv('SOAK_CONNECTIONS', 200);
  const large = process.env.SOAK_LARGE === '1' || process.env.SOAK_LARGE === 'true';
  const engine = postgresUrl ? 'postgres' : 'pglite';
  const run = async (databaseUrl: string) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'brigade-soak-'));
    const server = await startServer(databaseUrl, dataDir, large);
    try {
      const env = await prepare(server.origin);
      const rssStart = rssMb(server.pid);
      await runWrk(server.origin, env, { connections, durationS: WARM_UP_S, writePercent: WRITE_PERCENT });
      const rssWarm = rssMb(server.pid);
      const reads = await sampled(
        server.pid,
        runWrk(server.origin, env, { connections, durationS, writePercent: 0 }),
      );
      const rssReads = rssMb(server.pid);
      const mixed = await sampled(
        server.pid,
        runWrk(server.origin, env, { connections, durationS, writePercent: WRITE_PERCENT }),
      );
      const rssEnd = rssMb(server.pid);
      const alive = (await fetch(`${server.origin}/readyz`)).status;
      return { rssStart, rssWarm, reads, rssReads, mixed, rssEnd, alive };
    } finally {
      await stop(server.child);
      await server.dropRole();
      rmSync(dataDir, { recursive: true, force: true });
    }
  };
  const figures = postgresUrl ? await withPostgresDatabase(postgresUrl, 'soak', run) : await run('');
  const row = (label: string, r: WrkResult, rssAfter: number, peakMb: number) => {
    const sockets = `${r.connect}/${r.read}/${r.write}/${r.timeout}`;
    return [
      label,
      fmt(r.requests / (r.durationUs / 1e6), 0),
      fmt(r.p50 / 1000),
      fmt(r.p99 / 1000),
      fmt(r.max / 1000),
      r.requests,
      r.status,
      sockets,
      fmt(rssAfter, 0),
      fmt(peakMb, 0),
    ];
  };
  printTable(
    `Soak (${engine}${large ? ', large menu' : ''}): wrk, ${connections} connections, ${durationS} s per phase after ${WARM_UP_S} s of warm-up; ` +
      'site pages by Host, resolved menus, catalogue reads (Bearer); writes: item updates',
    [
      'phase',
      'req/s',
      'p50 ms',
      'p99 ms',
      'max ms',
      'requests',
      'errors (>=400)',
      'socket errors (connect/read/write/timeout)',
      'RSS after MB',
      'RSS peak MB',
    ],
    [
      row('reads', figures.reads.result, figures.rssReads, figures.reads.peakMb),
      row(`reads + ${WRITE_PERCENT}% writes`, figures.mixed.result, figures.rssEnd, figures.mixed.peakMb),
    ],
  );
  const growth = ((figures.rssEnd - figures.rssWarm) / figures.rssWarm) * 100;
  process.stdout.write(
    `RSS: ${fmt(figures.rssStart, 0)} MB at start, ${fmt(figures.rssWarm, 0)} MB after warm-up, ` +
      `${fmt(figures.rssEnd, 0)} MB at the end (${growth >= 0 ? '+' : ''}${fmt(growth)}% since warm-up; goal < 10%); ` +
      `/readyz after the run: ${figures.alive}\n`,
  );
}
