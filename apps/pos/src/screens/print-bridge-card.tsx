import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useState } from 'react';
import { type BridgeSettings, checkBridge, readBridge, writeBridge } from '../offline/print-bridge';
import { useRegisterContext } from '../register/context';
import { useIsManager } from '../register/manager';

/**
 * This register's print bridge (docs/behaviour/printing.md#the-print-bridge): where it is and whether it
 * answers. With one, the kitchen tickets of a sale kept offline print at once instead of when the
 * connection is back. A manager sets it up with the address and the pairing code the bridge printed.
 */
export function PrintBridgeCard() {
  const { device } = useRegisterContext();
  const manager = useIsManager();
  const [bridge, setBridge] = useState<BridgeSettings | null>(() => readBridge(device.deviceId));
  const [editing, setEditing] = useState(false);
  const [state, setState] = useState<string | null>(null);
  const save = (next: BridgeSettings | null) => {
    writeBridge(device.deviceId, next);
    setBridge(next);
    setState(null);
  };
  return (
    <section className="pos-drawer__card pos-bridge" aria-labelledby="pos-bridge-title">
      <h2 id="pos-bridge-title" className="pos-drawer__title">
        Print bridge
      </h2>
      <p className="pos-drawer__hint" data-testid="bridge-state">
        {bridge
          ? `Kitchen tickets of sales kept offline print through ${bridge.url}.`
          : 'Not set up: kitchen tickets of sales kept offline print when the connection is back.'}
      </p>
      {state && (
        <p className="pos-drawer__hint" role="status">
          {state}
        </p>
      )}
      {manager && (
        <div className="pos-drawer__actions">
          {bridge && (
            <Button
              variant="secondary"
              onClick={async () => setState((await checkBridge(bridge)) ?? 'The print bridge answers.')}
            >
              Test
            </Button>
          )}
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {bridge ? 'Change' : 'Set up'}
          </Button>
          {bridge && (
            <Button variant="secondary" onClick={() => save(null)}>
              Remove
            </Button>
          )}
        </div>
      )}
      {editing && (
        <BridgeDialog
          initial={bridge}
          onClose={() => setEditing(false)}
          onSaved={(next) => {
            save(next);
            setEditing(false);
          }}
        />
      )}
    </section>
  );
}

const URL_MESSAGE = 'Give the bridge’s address, e.g. http://127.0.0.1:9111';

function BridgeDialog(props: {
  initial: BridgeSettings | null;
  onClose: () => void;
  onSaved: (bridge: BridgeSettings) => void;
}) {
  const [url, setUrl] = useState(props.initial?.url ?? 'http://127.0.0.1:9111');
  const [code, setCode] = useState(props.initial?.code ?? '');
  const [error, setError] = useState<{ url?: string; code?: string; bridge?: string }>({});
  const [checking, setChecking] = useState(false);
  const submit = async () => {
    const address = url.trim();
    const problems = {
      ...(/^https?:\/\/[^/\s]+\/?$/.test(address) ? {} : { url: URL_MESSAGE }),
      ...(code.trim() ? {} : { code: 'Enter the pairing code the bridge printed when it started' }),
    };
    setError(problems);
    if (problems.url || problems.code) return;
    const bridge = { url: address.replace(/\/+$/, ''), code: code.trim() };
    setChecking(true);
    const problem = await checkBridge(bridge);
    setChecking(false);
    if (problem) setError({ bridge: problem });
    else props.onSaved(bridge);
  };
  return (
    <Dialog
      open
      onClose={props.onClose}
      title="Print bridge"
      description="The bridge runs on the restaurant’s network and prints kitchen tickets while the register is offline."
      footer={
        <>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={checking} loadingText="Checking...">
            Save
          </Button>
        </>
      }
    >
      <form
        className="pos-bridge-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Address"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={error.url}
          hint="As this register reaches it: http://127.0.0.1:9111 when it runs on this machine"
          inputMode="url"
          autoComplete="off"
        />
        <TextField
          label="Pairing code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={error.code}
          autoComplete="off"
          data-autofocus
        />
        {error.bridge && (
          <p className="ui-field__error" role="alert">
            {error.bridge}
          </p>
        )}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
