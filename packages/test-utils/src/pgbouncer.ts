import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { freePort } from './ports';

/**
 * PgBouncer in transaction mode in front of the test run's PostgreSQL (issue 48, decision 064): each test
 * that uses it starts its own, from a configuration in a temporary directory, on a port of its worker's
 * slice. Debian's package puts it in /usr/sbin, which a user's PATH often lacks.
 */
export function pgbouncerPath(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => join(dir, 'pgbouncer')).find((file) => file && existsSync(file)) ?? null;
}

export interface PgBouncer {
  /** `url` (a PostgreSQL URL) with its host and port replaced by PgBouncer's. */
  through(url: string): string;
  /** The server connections PgBouncer may open per database and user. */
  readonly poolSize: number;
  stop(): Promise<void>;
}

/**
 * Starts PgBouncer for the PostgreSQL server of `upstreamUrl` (trust authentication, as the tests' server),
 * for its user and `options.users`.
 */
export async function startPgBouncer(
  upstreamUrl: string,
  options: { poolSize?: number; users?: readonly string[] } = {},
): Promise<PgBouncer> {
  const binary = pgbouncerPath();
  if (!binary) throw new Error('pgbouncer is not installed (Debian package pgbouncer)');
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username || 'postgres');
  const port = await freePort();
  const poolSize = options.poolSize ?? 4;
  const dir = mkdtempSync(join(tmpdir(), 'brigade-pgbouncer-'));
  // PgBouncer will not run as root: it is told to become nobody, who must read these files.
  chmodSync(dir, 0o755);
  const users = [user, ...(options.users ?? [])].map((name) => `"${name}" ""\n`).join('');
  writeFileSync(join(dir, 'users.txt'), users, { mode: 0o644 });
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    `[databases]
* = host=${upstream.hostname} port=${upstream.port || 5432}
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${join(dir, 'users.txt')}
pool_mode = transaction
default_pool_size = ${poolSize}
max_client_conn = 200
ignore_startup_parameters = extra_float_digits
`,
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(binary, [...(asRoot ? ['-u', 'nobody'] : []), join(dir, 'pgbouncer.ini')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.on('data', (chunk) => {
    log = (log + chunk).slice(-4000);
  });
  const through = (url: string) => {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(port);
    return parsed.toString();
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await answering(through(upstreamUrl), child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { through, poolSize, stop };
}

/** Waits until a query through PgBouncer is answered (it listens within milliseconds of starting). */
async function answering(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited with ${child.exitCode}:\n${log()}`);
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`pgbouncer did not answer in 10 s (${error}):\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
}
