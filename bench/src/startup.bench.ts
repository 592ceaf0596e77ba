import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SERVER_BUNDLE } from '../../scripts/server-build.mjs';
import { WEB_BUILDS } from '../../scripts/web-builds';
import { applicationRoleUrl, freePort, ROOT, withPostgresDatabase } from './processes';
import { fmt, printTable } from './stats';

const GOAL_S = 6;
const CLONE_GOAL_S = 30;
const HOME = '/harbor-grill';
const TIMEOUT_MS = 300_000;

interface Boot {
  engine: string;
  what: string;
  /** Seconds from spawning `npm start` to the first 200 of /healthz, of the public home page, and of the
   * management app's page (its web build in place). */
  health: number;
  home: number;
  app: number;
  /** Seconds to the end of the web build step (every app built or found up to date). */
  built: number;
  /** What `npm start` printed about itself: the web build check and the server's own "up in". */
  buildCheck: string;
  serverUp: string;
}

/** The first 200 of `url` after `since` (ms, performance.now()), in seconds; polls every 25 ms. */
async function firstOk(url: string, since: number, exited: () => boolean): Promise<number> {
  while (performance.now() - since < TIMEOUT_MS) {
    if (exited()) throw new Error(`npm start exited before ${url} answered`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status === 200) return (performance.now() - since) / 1000;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer 200 within ${TIMEOUT_MS} ms`);
}

/** What `npm start` prints when its web build step has ended. */
const BUILD_STEP = /(Web apps up to date \(checked in [\d.]+ s\)|Built \d+ of \d+ web apps in [\d.]+ s)/;

/** Seconds from `since` until the output holds `pattern`; polls every 25 ms. */
async function firstLine(pattern: RegExp, output: () => string, since: number, exited: () => boolean) {
  while (performance.now() - since < TIMEOUT_MS) {
    if (pattern.test(output())) return (performance.now() - since) / 1000;
    if (exited()) throw new Error(`npm start exited before printing ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`npm start did not print ${pattern} within ${TIMEOUT_MS} ms`);
}

/** Ends `npm start` and everything it started (its own process group). */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/**
 * One `npm start` as a person runs it (production mode, as the other benches), on `env`'s data directory or
 * database: the time to the first answers, then it is stopped.
 */
async function boot(engine: string, what: string, env: Record<string, string>): Promise<Boot> {
  const port = await freePort();
  const sitePort = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PORT: String(port),
      SITE_PORT: String(sitePort),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = () => child.exitCode !== null;
  try {
    const [health, home, app, built] = await Promise.all([
      firstOk(`http://127.0.0.1:${port}/healthz`, started, exited),
      firstOk(`http://127.0.0.1:${sitePort}${HOME}`, started, exited),
      firstOk(`http://127.0.0.1:${port}/manage/`, started, exited),
      firstLine(BUILD_STEP, () => output, started, exited),
    ]);
    return {
      engine,
      what,
      health,
      home,
      app,
      built,
      buildCheck: BUILD_STEP.exec(output)?.[1] ?? '',
      serverUp: /is up in ([\d.]+s)/.exec(output)?.[1] ?? '',
    };
  } catch (error) {
    process.stderr.write(output.slice(-4000));
    throw error;
  } finally {
    await stopGroup(child);
  }
}

/** A fresh data directory (first boot: initdb, migrations, seed), then the same directory again, twice. */
async function pglite(): Promise<Boot[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brigade-startup-'));
  const env = { BRIGADE_DATA_DIR: dataDir, DATABASE_URL: '' };
  try {
    return [
      await boot('pglite', 'fresh data directory', env),
      await boot('pglite', 'existing data directory', env),
      await boot('pglite', 'existing data directory', env),
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database (migrations, seed), then the same database again, twice; as the server's own role. */
async function postgres(adminUrl: string): Promise<Boot[]> {
  return withPostgresDatabase(adminUrl, 'startup', async (url) => {
    const role = await applicationRoleUrl(url);
    const dataDir = mkdtempSync(join(tmpdir(), 'brigade-startup-'));
    const env = { BRIGADE_DATA_DIR: dataDir, DATABASE_URL: role.url, DATABASE_MIGRATION_URL: url };
    try {
      return [
        await boot('postgres', 'fresh database', env),
        await boot('postgres', 'existing database', env),
        await boot('postgres', 'existing database', env),
      ];
    } finally {
      await role.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

/**
 * As after a clone: no web build and no server bundle there (their output directories are removed, so `npm
 * start` bundles the server, then starts it while it builds every web app) and a fresh data directory. Runs when a build is missing anyway, or with
 * BENCH_STARTUP_BUILD=1.
 */
async function freshClone(): Promise<Boot | null> {
  const missing = WEB_BUILDS.some((build) => !existsSync(join(ROOT, build.outDir, '.build-hash')));
  if (!missing && process.env.BENCH_STARTUP_BUILD !== '1') return null;
  for (const build of WEB_BUILDS) rmSync(join(ROOT, build.outDir), { recursive: true, force: true });
  rmSync(dirname(join(ROOT, SERVER_BUNDLE)), { recursive: true, force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'brigade-startup-'));
  try {
    return await boot('pglite', 'as after a clone: web apps built, fresh data directory', {
      BRIGADE_DATA_DIR: dataDir,
      DATABASE_URL: '',
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Issue 20: `npm start` to the first answers (the process spawned from the shell, npm included), on PGlite and
 * PostgreSQL, first boot and again, with the web apps already built; and once as after a clone. Goals:
 * <= 6 s with the build there, <= 30 s after a clone.
 */
export async function benchStartup(postgresUrl: string | undefined): Promise<void> {
  const clone = await freshClone();
  const boots = [...(clone ? [clone] : []), ...(await pglite())];
  if (postgresUrl) boots.push(...(await postgres(postgresUrl)));
  printTable(
    `npm start to the first answers (production mode; goal <= ${GOAL_S} s with the web apps built, <= ${CLONE_GOAL_S} s after a clone)`,
    [
      'engine',
      'start',
      '/healthz s',
      'home page s',
      'management app s',
      'all web apps s',
      'server "up in"',
      'web build step',
    ],
    boots.map((b) => [
      b.engine,
      b.what,
      fmt(b.health, 1),
      fmt(b.home, 1),
      fmt(b.app, 1),
      fmt(b.built, 1),
      b.serverUp,
      b.buildCheck,
    ]),
  );
}
