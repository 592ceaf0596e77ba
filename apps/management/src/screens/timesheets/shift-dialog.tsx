import { errorMessage } from '@brigade/api-client/problem-error';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useState } from 'react';
import { type Shift, useEditShift } from './timesheets-api';

/** An instant as a datetime-local value in this browser's time (to the minute). */
const localInput = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const instantOf = (local: string) => new Date(local).toISOString();

/**
 * Correct a shift (docs/behaviour/time-clock.md#corrections): its clock-in and clock-out and the tips declared,
 * always with a reason, which the shift and the audit log keep. Times are this browser's clock.
 */
export function ShiftDialog(props: { shift: Shift; name: string; onClose: () => void }) {
  const { shift, name, onClose } = props;
  const [clockIn, setClockIn] = useState(localInput(shift.clockInAt));
  const [clockOut, setClockOut] = useState(localInput(shift.clockOutAt));
  const [tips, setTips] = useState((shift.declaredTips / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const edit = useEditShift();
  const toast = useToast();
  const tipsCents = Math.round(Number(tips) * 100);
  const save = () =>
    edit.mutate(
      {
        entryId: shift.entryId,
        body: {
          reason,
          clockInAt: instantOf(clockIn),
          clockOutAt: clockOut ? instantOf(clockOut) : null,
          declaredTips: Number.isFinite(tipsCents) ? tipsCents : -1,
        },
      },
      {
        onSuccess: () => {
          toast.success(`${name}'s shift was corrected`);
          onClose();
        },
      },
    );
  const fieldError = (path: string) =>
    edit.error && 'errors' in edit.error
      ? (edit.error.errors as { path: string; message: string }[]).find((e) => e.path === path)?.message
      : undefined;
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Correct ${name}'s shift`}
      description={shift.jobTitle ? `Job: ${shift.jobTitle}` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={edit.isPending} disabled={!clockIn}>
            Save correction
          </Button>
        </>
      }
    >
      <div className="ts-form">
        {edit.isError && <Alert tone="error">{errorMessage(edit.error)}</Alert>}
        <ShiftFields
          {...{ clockIn, setClockIn, clockOut, setClockOut, tips, setTips, reason, setReason }}
          fieldError={fieldError}
        />
      </div>
    </Dialog>
  );
}

interface FieldsProps {
  clockIn: string;
  setClockIn: (value: string) => void;
  clockOut: string;
  setClockOut: (value: string) => void;
  tips: string;
  setTips: (value: string) => void;
  reason: string;
  setReason: (value: string) => void;
  fieldError: (path: string) => string | undefined;
}

function ShiftFields(props: FieldsProps) {
  const { clockIn, setClockIn, clockOut, setClockOut, tips, setTips, reason, setReason, fieldError } = props;
  return (
    <>
      <TextField
        label="Clock in"
        type="datetime-local"
        value={clockIn}
        onChange={(e) => setClockIn(e.target.value)}
        error={fieldError('clockInAt')}
      />
      <TextField
        label="Clock out"
        type="datetime-local"
        value={clockOut}
        hint="Empty: still on the clock"
        onChange={(e) => setClockOut(e.target.value)}
        error={fieldError('clockOutAt')}
      />
      <TextField
        label="Declared tips"
        inputMode="decimal"
        value={tips}
        onChange={(e) => setTips(e.target.value)}
        error={fieldError('declaredTips')}
      />
      <TextField
        label="Reason"
        value={reason}
        maxLength={200}
        hint="Kept with the shift and in the audit log"
        onChange={(e) => setReason(e.target.value)}
        error={fieldError('reason')}
      />
    </>
  );
}
