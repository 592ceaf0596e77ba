import { PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Executor } from './database';
import { named } from './direct-connection';

/** How the side connection names itself in `pg_stat_activity`. */
export const SIDE_APPLICATION_NAME = 'brigade-side';

/**
 * One extra PostgreSQL connection per pool for short, self-committing statements that must not wait for a
 * pool slot while the caller holds one (decision 033: id blocks are reserved here, outside the caller's
 * transaction). It commits with `synchronous_commit = off`: every caller that uses what it returns commits
 * later in the same write-ahead log, and that commit's flush carries this one with it. Those are session
 * settings, so it goes to the direct URL, never through a pooler (decision 064); it opens at first use.
 */
export interface SideConnection {
  query<Row extends Record<string, unknown>>(text: string, values: unknown[]): Promise<Row[]>;
}

const poolsByClient = new WeakMap<object, pg.Pool>();
const directConfigs = new WeakMap<pg.Pool, pg.ClientConfig>();
const sideConnections = new WeakMap<pg.Pool, SideClient>();

/** Lets `sideConnectionFor` find the pool behind a transaction's connection, and its direct URL. */
export function rememberPoolClients(pool: pg.Pool, direct: pg.ClientConfig): void {
  directConfigs.set(pool, direct);
  pool.on('connect', (client) => poolsByClient.set(client, pool));
}

/** The pool behind a database handle or one of its transactions; null on PGlite. */
function poolBehind(ex: Executor): pg.Pool | null {
  const direct = (ex as { $client?: unknown }).$client;
  if (direct instanceof pg.Pool) return direct;
  // A node-postgres transaction runs on the pooled client held by its session (drizzle's NodePgSession).
  const client = (ex as unknown as { session?: { client?: object } }).session?.client;
  return client ? (poolsByClient.get(client) ?? null) : null;
}

/** Whether `ex` is an open transaction (its locks last until it ends) rather than the database itself. */
export const isTransaction = (ex: Executor): boolean => ex instanceof PgTransaction;

/** The session object shared by a transaction and its savepoints: a key for per-transaction facts. */
export const transactionKey = (ex: Executor): object | null =>
  isTransaction(ex) ? ((ex as unknown as { session: object }).session ?? null) : null;

export function sideConnectionFor(ex: Executor): SideConnection | null {
  const pool = poolBehind(ex);
  if (!pool) return null;
  let side = sideConnections.get(pool);
  if (!side) {
    side = new SideClient(directConfigs.get(pool) ?? (pool.options as pg.ClientConfig));
    sideConnections.set(pool, side);
  }
  return side;
}

/** Closes the pool's side connection, if one was opened (Database.close). */
export async function closeSideConnection(pool: pg.Pool): Promise<void> {
  const side = sideConnections.get(pool);
  sideConnections.delete(pool);
  await side?.close();
}

/** A lazily opened client; a broken connection is dropped and reopened on the next query. */
class SideClient implements SideConnection {
  private client: Promise<pg.Client> | null = null;
  private closed = false;

  constructor(private readonly config: pg.ClientConfig) {}

  /** The statement running now: the next waits for it (one connection runs one statement at a time). */
  private tail: Promise<unknown> = Promise.resolve();

  query<Row extends Record<string, unknown>>(text: string, values: unknown[]): Promise<Row[]> {
    const run = this.tail.then(() => this.run<Row>(text, values));
    this.tail = run.catch(() => {});
    return run;
  }

  private async run<Row extends Record<string, unknown>>(text: string, values: unknown[]): Promise<Row[]> {
    if (this.closed) throw new Error('The side connection is closed');
    this.client ??= this.open();
    const client = await this.client.catch((error: unknown) => {
      this.client = null;
      throw error;
    });
    try {
      return (await client.query<Row>(text, values)).rows;
    } catch (error) {
      // A statement error leaves the connection usable; a lost connection does not.
      if (!(error instanceof pg.DatabaseError)) this.drop(client);
      throw error;
    }
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client(named(this.config, SIDE_APPLICATION_NAME));
    client.on('error', () => this.drop(client));
    await client.connect();
    // A lock held by a transaction that itself waits for this connection would otherwise wait forever.
    await client.query(`set synchronous_commit = off; set lock_timeout = '2s'`);
    return client;
  }

  private drop(client: pg.Client): void {
    this.client = null;
    client.end().catch(() => {});
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = await this.client?.catch(() => null);
    this.client = null;
    await client?.end().catch(() => {});
  }
}
