import { useCallback, useState } from 'react';
import { forgetDevice, readDevice, type StoredDevice, writeDevice } from '../device-store';
import type { Scope } from '../queries';
import { PairScreen } from '../screens/pair-screen';
import { RegisterApp } from './register-app';

/**
 * A register sells only once a manager has paired the device with the restaurant (issue 46). Without a
 * token, or when the server no longer accepts it (unpaired from management), the pair screen shows.
 */
export function DeviceGate({ scope }: { scope: Scope }) {
  const [device, setDevice] = useState<StoredDevice | null>(() =>
    readDevice(scope.tenantId, scope.restaurantId),
  );
  const [notice, setNotice] = useState<string | null>(null);
  const onRefused = useCallback(
    (message: string) => {
      forgetDevice(scope.tenantId, scope.restaurantId);
      setNotice(message);
      setDevice(null);
    },
    [scope.tenantId, scope.restaurantId],
  );
  if (!device)
    return (
      <PairScreen
        scope={scope}
        notice={notice}
        onPaired={(paired) => {
          writeDevice(scope.tenantId, scope.restaurantId, paired);
          setNotice(null);
          setDevice(paired);
        }}
      />
    );
  return <RegisterApp scope={scope} device={device} onRefused={onRefused} />;
}
