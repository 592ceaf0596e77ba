import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { BASE, queryClient } from './api';

const SETUP_PARAM = 'setup';

import { forgetKiosk, readKiosk, type StoredKiosk, writeKiosk } from './device-store';
import { KioskApp } from './kiosk-app';
import { NotPairedScreen, SetupFlow } from './screens/setup-screen';

/**
 * The self-order kiosk (issue 47 item 4, decision 059). A paired kiosk runs on its device token alone: no one
 * is signed in on it. An unpaired one says so (and why, when the server refused its token) and offers a
 * manager the set-up: signing in once to pair it; the session is signed out as soon as the token is kept.
 */
export function App() {
  const [kiosk, setKiosk] = useState<StoredKiosk | null>(readKiosk);
  const [notice, setNotice] = useState<string | null>(null);
  // kept in the address: the manager's sign-in leaves the app and comes back to it
  const [settingUp, setSettingUp] = useState(() =>
    new URLSearchParams(window.location.search).has(SETUP_PARAM),
  );
  const onRefused = useCallback((message: string) => {
    forgetKiosk();
    setNotice(message);
    setKiosk(null);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {kiosk ? (
        <KioskApp kiosk={kiosk} onRefused={onRefused} />
      ) : !settingUp ? (
        <NotPairedScreen
          notice={notice}
          onSetUp={() => {
            window.history.replaceState(null, '', `${BASE}/?${SETUP_PARAM}=1`);
            setSettingUp(true);
          }}
        />
      ) : (
        <SetupFlow
          notice={notice}
          onPaired={(paired) => {
            writeKiosk(paired);
            setNotice(null);
          }}
        />
      )}
    </QueryClientProvider>
  );
}
