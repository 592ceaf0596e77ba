import { randomUUID } from 'node:crypto';
import type { PaymentDeps } from '@brigade/core/payments/payment-deps';
import { getReconciliation } from '@brigade/core/payments/reconciliation';
import { SYSTEM } from '@brigade/core/use-case';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { paymentReportDays } from '@brigade/db/schema/payments';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { systemOrderingDeps } from './ordering';
import { useOrderingRestaurant } from './test-ordering';

/**
 * A business day reconciled (issue 44 item 4, docs/behaviour/reports.md#reconciliation) over HTTP on both
 * engines, against the CardPointe emulator's settlement and funding: a capture awaited and then matched once
 * the gateway settled and deposited it and a manager refreshed the day's reports, a capture voided the same
 * day, and a capture the ledger does not know. The day reads the stored reports only; a refresh reads the
 * gateway, at most once a minute a report.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });
const kit = useOrderingRestaurant(t);
const { staff, guest, create, tokenOf } = kit;
let burger = 0;

beforeAll(async () => {
  burger = (await create('items', { name: 'Burger', basePrice: 12 })).itemId as number;
  await create('menu-groups', { name: 'Dinner', isMenu: true, items: [{ itemId: burger, position: 0 }] });
});

async function acceptedOrder(quantity: number) {
  const placed = await guest(
    'POST',
    `/${kit.slug}/orders`,
    {
      lines: [{ itemId: burger, quantity }],
      pickup: { asap: true },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token: await tokenOf('4111111111111111'), expiry: '1230' },
    },
    randomUUID(),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const list = (await staff('employee', 'GET', '/orders')).json().data as {
    orderId: number;
    number: number;
    token: string;
  }[];
  const { orderId, number } = list.find((o) => o.token === placed.json().data.token)!;
  const moved = await staff('employee', 'POST', `/orders/${orderId}/status`, { status: 'accepted' });
  expect(moved.statusCode, moved.body).toBe(200);
  const data = moved.json().data as { transactionId: string; totals: { total: number } };
  return { orderId, number, transactionId: data.transactionId, total: data.totals.total };
}

type Row = {
  transactionId: string;
  status: string;
  ledger: number;
  settled: number | null;
  funded: number | null;
};
type Day = {
  totals: { ledger: number; settled: number; funded: number; differences: number };
  rows: Row[];
  reports: { report: string; date: string; importedAt: string | null; final: boolean }[];
};
const reconcile = async (date: string) => {
  const answer = await staff('manager', 'GET', `/reports/reconciliation?date=${date}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as Day;
};
const refresh = async (date: string) => {
  const answer = await staff('manager', 'POST', '/reports/reconciliation/refresh', { date });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as Day;
};
/** As if the last refresh were more than a minute ago. */
const aMinuteLater = () =>
  t.database.db.execute(
    sql`update payment_report_days set imported_at = imported_at - interval '2 minutes' where tenant_id = ${kit.tenantId}`,
  );
/** The payments' deps with a gateway and a processor that fail whatever they are asked. */
const noGateway = (): PaymentDeps => {
  const fail = () => {
    throw new Error('the day must not call the gateway');
  };
  return { ...systemOrderingDeps(t.deps, t.app.log), gateway: fail, provider: fail };
};
const rowOf = (day: { rows: Row[] }, transactionId: string) =>
  day.rows.find((row) => row.transactionId === transactionId);

describe('reconciling a business day', () => {
  let kept: { orderId: number; number: number; transactionId: string; total: number };
  let voided: { orderId: number; number: number; transactionId: string; total: number };
  let date = '';

  it('shows the day’s captures as awaited until the gateway settles them, and a same-day void as voided', async () => {
    kept = await acceptedOrder(2);
    voided = await acceptedOrder(1);
    const cancelled = await staff('manager', 'POST', `/orders/${voided.orderId}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [line] = await t.database.db
      .select({ date: ledgerLines.businessDate })
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, kept.orderId))
      .limit(1);
    date = line!.date;
    // nothing read from the gateway yet: every report of the window is unread, and nothing is missing
    const unread = await reconcile(date);
    expect(unread.reports).toHaveLength(6);
    expect(unread.reports.every((report) => report.importedAt === null && !report.final)).toBe(true);
    expect(rowOf(unread, kept.transactionId)).toMatchObject({ status: 'awaiting_settlement' });
    const day = await refresh(date);
    // read now, while the window's dates have not ended: kept, but not final
    expect(day.reports.map((report) => [report.report, report.final])).toEqual([
      ['settlement', false],
      ['settlement', false],
      ['settlement', false],
      ['funding', false],
      ['funding', false],
      ['funding', false],
    ]);
    expect(day.reports.every((report) => report.importedAt !== null)).toBe(true);
    expect(rowOf(day, kept.transactionId)).toMatchObject({
      status: 'awaiting_settlement',
      ledger: kept.total,
      settled: null,
      // named as people know it: the day's order number
      orderId: kept.orderId,
      orderNumber: kept.number,
    });
    expect(rowOf(day, voided.transactionId)).toMatchObject({ status: 'voided', ledger: 0 });
    expect(day.totals).toEqual({ ledger: kept.total, settled: 0, funded: 0, differences: 0 });
  });

  it('matches the capture once the gateway has settled and deposited it and the reports are read again', async () => {
    kit.emulator.clock.advance(26 * 3600_000);
    // the day reads what is stored, never the gateway
    const stored = await getReconciliation(noGateway(), SYSTEM, {
      tenantId: kit.tenantId,
      restaurantId: kit.restaurantId,
      date,
    });
    expect(rowOf(stored, kept.transactionId)).toMatchObject({ status: 'awaiting_settlement', settled: null });
    // read less than a minute ago: a refresh does not read them again
    const readAt = (await reconcile(date)).reports.map((report) => report.importedAt);
    const gatewayCalls = () => (kit.emulator.calls.settlestat ?? 0) + (kit.emulator.calls.funding ?? 0);
    const callsBefore = gatewayCalls();
    const soon = await refresh(date);
    expect(gatewayCalls()).toBe(callsBefore);
    expect(soon.reports.map((report) => report.importedAt)).toEqual(readAt);
    expect(rowOf(soon, kept.transactionId)).toMatchObject({ settled: null });
    await aMinuteLater();
    const settled = rowOf(await refresh(date), kept.transactionId);
    // the six reports, one gateway call each
    expect(gatewayCalls() - callsBefore).toBe(6);
    expect(settled).toMatchObject({ settled: kept.total });
    expect(['awaiting_funding', 'matched']).toContain(settled!.status);
    kit.emulator.clock.advance(48 * 3600_000);
    await aMinuteLater();
    const day = await refresh(date);
    expect(rowOf(day, kept.transactionId)).toMatchObject({
      status: 'matched',
      ledger: kept.total,
      settled: kept.total,
      funded: kept.total,
    });
    expect(day.totals).toMatchObject({
      ledger: kept.total,
      settled: kept.total,
      funded: kept.total,
      differences: 0,
    });
  });

  it('lists a charge the sales ledger does not know as a difference', async () => {
    const lost = await acceptedOrder(3);
    // as if the ledger write had been lost: the card was charged, the ledger has no card line for it
    await t.database.db.execute(
      sql`delete from ledger_lines where order_id = ${lost.orderId} and kind = 'tender'`,
    );
    const lostDate = (
      await t.database.db
        .select({ date: ledgerLines.businessDate })
        .from(ledgerLines)
        .where(and(eq(ledgerLines.orderId, lost.orderId)))
        .limit(1)
    )[0]!.date;
    const day = await reconcile(lostDate);
    expect(rowOf(day, lost.transactionId)).toMatchObject({ status: 'not_in_ledger', ledger: 0 });
    expect(day.totals.differences).toBeGreaterThanOrEqual(1);
  });

  it('refuses a day that is not a date, an employee, and another tenant’s owner', async () => {
    const bad = await staff('manager', 'GET', '/reports/reconciliation?date=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('date must be YYYY-MM-DD');
    const badRefresh = await staff('manager', 'POST', '/reports/reconciliation/refresh', {
      date: '2026-02-30',
    });
    expect(badRefresh.statusCode).toBe(400);
    expect(badRefresh.body).toContain('date must be YYYY-MM-DD');
    expect((await staff('employee', 'GET', `/reports/reconciliation?date=${date}`)).statusCode).toBe(403);
    const employeeRefresh = await staff('employee', 'POST', '/reports/reconciliation/refresh', { date });
    expect(employeeRefresh.statusCode).toBe(403);
    const other = await staff('otherOwner', 'GET', `/reports/reconciliation?date=${date}`);
    expect([403, 404]).toContain(other.statusCode);
    expect(other.body).not.toContain(kept.transactionId);
    const before = await t.database.db.select().from(paymentReportDays);
    expect(before.length).toBeGreaterThan(0);
    const otherRefresh = await staff('otherOwner', 'POST', '/reports/reconciliation/refresh', { date });
    expect([403, 404]).toContain(otherRefresh.statusCode);
    expect(otherRefresh.body).not.toContain(kept.transactionId);
    // nothing read or stored for them
    expect(await t.database.db.select().from(paymentReportDays)).toEqual(before);
  });
});
