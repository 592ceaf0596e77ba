import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { TextField } from '@brigade/ui/components/text-field';
import { useSignOut } from '@brigade/ui/lib/use-sign-out';
import { useSelection } from '@brigade/ui/selection';
import { type FormEvent, useId, useState } from 'react';
import { BASE } from '../api';
import type { StoredKiosk } from '../device-store';
import { type Scope, usePairKiosk, usePrinters } from '../queries';

/** What an unpaired kiosk shows a guest: ask a member of staff; a manager sets it up from here. */
export function NotPairedScreen(props: { notice: string | null; onSetUp: () => void }) {
  return (
    <main className="ui-centered kiosk-setup">
      <Card
        titleAs="h1"
        title="This kiosk is not set up"
        description="Please order at the counter. A manager can set up this kiosk."
      >
        <div className="kiosk-setup__form">
          {props.notice && <Alert tone="warning">{props.notice}</Alert>}
          <Button size="lg" block onClick={props.onSetUp}>
            Set up this kiosk
          </Button>
        </div>
      </Card>
    </main>
  );
}

/**
 * Setting up a kiosk: a manager (signed in for this only) names it and pairs it in kiosk mode; the device
 * keeps the token and the manager's session is signed out at once, so the kiosk runs with no one signed in.
 */
export function SetupScreen(props: {
  scope: Scope;
  notice: string | null;
  onPaired: (kiosk: StoredKiosk) => void;
}) {
  const { restaurant, clearSelection } = useSelection();
  const back = `${window.location.origin}${BASE}/`;
  const { signOut, pending } = useSignOut({ returnUrl: back, redirectTo: back });
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
        onSuccess: ({ device, token }) => {
          props.onPaired({ deviceId: device.deviceId, name: device.name, token });
          void signOut();
        },
      },
    );
  };
  return (
    <main className="ui-centered kiosk-setup">
      <Card
        titleAs="h1"
        eyebrow={restaurant?.name}
        title="Set up this kiosk"
        description="A manager pairs this device as a self-order kiosk. Guests then order on it with no one signed in; they pay at the counter."
        footer={
          <>
            <Button variant="ghost" onClick={clearSelection}>
              Change restaurant
            </Button>
            <Button variant="secondary" onClick={() => void signOut()} loading={pending}>
              Sign out
            </Button>
          </>
        }
      >
        {props.notice && <Alert tone="warning">{props.notice}</Alert>}
        <form className="kiosk-setup__form" onSubmit={submit} noValidate>
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
          <Button type="submit" size="lg" block loading={pair.isPending || pending} loadingText="Pairing...">
            Pair as a kiosk
          </Button>
        </form>
      </Card>
    </main>
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
