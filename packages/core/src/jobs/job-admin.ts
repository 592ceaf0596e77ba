import type { Executor } from '@brigade/db/database';
import { JOB_CHANNEL } from '@brigade/db/job-queue';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { JOB_NOT_RETRYABLE, JOB_STATES, type Job, type JobCounts } from '@brigade/domain/jobs';
import { sql } from 'drizzle-orm';
import { siteAdminOnly } from '../use-case';

/*
 * The job queue for site administrators (docs/jobs.md#looking-at-the-queue): counts per queue and state, the
 * newest jobs in one state, and Retry for a dead one. Reads pg-boss's own table (schema `pgboss`).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export async function getJobCounts(deps: { db: Executor }, actor: Actor): Promise<JobCounts> {
  siteAdminOnly(actor);
  const rows = rowsOf<{ queue: string; state: Job['state']; n: number }>(
    await deps.db.execute(
      sql`select q.name as queue, j.state::text as state, count(j.id)::int as n
          from pgboss.queue q left join pgboss.job j on j.name = q.name
          where q.name not like '\_\_pgboss%'
          group by q.name, j.state order by q.name`,
    ),
  );
  const byQueue = new Map<string, JobCounts[number]['counts']>();
  for (const row of rows) {
    const counts = byQueue.get(row.queue) ?? Object.fromEntries(JOB_STATES.map((state) => [state, 0]));
    if (row.state) counts[row.state] = row.n;
    byQueue.set(row.queue, counts as JobCounts[number]['counts']);
  }
  return [...byQueue].map(([queue, counts]) => ({ queue, counts }));
}

interface JobRow {
  id: string;
  name: string;
  state: Job['state'];
  data: Record<string, unknown> | null;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  output: { message?: string; value?: { message?: string } } | null;
}

const dateOf = (value: Date | string | null) => (value === null ? null : new Date(value));

function jobOf(row: JobRow): Job {
  return {
    id: row.id,
    queue: row.name,
    state: row.state,
    data: row.data,
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    createdOn: new Date(row.created_on),
    startedOn: dateOf(row.started_on),
    completedOn: dateOf(row.completed_on),
    error: row.state === 'failed' ? (row.output?.message ?? row.output?.value?.message ?? null) : null,
  };
}

const JOB_COLUMNS = sql.raw(
  'id::text as id, name, state::text as state, data, retry_count, retry_limit, created_on, started_on, completed_on, output',
);

export async function listJobs(
  deps: { db: Executor },
  actor: Actor,
  input: { state: Job['state']; queue?: string | undefined },
): Promise<Job[]> {
  siteAdminOnly(actor);
  const queue = input.queue ? sql`and name = ${input.queue}` : sql``;
  const rows = rowsOf<JobRow>(
    await deps.db.execute(
      sql`select ${JOB_COLUMNS} from pgboss.job
          where state = ${input.state}::pgboss.job_state ${queue}
          order by created_on desc limit 100`,
    ),
  );
  return rows.map(jobOf);
}

/** A dead job gets one more try, now (pg-boss's own retry: one more allowed, state `retry`). */
export async function retryJob(
  deps: { db: Executor },
  actor: Actor,
  input: { queue: string; jobId: string },
): Promise<Job> {
  siteAdminOnly(actor);
  const where = sql`name = ${input.queue} and id = ${input.jobId}::uuid`;
  const [current] = rowsOf<JobRow>(
    await deps.db.execute(sql`select ${JOB_COLUMNS} from pgboss.job where ${where}`),
  );
  if (!current) throw notFound('Job not found');
  if (current.state !== 'failed') throw new BrigadeError('conflict', 'JOB_NOT_RETRYABLE', JOB_NOT_RETRYABLE);
  const [retried] = rowsOf<JobRow>(
    await deps.db.execute(
      sql`update pgboss.job set state = 'retry', retry_limit = retry_limit + 1, start_after = now()
          where ${where} and state = 'failed' returning ${JOB_COLUMNS}`,
    ),
  );
  if (!retried) throw new BrigadeError('conflict', 'JOB_NOT_RETRYABLE', JOB_NOT_RETRYABLE);
  await deps.db.execute(sql`select pg_notify(${JOB_CHANNEL}, ${input.queue})`);
  return jobOf(retried);
}
