import { Writable } from 'node:stream';
import { CHANGE_CHANNEL, type Change } from '@brigade/core/changes/change-feed';
import { type Database, openDatabase } from '@brigade/db/database';
import { cardDataIn, tablesText } from '@brigade/test-utils/card-data';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { type BuildAppOptions, buildApp } from './app';
import { loadConfig } from './config';
import type { AppDeps } from './deps';
import { createAppDeps } from './runtime';

/** Log lines the app wrote, parsed; tests read them to prove what is (and is not) logged. */
export class LogCapture extends Writable {
  readonly lines: Record<string, unknown>[] = [];
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) this.lines.push(JSON.parse(line));
    done();
  }
  text() {
    return this.lines.map((line) => JSON.stringify(line)).join('\n');
  }
}

/** Where card data could end up if it ever reached Brigade: payments, orders, mail (issue 16). */
const CARD_TABLES = [
  'merchant_accounts',
  'payment_transactions',
  'payment_transaction_events',
  'payment_idempotency_keys',
  'payment_profiles',
  'orders',
  'order_events',
  'outbox_emails',
];

/**
 * The whole suite's card-data scan (issue 16): after every file that runs a server, its database's payment,
 * order and mail rows and every log line it wrote must hold no Luhn-valid card number and no CVV field. Log
 * lines carry their time in epoch milliseconds (13 digits), which is not card data.
 */
export async function cardDataLeftBy(database: Database, logs: LogCapture): Promise<string[]> {
  const rows = await tablesText(database.db, CARD_TABLES);
  return cardDataIn(`${rows}\n${logs.text().replace(/"time":\d+/g, '')}`);
}

/**
 * A Brigade server on a fresh test database for the lifetime of a test file, listening on a free port so
 * tests can use real HTTP (`baseUrl`) as well as `app.inject`.
 */
export function useTestApp(
  options: Omit<BuildAppOptions, 'deps' | 'logStream'> & { env?: Record<string, string> } = {},
) {
  const db = useTestDatabase();
  const logs = new LogCapture();
  let app: FastifyInstance | undefined;
  let deps: AppDeps | undefined;
  let baseUrl = '';
  beforeAll(async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...options.env }), port: 0 };
    deps = createAppDeps(config, db.database);
    app = await buildApp({ ...options, deps, logStream: logs });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    const found = deps ? await cardDataLeftBy(db.database, logs) : [];
    await app?.close();
    if (found.length > 0) throw new Error(`Card data left after this file's tests:\n${found.join('\n')}`);
  });
  return {
    logs,
    get app() {
      if (!app) throw new Error('useTestApp: the app is only available inside tests and hooks');
      return app;
    },
    get baseUrl() {
      return baseUrl;
    },
    /** The server's services (e.g. the payment gateway emulator, to advance its clock). */
    get deps() {
      if (!deps) throw new Error('useTestApp: deps are only available inside tests and hooks');
      return deps;
    },
    get database() {
      return db.database;
    },
  };
}

/**
 * A second server instance on the same PostgreSQL database as `database` (its own pool, change feed and
 * caches), for tests of what one instance's writes do to another's memory. Close it when done.
 */
export async function startSecondInstance(
  database: Database,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; deps: AppDeps; close: () => Promise<void> }> {
  const own = await openDatabase({ url: database.pool!.options.connectionString!, poolMax: 4 });
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const deps = createAppDeps({ ...config, port: 0 }, own);
  const app = await buildApp({ deps });
  await Promise.all([deps.changes.ready, deps.sessions.ready, deps.domains.ready]);
  return {
    app,
    deps,
    close: async () => {
      await app.close();
      await own.close();
    },
  };
}

/**
 * Runs statements where no instance's memory hears of them from this process: on PGlite on the raw
 * instance, on PostgreSQL on a connection of its own (this process's pool would report its own commits;
 * packages/db/src/committed-writes.ts).
 */
export async function runUnheard(database: Database, statements: string[]): Promise<void> {
  if (database.pglite) {
    for (const statement of statements) await database.pglite.exec(statement);
    return;
  }
  const client = new pg.Client(database.pool!.options);
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A tenant id no seed reaches: the marker below concerns no cached document. */
const MARKER_TENANT = 2_000_000_000;

/**
 * Waits until the server has heard every change announced so far. The database delivers announcements in
 * commit order but a moment after the commit, so a seed's last announcements can arrive after a test's first
 * read and drop what that read cached. A marker announced now arrives after all of them.
 */
export async function heardEverySoFar(deps: AppDeps, database: Database, timeoutMs = 10_000): Promise<void> {
  if (!deps.changes.listening()) await deps.changes.ready;
  const marker = MARKER_TENANT + Math.floor(Math.random() * 100_000_000);
  const heard = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('heardEverySoFar: the marker announcement never arrived'));
    }, timeoutMs);
    const stop = deps.changes.subscribe((change: Change) => {
      if (change.tenantId !== marker) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
  await runUnheard(database, [`NOTIFY ${CHANGE_CHANNEL}, 'tenant:${marker}'`]);
  await heard;
}
