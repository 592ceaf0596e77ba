import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import { type CardPointeEmulator, startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { freePort } from '@brigade/test-utils/ports';
import type { TestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ServerProcess, send, serverDatabase } from './test-server-process';

/**
 * kill -9 in the middle of checkout (issue 41): the server is killed while the gateway is working on the
 * guest's card — once before the gateway did anything, once after it authorised the card but before its
 * answer came back — and started again on the same data. The gateway (the emulator, in this process) keeps
 * its memory across the crash, as the real one does. After the restart the checkout sweep settles both
 * orders: none is left `placing`, no hold is left on a card, and the guest's retry gets a final answer.
 */
const engine = inject('brigadeTemplate').engine;
const OWNER = 'checkout-crash-owner@example.com';
const ALL_DAY = { open: '00:00', close: '00:00', closed: false };
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

const kitchen = fakePrinter();
const mail = fakeMailProvider();
await Promise.all([once(kitchen.server, 'listening'), once(mail.server.server, 'listening')]);

describe(`checkout on ${engine}: kill -9 while the gateway works, then restart`, () => {
  const work = mkdtempSync(join(tmpdir(), 'brigade-checkout-crash-'));
  const dataDir = join(work, 'data');
  let testDatabase: TestDatabase | undefined;
  let gateway: CardPointeEmulator;
  let server: ServerProcess;
  let tenantId = 0;
  let restaurantId = 0;
  let slug = '';
  let token = '';

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = await send(server.base, {
      method,
      path: `/api/v1${path}`,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
    });
    return { status: answer?.status ?? 0, json: answer?.body ? JSON.parse(answer.body) : undefined };
  };
  const staff = (method: string, path: string, body?: unknown) =>
    call(method, `/tenants/${tenantId}/restaurants/${restaurantId}${path}`, body);

  beforeAll(async () => {
    gateway = await startCardPointeEmulator();
    const port = await freePort();
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      BRIGADE_SEED_DEMO: 'false',
      BRIGADE_MEDIA_DIR: join(work, 'media'),
      CARDPOINTE_URL: gateway.url,
      CARDPOINTE_EMULATOR: 'off',
      // the server waits on the lost answer until it is killed
      CARDPOINTE_TIMEOUT_MS: '60000',
      CARDPOINTE_RECONCILE_PAUSE_MS: '0',
      CHECKOUT_QUIET_SECONDS: '1',
      SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'),
      // the kitchen's printer and the mail provider, in this process, told to hang or to answer
      KITCHEN_PRINTER_PORT: String(kitchen.port()),
      KITCHEN_PRINTER_ALLOW_LOCAL: 'true',
      SMTP_URL: `smtp://127.0.0.1:${mail.port()}`,
    };
    const prepared = await serverDatabase(dataDir);
    const { database } = prepared;
    testDatabase = prepared.testDatabase;
    Object.assign(env, prepared.env);
    tenantId = (await makeTenant(database.db, { plan: 'enterprise' })).tenantId;
    const restaurant = await makeRestaurant(database.db, tenantId);
    restaurantId = restaurant.restaurantId;
    slug = restaurant.slug;
    await makeUser(database.db, { tenantId, role: 'owner', email: OWNER });
    // A job whose process died runs again once its expiry has passed (2 s here instead of a queue's 30-120 s).
    await database.db.execute(
      sql`update pgboss.queue set expire_seconds = 2, retry_delay = 0, retry_backoff = false where name in ('kitchen.ticket', 'mail.deliver')`,
    );
    await prepared.release();
    server = new ServerProcess(env, port);
    await server.start();
    token = (await call('POST', '/auth/signin', { email: OWNER, password: TEST_PASSWORD })).json.sessionToken;
    const merchant = {
      merchid: '496160873888',
      site: 'fts',
      environment: 'uat',
      username: 'testing',
      password: 'testing123',
    };
    expect((await staff('PUT', '/payments/merchant-account', merchant)).status).toBe(200);
    const patched = await staff('PATCH', '', {
      operatingHours: Object.fromEntries(DAYS.map((d) => [d, ALL_DAY])),
      websiteConfig: { enabled: true, ordering: { enabled: true, provider: 'internal' } },
    });
    expect(patched.status, JSON.stringify(patched.json)).toBe(200);
    const printer = await staff('POST', '/printers', {
      name: 'Line',
      model: 'TM-T88',
      ipSetup: 'Static',
      ipAddress: '127.0.0.1',
    });
    const station = await staff('POST', '/prep-stations', {
      name: 'Fryer',
      ticketPrinterId: printer.json.data.printerId,
    });
    const item = await staff('POST', '/items', {
      name: 'Fries',
      basePrice: 4.5,
      prepStationIds: [station.json.data.prepStationId],
    });
    await staff('POST', '/menu-groups', {
      name: 'Dinner',
      isMenu: true,
      items: [{ itemId: item.json.data.itemId, position: 0 }],
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await gateway?.close();
    kitchen.server.close();
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    await testDatabase?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  /** Sends an order and kills the server once the gateway has the authorisation (and, by `fault`, did it or not). */
  async function orderCutOff(fault: 'hang' | 'lose') {
    const key = randomUUID();
    const menu = await call('GET', `/ordering/${slug}/menu`);
    const body = {
      lines: [{ itemId: menu.json.data.menus[0].items[0].itemId, quantity: 2 }],
      pickup: { asap: true },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token: await tokenizeCard(gateway.url, '4111111111111111'), expiry: '1230' },
    };
    if (fault === 'hang') gateway.hang('auth');
    else gateway.loseAnswer('auth');
    const before = gateway.calls.auth;
    const placing = call('POST', `/ordering/${slug}/orders`, body, { 'idempotency-key': key });
    for (let i = 0; i < 200 && gateway.calls.auth === before; i++)
      await new Promise((r) => setTimeout(r, 25));
    expect(gateway.calls.auth).toBe(before + 1);
    await server.kill();
    expect((await placing).status).toBe(0); // the guest got no answer
    return { key, body };
  }

  it('settles orders cut off before and after the gateway authorised, and voids the hold', async () => {
    const beforeGateway = await orderCutOff('hang');
    await server.start();
    const afterGateway = await orderCutOff('lose');
    await server.start();
    // The checkout sweep runs at start-up and every minute; the quiet time here is 1 s. Until it has run, a
    // guest's retry with the same key is told the order is still being placed.
    const retry = (cut: { key: string; body: object }) =>
      call('POST', `/ordering/${slug}/orders`, cut.body, { 'idempotency-key': cut.key });
    let answers = [await retry(beforeGateway), await retry(afterGateway)];
    for (let i = 0; i < 150 && answers.some((a) => a.status === 409); i++) {
      await new Promise((r) => setTimeout(r, 200));
      answers = [await retry(beforeGateway), await retry(afterGateway)];
    }
    // Each gets a final answer: not placed, the hold released.
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.json)).toBe(201);
      expect(answer.json.data.status).toBe('payment_failed');
    }
    // The card the gateway authorised is no longer held, and no payment waits for an answer.
    const payments = (await staff('GET', '/payments/transactions')).json.data as { status: string }[];
    expect(payments.map((p) => p.status).sort()).toEqual(['failed', 'voided']);
  }, 120_000);

  it('prints the kitchen ticket and sends the receipt that were under way when the server died', async () => {
    kitchen.mode = 'hang';
    mail.mode = 'hang';
    const menu = await call('GET', `/ordering/${slug}/menu`);
    const placed = await call(
      'POST',
      `/ordering/${slug}/orders`,
      {
        lines: [{ itemId: menu.json.data.menus[0].items[0].itemId, quantity: 3 }],
        pickup: { asap: true },
        customer: { name: 'Grace Guest', email: 'grace@example.com', phone: '+1 555 010 0300' },
        payment: { token: await tokenizeCard(gateway.url, '4111111111111111'), expiry: '1230' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const orderId = await orderIdOf(placed.json.data);
    expect((await staff('POST', `/orders/${orderId}/status`, { status: 'accepted' })).status).toBe(200);
    // Both jobs are running: the printer and the mail provider have the connection and say nothing.
    await expect
      .poll(() => kitchen.connections + mail.dataStarted, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(2);
    expect(kitchen.connections).toBeGreaterThanOrEqual(1);
    expect(mail.dataStarted).toBeGreaterThanOrEqual(1);
    await server.kill();
    expect(kitchen.printed).toEqual([]);
    expect(mail.delivered).toEqual([]);

    kitchen.mode = 'answer';
    mail.mode = 'answer';
    await new Promise((resolve) => setTimeout(resolve, 2_500)); // the running jobs' expiry passes
    await server.start();
    await expect.poll(() => kitchen.printed.length, { timeout: 20_000 }).toBe(1);
    expect(kitchen.printed[0]).toContain('FRYER');
    expect(kitchen.printed[0]).toContain('3 x Fries');
    await expect.poll(() => mail.delivered.length, { timeout: 20_000 }).toBe(1);
    expect(mail.delivered[0]).toContain('grace@example.com');
    const tickets = (await staff('GET', '/kitchen-tickets')).json.data as {
      orderId: number;
      status: string;
    }[];
    expect(tickets.filter((t) => t.orderId === orderId).map((t) => t.status)).toEqual(['printed']);
  }, 120_000);

  /** A placed order (paid by card, held at the gateway): its id and its payment's. */
  async function placed(name: string) {
    const menu = await call('GET', `/ordering/${slug}/menu`);
    const answer = await call(
      'POST',
      `/ordering/${slug}/orders`,
      {
        lines: [{ itemId: menu.json.data.menus[0].items[0].itemId, quantity: 1 }],
        pickup: { asap: true },
        customer: { name, email: 'guest@example.com', phone: '+1 555 010 0400' },
        payment: { token: await tokenizeCard(gateway.url, '4111111111111111'), expiry: '1230' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    const orderId = await orderIdOf(answer.json.data);
    const order = (await staff('GET', `/orders/${orderId}`)).json.data;
    return { orderId, transactionId: order.transactionId as string };
  }

  /**
   * A placed order's id, from the Orders list of its business day: an ASAP order placed in the lead time before
   * the restaurant's midnight belongs to tomorrow, which today's list (the default) does not show.
   */
  async function orderIdOf(placed: { token: string; pickupAt: string }): Promise<number> {
    const day = (offset: number) => new Date(Date.parse(placed.pickupAt) + offset * 86_400_000).toISOString();
    for (const query of ['', ...[-1, 0, 1].map((offset) => `?date=${day(offset).slice(0, 10)}`)]) {
      const orders = (await staff('GET', `/orders${query}`)).json.data as {
        orderId: number;
        token: string;
      }[];
      const found = orders.find((o) => o.token === placed.token);
      if (found) return found.orderId;
    }
    throw new Error(`order ${placed.token} is on no business day near its pickup at ${placed.pickupAt}`);
  }

  /**
   * Sends a request while the gateway takes `endpoint`'s call and keeps its answer; kills the server once the
   * gateway has done it, restarts, and sends the same request again until the checkout sweep has settled the
   * cut-off step (409 until then).
   */
  async function cutOff(endpoint: 'capture' | 'void' | 'refund', send: () => ReturnType<typeof call>) {
    gateway.loseAnswer(endpoint);
    const before = gateway.calls[endpoint];
    const sending = send();
    await expect.poll(() => gateway.calls[endpoint], { timeout: 10_000 }).toBe(before + 1);
    await server.kill();
    expect((await sending).status).toBe(0);
    await server.start();
    let again = await send();
    for (let i = 0; i < 150 && again.status === 409; i++) {
      await new Promise((r) => setTimeout(r, 200));
      again = await send();
    }
    return { again, gatewayCalls: gateway.calls[endpoint] - before };
  }
  const move = (orderId: number, status: string) => () =>
    staff('POST', `/orders/${orderId}/status`, { status });

  it('accepts an order whose capture was cut off by kill -9 once, without charging the card twice', async () => {
    const { orderId, transactionId } = await placed('Capture Cut');
    const { again, gatewayCalls } = await cutOff('capture', move(orderId, 'accepted'));
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.data.status).toBe('accepted');
    // The capture the gateway made before the crash is the one recorded; no second capture was asked.
    expect(gatewayCalls).toBe(1);
    const payment = (await staff('GET', `/payments/transactions/${transactionId}`)).json.data;
    expect(payment.transaction.status).toBe('captured');
    expect(payment.transaction.capturedAmount).toBeGreaterThan(0);
    expect(payment.events.map((e: { step: string; outcome: string }) => `${e.step}:${e.outcome}`)).toContain(
      'capture:interrupted',
    );
  }, 120_000);

  it('cancels an accepted order whose void was cut off by kill -9, and the card is not charged', async () => {
    const { orderId, transactionId } = await placed('Void Cut');
    const accepted = await staff('POST', `/orders/${orderId}/status`, { status: 'accepted' });
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const { again, gatewayCalls } = await cutOff('void', move(orderId, 'cancelled'));
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.data.status).toBe('cancelled');
    expect(gatewayCalls).toBe(1);
    const payment = (await staff('GET', `/payments/transactions/${transactionId}`)).json.data;
    expect(payment.transaction.status).toBe('voided');
  }, 120_000);

  it('answers a refund cut off by kill -9 when it is asked again with its key, and refunds once', async () => {
    const { orderId, transactionId } = await placed('Refund Cut');
    for (const status of ['accepted', 'completed'])
      expect((await staff('POST', `/orders/${orderId}/status`, { status })).status).toBe(200);
    // The day's batch settles at the gateway; the transaction page's status check learns it is refundable.
    gateway.clock.advance(2 * 24 * 60 * 60 * 1000);
    const checked = await staff('POST', `/payments/transactions/${transactionId}/inquire`, {});
    expect(checked.status, JSON.stringify(checked.json)).toBe(200);
    expect(checked.json.data.transaction.refundable).toBe(true);
    const key = randomUUID();
    const { again, gatewayCalls } = await cutOff('refund', () =>
      call(
        'POST',
        `/tenants/${tenantId}/restaurants/${restaurantId}/payments/transactions/${transactionId}/refund`,
        { amount: 100 },
        { 'idempotency-key': key },
      ),
    );
    // The retry gets the refund the first request made (201, as the first would have), not a second one.
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    expect(again.json.data.transaction.kind).toBe('refund');
    expect(again.json.data.transaction.status).toBe('captured');
    expect(gatewayCalls).toBe(1);
    const payment = (await staff('GET', `/payments/transactions/${transactionId}`)).json.data;
    expect(payment.refunds.map((r: { status: string }) => r.status)).toEqual(['captured']);
    expect(payment.transaction.refundedAmount, JSON.stringify(payment)).toBe(100);
  }, 120_000);

  it('refunds part of an order cut off by kill -9 once: one refund, one history line, one mail, in the ledger', async () => {
    const { orderId, transactionId } = await placed('Order Refund Cut');
    for (const status of ['accepted', 'completed'])
      expect((await staff('POST', `/orders/${orderId}/status`, { status })).status).toBe(200);
    gateway.clock.advance(2 * 24 * 60 * 60 * 1000);
    const checked = await staff('POST', `/payments/transactions/${transactionId}/inquire`, {});
    expect(checked.json.data.transaction.refundable).toBe(true);
    const day = (await staff('GET', `/orders/${orderId}`)).json.data.businessDate as string;
    // The refund is on the business day it was made: the next one when the test crosses the restaurant's midnight.
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const cardReturned = async () => {
      const journal = await staff('GET', `/reports/journal?from=${day}&to=${next}`);
      return (journal.json.data.days as { cardReturned: number }[]).reduce((n, d) => n + d.cardReturned, 0);
    };
    const returnedBefore = await cardReturned();
    const key = randomUUID();
    const { again, gatewayCalls } = await cutOff('refund', () =>
      call(
        'POST',
        `/tenants/${tenantId}/restaurants/${restaurantId}/orders/${orderId}/refunds`,
        { amount: 100, reason: 'Cut off mid-refund' },
        { 'idempotency-key': key },
      ),
    );
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect(again.json.data.refundedAmount).toBe(100);
    expect(gatewayCalls).toBe(1);
    const notes = (again.json.data.events as { note: string | null }[]).filter((e) =>
      e.note?.startsWith('Refunded '),
    );
    expect(notes).toHaveLength(1);
    // the ledger has the refund once (written with the refund's record, whichever process recorded it)
    expect((await cardReturned()) - returnedBefore).toBe(100);
    const refundMails = () => mail.delivered.filter((m) => m.includes('Your refund from'));
    await expect.poll(() => refundMails().length, { timeout: 20_000 }).toBe(1);
    expect(refundMails()[0]).toContain('guest@example.com');
  }, 120_000);
});

/** A kitchen printer on loopback that hangs on each connection, or takes the ticket and closes. */
function fakePrinter() {
  const state = { mode: 'answer' as 'hang' | 'answer', connections: 0, printed: [] as string[] };
  // Half-open allowed: in `hang` mode the printer does not close its side when the sender finishes.
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    state.connections += 1;
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    if (state.mode === 'hang') return; // read and never close: the sender waits
    socket.on('end', () => {
      state.printed.push(Buffer.concat(chunks).toString('latin1'));
      socket.end();
    });
  });
  server.listen(0, '127.0.0.1');
  return Object.assign(state, { server, port: () => (server.address() as AddressInfo).port });
}

/** A mail provider on loopback that hangs in the middle of a message, or takes it. */
function fakeMailProvider() {
  const state = { mode: 'answer' as 'hang' | 'answer', dataStarted: 0, delivered: [] as string[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      state.dataStarted += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.mode === 'hang') return; // never answers the message
        state.delivered.push(
          `${session.envelope.rcptTo.map((r) => r.address).join(',')}\n${Buffer.concat(chunks)}`,
        );
        callback();
      });
    },
  });
  // a connection reset by the killed server is expected: without a listener it ends this test process
  server.on('error', () => {});
  server.listen(0, '127.0.0.1');
  return Object.assign(state, { server, port: () => (server.server.address() as AddressInfo).port });
}
