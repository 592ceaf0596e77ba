import type { Jsonify } from '@brigade/api-client/client';
import { errorMessage } from '@brigade/api-client/problem-error';
import type { JobTitle } from '@brigade/domain/catalogue/job-title';
import { JOB_TITLE_KIND } from '@brigade/domain/catalogue/kinds';
import { TIP_BASIS_LABELS } from '@brigade/domain/staff/tips';
import { Badge } from '@brigade/ui/app-kit/badge';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { useToast } from '@brigade/ui/app-kit/toast';
import { PlusIcon } from '@brigade/ui/app-shell/icons';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { useCatalogueList } from '../../components/catalogue-queries';
import { RuleDialog } from './rule-dialog';
import { type TipRule, useDeleteTipRule, useTipRules } from './tips-api';

export type JobTitleRow = Jsonify<JobTitle>;

/** The restaurant's tip-out rules: a list with Add, Edit and Delete (docs/behaviour/tips.md#tip-out-rules). */
export function TipRules() {
  const rules = useTipRules(true);
  const jobs = useCatalogueList<JobTitleRow>(JOB_TITLE_KIND);
  const [editing, setEditing] = useState<TipRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TipRule | null>(null);
  const remove = useDeleteTipRule();
  const toast = useToast();
  const titles = new Map((jobs.data ?? []).map((job) => [job.jobId, job.title]));
  return (
    <section className="tips-rules" aria-labelledby="tip-rules-title">
      <div className="tips-rules__head">
        <h2 id="tip-rules-title" className="ts-settings__title">
          Tip-out rules
        </h2>
        <Button onClick={() => setEditing('new')}>
          <PlusIcon width={16} height={16} />
          Add rule
        </Button>
      </div>
      <DataTable
        label="Tip-out rules"
        rows={rules.data}
        isLoading={rules.isPending}
        error={rules.error}
        onRetry={() => void rules.refetch()}
        columns={columnsOf(titles)}
        rowKey={(r) => r.ruleId}
        empty={{
          title: 'No tip-out rules',
          message: 'Add one, such as servers giving 3% of their net sales to the bussers.',
        }}
        rowActions={(r) => (
          <>
            <Button size="sm" variant="secondary" onClick={() => setEditing(r)}>
              Edit
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDeleting(r)}>
              Delete
            </Button>
          </>
        )}
      />
      {editing && (
        <RuleDialog
          rule={editing === 'new' ? null : editing}
          jobs={jobs.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'the rule'}?`}
        message="The tips report stops applying it, to every pay period."
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.ruleId, {
            onSuccess: () => {
              toast.success(`${deleting.name} was deleted`);
              setDeleting(null);
            },
          })
        }
      />
    </section>
  );
}

function columnsOf(titles: ReadonlyMap<number, string>): Column<TipRule>[] {
  const title = (jobId: number) => titles.get(jobId) ?? `Job ${jobId}`;
  return [
    {
      header: 'Rule',
      primary: true,
      cell: (r) => (
        <>
          {r.name} {!r.active && <Badge>Paused</Badge>}
        </>
      ),
    },
    {
      header: 'From',
      cell: (r) =>
        r.basis === 'unassigned_tips'
          ? 'Online and other unassigned tips'
          : r.sourceJobIds.map(title).join(', '),
    },
    { header: 'Takes', cell: (r) => `${r.percent}% of ${TIP_BASIS_LABELS[r.basis].toLowerCase()}` },
    { header: 'To', cell: (r) => `${title(r.receivingJobId)}, by hours worked` },
  ];
}
