import { fileURLToPath } from 'node:url';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './database';
import { named } from './direct-connection';
import { bossDbOf, bossDbOnPg, installJobQueue } from './job-queue';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

// Any 64-bit key works; it only has to be the same for every Brigade process sharing one database.
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Applies the SQL migrations in packages/db/migrations (the same files on both engines). On PostgreSQL,
 * several processes may start at once: an advisory lock lets one migrate while the others wait, and
 * Drizzle's journal makes the waiters skip what is already applied. The job queue's own schema (pg-boss's,
 * versioned by pg-boss) is installed or upgraded after them, under the same lock.
 *
 * On PostgreSQL all of it runs in one session of its own on the direct URL (decision 064): a session
 * advisory lock means nothing through a pooler in transaction mode, and the session sees every tenant
 * (`brigade.all_tenants`), as migrations written before migration 0052 expect.
 */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_FOLDER };
  if (database.engine === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, config);
    await installJobQueue(bossDbOf(database));
    return;
  }
  const session = new pg.Client(named(database.direct!.config, 'brigade-migrations'));
  session.on('error', () => {});
  await session.connect();
  try {
    await session.query(`set brigade.all_tenants = 'on'`);
    await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(session), config);
    await installJobQueue(bossDbOnPg(session));
  } finally {
    // Ending the session releases the lock.
    await session.end().catch(() => {});
  }
}
