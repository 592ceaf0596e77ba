import { randomBytes } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { isCloudConnection } from '@brigade/domain/catalogue/printer';
import { BrigadeError, type FieldError, notFound, validationError } from '@brigade/domain/errors';
import { type PricedLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import { computeTotals, type OrderTotals } from '@brigade/domain/ordering/totals';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@brigade/domain/payments/api';
import {
  CASH_SHORT,
  NO_RECEIPT_PRINTER,
  NOT_ON_REGISTER,
  NOT_TAKING_SALES,
  type PlacePosOrderInput,
  type PosOrder,
  paidAtCounter,
  placePosOrderSchema,
  SERVICE_LABELS,
  VOIDED_NO_RECEIPT,
} from '@brigade/domain/pos/api';
import { kioskOrderName } from '@brigade/domain/pos/kiosk';
import { enqueue } from '../jobs/jobs';
import { recordNewCashSale } from '../ledger/index';
import { KEY_REUSED, ORDER_INVALID } from '../ordering/checkout';
import type { TicketContext } from '../ordering/kitchen-printing';
import { queueKitchenTickets } from '../ordering/kitchen-tickets';
import { ORDER_NOT_FOUND } from '../ordering/order-moves';
import { liveNumber } from '../ordering/order-number';
import {
  findOrder,
  findOrderByKey,
  insertOrder,
  insertOrderEvent,
  nextOrderNumber,
} from '../ordering/ordering-repository';
import { requestHash } from '../request-hash';
import { userIdOf } from '../use-case';
import { type DeviceRow, findPrinter, type RestaurantScope } from './device-repository';
import { openSessionOf } from './drawer-repository';
import { checkCharged, offlineCash, priceOfflineSale, soldMomentOf } from './offline-sale';
import { type PosDeps, type RegisterPlace, registerDevice, type SoldMoment, servedPlace } from './register';
import { insertTender, registerSales, type SaleRow, type TenderRow, tendersOf } from './sale-repository';

/**
 * A register sale (docs/behaviour/pos.md#ringing-up-a-sale): priced on the server from the register's menu,
 * paid in cash, and written in one transaction — the order (channel `pos`, accepted: it goes to the kitchen
 * at once), its tender, its kitchen tickets and the cash drawer's kick as jobs, and its sales-ledger lines.
 * One Idempotency-Key makes one sale however often it is sent.
 */

const SALES_SHOWN = 100;

export interface PlacePosOrderCall extends RestaurantScope {
  token: unknown;
  idempotencyKey: unknown;
  body: PlacePosOrderInput;
}

export async function placePosOrder(deps: PosDeps, actor: Actor, call: PlacePosOrderCall): Promise<PosOrder> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const key = saleKey(call.idempotencyKey);
  const request = placePosOrderSchema.parse(call.body);
  // a key already recorded answers its sale as soon as the device is known: nothing is priced again (a
  // register resending its queue after a crash, a second tab)
  const found = await registerDevice(deps, actor, scope, call.token);
  return ringUpCash(
    deps,
    actor,
    { device: found.device, key, request },
    { placeAt: (sold) => servedPlace(deps, actor, found, sold) },
  );
}

/** What a sale reads besides its own rows: read once for a batch of sales (sale-sync.ts), else per sale. */
export interface SaleReads {
  /** The register's place at the sale's moment (menus, taxes, who serves). */
  placeAt: (sold: SoldMoment | undefined) => Promise<RegisterPlace>;
  /** The restaurant's stations, printers and courses, for the kitchen tickets. */
  tickets?: () => Promise<TicketContext>;
  /** The sale a key recorded before, from the batch's keys read at once (null: none). */
  recorded?: (key: string) => SaleRow | null;
  /** The register's open drawer session, locked (once a sale of the batch has locked it, not read again). */
  drawer?: () => Promise<{ sessionId: number } | null>;
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

/**
 * A cash sale on a register already found, under its key: the recorded sale when the key has one, else
 * priced at the place `placeAt` gives for its moment and written (one sale, or one of a batch: sale-sync.ts).
 */
export async function ringUpCash(
  deps: PosDeps,
  actor: Actor,
  sale: { device: DeviceRow; key: string; request: ReturnType<typeof placePosOrderSchema.parse> },
  reads: SaleReads,
): Promise<PosOrder> {
  const { device, key, request } = sale;
  const scope = { tenantId: device.tenantId, restaurantId: device.restaurantId };
  checkCharged(request);
  const now = deps.now?.() ?? new Date();
  const sold = soldMomentOf(request.offline, now);
  // a sale sent again offline after its first answer was lost is the same sale: the hash leaves `offline` out
  const { offline: _offline, ...rest } = request;
  const hash = requestHash('placePosOrder', rest);
  const earlier = reads.recorded ? reads.recorded(key) : await findOrderByKey(deps.db, scope, key);
  if (earlier) return replay(deps, device.name, earlier, hash);
  const place = await reads.placeAt(sold);
  const { lines, totals, cash, offline } = priceCashSale(place, request, now);
  const by = userIdOf(actor);
  const row = await insertPosOrder(deps.db, place, { request, lines, totals }, sold?.at ?? now, {
    idempotencyKey: key,
    requestHash: hash,
    offline,
  });
  // Someone else's request with this key got there first (the same sale sent twice): theirs is the sale.
  if (!row) return replay(deps, device.name, (await findOrderByKey(deps.db, scope, key))!, hash);
  // the cash goes into the register's open drawer session, if any (locked: a close waits for the sale)
  const session = reads.drawer
    ? await reads.drawer()
    : await openSessionOf(deps.db, scope, device.deviceId, true);
  const tender = await insertTender(deps.db, {
    ...scope,
    orderId: row.orderId,
    method: 'cash',
    amount: totals.total,
    ...cash,
    takenBy: by,
    deviceId: device.deviceId,
    sessionId: session?.sessionId ?? null,
    takenAt: sold?.at ?? now,
  });
  // The sale reaches the kitchen: its history, its ledger lines (cash included, from the rows just written)
  // and its tickets.
  const event = await insertOrderEvent(deps.db, row, 'accepted', by, rungUpNote(place, request, offline));
  await recordNewCashSale(deps.db, {
    order: row,
    events: [event],
    tenders: [tender],
    timezone: place.resolved.timezone,
  });
  const tickets = await reads.tickets?.();
  await queueKitchenTickets(deps.db, row, undefined, bridgePrinted(request.offline), tickets);
  // the drawer opens and the receipt prints on the register's printer: jobs, written with the sale — not for
  // a sale made offline: its guest has gone and its drawer was opened by key (decision 063)
  const printer = offline ? null : await registerPrinter(deps, device);
  const drawerKick = await kickDrawer(deps, printer, row);
  const receiptQueued = printer !== null && request.receipt === 'print';
  if (receiptQueued)
    await enqueue(deps.db, QUEUES.receipt.name, {
      ...scope,
      orderId: row.orderId,
      printerId: printer.printerId,
    });
  return saleOf(row, [tender], device.name, { drawerKick, receiptQueued });
}

/** The tickets of a sale made offline that the print bridge printed at the sale (none for any other). */
const bridgePrinted = (offline: ReturnType<typeof placePosOrderSchema.parse>['offline']) =>
  offline?.printedStations?.length
    ? { stations: new Set(offline.printedStations), at: new Date(offline.soldAt) }
    : undefined;

/**
 * A cash sale's lines, totals and cash: priced from the menu, or — sold offline — at what the register
 * charged, with what a manager should look at (decision 063). Cash short of the total is 400 for a sale made
 * now; a sale made offline already took its cash.
 */
function priceCashSale(
  place: RegisterPlace,
  request: ReturnType<typeof placePosOrderSchema.parse>,
  now: Date,
) {
  const menu = priceSale(place, request);
  if (!request.offline) {
    const change = request.tender.tendered - menu.totals.total;
    if (change < 0) throw validationError(CASH_SHORT, [{ path: 'tender.tendered', message: CASH_SHORT }]);
    return { ...menu, cash: { tendered: request.tender.tendered, change }, offline: null };
  }
  const { lines, totals, conflicts } = priceOfflineSale(place, request, request.offline, menu);
  const cash = offlineCash(request.tender.tendered, totals.total, place.currency, conflicts);
  const offline = { soldAt: request.offline.soldAt, syncedAt: now.toISOString(), conflicts };
  return { lines, totals, cash, offline };
}

function rungUpNote(
  place: RegisterPlace,
  request: { service: 'dine_in' | 'takeout' },
  offline: { soldAt: string } | null,
) {
  const service = SERVICE_LABELS[request.service].toLowerCase();
  if (!offline) return `Rung up at ${place.device.name} (${service}), paid in cash`;
  return `Rung up at ${place.device.name} (${service}) while it was offline, paid in cash; sent when it reconnected`;
}

/** Prices every line against the register's menu: every problem at once, as one 400. */
export function priceSale(
  place: RegisterPlace,
  request: Pick<ReturnType<typeof placePosOrderSchema.parse>, 'service' | 'lines'>,
  messages: { noMenu: string; notOnMenu: string } = { noMenu: NOT_TAKING_SALES, notOnMenu: NOT_ON_REGISTER },
): { lines: PricedLine[]; totals: OrderTotals } {
  if (place.items.size === 0) throw new BrigadeError('conflict', 'POS_NO_MENU', messages.noMenu);
  const errors: FieldError[] = [];
  const lines: PricedLine[] = [];
  request.lines.forEach((line, index) => {
    const item = place.items.get(line.itemId);
    const priced = item
      ? priceLine(line, item, `lines.${index}`)
      : { errors: [{ path: `lines.${index}.itemId`, message: messages.notOnMenu }] };
    if ('errors' in priced) errors.push(...priced.errors);
    else lines.push(priced.line);
  });
  if (errors.length > 0) throw validationError(ORDER_INVALID, errors);
  const totals = computeTotals(lines, undefined, { ...place.rules, dineIn: request.service === 'dine_in' });
  if ('errors' in totals) throw validationError(ORDER_INVALID, totals.errors);
  return { lines, totals: totals.totals };
}

/**
 * A register sale's order, accepted at once: its number and business day on the restaurant's clock, ready
 * now, the guest's name or table tent as its customer. Null when the Idempotency-Key already has an order.
 * Cash and card sales write it the same way (decision 051).
 */
export async function insertPosOrder(
  ex: Executor,
  place: RegisterPlace,
  sale: {
    request: { service: 'dine_in' | 'takeout'; guestName?: string | undefined };
    lines: PricedLine[];
    totals: OrderTotals;
  },
  now: Date,
  keyed: {
    idempotencyKey: string;
    requestHash: string;
    transactionId?: string;
    offline?: { soldAt: string; syncedAt: string; conflicts: string[] } | null;
  },
) {
  const scope = { tenantId: place.device.tenantId, restaurantId: place.device.restaurantId };
  const businessDate = toLocalMoment(now.toISOString(), place.resolved.timezone).date;
  return insertOrder(ex, {
    ...scope,
    token: randomBytes(16).toString('base64url'),
    number: await nextOrderNumber(ex, scope, businessDate),
    businessDate,
    status: 'accepted',
    channel: 'pos',
    fulfilment: sale.request.service,
    deviceId: place.device.deviceId,
    pickupAt: now,
    readyAt: now,
    asap: true,
    customer: { name: sale.request.guestName ?? '', email: '', phone: '' },
    lines: sale.lines,
    totals: { ...sale.totals },
    total: sale.totals.total,
    currency: place.currency,
    serverEmployeeId: place.serverEmployeeId ?? null,
    ...keyed,
  });
}

/** The printer a register prints its receipts on and its cash drawer hangs on: with an address, or a cloud one. */
export async function registerPrinter(deps: PosDeps, device: DeviceRow) {
  if (device.receiptPrinterId === null) return null;
  const printer = await findPrinter(deps.db, device, device.receiptPrinterId);
  return printer && (printer.ipAddress || isCloudConnection(printer.connection)) ? printer : null;
}

/**
 * The drawer opens (a job for the printer it hangs on) when the register's printer has one: a cash sale, a
 * check's cash, cash handed back. Answers whether it was asked to.
 */
export async function kickDrawer(
  deps: PosDeps,
  printer: Awaited<ReturnType<typeof registerPrinter>>,
  order: { tenantId: number; restaurantId: number; orderId: number },
): Promise<boolean> {
  if (printer === null || printer.hasCashDrawer === 'No Cash Drawer') return false;
  const { tenantId, restaurantId, orderId } = order;
  await enqueue(deps.db, QUEUES.drawer.name, {
    tenantId,
    restaurantId,
    orderId,
    printerId: printer.printerId,
  });
  return true;
}

/** Prints a register sale's receipt again on the register's printer (a job, like the first). */
export async function reprintReceipt(
  deps: PosDeps,
  actor: Actor,
  input: RestaurantScope & { token: unknown; orderId: number },
): Promise<{ receiptQueued: boolean }> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const { device } = await registerDevice(deps, actor, scope, input.token);
  const order = await findOrder(deps.db, scope, input.orderId);
  if (!order || !paidAtCounter(order.channel)) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  if (order.status === 'cancelled') throw new BrigadeError('conflict', 'SALE_VOIDED', VOIDED_NO_RECEIPT);
  const printer = await registerPrinter(deps, device);
  if (!printer) throw new BrigadeError('conflict', 'NO_RECEIPT_PRINTER', NO_RECEIPT_PRINTER);
  const job = { ...scope, orderId: order.orderId, printerId: printer.printerId, reprint: true };
  await enqueue(deps.db, QUEUES.receipt.name, job);
  return { receiptQueued: true };
}

async function replay(deps: PosDeps, deviceName: string, row: SaleRow, hash: string): Promise<PosOrder> {
  if (row.requestHash !== hash || row.channel !== 'pos')
    throw new BrigadeError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  const tenders = await tendersOf(deps.db, row, [row.orderId]);
  return saleOf(row, tenders, deviceName, { drawerKick: false, receiptQueued: false });
}

export function saleOf(
  row: SaleRow,
  tenders: TenderRow[],
  deviceName: string | null,
  queued: { drawerKick: boolean; receiptQueued: boolean },
): PosOrder {
  const totals = row.totals as unknown as OrderTotals;
  return {
    orderId: row.orderId,
    number: liveNumber(row),
    businessDate: row.businessDate,
    status: row.status,
    service: row.fulfilment === 'takeout' ? 'takeout' : 'dine_in',
    guestName: kioskOrderName({ guestName: row.customer.name, tableTent: row.tableTent }) || null,
    lines: (row.lines as PricedLine[]).map(
      ({ taxRateIds: _t, taxInclusion: _i, takeoutTaxException: _e, ...shown }) => shown,
    ),
    totals: {
      subtotal: totals.subtotal,
      taxes: totals.taxes,
      tax: totals.tax,
      includedTax: totals.includedTax,
      serviceCharge: totals.serviceCharge,
      tip: totals.tip,
      total: totals.total,
    },
    tenders: tenders.map((t) => ({
      tenderId: t.tenderId,
      method: t.method,
      kind: t.kind,
      amount: t.amount,
      tendered: t.tendered,
      change: t.change,
      takenBy: t.takenBy,
      takenAt: t.takenAt,
      card:
        t.method === 'card'
          ? {
              brand: t.cardBrand,
              lastFour: t.lastFour,
              authorisationCode: t.authorisationCode,
              tip: t.tip,
              transactionId: t.transactionId,
              tipPending: t.tipPending,
            }
          : null,
    })),
    ...queued,
    deviceName,
    createdAt: row.createdAt,
    offline: row.offline ?? null,
  };
}

/** Today's register sales of the restaurant (its own clock), newest first. */
export async function listPosOrders(
  deps: PosDeps,
  actor: Actor,
  input: RestaurantScope & { token: unknown },
): Promise<PosOrder[]> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const { resolved } = await registerDevice(deps, actor, scope, input.token);
  const today = toLocalMoment((deps.now?.() ?? new Date()).toISOString(), resolved.timezone).date;
  const rows = await registerSales(deps.db, scope, today, SALES_SHOWN);
  const tenders = await tendersOf(
    deps.db,
    scope,
    rows.map((r) => r.order.orderId),
  );
  return rows.map(({ order, deviceName }) =>
    saleOf(
      order,
      tenders.filter((t) => t.orderId === order.orderId),
      deviceName,
      { drawerKick: false, receiptQueued: false },
    ),
  );
}

/**
 * How a register or kiosk sale was paid, for the order page (docs/behaviour/pos.md#split-tender): its
 * tenders in order, the card by brand and last four only. The caller has checked the order is the actor's to
 * see (the order's own read did).
 */
export async function registerPaymentsOf(db: Executor, scope: RestaurantScope, orderId: number) {
  const tenders = await tendersOf(db, scope, [orderId]);
  return tenders.map((t) => ({
    method: t.method,
    kind: t.kind,
    amount: t.amount,
    cardBrand: t.cardBrand,
    lastFour: t.lastFour,
  }));
}
