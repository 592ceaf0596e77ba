import { type Database, openDatabase } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import { rowsOf } from '@brigade/test-utils/card-data';
import { DatabaseRelay } from '@brigade/test-utils/database-relay';
import { freePort } from '@brigade/test-utils/ports';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type JobHandler, JobRunner } from './job-runner';
import { enqueue } from './jobs';

const db = useTestDatabase();
const quiet = { warn: () => {}, error: () => {} };
const runners: JobRunner[] = [];
const extraDatabases: Database[] = [];
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  for (const database of extraDatabases.splice(0)) await database.close();
});

const QUEUE = QUEUES.mail.name;

async function startRunner(database: Database, handler: JobHandler): Promise<JobRunner> {
  const runner = new JobRunner(database, quiet).handle(QUEUE, handler);
  await runner.start();
  runners.push(runner);
  return runner;
}

const stateOf = async (id: string) => {
  const [row] = rowsOf(
    await db.database.db.execute(
      sql`select state, retry_count, output from pgboss.job where name = ${QUEUE} and id = ${id}::uuid`,
    ),
  ) as { state: string; retry_count: number; output: { message?: string } | null }[];
  return row;
};

describe('the job queue', () => {
  it('writes a job with the transaction that caused it: none after a rollback, one run after a commit', async () => {
    const seen: unknown[] = [];
    await startRunner(db.database, async (data) => {
      seen.push(data);
    });
    await expect(
      db.database.db.transaction(async (tx) => {
        await enqueue(tx, QUEUE, { n: 'rolled back' });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const id = await db.database.db.transaction((tx) => enqueue(tx, QUEUE, { n: 'committed' }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // woken by the commit's NOTIFY, well before the 2 s poll would have found it
    const started = Date.now();
    await vi.waitFor(() => expect(seen).toEqual([{ n: 'committed' }]), { timeout: 1500, interval: 10 });
    expect(Date.now() - started).toBeLessThan(1500);
    await vi.waitFor(async () => expect((await stateOf(id!))?.state).toBe('completed'));
    const [count] = rowsOf(
      await db.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${QUEUE}`),
    ) as { n: number }[];
    expect(count!.n).toBe(1);
  });

  it('retries a job whose handler throws, then marks it dead with its error after the last try', async () => {
    const tries: number[] = [];
    await startRunner(db.database, async (data, job) => {
      tries.push(job.retryCount);
      if (data.failFor === 'ever' || job.retryCount < 1)
        throw new Error(`printer off (try ${job.retryCount})`);
    });
    const recovers = await enqueue(
      db.database.db,
      QUEUE,
      { failFor: 'once' },
      { retryLimit: 2, retryDelay: 0 },
    );
    await vi.waitFor(async () => expect((await stateOf(recovers!))?.state).toBe('completed'), {
      timeout: 8000,
    });
    expect(tries).toEqual([0, 1]);

    tries.length = 0;
    const dies = await enqueue(db.database.db, QUEUE, { failFor: 'ever' }, { retryLimit: 1, retryDelay: 0 });
    await vi.waitFor(async () => expect((await stateOf(dies!))?.state).toBe('failed'), { timeout: 8000 });
    expect(tries).toEqual([0, 1]);
    expect((await stateOf(dies!))?.output?.message).toBe('printer off (try 1)');
  });

  it.runIf(process.env.BRIGADE_TEST_ENGINE === 'postgres')(
    'runs each job once with two instances on one PostgreSQL database',
    async () => {
      const url = (db.database.pool!.options as { connectionString: string }).connectionString;
      const second = await openDatabase({ url, poolMax: 4 });
      extraDatabases.push(second);
      const runs = new Map<number, number>();
      const handler: JobHandler = async (data) => {
        const n = data.n as number;
        runs.set(n, (runs.get(n) ?? 0) + 1);
      };
      await startRunner(db.database, handler);
      await startRunner(second, handler);
      for (let n = 0; n < 300; n += 1) await enqueue(n % 2 ? second.db : db.database.db, QUEUE, { n });
      await vi.waitFor(() => expect(runs.size).toBe(300), { timeout: 15_000 });
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
    },
  );

  it.runIf(process.env.BRIGADE_TEST_ENGINE === 'postgres')(
    'waits while PostgreSQL cannot be reached and runs every queued job once when it is back',
    async () => {
      const url = new URL((db.database.pool!.options as { connectionString: string }).connectionString);
      const relay = new DatabaseRelay(await freePort(), {
        host: url.hostname,
        port: Number(url.port || 5432),
      });
      await relay.start();
      url.host = `127.0.0.1:${relay.port}`;
      const throughRelay = await openDatabase({ url: url.toString(), poolMax: 4 });
      extraDatabases.push(throughRelay);
      const runs = new Map<number, number>();
      await startRunner(throughRelay, async (data) => {
        const n = data.n as number;
        runs.set(n, (runs.get(n) ?? 0) + 1);
      });
      await enqueue(db.database.db, QUEUE, { n: 0 });
      await vi.waitFor(() => expect(runs.get(0)).toBe(1), { timeout: 5_000 });

      // The runner's database goes away (its connections cut, new ones refused) while jobs are queued.
      await relay.cut();
      for (let n = 1; n <= 5; n += 1) await enqueue(db.database.db, QUEUE, { n });
      await new Promise((resolve) => setTimeout(resolve, 4_000)); // two polls fail meanwhile
      expect([...runs.keys()]).toEqual([0]);

      await relay.start();
      await vi.waitFor(() => expect(runs.size).toBe(6), { timeout: 20_000, interval: 100 });
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      await relay.cut();
    },
    40_000,
  );
});
