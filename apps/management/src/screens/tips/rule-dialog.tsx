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

/**
 * Add or change a tip-out rule: its name, what it takes (a percent of the source jobs' net sales or tips, or
 * of the tips no server took), and the job that shares it by hours worked. The server's messages show under
 * the fields they are about.
 */
export function RuleDialog(props: { rule: TipRule | null; jobs: JobTitleRow[]; onClose: () => void }) {
  const { rule, jobs, onClose } = props;
  const [name, setName] = useState(rule?.name ?? '');
  const [basis, setBasis] = useState<TipBasis>(rule?.basis ?? 'net_sales');
  const [percent, setPercent] = useState(rule ? String(rule.percent) : '');
  const [sources, setSources] = useState<number[]>(rule?.sourceJobIds ?? []);
  const [receiver, setReceiver] = useState<number | undefined>(rule?.receivingJobId);
  const [active, setActive] = useState(rule?.active ?? true);
  const save = useSaveTipRule();
  const toast = useToast();
  const ids = { basis: useId(), receiver: useId(), sources: useId() };
  const submit = () =>
    save.mutate(
      {
        ...(rule ? { ruleId: rule.ruleId } : {}),
        body: {
          name,
          basis,
          percent: percent.trim() === '' ? Number.NaN : Number(percent),
          sourceJobIds: basis === 'unassigned_tips' ? [] : sources,
          ...(receiver === undefined ? {} : { receivingJobId: receiver }),
          active,
        },
      },
      {
        onSuccess: (saved) => {
          toast.success(`${saved.name} was saved`);
          onClose();
        },
      },
    );
  const errors =
    save.error && 'errors' in save.error ? (save.error.errors as { path: string; message: string }[]) : [];
  const fieldError = (path: string) => errors.find((e) => e.path.startsWith(path))?.message;
  // the alert says what no field below says (a refusal of the whole rule, a lost connection)
  const unplaced = save.isError && !errors.every((e) => FIELDS.some((field) => e.path.startsWith(field)));
  const choosable = jobs.filter(
    (job) => job.isActive || sources.includes(job.jobId) || job.jobId === receiver,
  );
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
        <TextField
          label="Name"
          value={name}
          maxLength={60}
          placeholder="Bussers"
          onChange={(e) => setName(e.target.value)}
          error={fieldError('name')}
        />
        <div className="ts-form ts-form--grid">
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={ids.basis}>
              Basis
            </label>
            <select
              id={ids.basis}
              className="ui-field__input"
              value={basis}
              onChange={(e) => setBasis(e.target.value as TipBasis)}
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
            value={percent}
            placeholder="3"
            hint="0.01 to 100, two decimals at most"
            onChange={(e) => setPercent(e.target.value)}
            error={fieldError('percent')}
          />
        </div>
        {basis !== 'unassigned_tips' && (
          <fieldset className="form-fieldset tips-jobs" aria-describedby={ids.sources}>
            <legend className="ui-field__label">
              Who tips out (worked one of these jobs in the pay period)
            </legend>
            <div className="tips-jobs__list">
              {choosable.map((job) => (
                <Checkbox
                  key={job.jobId}
                  label={job.title}
                  checked={sources.includes(job.jobId)}
                  onChange={(e) =>
                    setSources((now) =>
                      e.target.checked ? [...now, job.jobId] : now.filter((id) => id !== job.jobId),
                    )
                  }
                />
              ))}
            </div>
            <span
              id={ids.sources}
              className="ui-field__error"
              role={fieldError('sourceJobIds') ? 'alert' : undefined}
            >
              {fieldError('sourceJobIds')}
            </span>
          </fieldset>
        )}
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={ids.receiver}>
            Shared by (by hours worked in this job)
          </label>
          <select
            id={ids.receiver}
            className="ui-field__input"
            value={receiver ?? ''}
            aria-invalid={fieldError('receivingJobId') ? true : undefined}
            onChange={(e) => setReceiver(e.target.value ? Number(e.target.value) : undefined)}
          >
            <option value="">Choose a job...</option>
            {choosable.map((job) => (
              <option key={job.jobId} value={job.jobId}>
                {job.title}
              </option>
            ))}
          </select>
          {fieldError('receivingJobId') && (
            <span className="ui-field__error">{fieldError('receivingJobId')}</span>
          )}
        </div>
        <Checkbox label="Active" checked={active} onChange={(e) => setActive(e.target.checked)} />
        <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      </form>
    </Dialog>
  );
}
