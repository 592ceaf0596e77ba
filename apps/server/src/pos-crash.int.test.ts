import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { freePort } from '@brigade/test-utils/ports';
import type { TestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crashServerEnv, registerCalls, ServerProcess, serverDatabase } from './test-server-process';

/**
 * kill -9 while registers ring up cash sales (issue 46, docs/behaviour/pos.md): twenty sales are in flight
 * when the server is killed, then it starts again on the same data and every register sends its sale again
 * with its key. Each sale is then whole — one order, one cash tender equal to its total, its kitchen ticket
 * printed, its drawer kicked — or it was never there and is made once by the retry; the day's journal holds
 * exactly the cash of the sales.
 */
const engine = inject('brigadeTemplate').engine;
const OWNER = 'pos-crash-owner@example.com';
const SALES = 20;

const printer = recordingPrinter();
await once(printer.server, 'listening');

describe(`register sales on ${engine}: kill -9 while sales are rung up, then restart`, () => {
  const work = mkdtempSync(join(tmpdir(), 'brigade-pos-crash-'));
  let testDatabase: TestDatabase | undefined;
  let server: ServerProcess;
  let tenantId = 0;
  let restaurantId = 0;
  let session = '';
  let device = '';
  let itemId = 0;

  const { call, staff } = registerCalls(() => ({
    base: server.base,
    session,
    device,
    tenantId,
    restaurantId,
  }));
  const sale = (key: string, quantity: number) =>
    staff(
      'POST',
      '/pos/orders',
      { service: 'takeout', lines: [{ itemId, quantity }], tender: { method: 'cash', tendered: 10_000 } },
      { 'idempotency-key': key },
    );

  beforeAll(async () => {
    const port = await freePort();
    const env = crashServerEnv(work, port, {
      KITCHEN_PRINTER_PORT: String((printer.server.address() as AddressInfo).port),
      KITCHEN_PRINTER_ALLOW_LOCAL: 'true',
      // the log says when a request arrived and whether it finished (the batch's kill waits for its arrival)
      LOG_LEVEL: 'info',
    });
    const prepared = await serverDatabase(join(work, 'data'));
    testDatabase = prepared.testDatabase;
    Object.assign(env, prepared.env);
    const { database } = prepared;
    tenantId = (await makeTenant(database.db, { plan: 'enterprise' })).tenantId;
    restaurantId = (await makeRestaurant(database.db, tenantId)).restaurantId;
    await makeUser(database.db, { tenantId, role: 'owner', email: OWNER });
    // A job whose process died runs again once its expiry has passed (2 s here instead of 30 s).
    await database.db.execute(
      sql`update pgboss.queue set expire_seconds = 2, retry_delay = 0, retry_backoff = false where name in ('kitchen.ticket', 'pos.drawer')`,
    );
    await prepared.release();
    server = new ServerProcess(env, port);
    await server.start();
    session = (await call('POST', '/auth/signin', { email: OWNER, password: TEST_PASSWORD })).json
      .sessionToken;
    const counter = await staff('POST', '/printers', {
      name: 'Counter',
      model: 'TM-T88',
      ipSetup: 'Static',
      ipAddress: '127.0.0.1',
      hasCashDrawer: 'One Cash Drawer',
      cashDrawer: {},
    });
    const printerId = counter.json.data.printerId;
    const station = await staff('POST', '/prep-stations', { name: 'Fryer', ticketPrinterId: printerId });
    itemId = (
      await staff('POST', '/items', {
        name: 'Fries',
        basePrice: 4.5,
        prepStationIds: [station.json.data.prepStationId],
      })
    ).json.data.itemId;
    await staff('POST', '/menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId, position: 0 }] });
    const paired = await staff('POST', '/pos/devices', { name: 'Front', receiptPrinterId: printerId });
    expect(paired.status, JSON.stringify(paired.json)).toBe(201);
    device = paired.json.data.token;
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    printer.server.close();
    await testDatabase?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('leaves every sale whole or absent, and the retries make each once', async () => {
    const keys = Array.from({ length: SALES }, () => randomUUID());
    const quantities = keys.map((_, i) => 1 + (i % 3));
    const inFlight = keys.map((key, i) => sale(key, quantities[i]!));
    // kill once the first sales have answered: others are mid-transaction or not yet read
    await Promise.race(inFlight);
    await server.kill();
    const before = await Promise.all(inFlight);
    const answeredBefore = before.filter((a) => a.status === 201).length;
    expect(answeredBefore).toBeGreaterThan(0);
    expect(answeredBefore).toBeLessThan(SALES);
    await server.start();
    const orderIds = new Map<string, number>();
    for (const [i, key] of keys.entries()) {
      const again = await sale(key, quantities[i]!);
      expect(again.status, JSON.stringify(again.json)).toBe(201);
      const first = before[i]!;
      if (first.status === 201) expect(again.json.data.orderId).toBe(first.json.data.orderId);
      expect(again.json.data.tenders).toHaveLength(1);
      expect(again.json.data.tenders[0].amount).toBe(again.json.data.totals.total);
      orderIds.set(key, again.json.data.orderId);
    }
    expect(new Set(orderIds.values()).size).toBe(SALES);
    // the day's register sales are exactly these, each with its one tender
    const today = await staff('GET', '/pos/orders');
    expect(today.json.data.map((o: { orderId: number }) => o.orderId).sort()).toEqual(
      [...orderIds.values()].sort(),
    );
    const cash = today.json.data.reduce(
      (sum: number, o: { totals: { total: number } }) => sum + o.totals.total,
      0,
    );
    // the ledger has the cash once: the journal of the day
    const day = today.json.data[0].businessDate;
    const journal = await staff('GET', `/reports/journal?from=${day}&to=${day}`);
    expect(journal.json.data.days[0]).toMatchObject({ cashTaken: cash, totalCollected: cash });
    // every sale's ticket prints, and every drawer kick goes out (a kick twice after the crash is harmless)
    for (const orderId of orderIds.values()) {
      await expect
        .poll(
          async () =>
            (await staff('GET', `/kitchen-tickets?orderId=${orderId}`)).json.data.map(
              (t: { status: string }) => t.status,
            ),
          { timeout: 30_000 },
        )
        .toEqual(['printed']);
    }
    await expect.poll(() => printer.kicks, { timeout: 30_000 }).toBeGreaterThanOrEqual(SALES);
  }, 180_000);

  it('records a batch of offline sales cut off by kill -9 whole or not at all, and its resend makes each once', async () => {
    const soldAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const entry = (idempotencyKey: string, lineItem: number) => ({
      idempotencyKey,
      sale: {
        service: 'takeout',
        lines: [{ itemId: lineItem, quantity: 1 }],
        tender: { method: 'cash', tendered: 10_000 },
        receipt: 'none',
        offline: { soldAt, charged: [{ unitPrice: 450, modifierCharge: 0 }] },
      },
    });
    const keys = Array.from({ length: 100 }, () => randomUUID());
    const batch = keys.map((key) => entry(key, itemId));
    const journal = async (day: string) =>
      (await staff('GET', `/reports/journal?from=${day}&to=${day}`)).json.data.days[0]?.cashTaken ?? 0;
    const soldDay = (await staff('GET', '/pos/orders')).json.data[0].businessDate as string;
    const cashBefore = await journal(soldDay);
    // PostgreSQL: the register's drawer session is held by another transaction, so the batch waits on it
    // after writing its orders, inside its own transaction, and is killed there. PGlite (one connection, no
    // one else to hold a lock): killed as soon as the batch has arrived.
    const opened = await staff('POST', '/pos/drawer', { openingFloat: 10_000 });
    expect(opened.status, JSON.stringify(opened.json)).toBe(201);
    const lock = engine === 'postgres' ? await holdDrawerSessions(testDatabase!) : null;
    const requestId = randomUUID();
    const sent = staff('POST', '/pos/orders/sync', { sales: batch }, { 'x-request-id': requestId });
    try {
      await expect.poll(() => server.progressOf(requestId).arrived, { interval: 5 }).toBe(true);
      if (lock) await expect.poll(lock.waitedOn, { interval: 5 }).toBe(true);
      await server.kill();
    } finally {
      await lock?.release();
    }
    const progress = server.progressOf(requestId);
    expect(progress.completed, 'the kill came after the answer: this run proves nothing').toBe(false);
    const cut = await sent;
    expect(cut.status).toBe(0);
    await server.start();
    // what the database holds of the batch, adding nothing: the same keys with other lines answer 422 where
    // a sale is recorded under the key and 400 where none is (that item is not on the menu)
    const probe = await staff('POST', '/pos/orders/sync', {
      sales: keys.map((key) => entry(key, 2_000_000)),
    });
    expect(probe.status, JSON.stringify(probe.json)).toBe(200);
    const held = [...new Set(probe.json.data.results.map((r: { status: number }) => r.status))];
    expect(held.length === 1 && [400, 422].includes(held[0] as number), `${held}`).toBe(true);
    // cut off before its commit: none of it (its orders were written in its transaction, never committed)
    expect(held).toEqual([400]);
    const again = await staff('POST', '/pos/orders/sync', { sales: batch });
    const results = again.json.data.results as {
      status: number;
      sale: { orderId: number; businessDate: string; totals: { total: number } };
    }[];
    expect(results.map((r) => r.status)).toEqual(keys.map(() => 201));
    const orderIds = results.map((r) => r.sale.orderId);
    expect(new Set(orderIds).size).toBe(keys.length);
    // a third send (another tab): the same sales, nothing new
    const third = await staff('POST', '/pos/orders/sync', { sales: batch });
    expect(third.json.data.results.map((r: { sale: { orderId: number } }) => r.sale.orderId)).toEqual(
      orderIds,
    );
    // the ledger took each sale's cash once
    expect(new Set(results.map((r) => r.sale.businessDate))).toEqual(new Set([soldDay]));
    const total = results.reduce((sum, r) => sum + r.sale.totals.total, 0);
    expect((await journal(soldDay)) - cashBefore).toBe(total);
  }, 180_000);
});

/**
 * Holds every open drawer session of the test's PostgreSQL database in a transaction of its own, until
 * released; `waitedOn` says whether another transaction waits for that lock.
 */
async function holdDrawerSessions(testDatabase: TestDatabase) {
  const { database } = testDatabase;
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let taken = () => {};
  const locked = new Promise<void>((resolve) => {
    taken = resolve;
  });
  const holding = database.db.transaction(async (tx) => {
    const held = (await tx.execute(
      sql`select session_id from cash_drawer_sessions where closed_at is null for update`,
    )) as unknown as { rows: unknown[] };
    expect(held.rows).toHaveLength(1);
    taken();
    await released;
  });
  await Promise.race([locked, holding]);
  return {
    waitedOn: async () =>
      (
        await database.pool!.query(
          `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'
             and query ilike '%cash_drawer_sessions%'`,
        )
      ).rowCount === 1,
    release: async () => {
      release();
      await holding;
    },
  };
}

/** A printer on loopback that takes every connection and counts the drawer kicks (ESC p 0) it received. */
function recordingPrinter() {
  const state = { kicks: 0, tickets: 0 };
  const server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('end', () => {
      const bytes = Buffer.concat(chunks);
      if (bytes.includes(Buffer.from([0x1b, 0x70, 0x00]))) state.kicks += 1;
      else state.tickets += 1;
      socket.end();
    });
  });
  server.listen(0, '127.0.0.1');
  return Object.assign(state, { server });
}
