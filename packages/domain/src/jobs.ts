import { z } from 'zod';
import { text } from './text';

/** The states of a job (docs/jobs.md): waiting, waiting to retry, running, done, cancelled, dead. */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/** One job as the site administration shows it. */
export const jobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(JOB_STATES),
  /** What the job works on: ids only (an outbox message, a kitchen ticket). */
  data: z.record(z.string(), z.unknown()).nullable(),
  retryCount: z.number().int(),
  retryLimit: z.number().int(),
  createdOn: z.date(),
  startedOn: z.date().nullable(),
  completedOn: z.date().nullable(),
  /** A failed job's last error. */
  error: z.string().nullable(),
});
export type Job = z.infer<typeof jobSchema>;

/** How many jobs each queue has in each state. */
export const jobCountsSchema = z.array(
  z.object({ queue: z.string(), counts: z.record(z.enum(JOB_STATES), z.number().int()) }),
);
export type JobCounts = z.infer<typeof jobCountsSchema>;

export const jobQuerySchema = z.object({
  state: z.enum(JOB_STATES, { error: `State must be one of: ${JOB_STATES.join(', ')}` }).default('failed'),
  queue: text().max(100, 'Queue cannot exceed 100 characters').optional(),
});

export const jobParamsSchema = z.object({
  queue: text().min(1, 'Queue cannot be empty').max(100, 'Queue cannot exceed 100 characters'),
  jobId: z.uuid({ error: 'Job ID must be a UUID' }),
});

export const JOB_NOT_RETRYABLE = 'Only a failed job can be retried';
