import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { CommittedWrites, watchCommittedWrites } from './committed-writes';
import { DirectConnection } from './direct-connection';
import { type EmbeddedDatabase, PgliteThread } from './pglite-thread';
import { closeSideConnection, rememberPoolClients } from './side-connection';

/** The Drizzle handle every repository takes; the same type on both engines. */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = PgTransaction<PgQueryResultHKT>;
/** Anything that runs queries: the database itself or an open transaction. */
export type Executor = Db | Tx;

export type Engine = 'pglite' | 'postgres';

export interface Database {
  readonly engine: Engine;
  readonly db: Db;
  /** A human-readable place: the data directory for PGlite, the URL without password for PostgreSQL. */
  readonly location: string;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's thread (PGlite only): listening, and tests copy a migrated template with it. */
  readonly pglite?: EmbeddedDatabase;
  /**
   * The raw pool (PostgreSQL only). It may run through a pooler in transaction mode (decision 064): no
   * session state on it (no LISTEN, no session advisory lock, no session `SET`); those go on `direct`.
   */
  readonly pool?: pg.Pool;
  /** The process's one direct connection (PostgreSQL only): LISTEN and session advisory locks. */
  readonly direct?: DirectConnection;
  /**
   * This process's committed writes, heard before the writer resumes (PostgreSQL only; PGlite's own
   * notifications arrive before its commit returns). See committed-writes.ts.
   */
  readonly committedWrites?: CommittedWrites;
}

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; without it the embedded PGlite database is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string | undefined;
  /** PGlite: start from a dump of another PGlite data directory (a migrated template). */
  loadDataDir?: Blob | File | undefined;
  poolMax?: number | undefined;
  /**
   * PostgreSQL straight, not through a pooler: LISTEN, session advisory locks, migrations and the side
   * connection (decision 064). `url` when unset.
   */
  listenUrl?: string | undefined;
}

// node-postgres returns bigint (int8) and numeric as strings by default; counters are bigint and stay well
// inside Number.MAX_SAFE_INTEGER, so parse them as numbers on both engines.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.poolMax ?? 10, options.listenUrl ?? options.url)
    : openPglite(options);
}

/**
 * The pool carries no startup `options` (a pooler refuses them) and keeps no session state: every session
 * sees all tenants by default through migration 0052's `brigade_all_tenants()`, and a tenant's staff are
 * walled in per transaction (tenant-walls.ts, decision 064).
 */
async function openPostgres(url: string, poolMax: number, listenUrl: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client that loses its connection emits 'error'; without a listener that would crash the process.
  pool.on('error', () => {});
  const committedWrites = new CommittedWrites();
  watchCommittedWrites(pool, committedWrites);
  const direct = new DirectConnection({ connectionString: listenUrl });
  rememberPoolClients(pool, direct.config);
  const db = drizzleNodePg(pool) as unknown as Db;
  const database: Database = {
    engine: 'postgres',
    db,
    pool,
    direct,
    committedWrites,
    location: redactUrl(url),
    ping: async () => {
      await pool.query('select 1');
    },
    close: async () => {
      await closeSideConnection(pool);
      await direct.close();
      await pool.end();
    },
  };
  await database.ping();
  return database;
}

/**
 * PostgreSQL's default is 128 MB, all of it in PGlite's WebAssembly memory once touched. Hot reads are
 * answered from the application's own caches (decision 011, issue 20) and the files from the OS page cache,
 * so a smaller pool keeps the process under 400 MB (bench/README.md, rss).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

async function openPglite(options: DatabaseOptions): Promise<Database> {
  const dataDir = options.dataDir ?? 'memory://';
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk) mkdirSync(dataDir, { recursive: true });
  const fresh = onDisk && !options.loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'));
  // A new data directory is made by initdb in a child process: a PGlite instance that ran initdb keeps
  // ~430 MB more memory for the life of the process than one that opened an existing directory (issue 20).
  if (fresh) await initialiseInChildProcess(dataDir);
  const client = await PgliteThread.start({
    dataDir,
    loadDataDir: options.loadDataDir,
    startParams: ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    // PGlite runs as a superuser, which row-level security never stops; walled transactions switch to the
    // application's role (decision 018). The session default is what migration 0052 makes the default
    // everywhere; migrations before it (a new data directory) need it.
    setup: [`set brigade.all_tenants = 'on'`],
  });
  const db = drizzlePglite(client as unknown as PGlite) as unknown as Db;
  return {
    engine: 'pglite',
    db,
    pglite: client,
    location: dataDir,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/** Runs initdb for a new PGlite data directory in a short-lived child process. */
async function initialiseInChildProcess(dataDir: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
const db = await PGlite.create(${JSON.stringify(dataDir)});
await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Creating the PGlite data directory failed: ${stderr.trim()}`)),
    );
  });
}

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparseable URL)';
  }
}
