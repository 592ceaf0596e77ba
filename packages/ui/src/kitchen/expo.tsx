import { errorMessage } from '@brigade/api-client/problem-error';
import { ticketAge } from '@brigade/domain/ordering/kitchen';
import { errorMessageOf } from '../app-kit/server-errors';
import { useToast } from '../app-kit/toast';
import { Button } from '../components/button';
import { timeOf } from '../lib/restaurant-time';
import { elapsed, TicketLines, useNow } from './board';
import { KdsFrame } from './frame';
import { type ExpoTicket, useKitchenData } from './kitchen-data';

/**
 * The expo view (issue 45 item 6): the pass sees every order on the line at once — all its lines, each of its
 * stations done or still cooking — and marks it ready when the plates are together. Dark and full-screen
 * friendly like a station's display, live the same way.
 */
export function ExpoScreen() {
  const data = useKitchenData();
  data.useLive();
  const board = data.useExpo();
  const now = useNow();
  return (
    <KdsFrame title="Expo: all stations" now={now} station="expo">
      {board.isPending ? (
        <p className="kds__message" role="status">
          Loading the orders on the line...
        </p>
      ) : board.isError ? (
        <div className="kds__message" role="alert">
          <p>Could not load the orders: {errorMessage(board.error)}</p>
          <Button onClick={() => void board.refetch()}>Try Again</Button>
        </div>
      ) : board.data.tickets.length === 0 ? (
        <p className="kds__message" role="status">
          Nothing on the line. Accepted orders appear here until they are ready.
        </p>
      ) : (
        <ol className="kds__tickets" aria-label="Orders on the line, oldest first">
          {board.data.tickets.map((ticket) => (
            <ExpoCard key={ticket.orderId} ticket={ticket} now={now} />
          ))}
        </ol>
      )}
    </KdsFrame>
  );
}

function ExpoCard({ ticket, now }: { ticket: ExpoTicket; now: Date }) {
  const { timezone, useReady } = useKitchenData();
  const move = useReady(ticket.orderId);
  const toast = useToast();
  const fired = new Date(ticket.firedAt);
  const waiting = ticket.stations.filter((station) => !station.done).length;
  const markReady = async () => {
    try {
      await move.mutateAsync();
      toast.success(`Order #${ticket.number} is ready for pickup`);
    } catch (error) {
      toast.error(errorMessageOf(error, 'Could not mark the order ready'));
    }
  };
  return (
    <li className={`kds-ticket kds-ticket--${ticketAge(fired, now)}`} data-testid="expo-ticket">
      <div className="kds-ticket__head">
        <h2 className="kds-ticket__number">#{ticket.number}</h2>
        <span className="kds-ticket__timer" title="Time since the kitchen got the order">
          {elapsed(fired, now)}
        </span>
      </div>
      <p className="kds-ticket__meta">
        {ticket.customerName || 'Guest'} ·{' '}
        {ticket.service === 'pickup'
          ? `${ticket.asap ? 'ASAP' : 'Pickup'} ${timeOf(ticket.readyAt ?? ticket.pickupAt, timezone)}`
          : ticket.service === 'takeout'
            ? 'Takeout'
            : 'Dine in'}
      </p>
      <ul className="kds-expo__stations" aria-label={`Stations of order #${ticket.number}`}>
        {ticket.stations.map((station) => (
          <li key={station.prepStationId} className={station.done ? 'kds-expo__done' : 'kds-expo__cooking'}>
            {station.name}: {station.done ? 'done' : 'cooking'}
          </li>
        ))}
      </ul>
      <TicketLines courses={ticket.courses} />
      {ticket.notes && <p className="kds-ticket__note">Order note: {ticket.notes}</p>}
      <Button
        block
        size="lg"
        variant={waiting === 0 ? 'primary' : 'secondary'}
        onClick={() => void markReady()}
        loading={move.isPending}
        loadingText="Marking ready..."
      >
        {waiting === 0 ? `Ready #${ticket.number}` : `Ready #${ticket.number} (${waiting} cooking)`}
      </Button>
    </li>
  );
}
