import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread, type QueryOptions } from './pglite-thread';

// Decision 035: PGlite on a thread of its own keeps PGlite's guarantees. The thread is PGlite whichever
// engine the run tests, so the PostgreSQL run has nothing more to check here.
const onPglite = process.env.BRIGADE_TEST_ENGINE !== 'postgres';

describe.runIf(onPglite)('the embedded database on its own thread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.start({ dataDir: 'memory://', startParams: [], setup: [] });
    await db.exec(`create table note (id int primary key, body text not null)`);
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers rows in both row modes, keeping the text of the types asked for', async () => {
    const text = 'select 1::int as n, $1::text as s, $2::timestamptz as at';
    const at = '2026-11-28 12:00:00+00';
    const objects = await db.query<{ n: number; s: string; at: unknown }>(text, ['x', at]);
    expect(objects.rows).toEqual([{ n: 1, s: 'x', at: new Date('2026-11-28T12:00:00Z') }]);
    const keep = (value: string) => value;
    const arrays = await db.query(text, ['y', at], { rowMode: 'array', parsers: { 1184: keep } });
    expect(arrays.rows).toEqual([[1, 'y', '2026-11-28 12:00:00+00']]);
  });

  it('parses every type as PGlite itself does, whichever types a statement keeps as text', async () => {
    // The thread's table keeps Drizzle's text types as text (pglite-worker.mjs); PGlite in this thread,
    // asked the same with the same parsers, is the reference.
    const reference = await PGlite.create();
    try {
      const text = `select $1::timestamptz as at, $2::timestamp as local, $3::date as day,
        '1 day 02:00'::interval as span, array[$1, $1]::timestamptz[] as ats, array[$2]::timestamp[] as locals,
        array[$3]::date[] as days, array['1 hour'::interval] as spans, array[1.50, 2]::numeric[] as amounts,
        2.50::numeric as amount, 7::int as n, '{"a":[1]}'::jsonb as doc, array[1, 2]::int[] as ns`;
      const params = ['2026-11-28 12:00:00+00', '2026-11-28 12:00:00', '2026-11-28'];
      const keep = (value: string) => value;
      const drizzleTypes = [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231];
      const optionSets: (QueryOptions | undefined)[] = [
        undefined,
        { rowMode: 'array' },
        { parsers: Object.fromEntries(drizzleTypes.map((type) => [type, keep])) },
        { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: keep } },
        { parsers: { [types.DATE]: keep, [types.INT4]: keep, 1115: keep } },
      ];
      for (const options of optionSets) {
        const [ours, theirs] = await Promise.all([
          db.query(text, params, options),
          reference.query(text, params, options),
        ]);
        expect(ours.rows, JSON.stringify(options?.parsers && Object.keys(options.parsers))).toEqual(
          theirs.rows,
        );
      }
      // Drizzle itself over the thread: dates and times as PostgreSQL's text, as over PGlite.
      const viaThread = drizzle(db as unknown as PGlite);
      const viaPglite = drizzle(reference);
      const statement = sql`select ${params[0]}::timestamptz as at, array[${params[2]}]::date[] as days`;
      const [ourRows, theirRows] = await Promise.all([
        viaThread.execute(statement),
        viaPglite.execute(statement),
      ]);
      expect(ourRows.rows).toEqual([{ at: '2026-11-28 12:00:00+00', days: '{2026-11-28}' }]);
      expect(ourRows.rows).toEqual(theirRows.rows);
    } finally {
      await reference.close();
    }
  });

  it('refuses a parser that changes the text: it could not run on the thread', async () => {
    await expect(db.query('select 1', [], { parsers: { 23: (value) => Number(value) * 2 } })).rejects.toThrow(
      'A parser for type 23 that does not keep the text cannot run on the database',
    );
  });

  it("sends a database error's fields across (what isUniqueViolation and the log's redaction read)", async () => {
    await db.query('insert into note values (1, $1)', ['first']);
    const error = await db.query('insert into note values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'note_pkey', severity: 'ERROR' });
  });

  it('commits a transaction that resolves and rolls back one that throws, keeping its error', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into note values (2, $1)', ['kept']);
    });
    const failure = new Error('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into note values (3, $1)', ['dropped']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    const ids = await db.query<{ id: number }>('select id from note order by id');
    expect(ids.rows.map((row) => row.id)).toEqual([1, 2]);
  });

  it('lets no other statement in while a transaction is open', async () => {
    const seen: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query(`update note set body = 'inside' where id = 1`);
      seen.push('updated');
      await held;
      await tx.query(`update note set body = 'committed' where id = 1`);
      seen.push('committing');
    });
    // Sent while the transaction is open: it waits for the commit and reads the committed row.
    const outside = db.query<{ body: string }>('select body from note where id = 1').then((result) => {
      seen.push('read');
      return result.rows[0]!.body;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual(['updated']);
    release();
    await transaction;
    expect(await outside).toBe('committed');
    expect(seen).toEqual(['updated', 'committing', 'read']);
  });

  it('refuses statements and transactions once closed, as PGlite does', async () => {
    const closed = await PgliteThread.start({ dataDir: 'memory://', startParams: [], setup: [] });
    await closed.close();
    await expect(closed.transaction(async (tx) => tx.query('select 1'))).rejects.toThrow('PGlite is closed');
    await expect(closed.query('select 1')).rejects.toThrow('PGlite is closed');
  });

  it('hears a NOTIFY before the statement that sent it returns', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('brigade_thread_test', (payload) => heard.push(payload));
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('brigade_thread_test', 'written')`);
    });
    // No waiting: the notification came through before the commit's answer.
    expect(heard).toEqual(['written']);
    await unlisten();
    await db.query(`select pg_notify('brigade_thread_test', 'after')`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['written']);
  });

  it('copies its data directory, which another thread opens', async () => {
    const dump = await db.dumpDataDir('gzip');
    const copy = await PgliteThread.start({
      dataDir: 'memory://',
      loadDataDir: dump,
      startParams: [],
      setup: [],
    });
    try {
      const ids = await copy.query<{ id: number }>('select id from note order by id');
      expect(ids.rows.map((row) => row.id)).toEqual([1, 2]);
    } finally {
      await copy.close();
    }
  });
});
