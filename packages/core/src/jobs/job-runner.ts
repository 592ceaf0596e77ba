import { createRequire } from 'node:module';
import type { Database } from '@brigade/db/database';
import { bossDbOf, JOB_CHANNEL, JOB_SCHEMA, type QueueName } from '@brigade/db/job-queue';
import { listenForNotifications, type NotificationListener } from '@brigade/db/notifications';
import PgBoss from 'pg-boss';

/*
 * The job runner (docs/jobs.md, decision 048): pg-boss's workers in this process. Every instance runs one;
 * a job is claimed by one of them (SKIP LOCKED), retried with backoff when its handler throws, failed
 * ("dead") after its queue's last retry, and given back when the process that held it died (its expiry).
 */

/** What a handler learns of its job. */
export interface JobContext {
  id: string;
  /** 0 on the first try. */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler = (data: Record<string, unknown>, job: JobContext) => Promise<void>;

export interface JobLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

interface Registration {
  queue: QueueName;
  handler: JobHandler;
  batchSize: number;
  cron?: string;
}

/**
 * pg-boss's worker records a job's outcome with `complete`/`fail` and does not wait for either (manager.js,
 * 10.x): when the database drops at that moment the promise's rejection is unhandled, and Node ends the
 * process for it (a CI run caught it as the job-runner test cut PostgreSQL). The job itself is safe — it
 * stays active and is given back at its expiry — so the rejection only needs a handler: each call's promise
 * gets one, and callers that await it still see the error.
 */
const Manager = (() => {
  try {
    return createRequire(import.meta.url)('pg-boss/src/manager.js') as {
      prototype: Record<string, (...args: unknown[]) => Promise<unknown>> & { __brigadeHandled?: true };
    };
  } catch {
    return null; // another layout of pg-boss: nothing to mend here (the boss-outcomes test would say so)
  }
})();
if (Manager && !Manager.prototype.__brigadeHandled) {
  for (const name of ['complete', 'fail']) {
    const original = Manager.prototype[name]!;
    const handled = function (this: unknown, ...args: unknown[]) {
      const outcome = original.apply(this, args);
      outcome.catch(() => {});
      return outcome;
    };
    // PgBoss offers the manager's functions under their names (`boss.complete`, `boss.fail`)
    Object.defineProperty(handled, 'name', { value: name });
    Manager.prototype[name] = handled;
  }
  Manager.prototype.__brigadeHandled = true;
}

/** Polling is the fallback: an enqueue wakes the workers through its NOTIFY (jobs.ts). */
const POLL_SECONDS = 2;

export class JobRunner {
  private readonly registrations: Registration[] = [];
  private readonly workerIds = new Map<QueueName, string[]>();
  private boss: PgBoss | undefined;
  private listener: NotificationListener | undefined;
  private readonly outOfQueue = new Set<Promise<void>>();

  constructor(
    private readonly database: Database,
    private readonly log: JobLog,
    private readonly options: { maintenanceSeconds?: number } = {},
  ) {}

  /** Runs `handler` for each job of `queue`; `cron` (UTC, five fields) also sends one on that schedule. */
  handle(queue: QueueName, handler: JobHandler, options: { batchSize?: number; cron?: string } = {}): this {
    this.registrations.push({ queue, handler, batchSize: options.batchSize ?? 10, ...options });
    return this;
  }

  async start(): Promise<void> {
    const boss = new PgBoss({
      db: bossDbOf(this.database),
      schema: JOB_SCHEMA,
      migrate: false,
      supervise: true,
      schedule: this.registrations.some((r) => r.cron),
      // Gives back the jobs of a process that died (their expiry) and archives finished ones.
      maintenanceIntervalSeconds: this.options.maintenanceSeconds ?? 30,
      archiveCompletedAfterSeconds: 3600,
      archiveFailedAfterSeconds: 30 * 24 * 3600,
      deleteAfterDays: 7,
    });
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    await boss.start();
    // Jobs a dead process held are given back now, not at the first maintenance (their expiry must be past).
    await boss.maintain();
    this.boss = boss;
    for (const registration of this.registrations) {
      const worker = { id: '' };
      const id = await boss.work<object>(
        registration.queue,
        { batchSize: registration.batchSize, pollingIntervalSeconds: POLL_SECONDS, includeMetadata: true },
        (jobs) => this.runBatch(registration, jobs, worker.id),
      );
      worker.id = id;
      this.workerIds.set(registration.queue, [...(this.workerIds.get(registration.queue) ?? []), id]);
      if (registration.cron) await boss.schedule(registration.queue, registration.cron);
    }
    this.listener = listenForNotifications(this.database, JOB_CHANNEL, {
      onMessage: (queue) => this.wake(queue as QueueName),
      onGap: () => {},
    });
    await this.listener.ready;
  }

  /** Wakes this process's workers of `queue` (an enqueue was committed). */
  wake(queue: QueueName): void {
    for (const id of this.workerIds.get(queue) ?? []) this.boss?.notifyWorker(id);
  }

  /**
   * Runs queues' handlers once now, one after another, in this process and outside the queue: the sweeps at
   * start-up (issue 41). A stately sweep's job that a killed process held stays active until its expiry
   * (minutes), and the queue starts no other sweep until then — just when a restart needs one. The sweeps
   * claim what they settle, so one running beside another instance's is safe. A failed run does not stop the
   * next. `stop` waits for them.
   */
  runNow(...queues: QueueName[]): void {
    const registrations = queues.map((queue) => {
      const registration = this.registrations.find((r) => r.queue === queue);
      if (!registration) throw new Error(`no handler for ${queue}`);
      return registration;
    });
    const run: Promise<void> = (async () => {
      for (const registration of registrations)
        await registration
          .handler({}, { id: 'start-up', retryCount: 0, retryLimit: 0 })
          .catch((error: unknown) =>
            this.log.warn(
              { queue: registration.queue, error: error instanceof Error ? error.message : String(error) },
              'a run at start-up failed; the queue runs it again on its schedule',
            ),
          );
    })().finally(() => this.outOfQueue.delete(run));
    this.outOfQueue.add(run);
  }

  /** Stops taking jobs and waits for the running ones (up to `timeoutMs`). */
  async stop(timeoutMs = 10_000): Promise<void> {
    await Promise.allSettled([...this.outOfQueue]);
    await this.listener?.close();
    await this.boss?.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    this.boss = undefined;
  }

  /** The pg-boss instance, for the admin's reads and retries. */
  get queue(): PgBoss | undefined {
    return this.boss;
  }

  /**
   * One job at a time, in order; a failed one is failed on its own (pg-boss then completes the rest of the
   * batch). A full batch asks for the next one at once instead of after the poll.
   */
  private async runBatch(
    registration: Registration,
    jobs: PgBoss.JobWithMetadata<object>[],
    workerId: string,
  ): Promise<void> {
    for (const job of jobs) {
      try {
        await registration.handler(job.data as Record<string, unknown>, {
          id: job.id,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const dead = job.retryCount >= job.retryLimit;
        this.log[dead ? 'error' : 'warn'](
          { queue: registration.queue, jobId: job.id, retryCount: job.retryCount, error: message },
          dead ? 'job failed for good (dead)' : 'job failed; it will be retried',
        );
        await this.boss?.fail(registration.queue, job.id, { message });
      }
    }
    if (jobs.length === registration.batchSize) this.boss?.notifyWorker(workerId);
  }
}
