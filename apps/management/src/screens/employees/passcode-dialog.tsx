import { errorMessage } from '@brigade/api-client/problem-error';
import { clearEmployeePasscode, getEmployeePasscode, setEmployeePasscode } from '@brigade/contracts/staff';
import { passcodeSchema } from '@brigade/domain/staff/api';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/**
 * An employee's register passcode (docs/behaviour/time-clock.md#passcodes): 4 to 8 digits, unique in the
 * restaurant. The screen never sees a stored passcode, only whether one is set and when.
 */
export function PasscodeButton({ employeeId, name }: { employeeId: number; name: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} aria-label={`Passcode of ${name}`}>
        Passcode
      </Button>
      {/* outside the table row: a dialog inside a cell would take the cell's alignment and wrapping */}
      {open &&
        createPortal(
          <PasscodeDialog employeeId={employeeId} name={name} onClose={() => setOpen(false)} />,
          document.body,
        )}
    </>
  );
}

function PasscodeDialog(props: { employeeId: number; name: string; onClose: () => void }) {
  const { employeeId, name, onClose } = props;
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const params = { tenantId, restaurantId, employeeId };
  const toast = useToast();
  const [passcode, setPasscode] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const state = useQuery({
    queryKey: restaurantKey(restaurantId, 'passcode', employeeId),
    queryFn: async ({ signal }) => (await apiClient.call(getEmployeePasscode, { params, signal })).data,
    staleTime: 0,
  });
  const save = useMutation({
    mutationFn: async () => (await apiClient.call(setEmployeePasscode, { params, body: { passcode } })).data,
    onSuccess: () => {
      toast.success(`${name} can now unlock the register with the new passcode`);
      onClose();
    },
  });
  const clear = useMutation({
    mutationFn: async () => (await apiClient.call(clearEmployeePasscode, { params })).data,
    onSuccess: () => {
      toast.success(`${name} has no passcode now`);
      onClose();
    },
  });
  const submit = () => {
    const checked = passcodeSchema.safeParse(passcode);
    setInvalid(checked.success ? undefined : checked.error.issues[0]?.message);
    if (checked.success) save.mutate();
  };
  const error = save.error ?? clear.error;
  const status = state.isPending
    ? 'Checking…'
    : state.data?.hasPasscode
      ? `A passcode is set (since ${new Date(state.data.setAt ?? '').toLocaleDateString()}).`
      : 'No passcode yet: this employee cannot unlock a register or use the time clock.';
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Passcode of ${name}`}
      description="Staff type it on a register's lock screen to unlock it or to clock in and out."
      footer={
        <>
          {state.data?.hasPasscode && (
            <Button variant="danger" loading={clear.isPending} onClick={() => clear.mutate()}>
              Remove passcode
            </Button>
          )}
          <Button onClick={submit} loading={save.isPending}>
            Save passcode
          </Button>
        </>
      }
    >
      <form
        className="ui-stack"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p>{state.isError ? errorMessage(state.error) : status}</p>
        {error && <Alert tone="error">{errorMessage(error)}</Alert>}
        <TextField
          label="New passcode"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          hint="4 to 8 digits, different from everyone else's here"
          value={passcode}
          error={invalid}
          onChange={(e) => setPasscode(e.target.value.replace(/\D/g, ''))}
        />
      </form>
    </Dialog>
  );
}
