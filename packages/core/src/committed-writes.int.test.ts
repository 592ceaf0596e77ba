import { statementKind } from '@brigade/db/committed-writes';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

// This process's committed writes on PostgreSQL (packages/db/src/committed-writes.ts, issue 20): what the
// in-memory caches of sessions and restaurant versions forget on, before the writer resumes.

const t = useTestDatabase();

describe('statementKind', () => {
  it('tells reads, writes and transaction control apart by the first word', () => {
    expect(statementKind('select 1')).toBe('read');
    expect(statementKind("  SELECT set_config('brigade.tenants', '1', true)")).toBe('read');
    expect(statementKind('set local role brigade_app')).toBe('read');
    expect(statementKind('begin')).toBe('begin');
    expect(statementKind('COMMIT')).toBe('commit');
    expect(statementKind('rollback')).toBe('rollback');
    expect(statementKind('insert into x values (1)')).toBe('write');
    expect(statementKind('with moved as (delete from x returning *) select * from moved')).toBe('write');
    expect(statementKind(undefined)).toBe('write');
  });
});

describe.skipIf(process.env.BRIGADE_TEST_ENGINE !== 'postgres')('committed writes on PostgreSQL', () => {
  it('tells of a committed write, not of reads, rolled-back writes or read-only transactions', async () => {
    const { db, committedWrites } = t.database;
    let heard = 0;
    const stop = committedWrites!.subscribe(() => heard++);
    try {
      await db.execute(sql`create table if not exists committed_probe (n int)`);
      heard = 0;
      await db.execute(sql`select 1`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select count(*) from committed_probe`);
      });
      expect(heard).toBe(0);
      await db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into committed_probe values (1)`);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      expect(heard).toBe(0);
      await db.transaction(async (tx) => {
        await tx.execute(sql`insert into committed_probe values (2)`);
        // heard only once the transaction commits
        expect(heard).toBe(0);
      });
      expect(heard).toBe(1);
      await db.execute(sql`insert into committed_probe values (3)`);
      expect(heard).toBe(2);
    } finally {
      stop();
    }
  });
});
