import { errorMessage } from '@brigade/api-client/problem-error';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { formatDateTime } from '../../payments-kit/format';
import { type PrintedTicket, useOrderTickets, usePrintTicketAgain } from './orders-api';
import './ticket-alerts.css';

/*
 * The order's kitchen tickets (docs/jobs.md#kitchen-tickets), one per prep station that prints: where each
 * stands, and Reprint — a ticket lost in the kitchen, a printer out of paper — or Retry for one no printer took.
 */

const STATE: Record<PrintedTicket['status'], string> = {
  queued: 'Waiting for the printer',
  printed: 'Printed',
  failed: 'Not printed',
};

function TicketLine({ ticket }: { ticket: PrintedTicket }) {
  const print = usePrintTicketAgain();
  const toast = useToast();
  const failed = ticket.status === 'failed';
  const action = failed ? 'Retry' : 'Reprint';
  return (
    <li className="ord-ticket-alert">
      <p className="ord-ticket-alert__what">
        <strong>
          {ticket.stationName}
          {ticket.voided && ' · VOID'}
        </strong>
        <span className="pay-muted">
          {' '}
          · {STATE[ticket.status]}
          {ticket.status === 'printed' && ticket.printedAt && ` ${formatDateTime(String(ticket.printedAt))}`}
          {failed && ticket.error && `: ${ticket.error}`}
        </span>
      </p>
      <Button
        size="sm"
        variant={failed ? 'primary' : 'secondary'}
        disabled={ticket.status === 'queued'}
        loading={print.isPending}
        loadingText="Sending..."
        onClick={() =>
          print.mutate(
            { ticketId: ticket.ticketId },
            {
              onSuccess: () => toast.success(`Ticket for ${ticket.stationName} sent to its printer`),
              onError: (error) => toast.error(errorMessage(error)),
            },
          )
        }
      >
        {action}
        <span className="ui-visually-hidden"> the {ticket.stationName} ticket</span>
      </Button>
    </li>
  );
}

/** Nothing until the order has tickets (it is accepted, and a station prints). */
export function OrderTickets({ orderId }: { orderId: number }) {
  const tickets = useOrderTickets(orderId);
  const list = tickets.data ?? [];
  if (list.length === 0) return null;
  return (
    <section className="ui-card" aria-labelledby="ord-tickets-title">
      <h2 id="ord-tickets-title" className="pay-section-title">
        Kitchen tickets
      </h2>
      <ul className="ord-ticket-alerts">
        {list.map((ticket) => (
          <TicketLine key={ticket.ticketId} ticket={ticket} />
        ))}
      </ul>
    </section>
  );
}
