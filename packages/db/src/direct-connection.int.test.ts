import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';
import { DIRECT_APPLICATION_NAME, DirectConnection } from './direct-connection';

/**
 * The process's one direct connection (decision 064): every channel and the presence lock on one
 * PostgreSQL connection, all of them back after `pg_terminate_backend`, each channel told of the gap. On an
 * empty database of its own (no tables needed), so no other file's connections are counted.
 */
const postgres = process.env.BRIGADE_TEST_ENGINE === 'postgres';
const name = `brigade_direct_${randomBytes(4).toString('hex')}`;
const admin = async (text: string) => {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};
let database: Database;
let url = '';
beforeAll(async () => {
  if (!postgres) return;
  await admin(`create database ${name}`);
  const parsed = new URL(process.env.DATABASE_URL!);
  parsed.pathname = `/${name}`;
  url = parsed.toString();
  database = await openDatabase({ url, poolMax: 2 });
});
afterAll(async () => {
  if (!postgres) return;
  await database?.close();
  await admin(`drop database if exists ${name} with (force)`);
});
const opened: DirectConnection[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((direct) => direct.close()));
});

const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const directPids = () =>
  rowsOf<{ pid: number }>(sql`select pid from pg_stat_activity
    where datname = current_database() and application_name = ${DIRECT_APPLICATION_NAME}`);
const lockHolders = () =>
  rowsOf<{ pid: number }>(sql`select l.pid from pg_locks l join pg_stat_activity a on a.pid = l.pid
    where l.locktype = 'advisory' and l.classid = 7 and l.objid = 42 and l.granted
      and a.datname = current_database()`);

describe.runIf(postgres)('the direct connection', () => {
  it('listens on every channel and holds the lock on one connection, and has them all back after it was ended', async () => {
    const direct = new DirectConnection({ connectionString: url });
    opened.push(direct);
    const heard: string[] = [];
    const gaps = { one: 0, two: 0 };
    const one = direct.listen('direct_one', {
      onMessage: (p) => heard.push(`one:${p}`),
      onGap: () => gaps.one++,
    });
    const two = direct.listen('direct_two', {
      onMessage: (p) => heard.push(`two:${p}`),
      onGap: () => gaps.two++,
    });
    await Promise.all([one.ready, two.ready]);
    await direct.holdLock(7, 42);
    const [first] = await directPids();
    expect(await directPids()).toHaveLength(1);
    expect(await lockHolders()).toEqual([{ pid: first!.pid }]);
    await database.db.execute(sql`select pg_notify('direct_one', 'a'), pg_notify('direct_two', 'b')`);
    await expect.poll(() => heard.sort()).toEqual(['one:a', 'two:b']);

    await database.db.execute(sql`select pg_terminate_backend(${first!.pid})`);
    await expect.poll(() => one.listening() || two.listening()).toBe(false);
    expect(gaps).toEqual({ one: 1, two: 1 });
    await expect.poll(() => one.listening() && two.listening(), { timeout: 5_000 }).toBe(true);
    // told again once listening: what was announced while deaf is lost
    expect(gaps).toEqual({ one: 2, two: 2 });
    const [second] = await directPids();
    expect(second!.pid).not.toBe(first!.pid);
    expect(await lockHolders()).toEqual([{ pid: second!.pid }]);
    await database.db.execute(sql`select pg_notify('direct_one', 'c'), pg_notify('direct_two', 'd')`);
    await expect.poll(() => heard.length).toBe(4);
    expect(heard.slice(2).sort()).toEqual(['one:c', 'two:d']);

    // a closed listener hears no more; the other still does
    await one.close();
    await database.db.execute(sql`select pg_notify('direct_one', 'e'), pg_notify('direct_two', 'f')`);
    await expect.poll(() => heard.length).toBe(5);
    expect(heard.at(-1)).toBe('two:f');
  });

  it('releases the lock when asked, and everything when closed', async () => {
    const direct = new DirectConnection({ connectionString: url });
    opened.push(direct);
    const lock = await direct.holdLock(7, 42);
    expect(await lockHolders()).toHaveLength(1);
    await lock.release();
    expect(await lockHolders()).toEqual([]);
    await direct.holdLock(7, 42);
    await direct.close();
    await expect.poll(lockHolders).toEqual([]);
    expect(await directPids()).toEqual([]);
  });
});
