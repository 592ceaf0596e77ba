import { randomUUID } from 'node:crypto';
import { enqueue } from '@brigade/core/jobs/jobs';
import { closeUnpaidKioskChecks } from '@brigade/core/pos/index';
import { QUEUES } from '@brigade/db/job-queue';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { orders } from '@brigade/db/schema/ordering';
import { rowsOf } from '@brigade/test-utils/card-data';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createJobRunner } from '../job-runtime';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Kiosk orders nobody paid at the counter (docs/behaviour/kiosk.md#an-order-nobody-pays, decision 062), on
 * both engines with the server's real job runner: the `kiosk.unpaid` job closes an order that waited past
 * KIOSK_UNPAID_MINUTES, and one whose business day is over, as abandoned — cancelled with the reason in its
 * history, on the day's Orders screen, with no sales-ledger line — and leaves alone an order still within its
 * time and one a cashier paid. A second run closes nothing more.
 */
const t = useTestApp();
const kit = useOrderingRestaurant(t);
let kioskToken = '';
let registerToken = '';
let itemId = 0;
let stop: (() => Promise<void>) | undefined;
afterAll(async () => stop?.());

const staff = (method: 'GET' | 'POST', path: string, options: { token?: string; payload?: object } = {}) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}${path}`,
    session: kit.sessions.manager,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: {
      ...(options.token ? { 'x-pos-device': options.token } : {}),
      'idempotency-key': randomUUID(),
    },
  });
const place = async (guestName: string) => {
  const answer = await overHttp(t.baseUrl, {
    method: 'POST',
    url: '/api/v1/kiosk/orders',
    payload: { service: 'takeout', guestName, payment: 'counter', lines: [{ itemId, quantity: 1 }] },
    headers: { 'x-pos-device': kioskToken, 'idempotency-key': randomUUID() },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data.orderId as number;
};
/** Moves an order's placing back in time, as if it had waited that long. */
const placedAgo = async (orderId: number, minutes: number, businessDate?: string) => {
  await t.database.db
    .update(orders)
    .set({
      createdAt: new Date(Date.now() - minutes * 60_000),
      ...(businessDate ? { businessDate } : {}),
    })
    .where(and(eq(orders.tenantId, kit.tenantId), eq(orders.orderId, orderId)));
};
const eventsOf = async (orderId: number) =>
  (await staff('GET', `/orders/${orderId}`)).json().data as {
    status: string;
    events: { status: string; note: string | null; actor: string }[];
  };

beforeAll(async () => {
  itemId = ((await kit.create('items', { name: 'Ramen', basePrice: 10 })) as { itemId: number }).itemId;
  await kit.create('menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId, position: 0 }] });
  const kiosk = await staff('POST', '/pos/devices', { payload: { name: 'Door kiosk', mode: 'kiosk' } });
  expect(kiosk.statusCode, kiosk.body).toBe(201);
  kioskToken = kiosk.json().data.token;
  const register = await staff('POST', '/pos/devices', { payload: { name: 'Counter' } });
  registerToken = register.json().data.token;
});

describe('kiosk orders nobody paid', () => {
  it('are closed as abandoned by the kiosk.unpaid job, past their time or their business day', async () => {
    const waitedLong = await place('Ada');
    await placedAgo(waitedLong, 121);
    const yesterday = await place('Bo');
    await placedAgo(yesterday, 30, '2020-01-01');
    const fresh = await place('Cy');
    await placedAgo(fresh, 119);
    const paid = await place('Di');
    await placedAgo(paid, 200);
    const check = (await staff('GET', `/pos/checks/${paid}`, { token: registerToken })).json().data;
    const cash = await staff('POST', `/pos/checks/${paid}/pay`, {
      token: registerToken,
      payload: { version: check.version, tender: { method: 'cash', tendered: 2000 }, receipt: 'none' },
    });
    expect(cash.statusCode, cash.body).toBe(201);

    const runner = createJobRunner(
      t.deps,
      { db: t.database.db, storage: t.deps.imageStorage, instanceId: t.deps.instanceId },
      t.app.log,
    );
    await runner.start();
    stop = () => runner.stop();
    await enqueue(t.database.db, QUEUES.kioskUnpaid.name, {});
    await vi.waitFor(
      async () => {
        const jobs = rowsOf(
          await t.database.db.execute(sql`select state from pgboss.job where name = 'kiosk.unpaid'`),
        ) as { state: string }[];
        expect(jobs.map((job) => job.state)).toEqual(['completed']);
      },
      { timeout: 15_000, interval: 50 },
    );

    const first = await eventsOf(waitedLong);
    expect(first.status).toBe('cancelled');
    expect(first.events.at(-1)).toMatchObject({
      status: 'cancelled',
      actor: 'system',
      note: 'Closed as abandoned: not paid at the counter within 120 minutes',
    });
    expect((await eventsOf(yesterday)).events.at(-1)).toMatchObject({
      status: 'cancelled',
      note: 'Closed as abandoned: not paid at the counter by the end of its business day',
    });
    expect((await eventsOf(paid)).status).toBe('accepted');

    // still at the counter: only the order within its time
    const open = (await staff('GET', '/pos/checks', { token: registerToken })).json().data as {
      orderId: number;
    }[];
    expect(open.map((c) => c.orderId)).toEqual([fresh]);
    // in the day's history, and never a sale
    const listed = (await staff('GET', '/orders')).json().data as { orderId: number; status: string }[];
    expect(listed.find((o) => o.orderId === waitedLong)?.status).toBe('cancelled');
    const ledger = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.tenantId, kit.tenantId));
    const sold = new Set(ledger.map((line) => line.orderId));
    expect(sold.has(waitedLong) || sold.has(yesterday)).toBe(false);
    expect(sold.has(paid)).toBe(true);

    // run again: nothing more to close; the fresh one is closed once its time has passed
    const again = await closeUnpaidKioskChecks({ transact: (work) => t.database.db.transaction(work) });
    expect(again.closed).toBe(0);
    const later = await closeUnpaidKioskChecks(
      { transact: (work) => t.database.db.transaction(work) },
      { now: new Date(Date.now() + 2 * 60_000) },
    );
    expect(later.closed).toBe(1);
    expect((await eventsOf(fresh)).status).toBe('cancelled');
  });

  it("counts an order's business day on the tenant's clock, not UTC's", async () => {
    await t.database.db.execute(
      sql`update tenants set settings = jsonb_set(settings, '{timezone}', '"Pacific/Pago_Pago"') where tenant_id = ${kit.tenantId}`,
    );
    try {
      const evening = await place('Late Lou');
      const [row] = await t.database.db
        .select({ businessDate: orders.businessDate })
        .from(orders)
        .where(and(eq(orders.tenantId, kit.tenantId), eq(orders.orderId, evening)));
      // 05:00 UTC the day after its business day is still 18:00 of that day in Pago Pago (UTC-11)
      const at = new Date(`${row!.businessDate}T05:00:00Z`);
      at.setUTCDate(at.getUTCDate() + 1);
      await t.database.db
        .update(orders)
        .set({ createdAt: new Date(at.getTime() - 30 * 60_000) })
        .where(and(eq(orders.tenantId, kit.tenantId), eq(orders.orderId, evening)));
      const deps: Parameters<typeof closeUnpaidKioskChecks>[0] = {
        transact: (work) => t.database.db.transaction(work),
      };
      await closeUnpaidKioskChecks(deps, { now: at });
      // its day is not over where the restaurant is, and it waited 30 of its 120 minutes: still open
      expect((await eventsOf(evening)).status).toBe('open');
      // two hours later it has waited too long
      await closeUnpaidKioskChecks(deps, { now: new Date(at.getTime() + 2 * 3_600_000) });
      expect((await eventsOf(evening)).status).toBe('cancelled');
    } finally {
      await t.database.db.execute(
        sql`update tenants set settings = jsonb_set(settings, '{timezone}', to_jsonb(${kit.timeZone}::text)) where tenant_id = ${kit.tenantId}`,
      );
    }
  });
});
