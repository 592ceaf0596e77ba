import * as contract from '@brigade/contracts/admin-jobs';
import { getJobCounts, listJobs, retryJob } from '@brigade/core/jobs/job-admin';
import { implement, success } from '../plugins/contract-routes';

/** The job queue for site administrators (docs/jobs.md): counts, jobs in one state, Retry for a dead one. */
export const adminJobRoutes = [
  implement(contract.getJobCounts, async ({ actor, deps }) =>
    success(await getJobCounts({ db: deps.database.db }, actor)),
  ),
  implement(contract.listJobs, async ({ query, actor, deps }) =>
    success(await listJobs({ db: deps.database.db }, actor, query)),
  ),
  implement(contract.retryJob, async ({ params, actor, deps }) =>
    success(await retryJob({ db: deps.database.db }, actor, params)),
  ),
];
