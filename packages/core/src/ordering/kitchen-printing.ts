import { connect } from 'node:net';
import type { Executor } from '@brigade/db/database';
import { courses, prepStations, printers } from '@brigade/db/schema/catalogue';
import { sideBySide } from '@brigade/db/side-by-side';
import { isCloudConnection } from '@brigade/domain/catalogue/printer';
import type { OrderLine } from '@brigade/domain/ordering/api';
import { type KitchenTicketContent, kitchenTicketContent } from '@brigade/domain/ordering/kitchen-ticket';
import type { KitchenPrinting } from '@brigade/domain/pos/api';
import { encodeTicket } from '@brigade/domain/printing/ticket-bytes';
import type { MenuTreeCache } from '../catalogue/index';
import {
  type PrinterAddressPolicy,
  printerHostProblem,
  type ResolvedScope,
  resolveCatalogueScope,
  STRICT_PRINTER_ADDRESSES,
  scopeWhere,
} from '../catalogue/index';
import { EPOS_MEDIA_TYPE, eposTicket, STAR_MEDIA_TYPE } from '../printing/index';
import { liveNumber } from './order-number';

export { encodeTicket };

import type { OrderRow } from './ordering-repository';

/**
 * Kitchen tickets on the restaurant's printers (docs/behaviour/ordering.md#kitchen-tickets-on-printers):
 * when an order reaches the kitchen, each prep station it goes to that has a ticket printer with an IP
 * address gets its own ticket, as ESC/POS bytes over raw TCP (port 9100, the printers' standard); a printer
 * on Star CloudPRNT or Epson Server Direct Print collects it from the print queue instead (core/printing). Each ticket
 * is a job (kitchen-tickets.ts): printing never holds up the order, and a printer that is off is retried,
 * then the station's backup printer is tried, then the ticket waits on the screens for Retry.
 */

/** Sends bytes to a printer; resolves once they are written and the connection is closed. */
export type PrinterTransport = (host: string, bytes: Uint8Array) => Promise<void>;

/**
 * Raw TCP to the printer's port. An address no printer may have (one stored before the rule, decision 040)
 * gets nothing: the ticket is reported as not printed.
 */
export function tcpPrinterTransport(options: {
  port: number;
  timeoutMs?: number;
  addresses?: PrinterAddressPolicy;
}): PrinterTransport {
  const timeoutMs = options.timeoutMs ?? 5_000;
  const policy = options.addresses ?? STRICT_PRINTER_ADDRESSES;
  return (host, bytes) =>
    new Promise<void>((resolve, reject) => {
      const refused = printerHostProblem(host, policy);
      if (refused) return reject(new Error(`Not sent to ${host}: ${refused}`));
      const socket = connect({ host, port: options.port });
      socket.setTimeout(timeoutMs, () => socket.destroy(new Error(`The printer at ${host} did not answer`)));
      socket.once('error', reject);
      socket.once('close', (failed) => {
        if (!failed) resolve();
      });
      socket.end(Buffer.from(bytes));
    });
}

/** How the server reaches a printer and what it needs to: the TCP transport, and cloud printers' deadline. */
export interface PrintDeps {
  db: Executor;
  transport: PrinterTransport;
  /** The kitchen's routing read once per restaurant version (ticketContextIn). */
  menuCache?: MenuTreeCache | undefined;
  /** How long a cloud printer has to collect a document, then to confirm it (seconds; 60 by default). */
  collectSeconds?: number | undefined;
}

export type PrinterRow = typeof printers.$inferSelect;
/** A printer that polls the server (Star CloudPRNT, Epson Server Direct Print) instead of taking TCP. */
export const isCloudPrinter = (printer: Pick<PrinterRow, 'connection'>) =>
  isCloudConnection(printer.connection);
/** A printer the server can reach: a cloud printer, or one with an address for raw TCP. */
export const isReachable = (printer: PrinterRow) => isCloudPrinter(printer) || printer.ipAddress !== null;

/** A cloud printer's document in its own format: StarPRNT bytes, or an ePOS-Print `<epos-print>` element. */
export interface PrinterDocument {
  mediaType: string;
  body: Uint8Array;
}

/** A ticket for a cloud printer, in its format. */
export function ticketDocument(ticket: KitchenTicketContent, printer: PrinterRow): PrinterDocument {
  return printer.connection === 'Epson Server Direct Print'
    ? { mediaType: EPOS_MEDIA_TYPE, body: Buffer.from(eposTicket(ticket, printer)) }
    : { mediaType: STAR_MEDIA_TYPE, body: encodeTicket(ticket, printer, 'star-prnt') };
}

/** What an order's tickets are made from: the restaurant's stations, printers and courses, and its time zone. */
export interface TicketContext {
  stations: (typeof prepStations.$inferSelect)[];
  printers: Map<number, typeof printers.$inferSelect>;
  courses: { courseId: number; number: string | null; name: string }[];
  timeZone: string;
}

export async function ticketContextOf(
  db: Executor,
  order: Pick<OrderRow, 'tenantId' | 'restaurantId'>,
  cache?: MenuTreeCache,
): Promise<TicketContext> {
  const scope = { tenantId: order.tenantId, restaurantId: order.restaurantId };
  return ticketContextIn(db, await resolveCatalogueScope(db, { ...scope, actor: 'System' }), cache);
}

const ROUTING_KEY = 'kitchen:routing';

/**
 * The kitchen's routing for a scope already resolved in this transaction: its stations, printers and courses
 * change the restaurant's version when written (the change feed's triggers), so with a cache the routing is
 * read once per version (a register's sales, issue 46).
 */
export async function ticketContextIn(
  db: Executor,
  resolved: ResolvedScope,
  cache?: MenuTreeCache,
): Promise<TicketContext> {
  const cached = cache?.value<TicketContext>(resolved, ROUTING_KEY);
  if (cached) return cached;
  const scope = { tenantId: resolved.tenantId, restaurantId: resolved.restaurantId };
  const [stations, printerRows, courseRows] = await sideBySide(db, [
    () => db.select().from(prepStations).where(scopeWhere(prepStations, scope)),
    () => db.select().from(printers).where(scopeWhere(printers, scope)),
    () =>
      db
        .select({ courseId: courses.courseId, number: courses.number, name: courses.name })
        .from(courses)
        .where(scopeWhere(courses, scope)),
  ]);
  const context = {
    stations,
    printers: new Map(printerRows.map((p) => [p.printerId, p])),
    courses: courseRows,
    timeZone: resolved.timezone,
  };
  cache?.storeValue(resolved, ROUTING_KEY, context);
  return context;
}

/** A station's ticket of an order, or null when none of its lines go to that station. */
export function stationTicket(
  context: TicketContext,
  station: TicketContext['stations'][number],
  order: OrderRow,
  voided?: { reason: string },
): KitchenTicketContent | null {
  return kitchenTicketContent({
    station,
    order: { ...order, number: liveNumber(order), customerName: order.customer.name },
    lines: order.lines as OrderLine[],
    courses: context.courses,
    timeZone: context.timeZone,
    voided,
  });
}

/** The printers a station's tickets may go to, in order (its ticket printer, then its backup), reachable. */
export function stationPrinters(
  context: TicketContext,
  station: TicketContext['stations'][number],
): (typeof printers.$inferSelect)[] {
  const ids = [station.ticketPrinterId, station.backupPrinterId].filter((id): id is number => id !== null);
  return [...new Set(ids)].flatMap((id) => {
    const printer = context.printers.get(id);
    return printer && isReachable(printer) ? [printer] : [];
  });
}

/**
 * What a register prints kitchen tickets with while offline, through the print bridge: each station's raw-TCP
 * printers with an address (its ticket printer, then its backup). Cloud printers are left out: they poll the
 * server, which an offline register cannot reach either.
 */
export async function kitchenPrintingOf(
  db: Executor,
  scope: { tenantId: number; restaurantId: number },
): Promise<KitchenPrinting> {
  const [stations, printerRows] = await sideBySide(db, [
    () => db.select().from(prepStations).where(scopeWhere(prepStations, scope)),
    () => db.select().from(printers).where(scopeWhere(printers, scope)),
  ]);
  const byId = new Map(printerRows.map((p) => [p.printerId, p]));
  const context = { stations, printers: byId, courses: [], timeZone: 'UTC' };
  const used = new Set<number>();
  const withPrinters = stations.flatMap((station) => {
    const own = stationPrinters(context, station).filter((p) => !isCloudPrinter(p) && p.ipAddress !== null);
    for (const printer of own) used.add(printer.printerId);
    return own.length === 0
      ? []
      : [
          {
            prepStationId: station.prepStationId,
            name: station.name,
            printerIds: own.map((p) => p.printerId),
          },
        ];
  });
  return {
    stations: withPrinters.sort((a, b) => a.prepStationId - b.prepStationId),
    printers: [...used]
      .sort((a, b) => a - b)
      .map((id) => {
        const printer = byId.get(id)!;
        return {
          printerId: printer.printerId,
          name: printer.name,
          ipAddress: printer.ipAddress!,
          paperWidth: printer.paperWidth,
          kitchenTicketFontSize: printer.kitchenTicketFontSize,
        };
      }),
  };
}
