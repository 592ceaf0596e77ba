import { randomBytes } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { isCloudConnection } from '@brigade/domain/catalogue/printer';
import { BrigadeError, type FieldError, notFound, validationError } from '@brigade/domain/errors';
import { type PricedLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import { computeTotals, type OrderTotals } from '@brigade/domain/ordering/totals';
import {
  NO_RECEIPT_PRINTER,
  NOT_ON_REGISTER,
  NOT_TAKING_SALES,
  type PosOrder,
  paidAtCounter,
  type placePosOrderSchema,
  VOIDED_NO_RECEIPT,
} from '@brigade/domain/pos/api';
import { kioskOrderName } from '@brigade/domain/pos/kiosk';
import { enqueue } from '../jobs/index';
import {
  findOrder,
  insertOrder,
  KEY_REUSED,
  liveNumber,
  type NewOrderRow,
  nextOrderNumber,
  ORDER_INVALID,
  ORDER_NOT_FOUND,
} from '../ordering/index';
import { type DeviceRow, findPrinter, type RestaurantScope } from './device-repository';
import { type PosDeps, type RegisterPlace, registerDevice } from './register';
import { registerSales, type SaleRow, type TenderRow, tendersOf } from './sale-repository';

/**
 * What every register sale shares (docs/behaviour/pos.md#ringing-up-a-sale): pricing against the register's
 * menu, the order row, the register's printer and drawer, the answer, and the day's list. A cash sale is
 * written by cash-sale.ts, a card sale by card-sale.ts, a check by checks.ts.
 */

const SALES_SHOWN = 100;

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

/** What a register sale's order is made of: the request's service and guest, the priced lines and totals. */
interface PosSaleShape {
  request: { service: 'dine_in' | 'takeout'; guestName?: string | undefined };
  lines: PricedLine[];
  totals: OrderTotals;
}

/** The keys a register sale's order is kept with, and what its sale made offline left for a manager. */
interface PosOrderKeys {
  idempotencyKey: string;
  requestHash: string;
  transactionId?: string;
  offline?: { soldAt: string; syncedAt: string; conflicts: string[] } | null;
}

/**
 * A register sale's order, accepted at once: its number and business day on the restaurant's clock, ready
 * now, the guest's name or table tent as its customer. Null when the Idempotency-Key already has an order.
 * Cash and card sales write it the same way (decision 051).
 */
export async function insertPosOrder(
  ex: Executor,
  place: RegisterPlace,
  sale: PosSaleShape,
  now: Date,
  keyed: PosOrderKeys,
) {
  const scope = { tenantId: place.device.tenantId, restaurantId: place.device.restaurantId };
  const businessDate = toLocalMoment(now.toISOString(), place.resolved.timezone).date;
  const number = await nextOrderNumber(ex, scope, businessDate);
  return insertOrder(ex, posOrderRow(place, sale, now, businessDate, number, keyed));
}

/**
 * A register sale's order row, accepted at once: its number and business day on the restaurant's clock, ready
 * now, the guest's name or table tent as its customer. Cash and card sales write it the same way (decision
 * 051), one at a time (insertPosOrder) or a batch's cash sales at once (cash-sale.ts).
 */
export function posOrderRow(
  place: RegisterPlace,
  sale: PosSaleShape,
  now: Date,
  businessDate: string,
  number: number,
  keyed: PosOrderKeys,
): NewOrderRow {
  return {
    tenantId: place.device.tenantId,
    restaurantId: place.device.restaurantId,
    token: randomBytes(16).toString('base64url'),
    number,
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
  };
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

/** The answer to a key already recorded: its sale, when the request is the same (422 when it is not). */
export async function replay(
  deps: PosDeps,
  deviceName: string,
  row: SaleRow,
  hash: string,
  /** Its tenders, when the caller read them already (a batch reads its replays' tenders at once). */
  known?: TenderRow[],
): Promise<PosOrder> {
  if (row.requestHash !== hash || row.channel !== 'pos')
    throw new BrigadeError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  const tenders = known ?? (await tendersOf(deps.db, row, [row.orderId]));
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
