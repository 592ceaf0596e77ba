import type { Db, Executor } from '@brigade/db/database';
import { projectSale } from '@brigade/domain/ledger/projection';
import {
  addLines,
  deleteLines,
  lockSale,
  type OrderRow,
  orderOfPayment,
  orderRecordOf,
  orderRow,
  type PaymentRow,
  partPaymentIds,
  type RestaurantScope,
  restaurantsOf,
  restaurantTimezone,
  saleRecords,
  saleSubjects,
  transactionById,
} from './ledger-repository';

/**
 * The sales ledger's face (docs/behaviour/reports.md#the-sales-ledger, decision 050). Ordering and payments
 * call `recordSale` in the transaction that records a money event (an order reaching the kitchen or given
 * back; a capture, a void, a refund); reports read the lines (reports.ts); `rebuildLedger` derives every line
 * again from the records.
 */

export {
  cardLinesOfDay,
  channelDay,
  employeeRows,
  netSalesByHour,
  tipsByServer,
  todayNetSales,
  todaySalesCount,
  transactionsWithCardLines,
} from './report-queries';
export { salesTotals } from './reports';
export type { RestaurantScope };
export { restaurantTimezone };
/** An order, a payment by id, or a payment row just written (which saves reading it again). */
export type SaleSubject = { orderId: number } | { transactionId: string } | { transaction: PaymentRow };

/**
 * What a sale's lock is named by — its payment when it has one (orders and payments meet there) — and the
 * subject to read the sale's records by (an order read here is not read again).
 */
async function lockOf(
  ex: Executor,
  scope: RestaurantScope,
  subject: SaleSubject,
): Promise<{
  key: string;
  read: { order: OrderRow } | { transaction: PaymentRow; orderless: true };
} | null> {
  if ('orderId' in subject) {
    const order = await orderRow(ex, scope, { orderId: subject.orderId });
    return order ? { key: order.transactionId ?? `o:${order.orderId}`, read: { order } } : null;
  }
  const payment =
    'transaction' in subject ? subject.transaction : await transactionById(ex, scope, subject.transactionId);
  if (!payment) return null;
  const key =
    payment.kind === 'refund' && payment.parentTransactionId
      ? payment.parentTransactionId
      : payment.transactionId;
  // the order it is money of (a check a card paid part of too): the order's sale, under the order's lock
  const order = await orderOfPayment(ex, scope, key);
  if (order) return { key: order.transactionId ?? `o:${order.orderId}`, read: { order } };
  return { key, read: { transaction: payment, orderless: true } };
}

/**
 * Brings a sale's ledger lines up to date with its records, inside the caller's transaction: derives every
 * line of the sale and adds those not written yet. Returns how many it added.
 */
export async function recordSale(
  ex: Executor,
  scope: RestaurantScope,
  subject: SaleSubject,
): Promise<number> {
  const lock = await lockOf(ex, scope, subject);
  if (!lock) return 0;
  await lockSale(ex, scope, lock.key);
  const records = await saleRecords(ex, scope, lock.read);
  if (!records) return 0;
  const timezone = await restaurantTimezone(ex, scope);
  return addLines(ex, scope, projectSale({ ...records, timezone }));
}

/**
 * The ledger lines of register cash sales written in this very transaction (decision 073), in one statement:
 * their records are the rows the caller just wrote — each order, its history and its tenders — so nothing is
 * read back, and no lock is taken, as no one else can see the orders before this transaction commits. The
 * lines are those `recordSale` derives from the same records (a rebuild gives them again).
 */
export async function recordNewCashSales(
  ex: Executor,
  scope: RestaurantScope,
  sales: {
    order: OrderRow;
    events: Parameters<typeof orderRecordOf>[1];
    tenders: Parameters<typeof orderRecordOf>[2];
    timezone: string;
  }[],
): Promise<number> {
  const lines = sales.flatMap(({ order, events, tenders, timezone }) =>
    projectSale({
      order: orderRecordOf(order, events, tenders),
      payment: null,
      parts: [],
      timezone: timezone || 'UTC',
    }),
  );
  return addLines(ex, scope, lines);
}

/**
 * Deletes the ledger of every restaurant (of one tenant, when named) and derives it again from the records,
 * one restaurant per transaction. `brigade ledger rebuild`.
 */
export async function rebuildLedger(
  database: Db,
  options: { tenantId?: number } = {},
): Promise<{ restaurants: number; deleted: number; added: number }> {
  const totals = { restaurants: 0, deleted: 0, added: 0 };
  const all = await database.transaction((tx) => restaurantsOf(tx, options.tenantId));
  for (const scope of all) {
    await database.transaction(async (tx) => {
      totals.deleted += await deleteLines(tx, scope);
      for (const subject of await saleSubjects(tx, scope))
        totals.added += await recordSale(tx, scope, subject);
    });
    totals.restaurants += 1;
  }
  return totals;
}

/** The cards that paid parts of a register's check (split tender, decision 070), besides its own payment. */
export const cardPartsOf = (ex: Executor, row: OrderRow): Promise<string[]> => partPaymentIds(ex, row);
