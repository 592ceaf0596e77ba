import type { Executor } from '@brigade/db/database';
import { bossDbInTransaction, idleBoss, JOB_CHANNEL, type QueueName } from '@brigade/db/job-queue';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';

/*
 * Enqueueing a job (docs/jobs.md): in the caller's transaction, so the job exists exactly when the write that
 * caused it does. At commit the queue's channel is notified and every instance's worker for that queue
 * wakes at once instead of at its next poll.
 */

let sender: PgBoss | undefined;
const noDatabase = {
  executeSql: () => Promise.reject(new Error('enqueue needs the caller’s executor')),
};

export interface EnqueueOptions {
  /** Not before this time. */
  startAfter?: Date;
  /** At most one job with this key waiting in the queue (pg-boss's singleton key). */
  singletonKey?: string;
  /** Instead of the queue's: tries after the first, and seconds before the first retry. */
  retryLimit?: number;
  retryDelay?: number;
}

/** Writes a job in `ex` (a transaction, or the database for a job on its own); answers its id. */
export async function enqueue(
  ex: Executor,
  queue: QueueName,
  data: object,
  options: EnqueueOptions = {},
): Promise<string | null> {
  sender ??= idleBoss(noDatabase);
  const id = await sender.send(queue, data, { ...options, db: bossDbInTransaction(ex) });
  await ex.execute(sql`select pg_notify(${JOB_CHANNEL}, ${queue})`);
  return id;
}
