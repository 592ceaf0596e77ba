import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Database, openDatabase } from '@brigade/db/database';
import { TEST_SERVER_NODE_FLAGS } from '@brigade/test-utils/server-flags';
import { createTestDatabase, type TestDatabase } from '@brigade/test-utils/test-database';
import { inject } from 'vitest';
import { ensureServerBuild } from '../../../scripts/server-build.mjs';

/** A real server process for tests that kill it (kill -9) and start it again on the same data. */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

export interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The server as `npm start` runs it: its bundle (built first when a source changed), in one process, so
 * SIGKILL reaches it. The bundle starts in two thirds of the time tsx takes to compile the sources.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  output = '';
  constructor(
    private readonly env: Record<string, string>,
    readonly port: number,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.output = '';
    const { file } = await ensureServerBuild();
    const child = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, file], {
      cwd: ROOT,
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout!.on('data', (chunk) => {
      this.output += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      this.output += chunk;
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no start-up banner in 45 s:\n${this.output}`)),
        45_000,
      );
      const onData = () => {
        if (!this.output.includes('/api/v1/openapi.json')) return;
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve();
      };
      child.stdout!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code}:\n${this.output}`));
      });
    });
  }

  kill(): Promise<void> {
    return this.stop('SIGKILL');
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
    this.child = null;
  }

  /** Whether the log shows the request arriving, and finishing. */
  progressOf(requestId: string) {
    const lines = this.output.split('\n').filter((line) => line.includes(`"reqId":"${requestId}"`));
    return {
      arrived: lines.some((line) => line.includes('incoming request')),
      completed: lines.some((line) => line.includes('request completed')),
    };
  }
}

/** Sends a request; `onSent` runs once the whole body has been handed to the socket. */
export function send(base: string, req: Request, onSent: () => void = () => {}) {
  return new Promise<{ status: number; body: string } | null>((resolve) => {
    const outgoing = httpRequest(
      `${base}${req.path}`,
      { method: req.method, headers: { ...req.headers, 'content-length': String(req.body.length) } },
      (response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        response.on('error', () => resolve(null));
        response.on('close', () => resolve(null)); // no-op after 'end'
      },
    );
    outgoing.on('error', () => resolve(null)); // the server died before answering
    outgoing.end(req.body, onSent);
  });
}

/**
 * The environment every killed-and-restarted server shares: its port, no demo data, media under `work`, a
 * fixed secrets key (the restarted server must read what the first one sealed). `extra` adds or overrides.
 */
export function crashServerEnv(
  work: string,
  port: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    BRIGADE_SEED_DEMO: 'false',
    BRIGADE_MEDIA_DIR: join(work, 'media'),
    SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
    ...extra,
  };
}

/**
 * A server that pays through the test's own CardPointe emulator (it outlives the server, as the gateway
 * does), whose sweeps settle what a killed server left after one quiet second.
 */
export const gatewayEnv = (url: string): Record<string, string> => ({
  CARDPOINTE_EMULATOR: 'off',
  CARDPOINTE_URL: url,
  CARDPOINTE_RECONCILE_PAUSE_MS: '0',
  CHECKOUT_QUIET_SECONDS: '1',
});

/**
 * The database a killed-and-restarted server runs on, of the engine this test project runs on: a PGlite data
 * directory on disk (a copy of the run's template), or a fresh PostgreSQL database. `env` points the server at
 * it; `database` is open for the test's set-up until `release()` (PGlite belongs to one process at a time).
 */
export async function serverDatabase(dataDir: string): Promise<{
  database: Database;
  env: Record<string, string>;
  testDatabase: TestDatabase | undefined;
  release: () => Promise<void>;
}> {
  const template = inject('brigadeTemplate');
  if (template.engine === 'pglite') {
    cpSync(template.templateDir, dataDir, { recursive: true });
    const database = await openDatabase({ dataDir });
    return {
      database,
      env: { DATABASE_URL: '', BRIGADE_DATA_DIR: dataDir },
      testDatabase: undefined,
      release: () => database.close(),
    };
  }
  const testDatabase = await createTestDatabase({ poolMax: 4 });
  const database = testDatabase.database;
  return {
    database,
    env: { DATABASE_URL: database.pool!.options.connectionString! },
    testDatabase,
    release: async () => {},
  };
}

/** Who calls a server process in the register's crash tests: read at each call, so it may change between. */
export interface RegisterCaller {
  base: string;
  /** The staff member's session token and the paired register's token ('' before they exist). */
  session: string;
  device: string;
  tenantId: number;
  restaurantId: number;
}

/**
 * JSON calls to a server process as a staff member at a register: `call` takes a path under /api/v1,
 * `staff` one under the restaurant. Answers with the status and the parsed body (status 0 when the server
 * died before answering).
 */
export function registerCalls(caller: () => RegisterCaller) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const { base, session, device } = caller();
    const answer = await send(base, {
      method,
      path: `/api/v1${path}`,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(session ? { authorization: `Bearer ${session}` } : {}),
        ...(device ? { 'x-pos-device': device } : {}),
        ...headers,
      },
      body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
    });
    return { status: answer?.status ?? 0, json: answer?.body ? JSON.parse(answer.body) : undefined };
  };
  const staff = (method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
    const { tenantId, restaurantId } = caller();
    return call(method, `/tenants/${tenantId}/restaurants/${restaurantId}${path}`, body, headers);
  };
  return { call, staff };
}
