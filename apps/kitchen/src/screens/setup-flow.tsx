import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { pairPosDevice } from '@brigade/contracts/pos';
import type { PairDeviceInput } from '@brigade/domain/pos/api';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { TextField } from '@brigade/ui/components/text-field';
import { useSignOut } from '@brigade/ui/lib/use-sign-out';
import { PlatformProvider } from '@brigade/ui/platform';
import { SelectionProvider, useSelection } from '@brigade/ui/selection';
import { SelectionGuard } from '@brigade/ui/selection-guard';
import { TokenHandler } from '@brigade/ui/token-handler';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { apiClient, BASE } from '../api';
import type { StoredDisplay } from '../device-store';

/**
 * Setting up a kitchen display: a manager (signed in for this only) names it and pairs it in kitchen mode;
 * the device keeps the token and the manager's session is signed out at once.
 */
function SetupScreen(props: {
  scope: Scope;
  notice: string | null;
  onPaired: (display: StoredDisplay) => void;
}) {
  const { restaurant, clearSelection } = useSelection();
  const back = `${window.location.origin}${BASE}/`;
  const { signOut, pending } = useSignOut({ returnUrl: back, redirectTo: back });
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
        onSuccess: ({ device, token }) => {
          props.onPaired({ deviceId: device.deviceId, name: device.name, token });
          void signOut();
        },
      },
    );
  };
  return (
    <main className="ui-centered kitchen-setup">
      <Card
        titleAs="h1"
        eyebrow={restaurant?.name}
        title="Set up this kitchen display"
        description="Pair this screen as a kitchen display. Cooks then bump tickets on it by touch or with a bump bar, with no one signed in. Unpair it from Registers in the back office."
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
        <form className="kitchen-setup__form" onSubmit={submit} noValidate>
          <TextField
            label="Display name"
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.target.value)}
            error={nameError}
            required
          />
          {otherError && <Alert>{otherError}</Alert>}
          <Button type="submit" size="lg" block loading={pair.isPending || pending} loadingText="Pairing...">
            Pair as a kitchen display
          </Button>
        </form>
      </Card>
    </main>
  );
}

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

/** The set-up: the manager signs in and chooses the restaurant, then pairs the screen. */
export default function SetupFlow(props: {
  notice: string | null;
  onPaired: (display: StoredDisplay) => void;
}) {
  return (
    <PlatformProvider client={apiClient}>
      <SelectionProvider namespace="kitchen">
        <TokenHandler>
          <SelectionGuard requireAuth context="pos">
            <Setup {...props} />
          </SelectionGuard>
        </TokenHandler>
      </SelectionProvider>
    </PlatformProvider>
  );
}

function Setup(props: { notice: string | null; onPaired: (display: StoredDisplay) => void }) {
  const { tenant, restaurant } = useSelection();
  if (!tenant || !restaurant) return null;
  return (
    <SetupScreen
      scope={{ tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId }}
      notice={props.notice}
      onPaired={props.onPaired}
    />
  );
}
