import { randomUUID } from 'node:crypto';
import { rebuildLedger } from '@brigade/core/ledger/index';
import { refundSettledOrder } from '@brigade/core/ordering/order-refunds';
import { sendScheduledRefunds } from '@brigade/core/ordering/scheduled-refunds';
import { refreshTransaction } from '@brigade/core/payments/transaction-queries';
import { SYSTEM } from '@brigade/core/use-case';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { orders, scheduledRefunds } from '@brigade/db/schema/ordering';
import { paymentTransactions } from '@brigade/db/schema/payments';
import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { systemOrderingDeps } from './ordering';
import { useOrderingRestaurant } from './test-ordering';

/**
 * A refund of part of an order before its payment settled (issue 44): the gateway refunds only settled
 * payments, so the refund is scheduled, holds its amount, and the `refund.scheduled` job sends it once the
 * payment settles — once, even when a run was cut off after the gateway answered; a payment voided meanwhile
 * ends it without money moving. Both engines, over HTTP, against the CardPointe emulator.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });
const kit = useOrderingRestaurant(t);
const { staff, guest, create, tokenOf } = kit;
let burger = 0;
let fries = 0;

beforeAll(async () => {
  await create('tax-rates', { name: 'City', rate: 8.875, default: true });
  burger = (await create('items', { name: 'Burger', basePrice: 12 })).itemId as number;
  fries = (await create('items', { name: 'Fries', basePrice: 4 })).itemId as number;
  await create('menu-groups', {
    name: 'Dinner',
    isMenu: true,
    items: [
      { itemId: burger, position: 0 },
      { itemId: fries, position: 1 },
    ],
  });
});

async function acceptedOrder(withFries = false) {
  const body = {
    lines: [{ itemId: burger, quantity: 2 }, ...(withFries ? [{ itemId: fries, quantity: 3 }] : [])],
    pickup: { asap: true },
    customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
    payment: { token: await tokenOf('4111111111111111'), expiry: '1230' },
  };
  const placed = await guest('POST', `/${kit.slug}/orders`, body, randomUUID());
  expect(placed.statusCode, placed.body).toBe(201);
  const list = (await staff('employee', 'GET', '/orders')).json().data;
  const { orderId } = list.find((o: { token: string }) => o.token === placed.json().data.token);
  const accepted = await staff('employee', 'POST', `/orders/${orderId}/status`, { status: 'accepted' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return accepted.json().data as {
    orderId: number;
    transactionId: string;
    totals: { total: number; subtotal: number; tax: number };
  };
}

const refund = (orderId: number, body: object, key = randomUUID()) =>
  kit.http.staff('manager', 'POST', `/orders/${orderId}/refunds`, body, key);
const job = () => sendScheduledRefunds(systemOrderingDeps(t.deps, t.app.log));
const notesOf = (view: { events: { note: string | null }[] }) =>
  view.events.flatMap((e) => (e.note ? [e.note] : []));
const refundsAtGateway = async (transactionId: string) =>
  t.database.db
    .select({ amount: paymentTransactions.amount, status: paymentTransactions.status })
    .from(paymentTransactions)
    .where(
      and(eq(paymentTransactions.parentTransactionId, transactionId), eq(paymentTransactions.kind, 'refund')),
    );
const returnLines = async (orderId: number) =>
  (await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId))).filter(
    (line) => line.event === 'return' || line.event === 'refund',
  );
const mailsOf = async (orderId: number) => {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.orderId, orderId));
  const rows = await t.database.db.execute(
    sql`select subject from outbox_emails where subject like ${`Your refund from % (order #${order!.number})`} order by id`,
  );
  return (rows as unknown as { rows: { subject: string }[] }).rows;
};
const scheduledOf = (orderId: number) =>
  t.database.db
    .select()
    .from(scheduledRefunds)
    .where(eq(scheduledRefunds.orderId, orderId))
    .orderBy(asc(scheduledRefunds.scheduledRefundId));

describe('refunds scheduled for settlement', () => {
  it('schedules a refund before settlement, holds its amount, and sends it once the payment settles', async () => {
    const order = await acceptedOrder();
    const total = order.totals.total;
    const key = randomUUID();
    const first = await refund(order.orderId, { amount: 500, reason: 'Cold fries' }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      refundedAmount: 0,
      scheduledRefundAmount: 500,
      refundableAmount: total - 500,
      refundWaitsForSettlement: true,
    });
    // the same key again answers the same order: one scheduled refund, one line in the history
    const again = await refund(order.orderId, { amount: 500, reason: 'Cold fries' }, key);
    expect(again.statusCode).toBe(200);
    expect(notesOf(again.json().data).filter((n) => n.startsWith('Refund of'))).toEqual([
      'Refund of 5.00 USD scheduled for when the payment settles: Cold fries',
    ]);
    // what is scheduled is held: more than the rest is refused, and nothing is written
    const tooMuch = await refund(order.orderId, { amount: total - 499, reason: 'All of it' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toBe('The refund is more than what is left to refund');
    expect((await refund(order.orderId, { amount: 300, reason: 'No pickles' })).statusCode).toBe(200);
    expect((await scheduledOf(order.orderId)).map((r) => [r.amount, r.status])).toEqual([
      [500, 'scheduled'],
      [300, 'scheduled'],
    ]);
    // nothing has moved yet: no refund at the gateway, no ledger line, no email
    expect(await refundsAtGateway(order.transactionId)).toEqual([]);
    expect(await returnLines(order.orderId)).toEqual([]);
    expect(await mailsOf(order.orderId)).toEqual([]);

    // before settlement the job waits
    expect(await job()).toMatchObject({ refunded: 0, waiting: 2 });
    // the batch settles; the next run refunds both, once
    kit.emulator.clock.advance(26 * 3600_000);
    expect(await job()).toMatchObject({ examined: 2, refunded: 2, waiting: 0 });
    expect(await job()).toMatchObject({ examined: 0 });
    const view = (await staff('employee', 'GET', `/orders/${order.orderId}`)).json().data;
    expect(view).toMatchObject({
      refundedAmount: 800,
      scheduledRefundAmount: 0,
      refundableAmount: total - 800,
      refundWaitsForSettlement: false,
    });
    const refunded = notesOf(view).filter((n) => n.startsWith('Refunded'));
    expect(refunded).toHaveLength(2);
    expect(refunded[0]).toMatch(/^Refunded 5\.00 USD \([0-9a-f]{8}\): Cold fries$/);
    // the history names the manager who asked, not the job
    const managerEvents = view.events.filter((e: { note: string | null }) => e.note?.startsWith('Refunded'));
    expect(new Set(managerEvents.map((e: { actor: string }) => e.actor)).has('system')).toBe(false);
    expect((await refundsAtGateway(order.transactionId)).map((r) => [r.amount, r.status])).toEqual([
      [500, 'captured'],
      [300, 'captured'],
    ]);
    const lines = await returnLines(order.orderId);
    expect(lines.filter((l) => l.kind === 'tender').reduce((sum, l) => sum + l.amount, 0)).toBe(-800);
    expect(await mailsOf(order.orderId)).toHaveLength(2);
    expect((await scheduledOf(order.orderId)).map((r) => r.status)).toEqual(['refunded', 'refunded']);
    // after settlement a refund goes out at once
    const now = await refund(order.orderId, { amount: 100, reason: 'Late' });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data).toMatchObject({ refundedAmount: 900, scheduledRefundAmount: 0 });
  });

  it('makes one refund when a run was cut off after the gateway answered', async () => {
    const order = await acceptedOrder();
    expect((await refund(order.orderId, { amount: 250, reason: 'Wrong sauce' })).statusCode).toBe(200);
    const [row] = await scheduledOf(order.orderId);
    kit.emulator.clock.advance(26 * 3600_000);
    // a run that refunded at the gateway and died before it marked the refund sent (what kill -9 leaves)
    const deps = systemOrderingDeps(t.deps, t.app.log);
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    // the payment learned its settlement, as the run did before it refunded
    await refreshTransaction(deps, SYSTEM, {
      tenantId: kit.tenantId,
      restaurantId: kit.restaurantId,
      transactionId: order.transactionId,
    });
    await refundSettledOrder(deps, SYSTEM, {
      order: stored!,
      amount: 250,
      reason: row!.reason,
      key: `scheduled-${row!.scheduledRefundId}`,
      by: row!.requestedBy,
    });
    expect((await scheduledOf(order.orderId))[0]!.status).toBe('scheduled');
    expect(await job()).toMatchObject({ refunded: 1 });
    expect((await refundsAtGateway(order.transactionId)).map((r) => r.amount)).toEqual([250]);
    const view = (await staff('employee', 'GET', `/orders/${order.orderId}`)).json().data;
    expect(notesOf(view).filter((n) => n.startsWith('Refunded'))).toHaveLength(1);
    expect(await mailsOf(order.orderId)).toHaveLength(1);
  });

  it('drops a scheduled refund when the order is cancelled before settlement (the whole payment is voided)', async () => {
    const order = await acceptedOrder();
    expect((await refund(order.orderId, { amount: 200, reason: 'Spilled' })).statusCode).toBe(200);
    const cancelled = await kit.http.staff('manager', 'POST', `/orders/${order.orderId}/status`, {
      status: 'cancelled',
      note: 'Guest left',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await job()).toMatchObject({ cancelled: 1, refunded: 0 });
    expect((await scheduledOf(order.orderId)).map((r) => [r.status, r.outcome])).toEqual([
      ['cancelled', 'The payment was voided before it settled'],
    ]);
    expect(await refundsAtGateway(order.transactionId)).toEqual([]);
    const view = (await staff('employee', 'GET', `/orders/${order.orderId}`)).json().data;
    expect(notesOf(view)).toContain(
      'The refund of 2.00 USD scheduled for when the payment settles was dropped: The payment was voided before it settled',
    );
    expect(view.scheduledRefundAmount).toBe(0);
  });

  it('refunds chosen lines at their price with their tax, scheduled or at once, and the ledger gives back those items', async () => {
    const order = await acceptedOrder(true);
    const { subtotal, tax } = order.totals as unknown as { subtotal: number; tax: number };
    expect(subtotal).toBe(2 * 1200 + 3 * 400);
    const taxOf = (price: number) => Math.round((tax * price) / subtotal);
    // bad lines are named on their place; an amount and lines together are refused
    const bad = await refund(order.orderId, {
      lines: [
        { line: 1, quantity: 4 },
        { line: 7, quantity: 1 },
      ],
      reason: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'lines.0.quantity', message: 'Only 3 of Fries can still be refunded' },
      { path: 'lines.1.line', message: 'Line 8 is not on this order' },
    ]);
    const both = await refund(order.orderId, { amount: 100, lines: [{ line: 0, quantity: 1 }], reason: 'x' });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors).toEqual([
      { path: 'lines', message: 'Give an amount or the lines to refund, not both' },
    ]);
    // before settlement: scheduled, with the lines in the history; the same request again (its key) answers
    // the same order, though that burger is now counted as given back
    const earlyKey = randomUUID();
    const early = await refund(
      order.orderId,
      { lines: [{ line: 0, quantity: 1 }], reason: 'Burnt' },
      earlyKey,
    );
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data).toMatchObject({
      scheduledRefundAmount: 1200 + taxOf(1200),
      refundedLines: [{ line: 0, quantity: 1 }],
    });
    expect(notesOf(early.json().data)).toContain(
      `Refund of ${((1200 + taxOf(1200)) / 100).toFixed(2)} USD for 1× Burger scheduled for when the payment settles: Burnt`,
    );
    const repeat = await refund(
      order.orderId,
      { lines: [{ line: 0, quantity: 1 }], reason: 'Burnt' },
      earlyKey,
    );
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json().data.scheduledRefundAmount).toBe(1200 + taxOf(1200));
    // the burger given back is counted: only one is left
    const again = await refund(order.orderId, { lines: [{ line: 0, quantity: 2 }], reason: 'x' });
    expect(again.json().errors).toEqual([
      { path: 'lines.0.quantity', message: 'Only 1 of Burger can still be refunded' },
    ]);
    kit.emulator.clock.advance(26 * 3600_000);
    expect(await job()).toMatchObject({ refunded: 1 });
    // after settlement: at once; repeated with its key, the same refund
    const nowKey = randomUUID();
    const now = await refund(order.orderId, { lines: [{ line: 1, quantity: 2 }], reason: 'Soggy' }, nowKey);
    expect(now.statusCode, now.body).toBe(200);
    const nowAgain = await refund(
      order.orderId,
      { lines: [{ line: 1, quantity: 2 }], reason: 'Soggy' },
      nowKey,
    );
    expect(nowAgain.statusCode, nowAgain.body).toBe(200);
    expect(nowAgain.json().data.refundedAmount).toBe(now.json().data.refundedAmount);
    const fried = Math.round((1200 * 2) / 3);
    expect(now.json().data).toMatchObject({
      refundedAmount: 1200 + taxOf(1200) + fried + taxOf(fried),
      refundedLines: [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 2 },
      ],
    });
    expect(
      notesOf(now.json().data).some((n) =>
        /^Refunded [\d.]+ USD \([0-9a-f]{8}\) for 2× Fries: Soggy$/.test(n),
      ),
    ).toBe(true);
    // the ledger gives back exactly those items and quantities, and their tax
    const back = (await returnLines(order.orderId)).filter((l) => l.event === 'return');
    expect(back.map((l) => [l.kind, l.itemName, l.quantity, l.amount])).toEqual([
      ['item', 'Burger', -1, -1200],
      ['tax', null, 0, -taxOf(1200)],
      ['item', 'Fries', -2, -fried],
      ['tax', null, 0, -taxOf(fried)],
    ]);
    // a rebuild from the records gives the same lines
    const shape = async () =>
      (await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, order.orderId)))
        .map(({ lineId: _id, createdAt: _at, ...line }) => line)
        .sort((a, b) => a.lineKey.localeCompare(b.lineKey));
    const before = await shape();
    await rebuildLedger(t.database.db, { tenantId: kit.tenantId });
    expect(await shape()).toEqual(before);
  });

  it('is for managers of this restaurant only', async () => {
    const order = await acceptedOrder();
    const asEmployee = await kit.http.staff(
      'employee',
      'POST',
      `/orders/${order.orderId}/refunds`,
      { amount: 100, reason: 'x' },
      randomUUID(),
    );
    expect(asEmployee.statusCode).toBe(403);
    const other = await kit.http.staff(
      'otherOwner',
      'POST',
      `/orders/${order.orderId}/refunds`,
      { amount: 100, reason: 'x' },
      randomUUID(),
    );
    expect([403, 404]).toContain(other.statusCode);
    expect(await scheduledOf(order.orderId)).toEqual([]);
  });
});
