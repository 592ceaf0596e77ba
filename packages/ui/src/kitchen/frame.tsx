import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessageOf } from '../app-kit/server-errors';
import { useToast } from '../app-kit/toast';
import { Button } from '../components/button';
import { type KitchenTicket, useKitchenData } from './kitchen-data';

/** Bump and recall with the cook's feedback, the same from a button, a touch or a bump bar's key. */
export function useTicketActions(prepStationId: number) {
  const data = useKitchenData();
  const bump = data.useBump(prepStationId);
  const recall = data.useRecall(prepStationId);
  const toast = useToast();
  return {
    bump: async (ticket: Pick<KitchenTicket, 'orderId' | 'number'>) => {
      try {
        const result = await bump.mutateAsync(ticket.orderId);
        if (result.status === 'ready') toast.success(`Order #${ticket.number} is ready for pickup`);
      } catch (error) {
        toast.error(errorMessageOf(error, 'Could not bump the ticket'));
      }
    },
    recall: async () => {
      try {
        const result = await recall.mutateAsync();
        toast.success(`Order #${result.number} is back on the screen`);
      } catch (error) {
        toast.error(errorMessageOf(error, 'Could not recall the ticket'));
      }
    },
    bumping: bump.isPending,
    recalling: recall.isPending,
  };
}

/** The keys a bump bar (a keyboard by another name) sends: 1–9 bump the ticket in that place, R recalls. */
export const BUMP_KEYS = '1–9 bump the ticket in that place (the small key on it), R recalls the last bump';

/**
 * Bump-bar keys (issue 45 item 6): a digit bumps the ticket in that place on the screen (oldest first), R (or
 * 0) recalls the station's last bump. Keys typed into a field, or with a modifier held, are left alone.
 */
export function useBumpBar(
  tickets: readonly KitchenTicket[] | undefined,
  actions: ReturnType<typeof useTicketActions>,
) {
  // the latest tickets and actions, read when a key comes: one listener for the screen's life
  const latest = useRef({ tickets, actions });
  latest.current = { tickets, actions };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const { tickets: shown, actions: act } = latest.current;
      if (/^[1-9]$/.test(event.key)) {
        const ticket = shown?.[Number(event.key) - 1];
        if (!ticket) return;
        event.preventDefault();
        void act.bump(ticket);
      } else if (event.key === 'r' || event.key === 'R' || event.key === '0') {
        event.preventDefault();
        void act.recall();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/**
 * Full screen where the browser grants it; where it does not (a kiosk browser, an iframe, a policy), the
 * screen says how to do it instead of failing silently.
 */
export function useFullScreen(frame: RefObject<HTMLElement | null>) {
  const toast = useToast();
  const refused = () =>
    toast.error('This browser did not allow full screen here: use its own full-screen key (F11)');
  return () => {
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    const asked = frame.current?.requestFullscreen?.();
    if (!asked) refused();
    else asked.catch(refused);
  };
}

/** Another station's display, or the expo, without going back to the list. */
export function StationSwitcher({ prepStationId }: { prepStationId: number | 'expo' }) {
  const { stations, paths } = useKitchenData();
  const navigate = useNavigate();
  if (!stations || stations.length === 0) return null;
  return (
    <label className="kds__switch">
      <span className="kds__switch-label">Station</span>
      <select
        className="kds__switch-select"
        value={prepStationId}
        onChange={(event) =>
          navigate(event.target.value === 'expo' ? paths.expo : paths.station(Number(event.target.value)))
        }
      >
        <option value="expo">Expo: all stations</option>
        {stations.map((station) => (
          <option key={station.prepStationId} value={station.prepStationId}>
            {station.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A kitchen screen's frame (a station's board, the expo): dark, full-screen friendly, with the way back, the
 * title, the clock, the station select, `tools` and Full screen, and the alerts above `children`.
 */
export function KdsFrame({
  title,
  now,
  station,
  tools,
  children,
}: {
  title: string;
  now: Date;
  station: number | 'expo';
  tools?: ReactNode;
  children: ReactNode;
}) {
  const { paths, alerts, timezone } = useKitchenData();
  const frame = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen(frame);
  return (
    <div className="kds" ref={frame}>
      <header className="kds__bar">
        <Link className="kds__back" to={paths.stations}>
          ← Stations
        </Link>
        <h1 className="kds__title">{title}</h1>
        <p className="kds__clock" aria-hidden="true">
          {clockOf(now, timezone)}
        </p>
        <div className="kds__tools">
          <StationSwitcher prepStationId={station} />
          {tools}
          <Button size="sm" variant="secondary" onClick={fullScreen}>
            Full screen
          </Button>
        </div>
      </header>
      {alerts && <div className="kds__alerts">{alerts}</div>}
      {children}
    </div>
  );
}

/** The time of day on the restaurant's clock (the browser's own when the zone is unknown to it). */
function clockOf(now: Date, timeZone: string | undefined): string {
  try {
    return now.toLocaleTimeString(undefined, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) });
  } catch {
    return now.toLocaleTimeString(undefined, { timeStyle: 'short' });
  }
}
