import { randomUUID } from 'node:crypto';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * A business day reconciled (issue 44 item 4, docs/behaviour/reports.md#reconciliation) over HTTP on both
 * engines, against the CardPointe emulator's settlement and funding: a capture awaited and then matched once
 * the gateway settled and deposited it, a capture voided the same day, and a capture the ledger does not know.
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
const reconcile = async (date: string) => {
  const answer = await staff('manager', 'GET', `/reports/reconciliation?date=${date}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as {
    totals: { ledger: number; settled: number; funded: number; differences: number };
    rows: Row[];
  };
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
    const day = await reconcile(date);
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

  it('matches the capture once the gateway has settled and deposited it', async () => {
    kit.emulator.clock.advance(26 * 3600_000);
    const settled = rowOf(await reconcile(date), kept.transactionId);
    expect(settled).toMatchObject({ settled: kept.total });
    expect(['awaiting_funding', 'matched']).toContain(settled!.status);
    kit.emulator.clock.advance(48 * 3600_000);
    const day = await reconcile(date);
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
    expect((await staff('employee', 'GET', `/reports/reconciliation?date=${date}`)).statusCode).toBe(403);
    const other = await staff('otherOwner', 'GET', `/reports/reconciliation?date=${date}`);
    expect([403, 404]).toContain(other.statusCode);
    expect(other.body).not.toContain(kept.transactionId);
  });
});
