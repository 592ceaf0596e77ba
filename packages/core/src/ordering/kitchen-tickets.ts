import type { Executor } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import { prepStations, printers } from '@brigade/db/schema/catalogue';
import { kitchenTickets, orders } from '@brigade/db/schema/ordering';
import type { Actor } from '@brigade/domain/access';
import { notFound } from '@brigade/domain/errors';
import { inKitchen } from '@brigade/domain/ordering/kitchen';
import type { KitchenTicketContent } from '@brigade/domain/ordering/kitchen-ticket';
import type { KitchenTicket } from '@brigade/domain/ordering/kitchen-tickets';
import { and, desc, eq, sql } from 'drizzle-orm';
import { resolveCatalogueScope } from '../catalogue/index';
import type { JobContext } from '../jobs/index';
import { enqueue } from '../jobs/index';
import { DEFAULT_COLLECT_SECONDS, type PrintAfterwards, queueForCloudPrinter } from '../printing/index';
import {
  encodeTicket,
  isCloudPrinter,
  type PrintDeps,
  type PrinterRow,
  stationPrinters,
  stationTicket,
  type TicketContext,
  ticketContextOf,
  ticketDocument,
} from './kitchen-printing';
import { liveNumber } from './order-number';
import type { OrderRow } from './ordering-repository';

/*
 * Kitchen tickets that are never lost (docs/jobs.md): the move that sends an order to the kitchen writes one
 * ticket row per printing station and its `kitchen.ticket` job in the same transaction. The job sends the
 * ticket to the station's printer, retried with backoff; after the last try to the station's backup printer;
 * then the ticket is `failed` and the screens show it until Retry or Print elsewhere queues it again.
 */

interface Scoped {
  tenantId: number;
  restaurantId: number;
}

/**
 * Queues the tickets of an order that has just reached the kitchen, in the move's transaction; for an open
 * check's send, the tickets of that round only (docs/behaviour/pos.md#open-checks).
 */
export async function queueKitchenTickets(
  tx: Executor,
  whole: OrderRow,
  round?: number,
  bridged?: BridgePrinted,
  known?: TicketContext,
): Promise<number> {
  const order = ofRound(whole, round ?? null);
  // the restaurant's stations, printers and courses: read here, or once for many orders by the caller
  const context = known ?? (await ticketContextOf(tx, order));
  const stations = context.stations.filter(
    (station) => stationPrinters(context, station).length > 0 && stationTicket(context, station, order),
  );
  if (stations.length === 0) return 0;
  const rows = await tx
    .insert(kitchenTickets)
    .values(
      stations.map((station) => ({
        tenantId: order.tenantId,
        restaurantId: order.restaurantId,
        orderId: order.orderId,
        prepStationId: station.prepStationId,
        round: round ?? null,
        ...(bridged?.stations.has(station.prepStationId)
          ? { status: 'printed' as const, printedAt: bridged.at }
          : {}),
      })),
    )
    .returning({ ticketId: kitchenTickets.ticketId, status: kitchenTickets.status });
  for (const row of rows)
    if (row.status === 'queued') await enqueue(tx, QUEUES.ticket.name, { ticketId: row.ticketId });
  return rows.length;
}

/**
 * The stations whose ticket an offline register printed through the print bridge when it made the sale
 * (docs/behaviour/printing.md#the-print-bridge): written as printed then, and not printed again.
 */
export interface BridgePrinted {
  stations: ReadonlySet<number>;
  at: Date;
}

/**
 * A void ticket for each station a voided sent line went to (docs/behaviour/pos.md#voids-of-sent-lines): the
 * line as it was sent, printed as VOID with the reason, through the same durable ticket path (retries, the
 * backup printer, the alerts) as the order's tickets. Written in the void's transaction.
 */
export async function queueVoidTickets(
  tx: Executor,
  order: OrderRow,
  line: Record<string, unknown>,
  reason: string,
): Promise<number> {
  const voided = { ...order, lines: [line] };
  const context = await ticketContextOf(tx, voided);
  const stations = context.stations.filter(
    (station) =>
      stationPrinters(context, station).length > 0 && stationTicket(context, station, voided, { reason }),
  );
  if (stations.length === 0) return 0;
  const rows = await tx
    .insert(kitchenTickets)
    .values(
      stations.map((station) => ({
        tenantId: order.tenantId,
        restaurantId: order.restaurantId,
        orderId: order.orderId,
        prepStationId: station.prepStationId,
        voidedLine: { line, reason },
      })),
    )
    .returning({ ticketId: kitchenTickets.ticketId });
  for (const row of rows) await enqueue(tx, QUEUES.ticket.name, { ticketId: row.ticketId });
  return rows.length;
}

/**
 * What a ticket prints of its order: the lines sent to the kitchen (an open check's unsent lines never
 * print), and of an open check's round only that round's lines.
 */
function ofRound(order: OrderRow, round: number | null): OrderRow {
  const lines = (order.lines as { pending?: boolean; round?: number; share?: { part: number } }[]).filter(
    (line) => inKitchen(line) && (round === null || line.round === round),
  );
  return { ...order, lines };
}

export type TicketPrintDeps = PrintDeps;

/** A `kitchen.ticket` job's data: the ticket, and for a try queued after a cloud printer's failure, which. */
export interface TicketJobData {
  ticketId: number;
  /** Tries already made before this job (a cloud printer's failure queues the next try as a new job). */
  cloudTry?: number | undefined;
  /** The station's backup printer only: the last try's own printer was a cloud printer that failed. */
  stage?: 'backup' | undefined;
}

/**
 * The `kitchen.ticket` job: prints one ticket. Throws while tries are left (the queue retries); on the last
 * try a ticket its printer did not take goes to the station's backup printer, and failing that it is
 * `failed` (and so is the job). A cloud printer's ticket is left in the print queue instead, with what to do
 * should the printer fail (the same next step, decided now): the job ends, and the printer's confirmation
 * marks the ticket printed.
 */
export async function printQueuedTicket(
  deps: TicketPrintDeps,
  ticketId: number,
  job: JobContext,
  data: Omit<TicketJobData, 'ticketId'> = {},
) {
  const [ticket] = await deps.db.select().from(kitchenTickets).where(eq(kitchenTickets.ticketId, ticketId));
  if (ticket?.status !== 'queued') return ticket?.status ?? 'gone';
  const [row] = await deps.db.select().from(orders).where(eq(orders.orderId, ticket.orderId));
  const voided = ticket.voidedLine;
  const order = voided
    ? { ...(row as OrderRow), lines: [voided.line] }
    : ofRound(row as OrderRow, ticket.round);
  const context = await ticketContextOf(deps.db, order, deps.menuCache);
  const station = context.stations.find((s) => s.prepStationId === ticket.prepStationId);
  const content = station
    ? stationTicket(context, station, order, voided ? { reason: voided.reason } : undefined)
    : null;
  const chosen = ticket.printerId === null ? undefined : context.printers.get(ticket.printerId);
  const [own, backup] = chosen ? [chosen] : station ? stationPrinters(context, station) : [];
  const tryNumber = (data.cloudTry ?? 0) + job.retryCount;
  const lastTry = tryNumber >= job.retryLimit;
  const targets =
    data.stage === 'backup'
      ? backup
        ? [backup]
        : []
      : lastTry && backup
        ? [own!, backup]
        : own
          ? [own]
          : [];
  let error = content
    ? 'The station has no printer with an address'
    : 'Nothing of this order goes to the station';
  let attempts = ticket.attempts;
  for (const [index, printer] of (content ? targets : []).entries()) {
    attempts += 1;
    if (isCloudPrinter(printer)) {
      const next = index === 0 && targets.length > 1 ? 'backup' : lastTry ? 'give up' : 'try again';
      await leaveForCloudPrinter(deps, { ticketId, attempts, tryNumber, next }, printer, content!, job);
      return 'left for the printer';
    }
    try {
      await deps.transport(printer.ipAddress!, encodeTicket(content!, printer));
      await updateTicket(deps.db, ticketId, {
        status: 'printed',
        printedOn: printer.printerId,
        printedAt: new Date(),
        attempts,
        error: null,
      });
      return 'printed';
    } catch (failure) {
      error = `${printer.name}: ${(failure as Error).message}`;
    }
  }
  await updateTicket(deps.db, ticketId, { status: lastTry ? 'failed' : 'queued', attempts, error });
  throw new Error(error);
}

/** Queues a ticket for a cloud printer, with what its failure leads to: another try, the backup, or `failed`. */
async function leaveForCloudPrinter(
  deps: TicketPrintDeps,
  step: { ticketId: number; attempts: number; tryNumber: number; next: 'backup' | 'give up' | 'try again' },
  printer: PrinterRow,
  content: KitchenTicketContent,
  job: JobContext,
) {
  const { ticketId, attempts, tryNumber } = step;
  const queue = QUEUES.ticket.name;
  // before the document exists: a printer quick to confirm it finds the ticket already saying where it went
  await updateTicket(deps.db, ticketId, { attempts, error: `Waiting for ${printer.name} to collect it` });
  const afterwards: PrintAfterwards = {
    printed: { ticketId, printerId: printer.printerId, attempts },
    ...(step.next === 'backup'
      ? { retry: { queue, data: { ticketId, cloudTry: tryNumber, stage: 'backup' }, tryNumber: 0 } }
      : step.next === 'try again'
        ? { retry: { queue, data: { ticketId, cloudTry: tryNumber + 1 }, tryNumber: tryNumber + 1 } }
        : { ticketFailed: { ticketId, attempts } }),
  };
  await queueForCloudPrinter(
    (work) => deps.db.transaction(work),
    {
      tenantId: printer.tenantId,
      restaurantId: printer.restaurantId,
      printerId: printer.printerId,
      kind: 'kitchen.ticket',
      source: `${queue}:${job.id}`,
      ...ticketDocument(content, printer),
      afterwards,
    },
    deps.collectSeconds ?? DEFAULT_COLLECT_SECONDS,
  );
}

const updateTicket = (ex: Executor, ticketId: number, values: Partial<typeof kitchenTickets.$inferInsert>) =>
  ex
    .update(kitchenTickets)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(kitchenTickets.ticketId, ticketId));

/** The restaurant's tickets (newest first), those in one state (the screens ask for `failed`), or one order's. */
export async function listKitchenTickets(
  deps: { db: Executor },
  actor: Actor,
  input: Scoped & { status?: 'queued' | 'printed' | 'failed' | undefined; orderId?: number | undefined },
): Promise<KitchenTicket[]> {
  await scopeOf(deps.db, actor, input);
  const filter = and(
    input.status ? eq(kitchenTickets.status, input.status) : undefined,
    input.orderId ? eq(kitchenTickets.orderId, input.orderId) : undefined,
  );
  return ticketViews(deps.db, input, filter);
}

/** Retry, Reprint or Print elsewhere: the ticket is queued again (on `printerId` when given). */
export async function printTicketAgain(
  deps: { db: Executor; transact: <T>(work: (tx: Executor) => Promise<T>) => Promise<T> },
  actor: Actor,
  input: Scoped & { ticketId: number; printerId?: number | null | undefined },
): Promise<KitchenTicket> {
  await scopeOf(deps.db, actor, input);
  return deps.transact(async (tx) => {
    const where = and(ticketOf(input), eq(kitchenTickets.ticketId, input.ticketId));
    const [ticket] = await tx.select().from(kitchenTickets).where(where).for('update');
    if (!ticket) throw notFound('Kitchen ticket');
    if (input.printerId) {
      const [printer] = await tx
        .select({ id: printers.printerId })
        .from(printers)
        .where(
          and(
            eq(printers.tenantId, input.tenantId),
            eq(printers.restaurantId, input.restaurantId),
            eq(printers.printerId, input.printerId),
          ),
        );
      if (!printer) throw notFound('Printer');
    }
    await updateTicket(tx, ticket.ticketId, {
      status: 'queued',
      printerId: input.printerId ?? null,
      error: null,
    });
    await enqueue(tx, QUEUES.ticket.name, { ticketId: ticket.ticketId });
    const [view] = await ticketViews(tx, input, eq(kitchenTickets.ticketId, ticket.ticketId));
    return view!;
  });
}

const ticketOf = (scope: Scoped) =>
  and(eq(kitchenTickets.tenantId, scope.tenantId), eq(kitchenTickets.restaurantId, scope.restaurantId));

async function ticketViews(ex: Executor, scope: Scoped, filter: ReturnType<typeof eq> | undefined) {
  const rows = await ex
    .select({
      ticket: kitchenTickets,
      orderNumber: orders.number,
      stationName: sql<string>`coalesce(${prepStations.name}, 'Station ' || ${kitchenTickets.prepStationId})`,
    })
    .from(kitchenTickets)
    .innerJoin(orders, eq(orders.orderId, kitchenTickets.orderId))
    .leftJoin(
      prepStations,
      and(
        eq(prepStations.tenantId, kitchenTickets.tenantId),
        eq(prepStations.restaurantId, kitchenTickets.restaurantId),
        eq(prepStations.prepStationId, kitchenTickets.prepStationId),
      ),
    )
    .where(and(ticketOf(scope), filter))
    .orderBy(desc(kitchenTickets.ticketId))
    .limit(200);
  return rows.map(({ ticket, orderNumber, stationName }) => ({
    ticketId: ticket.ticketId,
    orderId: ticket.orderId,
    orderNumber: liveNumber({ orderId: ticket.orderId, number: orderNumber }),
    prepStationId: ticket.prepStationId,
    stationName,
    voided: ticket.voidedLine !== null,
    status: ticket.status,
    printerId: ticket.printerId,
    printedOn: ticket.printedOn,
    attempts: ticket.attempts,
    error: ticket.error,
    printedAt: ticket.printedAt,
    updatedAt: ticket.updatedAt,
  }));
}

async function scopeOf(db: Executor, actor: Actor, input: Scoped): Promise<void> {
  await resolveCatalogueScope(db, {
    tenantId: input.tenantId,
    restaurantId: input.restaurantId,
    actor: actor.kind === 'user' ? actor.userId : 'System',
  });
}
