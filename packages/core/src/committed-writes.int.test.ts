import { CHANGE_FEED_TABLES, IDENTITY_FEED_TABLES } from '@brigade/db/announced-tables';
import { statementKind, type WrittenTables, writtenTable } from '@brigade/db/committed-writes';
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

describe('writtenTable', () => {
  it('names the table a write statement writes, or * when it cannot tell', () => {
    expect(writtenTable('insert into "orders" ("a") values ($1)')).toBe('orders');
    expect(writtenTable('update "sessions" set "revoked_at" = $1')).toBe('sessions');
    expect(writtenTable('delete from "public"."users" where uid = $1')).toBe('users');
    expect(writtenTable('UPDATE ONLY tenants SET x = 1')).toBe('tenants');
    expect(writtenTable('insert into pgboss.job (name) values ($1)')).toBe('pgboss.job');
    expect(writtenTable('truncate table items')).toBe('items');
    // a CTE: the one table its parts write (pg-boss's fetch, every poll), else *
    expect(writtenTable('with moved as (delete from x returning *) select * from moved')).toBe('x');
    expect(
      writtenTable(`WITH next as (SELECT id FROM pgboss.job WHERE name = $1 FOR UPDATE SKIP LOCKED)
        UPDATE pgboss.job j SET state = 'active' FROM next WHERE j.id = next.id RETURNING j.id`),
    ).toBe('pgboss.job');
    expect(
      writtenTable(`with a as (insert into x values (1) on conflict (id) do update set n = 2 returning *)
        select * from a for no key update`),
    ).toBe('x');
    expect(writtenTable('with a as (delete from x returning *) insert into y select * from a')).toBe('*');
    expect(writtenTable('with a as (select 1) select brigade_prune()')).toBe('*');
    expect(writtenTable('create table y (n int)')).toBe('*');
    expect(writtenTable(undefined)).toBe('*');
  });
});

describe('the announcing tables', () => {
  it('are the tables whose triggers announce changes and identity changes, no more and no fewer', async () => {
    const triggered = async (functions: string[]) =>
      (
        (await t.database.db.execute(
          sql`select distinct c.relname as name from pg_trigger g
              join pg_class c on c.oid = g.tgrelid join pg_proc p on p.oid = g.tgfoid
              where p.proname = any (${`{${functions.join(',')}}`}::text[]) order by 1`,
        )) as unknown as { rows: { name: string }[] }
      ).rows.map((row) => row.name);
    expect(
      await triggered([
        'brigade_note_restaurant_change',
        'brigade_note_tenant_change',
        'brigade_note_platform_change',
        'brigade_note_user_change',
      ]),
    ).toEqual([...CHANGE_FEED_TABLES].sort());
    expect(await triggered(['brigade_note_identity_change', 'brigade_note_user_change'])).toEqual(
      [...IDENTITY_FEED_TABLES].sort(),
    );
  });
});

describe.skipIf(process.env.BRIGADE_TEST_ENGINE !== 'postgres')('committed writes on PostgreSQL', () => {
  it('tells of a committed write, not of reads, rolled-back writes or read-only transactions', async () => {
    const { db, committedWrites } = t.database;
    let heard = 0;
    let tables: WrittenTables = new Set();
    const stop = committedWrites!.subscribe((written) => {
      heard++;
      tables = written;
    });
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
      expect([...tables]).toEqual(['committed_probe']);
      await db.execute(sql`insert into committed_probe values (3)`);
      expect(heard).toBe(2);
      await db.transaction(async (tx) => {
        await tx.execute(sql`update committed_probe set n = n`);
        await tx.execute(sql`delete from "public"."committed_probe" where n < 0`);
        await tx.execute(
          sql`with gone as (delete from committed_probe where false returning n) select n from gone`,
        );
        await tx.execute(sql`with gone as (select 1) select n from committed_probe, gone`);
      });
      // the CTE names the one table it writes; a CTE that writes none that can be named is heard by every listener
      expect([...tables].sort()).toEqual(['*', 'committed_probe']);
    } finally {
      stop();
    }
  });
});
