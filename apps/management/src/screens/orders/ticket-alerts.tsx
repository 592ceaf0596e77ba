import { errorMessage } from '@brigade/api-client/problem-error';
import { PRINTER_KIND } from '@brigade/domain/catalogue/kinds';
import type { Printer } from '@brigade/domain/catalogue/printer';
import { TICKET_NOT_PRINTED } from '@brigade/domain/ordering/kitchen-tickets';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { useId, useState } from 'react';
import { useCatalogueList } from '../../components/catalogue-queries';
import { type PrintedTicket, useFailedTickets, usePrintTicketAgain } from './orders-api';
import './ticket-alerts.css';

/*
 * Kitchen tickets no printer took (docs/jobs.md#kitchen-tickets): a red alert on the orders screen and the
 * kitchen display until each prints — Retry on its station's printers, or Print elsewhere.
 */

type PrinterRow = { printerId: number; name: string } & Partial<Printer>;

function TicketRow({ ticket, printers }: { ticket: PrintedTicket; printers: PrinterRow[] }) {
  const print = usePrintTicketAgain();
  const toast = useToast();
  const [elsewhere, setElsewhere] = useState('');
  const selectId = useId();
  const what = `#${ticket.orderNumber}${ticket.voided ? ' VOID' : ''} at ${ticket.stationName}`;
  const send = (printerId?: number) =>
    print.mutate(
      { ticketId: ticket.ticketId, ...(printerId ? { printerId } : {}) },
      {
        onSuccess: () => toast.success(`Ticket ${what} sent again`),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  return (
    <li className="ord-ticket-alert">
      <p className="ord-ticket-alert__what">
        <strong>{what}</strong> {ticket.error}
      </p>
      <div className="ord-ticket-alert__actions">
        <Button size="sm" loading={print.isPending} loadingText="Sending..." onClick={() => send()}>
          Retry<span className="ui-visually-hidden"> ticket {what}</span>
        </Button>
        <label className="ui-visually-hidden" htmlFor={selectId}>
          Printer for ticket {what}
        </label>
        <select
          id={selectId}
          className="ui-field__input ord-ticket-alert__select"
          value={elsewhere}
          onChange={(event) => setElsewhere(event.target.value)}
        >
          <option value="">Choose a printer</option>
          {printers.map((printer) => (
            <option key={printer.printerId} value={printer.printerId}>
              {printer.name}
            </option>
          ))}
        </select>
        <Button
          size="sm"
          variant="secondary"
          disabled={!elsewhere || print.isPending}
          onClick={() => send(Number(elsewhere))}
        >
          Print elsewhere<span className="ui-visually-hidden"> ticket {what}</span>
        </Button>
      </div>
    </li>
  );
}

/** Nothing while every ticket printed; otherwise each failed one with Retry and Print elsewhere. */
export function TicketAlerts() {
  const failed = useFailedTickets();
  const printers = useCatalogueList<PrinterRow>(PRINTER_KIND, { enabled: (failed.data?.length ?? 0) > 0 });
  const tickets = failed.data ?? [];
  if (tickets.length === 0) return null;
  return (
    <Alert tone="error" title={`${TICKET_NOT_PRINTED}${tickets.length > 1 ? ` (${tickets.length})` : ''}`}>
      <ul className="ord-ticket-alerts">
        {tickets.map((ticket) => (
          <TicketRow key={ticket.ticketId} ticket={ticket} printers={printers.data ?? []} />
        ))}
      </ul>
    </Alert>
  );
}
