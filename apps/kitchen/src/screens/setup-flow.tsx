import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { pairPosDevice } from '@brigade/contracts/pos';
import type { PairDeviceInput } from '@brigade/domain/pos/api';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { TextField } from '@brigade/ui/components/text-field';
import { DeviceSetupCard, DeviceSetupFlow } from '@brigade/ui/device-setup';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiClient, BASE } from '../api';
import type { StoredDisplay } from '../device-store';

interface Scope {
  tenantId: number;
  restaurantId: number;
}

/** A manager pairs this screen as a kitchen display (setup only; the session is signed out after). */
function usePairDisplay(scope: Scope) {
  return useMutation({
    mutationFn: (body: Pick<PairDeviceInput, 'name'>) =>
      apiClient
        .call(pairPosDevice, { params: scope, body: { ...body, mode: 'kitchen', receiptPrinterId: null } })
        .then((a) => a.data),
  });
}

/**
 * Setting up a kitchen display: a manager (signed in for this only) names it and pairs it in kitchen mode;
 * the device keeps the token and the manager's session is signed out at once.
 */
export default function SetupFlow(props: {
  notice: string | null;
  onPaired: (display: StoredDisplay) => void;
}) {
  return (
    <DeviceSetupFlow client={apiClient} namespace="kitchen">
      {(scope) => (
        <DeviceSetupCard
          title="Set up this kitchen display"
          description="Pair this screen as a kitchen display. Cooks then bump tickets on it by touch or with a bump bar, with no one signed in. Unpair it from Registers in the back office."
          notice={props.notice}
          back={`${window.location.origin}${BASE}/`}
          className="kitchen-setup"
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

function PairForm(props: { scope: Scope; signingOut: boolean; onPaired: (display: StoredDisplay) => void }) {
  const [name, setName] = useState('Kitchen display 1');
  const pair = usePairDisplay(props.scope);
  const fieldErrors = pair.error instanceof ProblemError ? pair.error.errors : [];
  const nameError = fieldErrors.find((e) => e.path === 'name')?.message;
  const otherError = pair.error && !nameError ? errorMessage(pair.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    pair.mutate(
      { name },
      {
        onSuccess: ({ device, token }) =>
          props.onPaired({ deviceId: device.deviceId, name: device.name, token }),
      },
    );
  };
  return (
    <form className="ui-device-setup__form" onSubmit={submit} noValidate>
      <TextField
        label="Display name"
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
        error={nameError}
        required
      />
      {otherError && <Alert>{otherError}</Alert>}
      <Button
        type="submit"
        size="lg"
        block
        loading={pair.isPending || props.signingOut}
        loadingText="Pairing..."
      >
        Pair as a kitchen display
      </Button>
    </form>
  );
}
