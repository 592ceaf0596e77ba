import { errorMessage } from '@brigade/api-client/problem-error';
import { loadError } from '@brigade/api-client/query-defaults';
import { JOB_STATES } from '@brigade/domain/jobs';
import { Badge, type BadgeTone } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { FilterSelect } from '../../components/filter-select';
import { type JobRow, type JobState, useJobCounts, useJobs, useRetryJob } from './jobs-api';

const STATE_LABELS: Record<JobState, string> = {
  created: 'Waiting',
  retry: 'Waiting to retry',
  active: 'Running',
  completed: 'Done',
  cancelled: 'Cancelled',
  failed: 'Dead',
};
const STATE_TONES: Partial<Record<JobState, BadgeTone>> = {
  failed: 'danger',
  retry: 'warning',
  active: 'info',
  completed: 'success',
};
const when = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');

type CountRow = { queue: string; counts: Record<JobState, number> };

const COUNT_COLUMNS: Column<CountRow>[] = [
  { header: 'Queue', primary: true, cell: (r) => r.queue },
  ...JOB_STATES.map((state) => ({
    header: STATE_LABELS[state],
    align: 'end' as const,
    hideOnMobile: state === 'cancelled',
    cell: (r: CountRow) =>
      state === 'failed' && r.counts.failed > 0 ? (
        <Badge tone="danger">{r.counts.failed}</Badge>
      ) : (
        r.counts[state].toLocaleString()
      ),
  })),
];

const JOB_COLUMNS: Column<JobRow>[] = [
  { header: 'Queue', primary: true, cell: (r) => r.queue },
  { header: 'State', cell: (r) => <Badge tone={STATE_TONES[r.state]}>{STATE_LABELS[r.state]}</Badge> },
  { header: 'Tries', align: 'end', cell: (r) => `${r.retryCount + 1} of ${r.retryLimit + 1}` },
  { header: 'Created', hideOnMobile: true, cell: (r) => when(r.createdOn) },
  { header: 'Error', cell: (r) => r.error ?? <span className="admin-muted">—</span> },
  {
    header: 'Works on',
    hideOnMobile: true,
    cell: (r) =>
      r.data
        ? Object.entries(r.data)
            .map(([k, v]) => `${k} ${String(v)}`)
            .join(', ')
        : '—',
  },
];

function RetryButton({ job }: { job: JobRow }) {
  const retry = useRetryJob();
  const toast = useToast();
  if (job.state !== 'failed') return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      loading={retry.isPending}
      loadingText="Retrying..."
      onClick={() =>
        retry.mutate(job, {
          onSuccess: () => toast.success(`The ${job.queue} job runs again`),
          onError: (error) => toast.error(errorMessage(error)),
        })
      }
    >
      Retry<span className="ui-visually-hidden"> the {job.queue} job</span>
    </Button>
  );
}

/**
 * The job queue (docs/jobs.md): how many jobs each queue has in each state, and the jobs in one state —
 * the dead ones first, with their error and Retry.
 */
export default function JobsScreen() {
  const [state, setState] = useState<JobState>('failed');
  const [queue, setQueue] = useState('');
  const counts = useJobCounts();
  const jobs = useJobs(state, queue);
  const queues = (counts.data ?? []).map((row) => row.queue);
  return (
    <>
      <PageHeader
        title="Jobs"
        description="Work that runs after a write: mail, kitchen tickets, sweeps. A dead job ran out of tries; Retry gives it one more."
      />
      <div className="admin-sections">
        <section>
          <h2 className="admin-section__title">Queues</h2>
          <DataTable
            label="Jobs per queue"
            rows={counts.data as CountRow[] | undefined}
            columns={COUNT_COLUMNS}
            rowKey={(r) => r.queue}
            isLoading={counts.isPending}
            error={loadError(counts)}
            onRetry={() => counts.refetch()}
            empty={{ title: 'No queues yet', message: 'The queues are created when the server starts.' }}
          />
        </section>
        <section>
          <h2 className="admin-section__title">Jobs</h2>
          <DataTable
            label="Jobs"
            rows={jobs.data}
            columns={JOB_COLUMNS}
            rowKey={(r) => r.id}
            isLoading={jobs.isPending}
            error={loadError(jobs)}
            onRetry={() => jobs.refetch()}
            toolbar={
              <div className="admin-filters">
                <FilterSelect
                  label="State"
                  value={state}
                  onChange={(value) => setState(value as JobState)}
                  options={JOB_STATES.map((value) => ({ value, label: STATE_LABELS[value] }))}
                />
                <FilterSelect
                  label="Queue"
                  value={queue}
                  onChange={setQueue}
                  options={[
                    { value: '', label: 'All queues' },
                    ...queues.map((value) => ({ value, label: value })),
                  ]}
                />
              </div>
            }
            empty={
              state === 'failed'
                ? { title: 'No dead jobs', message: 'Every job finished, or is still being tried.' }
                : { title: `No jobs ${STATE_LABELS[state].toLowerCase()}` }
            }
            rowActions={(job) => <RetryButton job={job} />}
          />
        </section>
      </div>
    </>
  );
}
