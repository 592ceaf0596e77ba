import { errorMessage, isProblemError } from '@brigade/api-client/problem-error';
import { ticketAge } from '@brigade/domain/ordering/kitchen';
import { useEffect, useState } from 'react';
import { Button } from '../components/button';
import { timeOf } from '../lib/restaurant-time';
import { BUMP_KEYS, KdsFrame, useBumpBar, useTicketActions } from './frame';
import { type KitchenBoard, type KitchenTicket, useKitchenData } from './kitchen-data';

/** The time now, once a second (the tickets' timers). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** "4:07" minutes and seconds since `from`. */
export function elapsed(from: Date, now: Date): string {
  const seconds = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

type Actions = ReturnType<typeof useTicketActions>;

/**
 * One station's kitchen display: dark, large type, full-screen friendly. Tickets of the orders on the line,
 * oldest first, each with its timer (amber after 10 minutes, red after 20), lines by course, and Bump; the
 * header recalls the station's last bump. Live like the orders list (pushed, polled while the push is down).
 */
export function KitchenBoardScreen({ prepStationId }: { prepStationId: number }) {
  const data = useKitchenData();
  data.useLive();
  const board = data.useBoard(prepStationId);
  const now = useNow();
  const actions = useTicketActions(prepStationId);
  useBumpBar(board.data?.tickets, actions);
  return (
    <KdsFrame
      title={board.data?.station.name ?? 'Kitchen display'}
      now={now}
      station={prepStationId}
      tools={board.data && <RecallButton actions={actions} last={board.data.lastBumped} />}
    >
      <p className="kds__keys">Bump bar: {BUMP_KEYS}.</p>
      <BoardBody board={board} actions={actions} now={now} />
    </KdsFrame>
  );
}

function BoardBody({
  board,
  actions,
  now,
}: {
  board: ReturnType<ReturnType<typeof useKitchenData>['useBoard']>;
  actions: Actions;
  now: Date;
}) {
  if (board.isPending)
    return (
      <p className="kds__message" role="status">
        Loading the tickets...
      </p>
    );
  if (board.isError)
    return (
      <div className="kds__message" role="alert">
        <p>
          {isProblemError(board.error) && board.error.status === 404
            ? 'This prep station does not exist (any more).'
            : `Could not load the tickets: ${errorMessage(board.error)}`}
        </p>
        <Button onClick={() => void board.refetch()}>Try Again</Button>
      </div>
    );
  if (board.data.tickets.length === 0)
    return (
      <p className="kds__message" role="status">
        No tickets. New orders appear here once they are accepted.
      </p>
    );
  return (
    <ol className="kds__tickets" aria-label="Tickets, oldest first">
      {board.data.tickets.map((ticket, index) => (
        <Ticket key={ticket.orderId} ticket={ticket} place={index + 1} actions={actions} now={now} />
      ))}
    </ol>
  );
}

function Ticket({
  ticket,
  place,
  actions,
  now,
}: {
  ticket: KitchenTicket;
  /** Its place on the screen, oldest first: the bump bar's key for it (1–9). */
  place: number;
  actions: Actions;
  now: Date;
}) {
  const { timezone } = useKitchenData();
  const fired = new Date(ticket.firedAt);
  const age = ticketAge(fired, now);
  return (
    <li className={`kds-ticket kds-ticket--${age}`} data-testid="kds-ticket">
      <div className="kds-ticket__head">
        {place <= 9 && (
          <kbd className="kds-ticket__key" title={`Bump bar key ${place}`}>
            {place}
          </kbd>
        )}
        <h2 className="kds-ticket__number">#{ticket.number}</h2>
        {ticket.tableTent !== null && (
          <span className="kds-ticket__tent" data-testid="kds-tent">
            Tent {ticket.tableTent}
          </span>
        )}
        <span className="kds-ticket__timer" title="Time since the kitchen got the ticket">
          {elapsed(fired, now)}
        </span>
      </div>
      <p className="kds-ticket__meta">
        {ticket.service === 'pickup'
          ? `${ticket.customerName} · ${ticket.asap ? 'ASAP' : 'Pickup'} ${timeOf(ticket.readyAt ?? ticket.pickupAt, timezone)}`
          : `${ticket.customerName || (ticket.tableTent === null ? 'Register' : 'Kiosk')} · ${ticket.service === 'takeout' ? 'Takeout' : 'Dine in'}`}
        {ticket.stationsTotal > 1 && ` · ${ticket.stationsDone}/${ticket.stationsTotal} stations done`}
      </p>
      <TicketLines courses={ticket.courses} />
      {ticket.notes && <p className="kds-ticket__note">Order note: {ticket.notes}</p>}
      <Button
        block
        size="lg"
        onClick={() => void actions.bump(ticket)}
        loading={actions.bumping}
        loadingText="Bumping..."
      >
        Bump #{ticket.number}
      </Button>
    </li>
  );
}

function RecallButton({ actions, last }: { actions: Actions; last: KitchenBoard['lastBumped'] }) {
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={!last}
      loading={actions.recalling}
      loadingText="Recalling..."
      onClick={() => void actions.recall()}
    >
      {last ? `Recall #${last.number}` : 'Recall'}
    </Button>
  );
}

/** A ticket's lines by course: quantity, name, size, seat, choices and notes, as the kitchen reads them. */
export function TicketLines({ courses }: { courses: KitchenTicket['courses'] }) {
  return (
    <>
      {courses.map((course) => (
        <section key={course.courseId ?? 'none'} className="kds-ticket__course">
          {course.name && <h3 className="kds-ticket__course-name">{course.name}</h3>}
          <ul className="kds-ticket__lines">
            {course.lines.map((line, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a ticket's lines never change order
              <li key={index}>
                <span className="kds-ticket__qty">{line.quantity}×</span> {line.name}
                {line.sizeName && ` (${line.sizeName})`}
                {line.seat !== undefined && <span className="kds-ticket__seat">Seat {line.seat}</span>}
                {line.modifiers.length > 0 && (
                  <span className="kds-ticket__mods">
                    {line.modifiers
                      .map((m) => (m.quantity > 1 ? `${m.quantity}× ${m.name}` : m.name))
                      .join(', ')}
                  </span>
                )}
                {line.notes && <span className="kds-ticket__note">Note: {line.notes}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
