import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, Executor } from './database';

// Advisory-lock class of instance presence (the other lock keys of Brigade are 4_242_00x).
const PRESENCE_LOCK_CLASS = 4_242_014;

/** The 32-bit lock id of an instance id. */
const lockIdOf = (instanceId: string) => createHash('sha256').update(instanceId).digest().readInt32BE(0);

export interface InstancePresence {
  close(): Promise<void>;
}

/**
 * Announces that this server process is alive, for as long as it runs: on PostgreSQL it holds a session
 * advisory lock named by its instance id on a connection of its own; when the process dies (even by
 * kill -9) the connection closes and PostgreSQL releases the lock. Work a process left half done (a pending
 * image upload) may be cleaned up by others once its lock is free. On PGlite there is nothing to hold: one
 * process at a time opens the data directory, so every other instance is gone.
 */
export async function holdInstancePresence(
  database: Database,
  instanceId: string,
): Promise<InstancePresence> {
  const pool = database.pool;
  if (!pool) return { close: async () => {} };
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client(pool.options);
    next.on('error', () => {
      // A dropped connection releases the lock: take it again on a new one. Meanwhile another instance
      // may take this one for dead; an upload it then sweeps fails cleanly when it tries to finish.
      if (client === next) client = null;
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    });
    await next.connect();
    await next.query('select pg_advisory_lock($1, $2)', [PRESENCE_LOCK_CLASS, lockIdOf(instanceId)]);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };
  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

/**
 * Whether the instance is still running: its presence lock is held. Asked with a transaction-level try-lock,
 * which is released again at once. (On PGlite nobody holds one: every other instance is gone.)
 */
export async function isInstanceAlive(ex: Executor, instanceId: string): Promise<boolean> {
  const result = (await ex.execute(
    sql`select pg_try_advisory_xact_lock(${PRESENCE_LOCK_CLASS}, ${lockIdOf(instanceId)}) as free`,
  )) as unknown as { rows: { free: boolean }[] };
  return result.rows[0]?.free === false;
}
