import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './database';
import { installJobQueue } from './job-queue';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any 64-bit key works; it only has to be the same for every Brigade process sharing one database.
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Applies the SQL migrations in packages/db/migrations (the same files on both engines). On PostgreSQL,
 * several processes may start at once: an advisory lock lets one migrate while the others wait, and
 * Drizzle's journal makes the waiters skip what is already applied. The job queue's own schema (pg-boss's,
 * versioned by pg-boss) is installed or upgraded after them, under the same lock.
 */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.engine === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    await installJobQueue(database);
    return;
  }
  const lockClient = await database.pool!.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(database.db as unknown as NodePgDatabase, config);
    await installJobQueue(database);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
}
