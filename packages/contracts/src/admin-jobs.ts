import { jobCountsSchema, jobParamsSchema, jobQuerySchema, jobSchema } from '@brigade/domain/jobs';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

// issue 41: the job queue as site administrators see it (docs/jobs.md): counts, the jobs in one state (dead
// ones by default), and Retry for a dead job.
const tags = ['jobs', 'admin'];

export const getJobCounts = defineEndpoint({
  id: 'getJobCounts',
  method: 'GET',
  path: '/admin/jobs/counts',
  summary: 'How many jobs each queue has waiting, running, done and dead (site administrators)',
  tags,
  access: { kind: 'site-admin' },
  request: {},
  response: { status: 200, description: 'Counts per queue and state', schema: successOf(jobCountsSchema) },
  problems: [],
});

export const listJobs = defineEndpoint({
  id: 'listJobs',
  method: 'GET',
  path: '/admin/jobs',
  summary: 'The newest 100 jobs in one state (failed by default: the dead ones), of one queue or all',
  tags,
  access: { kind: 'site-admin' },
  request: { query: jobQuerySchema },
  response: { status: 200, description: 'The jobs, newest first', schema: successOf(z.array(jobSchema)) },
  problems: [],
});

export const retryJob = defineEndpoint({
  id: 'retryJob',
  method: 'POST',
  path: '/admin/jobs/{queue}/{jobId}/retry',
  summary: 'Run a dead job again (one more try)',
  tags,
  access: { kind: 'site-admin' },
  changes: 'none',
  audit: false,
  request: { params: jobParamsSchema },
  response: { status: 200, description: 'The job, waiting to run', schema: successOf(jobSchema) },
  problems: [404, 409],
});
