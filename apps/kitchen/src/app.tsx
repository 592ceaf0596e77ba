import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import { BASE, queryClient } from './api';
import { forgetDisplay, readDisplay, type StoredDisplay, writeDisplay } from './device-store';
import { DisplayApp } from './display-app';
import { NotPairedScreen } from './screens/not-paired';

// the manager's sign-in and pairing, needed once per device: their own chunk
const SetupFlow = lazy(() => import('./screens/setup-flow'));

const SETUP_PARAM = 'setup';

/**
 * The paired kitchen display (issue 45 item 6, decision 069). A paired display runs on its device token alone:
 * no one is signed in on it, and nothing of the back office is around it. An unpaired one says so (and why,
 * when the server refused its token) and offers a manager the set-up: signing in once to pair it; the session
 * is signed out as soon as the token is kept.
 */
export function App() {
  const [display, setDisplay] = useState<StoredDisplay | null>(readDisplay);
  const [notice, setNotice] = useState<string | null>(null);
  // kept in the address: the manager's sign-in leaves the app and comes back to it
  const [settingUp, setSettingUp] = useState(() =>
    new URLSearchParams(window.location.search).has(SETUP_PARAM),
  );
  const onRefused = useCallback((message: string) => {
    forgetDisplay();
    queryClient.clear();
    setNotice(message);
    setDisplay(null);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      {display ? (
        <DisplayApp display={display} onRefused={onRefused} />
      ) : !settingUp ? (
        <NotPairedScreen
          notice={notice}
          onSetUp={() => {
            window.history.replaceState(null, '', `${BASE}/?${SETUP_PARAM}=1`);
            setSettingUp(true);
          }}
        />
      ) : (
        <Suspense
          fallback={
            <p role="status" className="ui-loading ui-loading--page">
              Loading the set-up...
            </p>
          }
        >
          <SetupFlow
            notice={notice}
            onPaired={(paired) => {
              writeDisplay(paired);
              setNotice(null);
            }}
          />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
