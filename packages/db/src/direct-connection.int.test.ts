import { useTestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DIRECT_APPLICATION_NAME, DirectConnection } from './direct-connection';

/**
 * The process's one direct connection (decision 064): every channel and the presence lock on one
 * PostgreSQL connection, all of them back after `pg_terminate_backend`, each channel told of the gap.
 */
const postgres = inject('brigadeTemplate').engine === 'postgres';
const t = useTestDatabase({ poolMax: 2 });
const opened: DirectConnection[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((direct) => direct.close()));
});

const rowsOf = async <Row>(query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
const directPids = () =>
  rowsOf<{ pid: number }>(sql`select pid from pg_stat_activity
    where datname = current_database() and application_name = ${DIRECT_APPLICATION_NAME}`);
const lockHolders = () =>
  rowsOf<{ pid: number }>(sql`select pid from pg_locks
    where locktype = 'advisory' and classid = 7 and objid = 42 and granted`);

describe.runIf(postgres)('the direct connection', () => {
  it('listens on every channel and holds the lock on one connection, and has them all back after it was ended', async () => {
    const direct = new DirectConnection({ connectionString: t.database.pool!.options.connectionString! });
    opened.push(direct);
    const heard: string[] = [];
    const gaps = { one: 0, two: 0 };
    const one = direct.listen('direct_one', { onMessage: (p) => heard.push(`one:${p}`), onGap: () => gaps.one++ });
    const two = direct.listen('direct_two', { onMessage: (p) => heard.push(`two:${p}`), onGap: () => gaps.two++ });
    await Promise.all([one.ready, two.ready]);
    await direct.holdLock(7, 42);
    const [first] = await directPids();
    expect(await directPids()).toHaveLength(1);
    expect(await lockHolders()).toEqual([{ pid: first!.pid }]);
    await t.database.db.execute(sql`select pg_notify('direct_one', 'a'), pg_notify('direct_two', 'b')`);
    await expect.poll(() => heard.sort()).toEqual(['one:a', 'two:b']);

    await t.database.db.execute(sql`select pg_terminate_backend(${first!.pid})`);
    await expect.poll(() => one.listening() || two.listening()).toBe(false);
    expect(gaps).toEqual({ one: 1, two: 1 });
    await expect.poll(() => one.listening() && two.listening(), { timeout: 5_000 }).toBe(true);
    // told again once listening: what was announced while deaf is lost
    expect(gaps).toEqual({ one: 2, two: 2 });
    const [second] = await directPids();
    expect(second!.pid).not.toBe(first!.pid);
    expect(await lockHolders()).toEqual([{ pid: second!.pid }]);
    await t.database.db.execute(sql`select pg_notify('direct_one', 'c'), pg_notify('direct_two', 'd')`);
    await expect.poll(() => heard.length).toBe(4);
    expect(heard.slice(2).sort()).toEqual(['one:c', 'two:d']);

    // a closed listener hears no more; the other still does
    await one.close();
    await t.database.db.execute(sql`select pg_notify('direct_one', 'e'), pg_notify('direct_two', 'f')`);
    await expect.poll(() => heard.length).toBe(5);
    expect(heard.at(-1)).toBe('two:f');
  });

  it('releases the lock when asked, and everything when closed', async () => {
    const direct = new DirectConnection({ connectionString: t.database.pool!.options.connectionString! });
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
