import type { OrderLine } from '../ordering/api';
import { kitchenTicketContent } from '../ordering/kitchen-ticket';
import { encodeTicket } from '../printing/ticket-bytes';
import type { KitchenPrinting, Register } from './api';

/**
 * The kitchen tickets of a sale the register kept while offline, made in the browser for the print bridge
 * (docs/behaviour/printing.md#the-print-bridge): one per station that has a raw-TCP printer and gets a line of
 * the sale, with the same content and bytes the server prints. The sale has no number yet: the ticket's title
 * names it by its label ("OFFLINE 3"). Each ticket's key (the sale's Idempotency-Key and the station) is what
 * the bridge prints once by.
 */

export interface OfflineTicketTarget {
  printerId: number;
  name: string;
  host: string;
  bytes: Uint8Array;
}

export interface OfflineTicket {
  key: string;
  prepStationId: number;
  station: string;
  /** The station's ticket printer, then its backup. */
  targets: OfflineTicketTarget[];
}

export interface OfflineTicketSale {
  saleKey: string;
  label: string;
  service: 'dine_in' | 'takeout';
  guestName?: string | undefined;
  soldAt: Date;
  lines: readonly OrderLine[];
}

export function offlineTickets(
  register: Pick<Register, 'timezone' | 'courses'> & { kitchenPrinting: KitchenPrinting },
  sale: OfflineTicketSale,
): OfflineTicket[] {
  const printers = new Map(register.kitchenPrinting.printers.map((p) => [p.printerId, p]));
  const tickets: OfflineTicket[] = [];
  for (const station of register.kitchenPrinting.stations) {
    const own = station.printerIds.flatMap((id) => {
      const printer = printers.get(id);
      return printer ? [printer] : [];
    });
    if (own.length === 0) continue;
    const content = kitchenTicketContent({
      station,
      order: {
        number: 0,
        label: sale.label,
        customerName: sale.guestName ?? '',
        pickupAt: sale.soldAt,
        asap: true,
        notes: null,
        fulfilment: sale.service,
      },
      lines: sale.lines,
      courses: register.courses,
      timeZone: register.timezone,
    });
    if (!content) continue;
    tickets.push({
      key: `${sale.saleKey}:${station.prepStationId}`,
      prepStationId: station.prepStationId,
      station: station.name,
      targets: own.map((printer) => ({
        printerId: printer.printerId,
        name: printer.name,
        host: printer.ipAddress,
        bytes: encodeTicket(content, printer),
      })),
    });
  }
  return tickets;
}
