import { errorMessage } from '@brigade/api-client/problem-error';
import type { TimeClockSettings } from '@brigade/domain/staff/api';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '@brigade/domain/weekdays';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Checkbox } from '@brigade/ui/components/checkbox';
import { TextField } from '@brigade/ui/components/text-field';
import { useId, useState } from 'react';
import { useSaveClockSettings } from './timesheets-api';

/**
 * The time clock's settings (docs/behaviour/time-clock.md#settings): overtime hours a week, the week's first
 * day, the pay period, the registers' passcode lock with its idle time, the limits above which a void or a
 * discount needs a manager's approval at the register, and where a register's card takes its tip.
 */
export function ClockSettingsForm({ settings }: { settings: TimeClockSettings }) {
  const [values, setValues] = useState(settings);
  const save = useSaveClockSettings();
  const toast = useToast();
  const titleId = useId();
  const set = <K extends keyof TimeClockSettings>(key: K, value: TimeClockSettings[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  return (
    <section className="ts-settings" aria-labelledby={titleId}>
      <h2 id={titleId} className="ts-settings__title">
        Time clock settings
      </h2>
      {save.isError && <Alert tone="error">{errorMessage(save.error)}</Alert>}
      <div className="ts-form ts-form--grid">
        <TextField
          label="Overtime after (hours a week)"
          type="number"
          min={1}
          max={168}
          value={values.overtimeWeeklyHours}
          onChange={(e) => set('overtimeWeeklyHours', Number(e.target.value))}
        />
        <WeekAndPeriod values={values} set={set} />
        {values.payPeriod === 'biweekly' && (
          <TextField
            label="A first day of a pay period"
            type="date"
            value={values.payPeriodAnchor ?? ''}
            onChange={(e) => set('payPeriodAnchor', e.target.value || null)}
          />
        )}
        <TextField
          label="Lock an idle register after (seconds)"
          type="number"
          min={15}
          max={3600}
          value={values.autoLockSeconds}
          onChange={(e) => set('autoLockSeconds', Number(e.target.value))}
        />
        <Checkbox
          label="Lock registers with staff passcodes"
          checked={values.lockWithPasscodes}
          onChange={(e) => set('lockWithPasscodes', e.target.checked)}
        />
        <ApprovalLimits values={values} set={set} />
        <CardTips values={values} set={set} />
      </div>
      <Button
        loading={save.isPending}
        onClick={() => save.mutate(values, { onSuccess: () => toast.success('Time clock settings saved') })}
      >
        Save settings
      </Button>
    </section>
  );
}

type Set = <K extends keyof TimeClockSettings>(key: K, value: TimeClockSettings[K]) => void;

function WeekAndPeriod({ values, set }: { values: TimeClockSettings; set: Set }) {
  const weekId = useId();
  const periodId = useId();
  return (
    <>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={weekId}>
          The work week starts on
        </label>
        <select
          id={weekId}
          className="ui-field__input"
          value={values.weekStartsOn}
          onChange={(e) => set('weekStartsOn', e.target.value as Weekday)}
        >
          {WEEKDAYS.map((day) => (
            <option key={day} value={day}>
              {WEEKDAY_LABELS[day]}
            </option>
          ))}
        </select>
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={periodId}>
          Pay period
        </label>
        <select
          id={periodId}
          className="ui-field__input"
          value={values.payPeriod}
          onChange={(e) => set('payPeriod', e.target.value as TimeClockSettings['payPeriod'])}
        >
          <option value="weekly">Weekly</option>
          <option value="biweekly">Every two weeks</option>
        </select>
      </div>
    </>
  );
}

/** Where a card on the register's terminal takes its tip (docs/behaviour/pos.md#tips-on-the-receipt). */
function CardTips({ values, set }: { values: TimeClockSettings; set: Set }) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        Card tips at the register
      </label>
      <select
        id={id}
        className="ui-field__input"
        aria-describedby={hintId}
        value={values.cardTips}
        onChange={(e) => set('cardTips', e.target.value as TimeClockSettings['cardTips'])}
      >
        <option value="terminal">On the terminal's screen</option>
        <option value="receipt">Written on the signed receipt</option>
      </select>
      <p id={hintId} className="ui-field__hint">
        {values.cardTips === 'receipt'
          ? 'The card is authorised for the check; add the tip from the receipt under Sales. Cards left without one are captured at the end of the day.'
          : 'The guest picks a tip on the terminal before paying.'}
      </p>
    </div>
  );
}

/** Above either limit a void or a discount at the register needs a manager (docs/behaviour/pos.md). */
function ApprovalLimits({ values, set }: { values: TimeClockSettings; set: Set }) {
  return (
    <>
      <TextField
        label="Manager approval for voids and discounts over ($)"
        type="number"
        min={0}
        step={0.01}
        value={values.approvalLimit / 100}
        onChange={(e) => set('approvalLimit', Math.round(Number(e.target.value) * 100))}
      />
      <TextField
        label="…or for discounts over (% of the line or check)"
        type="number"
        min={0}
        max={100}
        value={values.approvalLimitPercent}
        onChange={(e) => set('approvalLimitPercent', Number(e.target.value))}
      />
    </>
  );
}
