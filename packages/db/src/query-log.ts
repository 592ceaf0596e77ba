import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db } from './database';

export interface LoggedQuery {
  sql: string;
  params: unknown[];
}

/**
 * A second handle on the same connection(s) that reports every statement it runs: tests use it to prove
 * what work a use-case does (e.g. the same statements whether or not an account exists).
 */
export function withQueryLog(database: Database, onQuery: (query: LoggedQuery) => void): Db {
  const logger = { logQuery: (sql: string, params: unknown[]) => onQuery({ sql, params }) };
  if (database.pglite)
    return drizzlePglite(database.pglite as unknown as PGlite, { logger }) as unknown as Db;
  if (database.pool) return drizzleNodePg(database.pool, { logger }) as unknown as Db;
  throw new Error('withQueryLog needs PGlite or a PostgreSQL pool');
}
