import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
 * advisory lock named by its instance id on the process's direct connection (direct-connection.ts; a
 * pooler in transaction mode cannot hold a session lock); when the process dies (even by kill -9) the
 * connection closes and PostgreSQL releases the lock. A lost connection releases it too, and it is taken
 * again on the new one; meanwhile another instance may take this one for dead, and an upload it then sweeps
 * fails cleanly when it tries to finish. Work a process left half done (a pending image upload) may be
 * cleaned up by others once its lock is free. On PGlite there is nothing to hold: one process at a time
 * opens the data directory, so every other instance is gone.
 */
export async function holdInstancePresence(
  database: Database,
  instanceId: string,
): Promise<InstancePresence> {
  if (!database.direct) return { close: async () => {} };
  const lock = await database.direct.holdLock(PRESENCE_LOCK_CLASS, lockIdOf(instanceId));
  return { close: () => lock.release() };
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
