import { Writable } from 'node:stream';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

/**
 * Decision 016: a query that fails on the real engine (PGlite, and PostgreSQL when DATABASE_URL is set) is
 * logged with its SQL and SQLSTATE, never with its parameters or the values the database quotes back.
 */
const db = useTestDatabase();

async function loggedFailure(run: () => Promise<unknown>): Promise<string> {
  const error = await run().then(
    () => {
      throw new Error('the query was expected to fail');
    },
    (caught: unknown) => caught,
  );
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  pino(loggerOptions('info') as pino.LoggerOptions, stream).error({ err: error }, 'unexpected error');
  return lines.join('');
}

describe('database errors in the log', () => {
  it('leaves out the parameters of a query the database refused (a NUL in text)', async () => {
    const line = await loggedFailure(() =>
      db.database.db.execute(sql`select ${'secret-marker\u0000value'}::text as t`),
    );
    expect(line).not.toContain('secret-marker');
    expect(JSON.parse(line).err.message).toMatch(/^Failed query: select \$1::text as t$/);
  });

  it('leaves out the value a unique violation quotes in its detail', async () => {
    await db.database.db.execute(sql`create table log_probe (email text primary key)`);
    await db.database.db.execute(sql`insert into log_probe values ('secret-owner@example.com')`);
    const line = await loggedFailure(() =>
      db.database.db.execute(sql`insert into log_probe values (${'secret-owner@example.com'})`),
    );
    expect(line).not.toContain('secret-owner');
    expect(line).toContain('23505');
    expect(line).toContain('log_probe_pkey');
  });
});
