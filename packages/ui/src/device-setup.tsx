import type { ApiClient } from '@brigade/api-client/client';
import type { ReactNode } from 'react';
import { Alert } from './components/alert';
import { Button } from './components/button';
import { Card } from './components/card';
import { useSignOut } from './lib/use-sign-out';
import { PlatformProvider } from './platform';
import { SelectionProvider, useSelection } from './selection';
import { SelectionGuard } from './selection-guard';
import { TokenHandler } from './token-handler';

/**
 * The set-up of a device that runs with no one signed in (a self-order kiosk, a kitchen display): what it
 * shows while unpaired, and the manager's one sign-in to pair it, signed out as soon as the device keeps its
 * token (decisions 059 and 069).
 */

/** An unpaired device: what it is for, why it is unpaired (a refused token's message), and the way to set it up. */
export function NotPairedCard(props: {
  title: string;
  description: string;
  action: string;
  notice: string | null;
  onSetUp: () => void;
  className: string;
}) {
  return (
    <main className={`ui-centered ${props.className}`}>
      <Card titleAs="h1" title={props.title} description={props.description}>
        <div className="ui-device-setup__form">
          {props.notice && <Alert tone="warning">{props.notice}</Alert>}
          <Button size="lg" block onClick={props.onSetUp}>
            {props.action}
          </Button>
        </div>
      </Card>
    </main>
  );
}

/** The manager's sign-in and choice of restaurant (its own selection namespace), then `children` for it. */
export function DeviceSetupFlow(props: {
  client: ApiClient;
  namespace: string;
  children: (scope: { tenantId: number; restaurantId: number }) => ReactNode;
}) {
  return (
    <PlatformProvider client={props.client}>
      <SelectionProvider namespace={props.namespace}>
        <TokenHandler>
          <SelectionGuard requireAuth context="pos">
            <Chosen>{props.children}</Chosen>
          </SelectionGuard>
        </TokenHandler>
      </SelectionProvider>
    </PlatformProvider>
  );
}

function Chosen(props: { children: (scope: { tenantId: number; restaurantId: number }) => ReactNode }) {
  const { tenant, restaurant } = useSelection();
  if (!tenant || !restaurant) return null;
  return <>{props.children({ tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId })}</>;
}

/**
 * The pairing card: the restaurant, what pairing does, Change restaurant and Sign out; `children` is the form,
 * given the sign-out to call once the device keeps its token. Signing out comes back to `back`.
 */
export function DeviceSetupCard(props: {
  title: string;
  description: string;
  notice: string | null;
  back: string;
  className: string;
  children: (signOut: () => Promise<void>, signingOut: boolean) => ReactNode;
}) {
  const { restaurant, clearSelection } = useSelection();
  const { signOut, pending } = useSignOut({ returnUrl: props.back, redirectTo: props.back });
  return (
    <main className={`ui-centered ${props.className}`}>
      <Card
        titleAs="h1"
        eyebrow={restaurant?.name}
        title={props.title}
        description={props.description}
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
        {props.children(signOut, pending)}
      </Card>
    </main>
  );
}
