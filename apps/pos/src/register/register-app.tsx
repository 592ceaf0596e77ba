import { errorMessage } from '@brigade/api-client/problem-error';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { LoadingView } from '@brigade/ui/components/spinner';
import { type Dispatch, useCallback, useEffect, useMemo, useReducer } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { type Check, type CheckAction, checkReducer, EMPTY_CHECK } from '../check/check';
import type { StoredDevice } from '../device-store';
import { useDrawer } from '../drawer-queries';
import { money } from '../money';
import { useOffline } from '../network';
import { useOfflineQueue } from '../offline/use-offline-queue';
import { isDeviceRefusal, type Scope, useRegister } from '../queries';
import { DrawerScreen } from '../screens/drawer-screen';
import { LockScreen } from '../screens/lock-screen';
import { ConnectionStatus } from '../screens/offline-banner';
import { OpenCheckScreen } from '../screens/open-check-screen';
import { RegisterScreen } from '../screens/register-screen';
import { SalesScreen } from '../screens/sales-screen';
import { TablesScreen } from '../screens/tables-screen';
import { TopBar } from '../screens/top-bar';
import { RegisterContext, type RegisterContextValue } from './context';
import { useStaffLock } from './staff-lock';

/** The unlocked register's screens: ringing up, the tables and their checks, the sales, the drawer. */
function RegisterRoutes(props: { check: Check; dispatch: Dispatch<CheckAction> }) {
  return (
    <Routes>
      <Route index element={<RegisterScreen check={props.check} dispatch={props.dispatch} />} />
      <Route path="tables" element={<TablesScreen />} />
      <Route path="checks/:orderId" element={<OpenCheckScreen />} />
      <Route path="sales" element={<SalesScreen />} />
      <Route path="drawer" element={<DrawerScreen />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );
}

/** "Drawer open · float $100.00" or "Drawer closed", once the drawer and the register are read. */
function drawerStatusOf(
  drawer: { openingFloat: number } | null | undefined,
  currency: string | undefined,
): string | undefined {
  if (drawer === undefined || currency === undefined) return undefined;
  return drawer ? `Drawer open · float ${money(drawer.openingFloat, currency)}` : 'Drawer closed';
}

/**
 * A paired register: what it sells (read with the device's token), the check being rung up (kept while the
 * cashier looks at the sales), the offline banner, and the register and sales screens.
 */
export function RegisterApp(props: {
  scope: Scope;
  device: StoredDevice;
  onRefused: (message: string) => void;
}) {
  const { scope, device, onRefused } = props;
  const offline = useOffline();
  const register = useRegister(scope, device.token, offline);
  const queue = useOfflineQueue(scope, device, offline);
  const [check, dispatch] = useReducer(checkReducer, EMPTY_CHECK);
  const { settings, lockEnabled, staff, unlocked, lock } = useStaffLock(scope, device, dispatch);
  const refusal = isDeviceRefusal(register.error) ? errorMessage(register.error) : null;
  useEffect(() => {
    if (refusal) onRefused(refusal);
  }, [refusal, onRefused]);

  const data = register.data;
  const drawer = useDrawer(scope, device.token, data !== undefined);
  const drawerStatus = drawerStatusOf(drawer.data, data?.currency);
  const { refetch } = register;
  const recheck = useCallback(() => void refetch(), [refetch]);
  const context = useMemo<RegisterContextValue | null>(
    () =>
      data
        ? {
            ...{ scope, device, register: data, offline, queue, onRefused, recheck, staff },
            money: (cents: number) => money(cents, data.currency),
          }
        : null,
    [scope, device, data, offline, queue, onRefused, recheck, staff],
  );

  let body: React.ReactNode;
  if (context && settings.isPending) body = <LoadingView page message="Opening the register..." />;
  else if (context && lockEnabled && !staff)
    body = (
      <RegisterContext.Provider value={context}>
        <LockScreen onUnlocked={unlocked} />
      </RegisterContext.Provider>
    );
  else if (context)
    body = (
      <RegisterContext.Provider value={context}>
        <RegisterRoutes check={check} dispatch={dispatch} />
      </RegisterContext.Provider>
    );
  else if (register.isPending || refusal) body = <LoadingView page message="Opening the register..." />;
  else
    body = (
      <ErrorView
        level={1}
        title="The register could not be opened"
        message={errorMessage(register.error, 'Please try again or contact support')}
        actions={<Button onClick={() => void register.refetch()}>Try Again</Button>}
      />
    );

  return (
    <div className="pos-app">
      <TopBar
        restaurantName={data?.restaurantName}
        deviceName={data?.device.name ?? device.name}
        drawerStatus={drawerStatus}
        drawerOpen={Boolean(drawer.data)}
        offline={offline}
        {...(lockEnabled ? { staffName: staff?.name ?? null, onSwitchStaff: lock } : {})}
      />
      <ConnectionStatus offline={offline} waiting={queue.waiting} syncing={queue.syncing} onRetry={recheck} />
      <div className="pos-app__body">{body}</div>
    </div>
  );
}
