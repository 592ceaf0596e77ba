import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { TextField } from '@brigade/ui/components/text-field';
import { useSignOut } from '@brigade/ui/lib/use-sign-out';
import { useSelection } from '@brigade/ui/selection';
import { type FormEvent, useId, useState } from 'react';
import { BASE } from '../api';
import type { StoredDevice } from '../device-store';
import { type Scope, usePairDevice, usePrinters } from '../queries';
import { useIsManager } from '../register/manager';

/**
 * Pairing (issue 46): a manager names the device and picks the printer its receipts print on; the server
 * answers with the device's token once, and the device keeps it. Anyone else is asked to fetch a manager.
 */
export function PairScreen(props: {
  scope: Scope;
  notice: string | null;
  onPaired: (device: StoredDevice) => void;
}) {
  const { restaurant, clearSelection } = useSelection();
  const { signOut, pending } = useSignOut({ returnUrl: `${window.location.origin}${BASE}/` });
  const manager = useIsManager();
  return (
    <main className="ui-centered pos-pair">
      <Card
        titleAs="h1"
        eyebrow={restaurant?.name}
        title="Pair this device"
        description="A paired device is a register of this restaurant: staff sign in on it and take sales."
        footer={
          <>
            <Button variant="ghost" onClick={clearSelection}>
              Change restaurant
            </Button>
            <Button variant="secondary" onClick={() => void signOut()} loading={pending}>
              Switch staff / Sign out
            </Button>
          </>
        }
      >
        {props.notice && <Alert tone="warning">{props.notice}</Alert>}
        {manager ? (
          <PairForm scope={props.scope} onPaired={props.onPaired} />
        ) : (
          <Alert tone="info" title="Ask a manager to pair this device">
            Only a manager can pair a register. Once it is paired, sign in here to take sales.
          </Alert>
        )}
      </Card>
    </main>
  );
}

function PairForm({ scope, onPaired }: { scope: Scope; onPaired: (device: StoredDevice) => void }) {
  const [name, setName] = useState('Register 1');
  const [printerId, setPrinterId] = useState('');
  const printers = usePrinters(scope, true);
  const pair = usePairDevice(scope);
  const selectId = useId();
  const fieldErrors = pair.error instanceof ProblemError ? pair.error.errors : [];
  const errorAt = (path: string) => fieldErrors.find((e) => e.path === path)?.message;
  const otherError =
    pair.error && !errorAt('name') && !errorAt('receiptPrinterId') ? errorMessage(pair.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pair.mutate(
      { name, receiptPrinterId: printerId ? Number(printerId) : null },
      {
        onSuccess: ({ device, token }) => onPaired({ deviceId: device.deviceId, name: device.name, token }),
      },
    );
  };
  return (
    <form className="pos-pair__form" onSubmit={submit} noValidate>
      <TextField
        label="Device name"
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
        error={errorAt('name')}
        required
      />
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={selectId}>
          Receipt printer
        </label>
        <select
          id={selectId}
          className="ui-field__input"
          value={printerId}
          onChange={(event) => setPrinterId(event.target.value)}
          aria-invalid={errorAt('receiptPrinterId') ? true : undefined}
        >
          <option value="">{printers.isPending ? 'Loading printers...' : 'No receipt printer'}</option>
          {(printers.data ?? []).map((printer) => (
            <option key={printer.printerId} value={printer.printerId}>
              {printer.name}
            </option>
          ))}
        </select>
        <span className="ui-field__hint">
          {printers.isError
            ? 'The printers could not be loaded; you can pair without one.'
            : 'Receipts print there, and its cash drawer opens for cash sales.'}
        </span>
        {errorAt('receiptPrinterId') && (
          <p className="ui-field__error" role="alert">
            {errorAt('receiptPrinterId')}
          </p>
        )}
      </div>
      {otherError && <Alert>{otherError}</Alert>}
      <Button type="submit" size="lg" block loading={pair.isPending} loadingText="Pairing...">
        Pair this device
      </Button>
    </form>
  );
}
