import { errorMessage } from '@brigade/api-client/problem-error';
import { ToastProvider } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { KitchenBoardScreen } from '@brigade/ui/kitchen/board';
import { ExpoScreen } from '@brigade/ui/kitchen/expo';
import { type KitchenData, KitchenDataContext } from '@brigade/ui/kitchen/kitchen-data';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { BASE } from './api';
import { readLastScreen, type StoredDisplay, writeLastScreen } from './device-store';
import { useLiveStream } from './live';
import {
  isDeviceRefusal,
  useBump,
  useDisplay,
  useExpoBoard,
  useReady,
  useRecall,
  useStationBoard,
} from './queries';
import { StationList } from './screens/station-list';

const PATHS = {
  stations: '/',
  station: (prepStationId: number) => `/stations/${prepStationId}`,
  expo: '/expo',
};

/**
 * A paired display: the station list, a station's board or the expo — the back office's kitchen screens
 * (packages/ui/src/kitchen) over the display's own routes. It comes back to the screen it showed last.
 */
export function DisplayApp({
  display,
  onRefused,
}: {
  display: StoredDisplay;
  onRefused: (message: string) => void;
}) {
  const info = useDisplay(display.token);
  const live = useLiveStream(display.token);
  const client = useQueryClient();
  // unpaired by a manager (or the token no longer a kitchen display's): any of its reads says so, and the
  // display shows the set-up again at once rather than at its next minute's read
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        const error = event.query.state.error;
        if (event.type === 'updated' && error && isDeviceRefusal(error)) onRefused(error.message);
      }),
    [client, onRefused],
  );
  useEffect(() => {
    if (info.error && isDeviceRefusal(info.error)) onRefused((info.error as Error).message);
  }, [info.error, onRefused]);
  const data = useDeviceKitchen(info.data);
  const device = useMemo(() => ({ token: display.token, live }), [display.token, live]);
  if (info.isPending)
    return (
      <p role="status" className="ui-loading ui-loading--page kitchen-app__loading">
        Loading the kitchen display...
      </p>
    );
  if (!info.data)
    return (
      <main className="kitchen-app kitchen-app__problem" role="alert">
        <h1>The kitchen display cannot reach the restaurant</h1>
        <p>{errorMessage(info.error)}</p>
        <Button onClick={() => void info.refetch()}>Try Again</Button>
      </main>
    );
  return (
    <ToastProvider>
      <DeviceContext value={device}>
        <KitchenDataContext value={data}>
          <BrowserRouter basename={BASE}>
            <div className="kitchen-app">
              <Routes>
                <Route index element={<Start display={info.data} live={live} />} />
                <Route path="stations/:stationId" element={<Remembered screen={<StationRoute />} />} />
                <Route path="expo" element={<Remembered screen={<ExpoScreen />} />} />
                <Route path="*" element={<Navigate to="/" replace />} />
              </Routes>
            </div>
          </BrowserRouter>
        </KitchenDataContext>
      </DeviceContext>
    </ToastProvider>
  );
}

type DisplayInfo = NonNullable<ReturnType<typeof useDisplay>['data']>;

/** The display's token and whether its live stream is open, for the kitchen screens' hooks below. */
const DeviceContext = createContext<{ token: string; live: boolean }>({ token: '', live: false });
const useDevice = () => useContext(DeviceContext);

function useDeviceBoard(prepStationId: number) {
  const { token, live } = useDevice();
  return useStationBoard(token, live, prepStationId);
}
function useDeviceExpo() {
  const { token, live } = useDevice();
  return useExpoBoard(token, live);
}
function useDeviceBump(prepStationId: number) {
  return useBump(useDevice().token, prepStationId);
}
function useDeviceRecall(prepStationId: number) {
  return useRecall(useDevice().token, prepStationId);
}
function useDeviceReady(orderId: number) {
  return useReady(useDevice().token, orderId);
}
// one stream for the whole display (useLiveStream in DisplayApp), not one per screen
function useNoStream() {}

/** The kitchen screens' data: the display's routes under its token. */
function useDeviceKitchen(info: DisplayInfo | undefined): KitchenData {
  return useMemo(
    () => ({
      timezone: info?.restaurant.timezone,
      stations: info?.stations,
      useBoard: useDeviceBoard,
      useExpo: useDeviceExpo,
      useBump: useDeviceBump,
      useRecall: useDeviceRecall,
      useReady: useDeviceReady,
      useLive: useNoStream,
      paths: PATHS,
    }),
    [info],
  );
}

/** Whether this page load has gone back to the screen shown last yet (only its first start does). */
let restored = false;

/** The start: back to the screen shown last (after a restart or a power cut), else the station list. */
function Start({ display, live }: { display: DisplayInfo; live: boolean }) {
  const last = readLastScreen();
  const back = !restored && last !== null && last !== '/';
  restored = true;
  useEffect(() => {
    if (!back) writeLastScreen('/');
  }, [back]);
  if (back) return <Navigate to={last} replace />;
  return <StationList display={display} live={live} paths={PATHS} />;
}

function Remembered({ screen }: { screen: ReactNode }) {
  const { pathname } = useLocation();
  useEffect(() => writeLastScreen(pathname), [pathname]);
  return screen;
}

function StationRoute() {
  const { stationId } = useParams();
  const id = Number(stationId);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/" replace />;
  return <KitchenBoardScreen key={id} prepStationId={id} />;
}
