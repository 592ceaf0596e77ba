import type { Jsonify } from '@brigade/api-client/client';
import { getJobCounts, listJobs, retryJob } from '@brigade/contracts/admin-jobs';
import type { JOB_STATES, Job } from '@brigade/domain/jobs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';

/* The job queue (docs/jobs.md) for site administrators: counts per queue and state, jobs in one state, Retry. */

export type JobRow = Jsonify<Job>;
export type JobState = (typeof JOB_STATES)[number];

const keys = { all: ['admin', 'jobs'] as const };

export function useJobCounts() {
  return useQuery({
    queryKey: [...keys.all, 'counts'],
    queryFn: async ({ signal }) => (await apiClient.call(getJobCounts, { signal })).data,
    refetchInterval: 10_000,
  });
}

export function useJobs(state: JobState, queue: string) {
  return useQuery({
    queryKey: [...keys.all, 'list', state, queue],
    queryFn: async ({ signal }) =>
      (await apiClient.call(listJobs, { query: { state, ...(queue ? { queue } : {}) }, signal })).data,
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (job: JobRow) =>
      (await apiClient.call(retryJob, { params: { queue: job.queue, jobId: job.id } })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
