import { errorMessage } from '@brigade/api-client/problem-error';
import { TIP_BASES, TIP_BASIS_LABELS, type TipBasis } from '@brigade/domain/staff/tips';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Checkbox } from '@brigade/ui/components/checkbox';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useId, useState } from 'react';
import type { JobTitleRow } from './tip-rules';
import { type TipRule, useSaveTipRule } from './tips-api';

const FIELDS = ['name', 'percent', 'sourceJobIds', 'receivingJobId'];
/** The request field each part of the draft is sent as: its message goes once the person changes it. */
const PATHS: Record<keyof Draft, string[]> = {
  name: ['name'],
  basis: ['basis', 'sourceJobIds'],
  percent: ['percent'],
  sources: ['sourceJobIds', 'receivingJobId'],
  receiver: ['receivingJobId'],
  active: [],
};

interface Draft {
  name: string;
  basis: TipBasis;
  percent: string;
  sources: number[];
  receiver: number | undefined;
  active: boolean;
}
type Change = (change: Partial<Draft>) => void;
type FieldError = (path: string) => string | undefined;

const draftOf = (rule: TipRule | null): Draft => ({
  name: rule?.name ?? '',
  basis: rule?.basis ?? 'net_sales',
  percent: rule ? String(rule.percent) : '',
  sources: rule?.sourceJobIds ?? [],
  receiver: rule?.receivingJobId,
  active: rule?.active ?? true,
});

const bodyOf = (draft: Draft) => ({
  name: draft.name,
  basis: draft.basis,
  // an empty field is sent as no number (JSON null), which the server names
  percent: draft.percent.trim() === '' ? Number.NaN : Number(draft.percent),
  sourceJobIds: draft.basis === 'unassigned_tips' ? [] : draft.sources,
  ...(draft.receiver === undefined ? {} : { receivingJobId: draft.receiver }),
  active: draft.active,
});

/**
 * Add or change a tip-out rule: its name, what it takes (a percent of the source jobs' net sales or tips, or
 * of the tips no server took), and the job that shares it by hours worked. The server's messages show under
 * the fields they are about; the alert says what no field says (a refusal of the whole rule, a lost
 * connection).
 */
export function RuleDialog(props: { rule: TipRule | null; jobs: JobTitleRow[]; onClose: () => void }) {
  const { rule, jobs, onClose } = props;
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const save = useSaveTipRule();
  const toast = useToast();
  const submit = () => {
    setEdited(new Set());
    save.mutate(
      { ...(rule ? { ruleId: rule.ruleId } : {}), body: bodyOf(draft) },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name} was saved`);
          onClose();
        },
      },
    );
  };
  const errors =
    save.error && 'errors' in save.error ? (save.error.errors as { path: string; message: string }[]) : [];
  const fieldError = (path: string) =>
    edited.has(path) ? undefined : errors.find((e) => e.path.startsWith(path))?.message;
  const unplaced = save.isError && !errors.every((e) => FIELDS.some((field) => e.path.startsWith(field)));
  const choosable = jobs.filter(
    (job) => job.isActive || draft.sources.includes(job.jobId) || job.jobId === draft.receiver,
  );
  const change: Change = (next) => {
    setDraft((now) => ({ ...now, ...next }));
    setEdited((now) => new Set([...now, ...Object.keys(next).flatMap((key) => PATHS[key as keyof Draft])]));
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={rule ? `Edit ${rule.name}` : 'Add a tip-out rule'}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save rule
          </Button>
        </>
      }
    >
      <form
        className="ts-form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {unplaced && <Alert tone="error">{errorMessage(save.error)}</Alert>}
        <WhatFields draft={draft} change={change} fieldError={fieldError} />
        <JobFields draft={draft} change={change} fieldError={fieldError} jobs={choosable} />
        <Checkbox
          label="Active"
          checked={draft.active}
          onChange={(e) => change({ active: e.target.checked })}
        />
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Dialog>
  );
}

/** The rule's name, and what it takes: the basis and the percent. */
function WhatFields({ draft, change, fieldError }: { draft: Draft; change: Change; fieldError: FieldError }) {
  const basisId = useId();
  return (
    <>
      <TextField
        label="Name"
        value={draft.name}
        maxLength={60}
        placeholder="Bussers"
        onChange={(e) => change({ name: e.target.value })}
        error={fieldError('name')}
      />
      <div className="ts-form ts-form--grid">
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={basisId}>
            Basis
          </label>
          <select
            id={basisId}
            className="ui-field__input"
            value={draft.basis}
            onChange={(e) => change({ basis: e.target.value as TipBasis })}
          >
            {TIP_BASES.map((b) => (
              <option key={b} value={b}>
                {TIP_BASIS_LABELS[b]}
              </option>
            ))}
          </select>
        </div>
        <TextField
          label="Percent"
          inputMode="decimal"
          value={draft.percent}
          placeholder="3"
          hint="0.01 to 100, two decimals at most"
          onChange={(e) => change({ percent: e.target.value })}
          error={fieldError('percent')}
        />
      </div>
    </>
  );
}

/** Who gives (the source jobs; none for tips with no server) and which job shares the pool. */
function JobFields(props: { draft: Draft; change: Change; fieldError: FieldError; jobs: JobTitleRow[] }) {
  const { draft, change, fieldError, jobs } = props;
  const sourcesId = useId();
  const receiverId = useId();
  const toggle = (jobId: number, on: boolean) =>
    change({ sources: on ? [...draft.sources, jobId] : draft.sources.filter((id) => id !== jobId) });
  return (
    <>
      {draft.basis !== 'unassigned_tips' && (
        <fieldset className="form-fieldset tips-jobs" aria-describedby={sourcesId}>
          <legend className="ui-field__label">
            Who tips out (worked one of these jobs in the pay period)
          </legend>
          <div className="tips-jobs__list">
            {jobs.map((job) => (
              <Checkbox
                key={job.jobId}
                label={job.title}
                checked={draft.sources.includes(job.jobId)}
                onChange={(e) => toggle(job.jobId, e.target.checked)}
              />
            ))}
          </div>
          <span
            id={sourcesId}
            className="ui-field__error"
            role={fieldError('sourceJobIds') ? 'alert' : undefined}
          >
            {fieldError('sourceJobIds')}
          </span>
        </fieldset>
      )}
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={receiverId}>
          Shared by (by hours worked in this job)
        </label>
        <select
          id={receiverId}
          className="ui-field__input"
          value={draft.receiver ?? ''}
          aria-invalid={fieldError('receivingJobId') ? true : undefined}
          aria-describedby={`${receiverId}-error`}
          onChange={(e) => change({ receiver: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">Choose a job...</option>
          {jobs.map((job) => (
            <option key={job.jobId} value={job.jobId}>
              {job.title}
            </option>
          ))}
        </select>
        <span id={`${receiverId}-error`} className="ui-field__error">
          {fieldError('receivingJobId')}
        </span>
      </div>
    </>
  );
}
