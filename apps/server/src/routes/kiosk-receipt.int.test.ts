import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { DEFAULT_TERMINAL, DEFAULT_TERMINAL_KEY } from '@brigade/cardpointe/terminal-emulator';
import type { JobRunner } from '@brigade/core/jobs/job-runner';
import { orders } from '@brigade/db/schema/ordering';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../job-runtime';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { useOrderingRestaurant } from './test-ordering';
import { terminalShopper } from './test-register';

/**
 * A guest's receipt at the kiosk (docs/behaviour/kiosk.md#receipts) over real HTTP on both engines, with the
 * server's job runner and a TCP listener standing in for the kiosk's receipt printer: after paying by card on
 * the kiosk's terminal, the guest's receipt prints once (ESC/POS, through the register's `pos.receipt` job)
 * and is emailed at most three times; the kiosk's token reaches only its own paid orders, for 15 minutes.
 */
const received: Buffer[] = [];
const printer = createServer((socket) => {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('end', () => received.push(Buffer.concat(chunks)));
});
printer.listen(0, '127.0.0.1');
await once(printer, 'listening');

const t = useTestApp({
  env: {
    KITCHEN_PRINTER_PORT: String((printer.address() as AddressInfo).port),
    KITCHEN_PRINTER_ALLOW_LOCAL: 'true',
  },
});
const kit = useOrderingRestaurant(t);
const HSN = DEFAULT_TERMINAL.hsn;
const tokens = { kiosk: '', other: '', register: '' };
let itemId = 0;
let jobs: JobRunner | undefined;

const manager = (method: 'POST' | 'PUT' | 'GET', path: string, payload?: object) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}${path}`,
    session: kit.sessions.manager,
    ...(payload ? { payload } : {}),
  });
const kiosk = (path: string, options: { token?: string; key?: string; payload?: object } = {}) =>
  overHttp(t.baseUrl, {
    method: 'POST',
    url: `/api/v1/kiosk${path}`,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: {
      'x-pos-device': options.token ?? tokens.kiosk,
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
const order = (payment: 'card' | 'counter') => ({
  service: 'takeout',
  guestName: 'Ada',
  payment,
  lines: [{ itemId, quantity: 2 }],
});
const { shopper, until } = terminalShopper(kit);
const pair = async (name: string, mode: 'kiosk' | 'register', receiptPrinterId: number | null = null) => {
  const paired = await manager('POST', '/pos/devices', { name, mode, receiptPrinterId });
  expect(paired.statusCode, paired.body).toBe(201);
  return paired.json().data as { token: string; device: { deviceId: number } };
};

beforeAll(async () => {
  jobs = createJobRunner(
    t.deps,
    { db: t.database.db, storage: t.deps.imageStorage, instanceId: 'test' },
    t.app.log,
  );
  await jobs.start();
  itemId = ((await kit.create('items', { name: 'Ramen', basePrice: 10 })) as { itemId: number }).itemId;
  await kit.create('menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId, position: 0 }] });
  const printerId = (
    (await kit.create('printers', {
      name: 'Kiosk printer',
      model: 'TM-T88',
      ipSetup: 'Static',
      ipAddress: '127.0.0.1',
    })) as { printerId: number }
  ).printerId;
  const paired = await pair('Door kiosk', 'kiosk', printerId);
  tokens.kiosk = paired.token;
  tokens.other = (await pair('Window kiosk', 'kiosk')).token;
  tokens.register = (await pair('Counter', 'register', printerId)).token;
  const terminal = await manager('PUT', `/pos/devices/${paired.device.deviceId}/terminal`, {
    hsn: HSN,
    apiKey: DEFAULT_TERMINAL_KEY,
  });
  expect(terminal.statusCode, terminal.body).toBe(200);
});

afterAll(async () => {
  await jobs?.stop();
  printer.close();
});

describe("a guest's receipt at the kiosk", () => {
  it('prints once on the kiosk’s printer and is emailed at most three times, for the kiosk’s own paid order', async () => {
    const menu = await overHttp(t.baseUrl, {
      method: 'GET',
      url: '/api/v1/kiosk/menu',
      headers: { 'x-pos-device': tokens.kiosk },
    });
    expect(menu.json().data).toMatchObject({ cardTerminal: true, receiptPrinter: true });
    const answer = kiosk('/orders', { key: randomUUID(), payload: order('card') });
    await until('tip');
    await shopper('tip', { tip: '0.00' });
    await until('card');
    await shopper('card', { pan: '4111111111111111', entry: 'tap' });
    await until('sign');
    await shopper('sign');
    const placed = await answer;
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId, number } = placed.json().data as { orderId: number; number: number };

    // printed on the kiosk's printer: the sale and the card
    const print = await kiosk(`/orders/${orderId}/receipt/print`);
    expect([print.statusCode, print.json().data]).toEqual([202, { receiptQueued: true }]);
    const receipts = () =>
      received.map((bytes) => bytes.toString('latin1')).filter((text) => text.includes(`#${number}`));
    await expect.poll(() => receipts().length, { timeout: 15_000 }).toBe(1);
    expect(receipts()[0]).toMatch(/2 x Ramen\s+20\.00/);
    expect(receipts()[0]).toMatch(/1111/);
    const twice = await kiosk(`/orders/${orderId}/receipt/print`);
    expect([twice.statusCode, twice.json().detail]).toEqual([
      409,
      'This receipt was already printed: ask at the counter for another',
    ]);

    // emailed through the outbox, three times at most
    const path = `/orders/${orderId}/receipt/email`;
    const bad = await kiosk(path, { payload: { email: 'nope' } });
    expect(bad.statusCode).toBe(400);
    for (const n of [1, 2, 3]) {
      const sent = await kiosk(path, { payload: { email: `ada${n}@example.com` } });
      expect([sent.statusCode, sent.json().data]).toEqual([202, { sent: true, to: `ada${n}@example.com` }]);
    }
    const fourth = await kiosk(path, { payload: { email: 'ada4@example.com' } });
    expect([fourth.statusCode, fourth.json().detail]).toEqual([
      429,
      'This receipt was already emailed 3 times',
    ]);
    const mails = (await t.database.db.execute(
      sql`select subject, text_body from outbox_emails where to_address = 'ada1@example.com'`,
    )) as unknown as { rows: { subject: string; text_body: string }[] };
    expect(mails.rows[0]!.subject).toMatch(new RegExp(`\\(#${number}\\)$`));
    expect(mails.rows[0]!.text_body).toMatch(/2 x Ramen\s+20\.00/);
    const history = (await kit.staff('employee', 'GET', `/orders/${orderId}`)).json().data.events as {
      note: string | null;
    }[];
    expect(history.map((e) => e.note)).toEqual(
      expect.arrayContaining(['Receipt printed at the kiosk', 'Receipt emailed to a***@example.com']),
    );

    // another kiosk, a register's token, an unpaid order, an old order: nothing
    const other = await kiosk(`/orders/${orderId}/receipt/email`, {
      token: tokens.other,
      payload: { email: 'x@example.com' },
    });
    expect(other.statusCode).toBe(404);
    expect((await kiosk(`/orders/${orderId}/receipt/print`, { token: tokens.register })).statusCode).toBe(
      403,
    );
    const counter = await kiosk('/orders', { key: randomUUID(), payload: order('counter') });
    const unpaid = counter.json().data.orderId as number;
    expect((await kiosk(`/orders/${unpaid}/receipt/print`)).statusCode).toBe(404);
    await t.database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(and(eq(orders.tenantId, kit.tenantId), eq(orders.orderId, orderId)));
    const late = await kiosk(path, { payload: { email: 'late@example.com' } });
    expect(late.statusCode).toBe(404);
  });

  it('offers no printing where the kiosk has no receipt printer', async () => {
    const menu = await overHttp(t.baseUrl, {
      method: 'GET',
      url: '/api/v1/kiosk/menu',
      headers: { 'x-pos-device': tokens.other },
    });
    expect(menu.json().data.receiptPrinter).toBe(false);
  });
});
