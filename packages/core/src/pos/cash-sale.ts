import { QUEUES } from '@brigade/db/job-queue';
import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { validationError } from '@brigade/domain/errors';
import type { PricedLine } from '@brigade/domain/ordering/line-pricing';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@brigade/domain/payments/api';
import {
  CASH_SHORT,
  type PlacePosOrderInput,
  type PosOrder,
  placePosOrderSchema,
  SERVICE_LABELS,
} from '@brigade/domain/pos/api';
import { enqueue } from '../jobs/index';
import { recordNewCashSales } from '../ledger/index';
import {
  findOrderByKey,
  insertOrderEvents,
  insertOrders,
  type NewOrderRow,
  nextOrderNumbers,
  queueKitchenTickets,
  type TicketContext,
  ticketContextIn,
} from '../ordering/index';
import { requestHash } from '../request-hash';
import { userIdOf } from '../use-case';
import type { DeviceRow, RestaurantScope } from './device-repository';
import { openSessionOf } from './drawer-repository';
import { checkCharged, offlineCash, priceOfflineSale, soldMomentOf } from './offline-sale';
import { type PosDeps, type RegisterPlace, registerDevice, type SoldMoment, servedPlace } from './register';
import { kickDrawer, posOrderRow, priceSale, registerPrinter, replay, saleOf } from './sale';
import { insertTenders } from './sale-repository';

/**
 * Writing register cash sales (docs/behaviour/pos.md#ringing-up-a-sale): one sale, or a batch of offline
 * sales (decision 073), with one statement per table for all of them — their order numbers (one per business
 * day, on the side connection), the orders, their tenders, their history lines and their ledger lines written
 * from those rows — then each sale's kitchen tickets, and a sale made now its drawer kick and receipt. Pricing
 * comes first and writes nothing, so a sale refused as it stands never reaches these writes.
 */

type SaleRequest = ReturnType<typeof placePosOrderSchema.parse>;

export interface PlacePosOrderCall extends RestaurantScope {
  token: unknown;
  idempotencyKey: unknown;
  body: PlacePosOrderInput;
}

/**
 * A register sale paid in cash (docs/behaviour/pos.md#ringing-up-a-sale): priced on the server from the
 * register's menu and written in one transaction — the order (channel `pos`, accepted: it goes to the kitchen
 * at once), its tender, its kitchen tickets and the cash drawer's kick as jobs, and its sales-ledger lines.
 * One Idempotency-Key makes one sale however often it is sent.
 */
export async function placePosOrder(deps: PosDeps, actor: Actor, call: PlacePosOrderCall): Promise<PosOrder> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const key = saleKey(call.idempotencyKey);
  const request = placePosOrderSchema.parse(call.body);
  const prepared = prepareCash(key, request, deps.now?.() ?? new Date());
  // a key already recorded answers its sale as soon as the device is known: nothing is priced again (a
  // register resending its queue after a crash, a second tab)
  const found = await registerDevice(deps, actor, scope, call.token);
  const earlier = await findOrderByKey(deps.db, scope, key);
  if (earlier) return replay(deps, found.device.name, earlier, prepared.hash);
  const priced = priceCash(await servedPlace(deps, actor, found, prepared.sold), prepared);
  const [written] = await writeCashSales(deps, actor, found.device, [priced]);
  // Someone else's request with this key got there first (the same sale sent twice): theirs is the sale.
  return (
    written ?? replay(deps, found.device.name, (await findOrderByKey(deps.db, scope, key))!, prepared.hash)
  );
}

/** A sale's Idempotency-Key, or 400 with the payments' message. */
export function saleKey(value: unknown): string {
  const key = idempotencyKeySchema.safeParse(value);
  if (!key.success)
    throw validationError(IDEMPOTENCY_KEY_MESSAGE, [
      { path: 'idempotency-key', message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  return key.data;
}

/** A sale checked before anything is read: its moment and the hash its key is kept with. */
export interface PreparedCash {
  key: string;
  request: SaleRequest;
  now: Date;
  sold: SoldMoment | undefined;
  hash: string;
}

export function prepareCash(key: string, request: SaleRequest, now: Date): PreparedCash {
  checkCharged(request);
  // a sale sent again offline after its first answer was lost is the same sale: the hash leaves `offline` out
  const { offline: _offline, ...rest } = request;
  return {
    key,
    request,
    now,
    sold: soldMomentOf(request.offline, now),
    hash: requestHash('placePosOrder', rest),
  };
}

/** A sale priced and ready to write. */
export interface PricedCash extends PreparedCash {
  place: RegisterPlace;
  lines: PricedLine[];
  totals: OrderTotals;
  cash: { tendered: number; change: number };
  offline: { soldAt: string; syncedAt: string; conflicts: string[] } | null;
}

/**
 * A cash sale's lines, totals and cash: priced from the menu, or — sold offline — at what the register
 * charged, with what a manager should look at (decision 063). Cash short of the total is 400 for a sale made
 * now; a sale made offline already took its cash.
 */
export function priceCash(place: RegisterPlace, prepared: PreparedCash): PricedCash {
  const { request, now } = prepared;
  const menu = priceSale(place, request);
  if (!request.offline) {
    const change = request.tender.tendered - menu.totals.total;
    if (change < 0) throw validationError(CASH_SHORT, [{ path: 'tender.tendered', message: CASH_SHORT }]);
    return {
      ...prepared,
      place,
      ...menu,
      cash: { tendered: request.tender.tendered, change },
      offline: null,
    };
  }
  const { lines, totals, conflicts } = priceOfflineSale(place, request, request.offline, menu);
  const cash = offlineCash(request.tender.tendered, totals.total, place.currency, conflicts);
  const offline = { soldAt: request.offline.soldAt, syncedAt: now.toISOString(), conflicts };
  return { ...prepared, place, lines, totals, cash, offline };
}

/** What writing reads once for all the sales: the kitchen's routing and the register's drawer session. */
export interface WriteReads {
  tickets?: () => Promise<TicketContext>;
  drawer?: () => Promise<{ sessionId: number } | null>;
}

/**
 * Writes priced sales of one register, in their order: each sale written, or `null` where another request had
 * already written its key (the caller answers that request's sale).
 */
export async function writeCashSales(
  deps: PosDeps,
  actor: Actor,
  device: DeviceRow,
  sales: PricedCash[],
  reads: WriteReads = {},
): Promise<(PosOrder | null)[]> {
  if (sales.length === 0) return [];
  const scope = { tenantId: device.tenantId, restaurantId: device.restaurantId };
  const by = userIdOf(actor);
  const rows = await insertOrders(deps.db, await orderRows(deps, sales));
  const byKey = new Map(rows.map((row) => [row.idempotencyKey!, row]));
  const written = sales.flatMap((sale) => {
    const row = byKey.get(sale.key);
    return row ? [{ sale, row }] : [];
  });
  // the cash goes into the register's open drawer session, if any (locked: a close waits for the sales)
  const session = reads.drawer
    ? await reads.drawer()
    : await openSessionOf(deps.db, scope, device.deviceId, true);
  const tenders = await insertTenders(
    deps.db,
    written.map(({ sale, row }) => ({
      ...scope,
      orderId: row.orderId,
      method: 'cash' as const,
      amount: sale.totals.total,
      ...sale.cash,
      takenBy: by,
      deviceId: device.deviceId,
      sessionId: session?.sessionId ?? null,
      takenAt: sale.sold?.at ?? sale.now,
    })),
  );
  // The sales reach the kitchen: their history, their ledger lines (cash included, from the rows just
  // written) and their tickets.
  const events = await insertOrderEvents(
    deps.db,
    written.map(({ sale, row }) => ({ row, status: 'accepted' as const, actor: by, note: rungUpNote(sale) })),
  );
  const tenderOf = new Map(tenders.map((tender) => [tender.orderId, tender]));
  const eventOf = new Map(events.map(({ orderId, ...event }) => [orderId, event]));
  await recordNewCashSales(
    deps.db,
    scope,
    written.map(({ sale, row }) => ({
      order: row,
      events: [eventOf.get(row.orderId)!],
      tenders: [tenderOf.get(row.orderId)!],
      timezone: sale.place.resolved.timezone,
    })),
  );
  const routing = await (
    reads.tickets ?? (() => ticketContextIn(deps.db, sales[0]!.place.resolved, deps.menuCache))
  )();
  const answers = new Map<string, PosOrder>();
  for (const { sale, row } of written) {
    await queueKitchenTickets(deps.db, row, undefined, bridgePrinted(sale.request.offline), routing);
    answers.set(sale.key, await printAtCounter(deps, device, sale, row, tenderOf.get(row.orderId)!));
  }
  return sales.map((sale) => answers.get(sale.key) ?? null);
}

/**
 * The drawer opens and the receipt prints on the register's printer: jobs, written with the sale — not for a
 * sale made offline: its guest has gone and its drawer was opened by key (decision 063).
 */
async function printAtCounter(
  deps: PosDeps,
  device: DeviceRow,
  sale: PricedCash,
  row: Parameters<typeof saleOf>[0],
  tender: Parameters<typeof saleOf>[1][number],
): Promise<PosOrder> {
  const printer = sale.offline ? null : await registerPrinter(deps, device);
  const drawerKick = await kickDrawer(deps, printer, row);
  const receiptQueued = printer !== null && sale.request.receipt === 'print';
  if (receiptQueued)
    await enqueue(deps.db, QUEUES.receipt.name, {
      tenantId: row.tenantId,
      restaurantId: row.restaurantId,
      orderId: row.orderId,
      printerId: printer.printerId,
    });
  return saleOf(row, [tender], device.name, { drawerKick, receiptQueued });
}

/** The sales' order rows, numbered in their order: one block of numbers per business day. */
async function orderRows(deps: PosDeps, sales: PricedCash[]): Promise<NewOrderRow[]> {
  const days = sales.map(
    (sale) => toLocalMoment((sale.sold?.at ?? sale.now).toISOString(), sale.place.resolved.timezone).date,
  );
  const { tenantId, restaurantId } = sales[0]!.place.device;
  const next = new Map<string, number>();
  for (const day of new Set(days)) {
    const count = days.filter((d) => d === day).length;
    next.set(day, (await nextOrderNumbers(deps.db, { tenantId, restaurantId }, day, count)) - count + 1);
  }
  return sales.map((sale, index) => {
    const day = days[index]!;
    const number = next.get(day)!;
    next.set(day, number + 1);
    return posOrderRow(sale.place, sale, sale.sold?.at ?? sale.now, day, number, {
      idempotencyKey: sale.key,
      requestHash: sale.hash,
      offline: sale.offline,
    });
  });
}

/** The tickets of a sale made offline that the print bridge printed at the sale (none for any other). */
const bridgePrinted = (offline: SaleRequest['offline']) =>
  offline?.printedStations?.length
    ? { stations: new Set(offline.printedStations), at: new Date(offline.soldAt) }
    : undefined;

function rungUpNote(sale: PricedCash) {
  const service = SERVICE_LABELS[sale.request.service].toLowerCase();
  const name = sale.place.device.name;
  if (!sale.offline) return `Rung up at ${name} (${service}), paid in cash`;
  return `Rung up at ${name} (${service}) while it was offline, paid in cash; sent when it reconnected`;
}
