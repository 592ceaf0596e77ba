import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread';

// Issue 41: the embedded database's thread keeps each statement text prepared under a name
// (pglite-statements.mjs). PGlite is the thread whichever engine the run tests.
const onPglite = process.env.BRIGADE_TEST_ENGINE !== 'postgres';
const KEPT = 500;

const preparedCount = async (db: PgliteThread) =>
  (
    await db.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where name like 'brigade\\_%'`,
      [],
    )
  ).rows[0]!.n;

describe.runIf(onPglite)('statements prepared once by their text', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.start({ dataDir: 'memory://', startParams: [], setup: [] });
    await db.exec(`create table dish (id int primary key, name text not null unique, price numeric)`);
  });
  afterAll(async () => {
    await db.close();
  });

  it('prepares a text once and runs it again with other parameters', async () => {
    const before = await preparedCount(db);
    const insert = 'insert into dish (id, name, price) values ($1, $2, $3) returning id, name, price';
    for (let id = 1; id <= 5; id += 1) {
      const { rows } = await db.query(insert, [id, `Dish ${id}`, id * 1.5]);
      expect(rows).toEqual([{ id, name: `Dish ${id}`, price: String(id * 1.5) }]);
    }
    const read = await db.query('select name from dish where id = any($1::int[]) order by id', [[2, 4]]);
    expect(read.rows).toEqual([{ name: 'Dish 2' }, { name: 'Dish 4' }]);
    // the insert and the read (the count's own statement was kept already)
    expect(await preparedCount(db)).toBe(before + 2);
    const again = await db.query<{ n: number }>('select count(*)::int as n from dish where price > $1', [3]);
    expect(again.rows).toEqual([{ n: 3 }]);
    expect(await preparedCount(db)).toBe(before + 3);
  });

  it("answers a statement's error with PostgreSQL's fields and keeps answering after it", async () => {
    const insert = 'insert into dish (id, name) values ($1, $2)';
    const failure = await db.query(insert, [100, 'Dish 1']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'dish_name_key' });
    await db.query(insert, [100, 'Soup']);
    const { rows } = await db.query('select name from dish where id = $1', [100]);
    expect(rows).toEqual([{ name: 'Soup' }]);
    const bad = await db.query('select nonsense from dish', []).catch((error: unknown) => error);
    expect(bad).toMatchObject({ code: '42703' });
  });

  it('rolls a transaction back whole when one of its statements fails', async () => {
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('update dish set price = $1 where id = $2', [99, 1]);
        await tx.query('insert into dish (id, name) values ($1, $2)', [101, 'Soup']);
      })
      .catch((error: unknown) => error);
    expect(failed).toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ price: string }>('select price from dish where id = $1', [1]);
    expect(rows).toEqual([{ price: '1.5' }]);
  });

  it('follows a change of schema: a kept `select *` answers the new shape', async () => {
    const text = 'select * from dish where id = $1';
    expect(Object.keys((await db.query<object>(text, [1])).rows[0]!)).toEqual(['id', 'name', 'price']);
    await db.exec('alter table dish add column course text');
    expect(Object.keys((await db.query<object>(text, [1])).rows[0]!)).toEqual([
      'id',
      'name',
      'price',
      'course',
    ]);
    // the same change sent as a statement with parameters, which the thread does not read: PostgreSQL's
    // "cached plan must not change result type" makes it prepare the text again
    await db.query('alter table dish drop column course', []);
    expect(Object.keys((await db.query<object>(text, [1])).rows[0]!)).toEqual(['id', 'name', 'price']);
  });

  it('prepares again after DEALLOCATE ALL', async () => {
    await db.exec('deallocate all');
    expect(await preparedCount(db)).toBe(1);
    const { rows } = await db.query('select name from dish where id = $1', [2]);
    expect(rows).toEqual([{ name: 'Dish 2' }]);
    // sent as a statement with parameters: "prepared statement does not exist" prepares again too
    await db.query('deallocate all', []);
    expect((await db.query('select name from dish where id = $1', [3])).rows).toEqual([{ name: 'Dish 3' }]);
  });

  it(`keeps at most ${KEPT} texts, closing the least recently used`, async () => {
    for (let n = 0; n < KEPT + 50; n += 1) {
      const { rows } = await db.query<{ v: number }>(`select $1::int + ${n} as v`, [1]);
      expect(rows[0]!.v).toBe(n + 1);
    }
    // the last statement's closes are sent with the next one
    await db.query('select 1', []);
    expect(await preparedCount(db)).toBeLessThanOrEqual(KEPT);
    expect(await preparedCount(db)).toBeGreaterThan(KEPT - 10);
  });
});
