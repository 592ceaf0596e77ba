import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { TextField } from '@brigade/ui/components/text-field';
import { DeviceSetupCard, DeviceSetupFlow, NotPairedCard } from '@brigade/ui/device-setup';
import { type FormEvent, useId, useState } from 'react';
import { apiClient, BASE } from '../api';
import type { StoredKiosk } from '../device-store';
import { type Scope, usePairKiosk, usePrinters } from '../queries';

/** What an unpaired kiosk shows a guest: ask a member of staff; a manager sets it up from here. */
export function NotPairedScreen(props: { notice: string | null; onSetUp: () => void }) {
  return (
    <NotPairedCard
      title="This kiosk is not set up"
      description="Please order at the counter. A manager can set up this kiosk."
      action="Set up this kiosk"
      notice={props.notice}
      onSetUp={props.onSetUp}
      className="kiosk-setup"
    />
  );
}

/**
 * Setting up a kiosk: a manager (signed in for this only) names it and pairs it in kiosk mode; the device
 * keeps the token and the manager's session is signed out at once, so the kiosk runs with no one signed in.
 */
export function SetupFlow(props: { notice: string | null; onPaired: (kiosk: StoredKiosk) => void }) {
  return (
    <DeviceSetupFlow client={apiClient} namespace="kiosk">
      {(scope) => (
        <DeviceSetupCard
          title="Set up this kiosk"
          description="A manager pairs this device as a self-order kiosk. Guests then order on it with no one signed in; they pay at the counter."
          notice={props.notice}
          back={`${window.location.origin}${BASE}/`}
          className="kiosk-setup"
        >
          {(signOut, signingOut) => (
            <PairForm
              scope={scope}
              signingOut={signingOut}
              onPaired={(paired) => {
                props.onPaired(paired);
                void signOut();
              }}
            />
          )}
        </DeviceSetupCard>
      )}
    </DeviceSetupFlow>
  );
}

function PairForm(props: { scope: Scope; signingOut: boolean; onPaired: (kiosk: StoredKiosk) => void }) {
  const [name, setName] = useState('Kiosk 1');
  const [printerId, setPrinterId] = useState('');
  const pair = usePairKiosk(props.scope);
  const fieldErrors = pair.error instanceof ProblemError ? pair.error.errors : [];
  const nameError = fieldErrors.find((e) => e.path === 'name')?.message;
  const otherError = pair.error && !nameError ? errorMessage(pair.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pair.mutate(
      { name, receiptPrinterId: printerId ? Number(printerId) : null },
      {
        onSuccess: ({ device, token }) =>
          props.onPaired({ deviceId: device.deviceId, name: device.name, token }),
      },
    );
  };
  return (
    <form className="ui-device-setup__form" onSubmit={submit} noValidate>
      <TextField
        label="Kiosk name"
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
        error={nameError}
        required
      />
      <ReceiptPrinterField scope={props.scope} value={printerId} onChange={setPrinterId} />
      {otherError && <Alert>{otherError}</Alert>}
      <Button
        type="submit"
        size="lg"
        block
        loading={pair.isPending || props.signingOut}
        loadingText="Pairing..."
      >
        Pair as a kiosk
      </Button>
    </form>
  );
}

/** The printer a kiosk's guests print their receipts on (none: the kiosk offers only email). */
function ReceiptPrinterField(props: { scope: Scope; value: string; onChange: (value: string) => void }) {
  const printers = usePrinters(props.scope);
  const selectId = useId();
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={selectId}>
        Receipt printer
      </label>
      <select
        id={selectId}
        className="ui-field__input"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        <option value="">{printers.isPending ? 'Loading printers...' : 'No receipt printer'}</option>
        {(printers.data ?? []).map((printer) => (
          <option key={printer.printerId} value={printer.printerId}>
            {printer.name}
          </option>
        ))}
      </select>
      <span className="ui-field__hint">Guests who pay by card here can print their receipt on it.</span>
    </div>
  );
}
