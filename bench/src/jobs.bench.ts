import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobRunner } from '@brigade/core/jobs/job-runner';
import { enqueue } from '@brigade/core/jobs/jobs';
import { type Database, openDatabase } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import { runMigrations } from '@brigade/db/migrate';
import pg from 'pg';
import { fmt, percentile, printTable } from './stats';

/*
 * `npm run bench -- jobs` (issue 41, docs/jobs.md): how fast the job queue takes and runs jobs on each engine.
 * - enqueue: 20 writers, each committing one transaction per job; the reference is the same transaction
 *   inserting one row of the same shape into a plain table (what an outbox costs without a queue);
 * - run: the jobs already waiting, run by one runner with a handler that does nothing;
 * - wake-up: jobs enqueued 20 a second while the runner is idle, from the commit to the handler's start
 *   (the part of "order placed → ticket at the printer" that the queue adds).
 */

const JOBS = 5_000;
const WRITERS = 20;
const PACED = 200;
const QUEUE = QUEUES.ticket.name;
const quiet = { warn: () => {}, error: () => {} };

interface Figures {
  engine: string;
  enqueuePerSecond: number;
  referencePerSecond: number;
  enqueueP99: number;
  runPerSecond: number;
  wakeP50: number;
  wakeP99: number;
}

async function writers(
  count: number,
  write: () => Promise<unknown>,
): Promise<{ perSecond: number; p99: number }> {
  let remaining = count;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (remaining-- > 0) {
        const t0 = performance.now();
        await write();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { perSecond: count / ((performance.now() - started) / 1000), p99: percentile(latencies, 99) };
}

/** One statement outside Drizzle (the bench knows no tables): the pool, or PGlite's thread. */
async function plainSql(database: Database, text: string): Promise<void> {
  if (database.pglite) await database.pglite.exec(text);
  else await database.pool!.query(text);
}

/** The reference: one plain row in a transaction of its own, as an enqueue is written. */
async function plainTransaction(database: Database, text: string, values: unknown[]): Promise<void> {
  if (database.pglite) {
    await database.pglite.transaction((tx) => tx.query(text, values));
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('begin');
    await client.query(text, values);
    await client.query('commit');
  } finally {
    client.release();
  }
}

async function measureEngine(database: Database): Promise<Figures> {
  await runMigrations(database);
  const db = database.db;
  await plainSql(
    database,
    `create table if not exists bench_plain_jobs (id uuid primary key default gen_random_uuid(),
    name text not null, data jsonb, created_on timestamptz not null default now())`,
  );
  const insert = 'insert into bench_plain_jobs (name, data) values ($1, $2::jsonb)';
  const reference = await writers(JOBS, () =>
    plainTransaction(database, insert, [QUEUE, JSON.stringify({ n: 1 })]),
  );
  const enqueued = await writers(JOBS, () => db.transaction((tx) => enqueue(tx, QUEUE, { n: 1 })));

  let done = 0;
  let finished: () => void = () => {};
  const allDone = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const startedAt = new Map<number, number>();
  const runner = new JobRunner(database, quiet).handle(
    QUEUE,
    async (data) => {
      if (typeof data.sentAt === 'number') startedAt.set(data.sentAt as number, performance.now());
      done += 1;
      if (done === JOBS) finished();
    },
    { batchSize: 100 },
  );
  const runStarted = performance.now();
  await runner.start();
  await allDone;
  const runPerSecond = JOBS / ((performance.now() - runStarted) / 1000);

  const committedAt = new Map<number, number>();
  for (let i = 0; i < PACED; i += 1) {
    const key = i;
    await db.transaction((tx) => enqueue(tx, QUEUE, { sentAt: key }));
    committedAt.set(key, performance.now());
    await new Promise((resolve) => setTimeout(resolve, 50)); // 20 a second
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  // The handler may start before the writer has heard its commit acknowledged: that counts as 0.
  const wakes = [...committedAt].map(([key, at]) =>
    Math.max(0, (startedAt.get(key) ?? Number.POSITIVE_INFINITY) - at),
  );
  await runner.stop();
  wakes.sort((a, b) => a - b);
  return {
    engine: database.engine,
    enqueuePerSecond: enqueued.perSecond,
    referencePerSecond: reference.perSecond,
    enqueueP99: enqueued.p99,
    runPerSecond,
    wakeP50: percentile(wakes, 50),
    wakeP99: percentile(wakes, 99),
  };
}

export async function benchJobs(postgresUrl: string | undefined): Promise<void> {
  const figures: Figures[] = [];
  const notes: string[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'brigade-bench-jobs-'));
  const pglite = await openDatabase({ dataDir: dir });
  try {
    figures.push(await measureEngine(pglite));
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (postgresUrl) {
    const name = `brigade_bench_jobs_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    try {
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      const postgres = await openDatabase({ url: url.toString(), poolMax: 25 });
      try {
        figures.push(await measureEngine(postgres));
      } finally {
        await postgres.close();
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    } catch (error) {
      notes.push(`PostgreSQL skipped: ${(error as Error).message}`);
    } finally {
      await admin.end().catch(() => {});
    }
  } else notes.push('PostgreSQL skipped: set DATABASE_URL (or BENCH_DATABASE_URL) to measure it too');
  printTable(
    `Job queue (goal on PostgreSQL: ≥ 1,000 jobs/s; wake-up p99 well under 500 ms): ${fmt(JOBS, 0)} jobs, ${WRITERS} writers, one transaction per job; wake-up at 20 jobs/s`,
    [
      'engine',
      'enqueue/s',
      'plain insert/s',
      'enqueue ÷ insert',
      'enqueue p99 ms',
      'run/s',
      'wake p50 ms',
      'wake p99 ms',
    ],
    figures.map((f) => [
      f.engine,
      fmt(f.enqueuePerSecond, 0),
      fmt(f.referencePerSecond, 0),
      `${fmt(f.enqueuePerSecond / f.referencePerSecond, 2)}×`,
      fmt(f.enqueueP99, 1),
      fmt(f.runPerSecond, 0),
      fmt(f.wakeP50, 1),
      fmt(f.wakeP99, 1),
    ]),
  );
  for (const note of notes) process.stdout.write(`  note: ${note}\n`);
}
