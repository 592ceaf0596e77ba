import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import { CardPointeClient } from '@brigade/cardpointe/client';
import { type CardPointeEmulator, startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { freePort } from '@brigade/test-utils/ports';
import type { TestDatabase } from '@brigade/test-utils/test-database';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  crashServerEnv,
  gatewayEnv,
  registerCalls,
  ServerProcess,
  serverDatabase,
} from './test-server-process';

/**
 * kill -9 between the terminal's approval and the sale's record (issue 46 item 6, decision 052): a card sale
 * is on the terminal, the card is approved at the gateway (captured), the terminal waits for the signature —
 * and the server is killed. The emulator (gateway and terminal) lives in the test, so it outlives the server.
 * After the restart the checkout sweep finds the intent by its order id and voids the capture, gives the key
 * back, and the same request (same key) pays the check once. No order was written for the first try.
 * Last, with tips taken on the receipt: the server dies after the gateway captured a card with its tip, and
 * after the restart the sweep records the capture and the tip, once.
 */
const engine = inject('brigadeTemplate').engine;
const OWNER = 'pos-card-crash-owner@example.com';
const MERCHID = '496160873888';
const HSN = 'CRASHTEST01';

describe(`a register card sale on ${engine}: kill -9 after the approval, then restart`, () => {
  const work = mkdtempSync(join(tmpdir(), 'brigade-pos-card-crash-'));
  let emulator: CardPointeEmulator;
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
  const sale = (key: string) =>
    staff(
      'POST',
      '/pos/orders/card',
      { service: 'takeout', lines: [{ itemId, quantity: 2 }], receipt: 'none' },
      { 'idempotency-key': key },
    );
  const shopper = async (control: string, body: object = {}) => {
    const answer = await fetch(`${emulator.url}/terminal/${HSN}/${control}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(answer.status).toBe(200);
  };
  const until = async (what: string) => {
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${emulator.url}/terminal/${HSN}/screen`)).json()) as { waitingFor: string[] })
            .waitingFor,
        { timeout: 20_000, interval: 50 },
      )
      .toContain(what);
  };

  /** A check of one Gyoza, opened on the register. */
  const openCheck = async (guestName: string): Promise<{ orderId: number; version: number }> => {
    const opened = await staff(
      'POST',
      '/pos/checks',
      { guestName, lines: [{ itemId, quantity: 1 }] },
      { 'idempotency-key': randomUUID() },
    );
    expect(opened.status, JSON.stringify(opened.json)).toBe(201);
    return opened.json.data;
  };
  /** Every payment's status, sorted: what the sweep left of each try. */
  const statuses = async () =>
    ((await staff('GET', '/payments/transactions')).json.data as { status: string }[])
      .map((t) => t.status)
      .sort();
  /** A register sale's tenders as the day's sales list them ("card refund 400"), sorted. */
  const tendersOf = async (orderId: number) =>
    (
      (await staff('GET', '/pos/orders')).json.data as {
        orderId: number;
        tenders: { method: string; kind: string; amount: number }[];
      }[]
    )
      .find((o) => o.orderId === orderId)!
      .tenders.map((t) => `${t.method} ${t.kind} ${t.amount}`)
      .sort();

  /** One card on the terminal for `amount` of the check: the request, still waiting for the signature. */
  const partOnTerminal = async (
    orderId: number,
    version: number,
    amount: number,
    key: string,
    tip: string,
  ) => {
    const answer = staff(
      'POST',
      `/pos/checks/${orderId}/pay/card`,
      { version, amount, receipt: 'none' },
      { 'idempotency-key': key },
    );
    await until('tip');
    await shopper('tip', { tip });
    await until('card');
    await shopper('card', { pan: '4111111111111111' });
    await until('sign');
    // wrapped: an async function's promise would wait for the answer itself
    return { answer };
  };
  const killAndRestart = async (cutOff: Promise<{ status: number }>, beforeRestart?: () => Promise<void>) => {
    await server.kill();
    expect((await cutOff).status).toBe(0);
    await beforeRestart?.();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.start();
  };

  /**
   * The same request again once the sweep gave its key back: sent until it reaches the terminal (not a 409 for
   * a key still held), then the guest tips, taps and signs; its answer.
   */
  const againOnTerminal = async (send: () => ReturnType<typeof staff>, tip: string) => {
    let again: ReturnType<typeof staff> | undefined;
    await expect
      .poll(
        async () => {
          again = send();
          const answer = await Promise.race([again, until('tip').then(() => null)]);
          return answer === null ? 'on the terminal' : answer.status;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe('on the terminal');
    await shopper('tip', { tip });
    await until('card');
    await shopper('card', { pan: '4111111111111111' });
    await until('sign');
    await shopper('sign');
    return again!;
  };

  beforeAll(async () => {
    emulator = await startCardPointeEmulator({
      terminal: { apiKey: 'crash-test-terminal-key', terminals: [{ hsn: HSN, merchantId: MERCHID }] },
    });
    const port = await freePort();
    const env = { ...crashServerEnv(work, port), ...gatewayEnv(emulator.url) };
    const prepared = await serverDatabase(join(work, 'data'));
    testDatabase = prepared.testDatabase;
    Object.assign(env, prepared.env);
    const { database } = prepared;
    tenantId = (await makeTenant(database.db, { plan: 'enterprise' })).tenantId;
    restaurantId = (await makeRestaurant(database.db, tenantId)).restaurantId;
    await makeUser(database.db, { tenantId, role: 'owner', email: OWNER });
    await prepared.release();
    server = new ServerProcess(env, port);
    await server.start();
    session = (await call('POST', '/auth/signin', { email: OWNER, password: TEST_PASSWORD })).json
      .sessionToken;
    const merchant = {
      merchid: MERCHID,
      site: 'fts',
      environment: 'uat',
      username: 'testing',
      password: 'testing123',
    };
    expect((await staff('PUT', '/payments/merchant-account', merchant)).status).toBe(200);
    itemId = (await staff('POST', '/items', { name: 'Gyoza', basePrice: 7 })).json.data.itemId;
    await staff('POST', '/menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId, position: 0 }] });
    const paired = await staff('POST', '/pos/devices', { name: 'Front' });
    expect(paired.status, JSON.stringify(paired.json)).toBe(201);
    device = paired.json.data.token;
    const terminal = await staff('PUT', `/pos/devices/${paired.json.data.device.deviceId}/terminal`, {
      hsn: HSN,
      apiKey: 'crash-test-terminal-key',
    });
    expect(terminal.status, JSON.stringify(terminal.json)).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await emulator?.close();
    await testDatabase?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('voids the capture after the restart, gives the key back, and the retry pays once', async () => {
    const key = randomUUID();
    const first = sale(key);
    await until('tip');
    await shopper('tip', { tip: '0.00' });
    await until('card');
    await shopper('card', { pan: '4111111111111111' });
    // approved and captured at the gateway; the terminal waits for the signature: the server dies now
    await until('sign');
    await server.kill();
    expect((await first).status).toBe(0);
    await shopper('sign');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.start();

    // the sweep at start-up (and every minute) settles the intent by its order id: voided
    const transactions = async () =>
      (await staff('GET', '/payments/transactions')).json.data as {
        status: string;
        paymentOrderId: string;
      }[];
    await expect
      .poll(async () => (await transactions()).map((t) => t.status), { timeout: 90_000 })
      .toEqual(['voided']);
    const [voided] = await transactions();
    const gateway = new CardPointeClient({
      baseUrl: emulator.restUrl,
      username: 'testing',
      password: 'testing123',
    });
    const [atGateway] = await gateway.inquireByOrderid(voided!.paymentOrderId, MERCHID);
    expect(atGateway?.setlstat).toBe('Voided');
    expect((await staff('GET', '/pos/orders')).json.data).toEqual([]);

    // the key was given back: the same request runs again on the terminal and pays once
    const paid = await againOnTerminal(() => sale(key), '1.00');
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect(paid.json.data.totals).toMatchObject({ subtotal: 1400, tip: 100, total: 1500 });
    expect((await staff('GET', '/pos/orders')).json.data).toHaveLength(1);
  }, 240_000);

  it('leaves an open check paid by card open after kill -9, its capture voided, and the same key pays it once', async () => {
    const { orderId, version } = await openCheck('Bar 2');
    const key = randomUUID();
    const pay = () =>
      staff(
        'POST',
        `/pos/checks/${orderId}/pay/card`,
        { version, receipt: 'none' },
        { 'idempotency-key': key },
      );
    const first = pay();
    await until('tip');
    await shopper('tip', { tip: '0.00' });
    await until('card');
    await shopper('card', { pan: '4111111111111111' });
    await until('sign');
    await server.kill();
    expect((await first).status).toBe(0);
    await shopper('sign');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.start();

    // the test before left one voided and one captured payment; this one's capture is voided too
    await expect.poll(statuses, { timeout: 90_000 }).toEqual(['captured', 'voided', 'voided']);
    const check = await staff('GET', `/pos/checks/${orderId}`);
    expect(check.json.data).toMatchObject({ status: 'open', version });

    // its key given back, the same request pays the check once
    const paid = await againOnTerminal(() => pay(), '0.00');
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect((await staff('GET', `/pos/checks/${orderId}`)).json.data.status).toBe('accepted');
    expect(await statuses()).toEqual(['captured', 'captured', 'voided', 'voided']);
  }, 240_000);

  it('leaves a check paid by a keyed card open after kill -9 once the gateway charged it, voids it, and the same key pays it once', async () => {
    const { orderId, version } = await openCheck('Phone');
    const key = randomUUID();
    const card = { token: await tokenizeCard(emulator.url, '4111111111111111'), expiry: '1230' };
    const pay = () =>
      staff(
        'POST',
        `/pos/checks/${orderId}/pay/keyed`,
        { version, receipt: 'none', ...card },
        { 'idempotency-key': key },
      );
    // the gateway authorises and captures, but its answer never leaves: the server dies waiting for it
    emulator.loseAnswer('auth');
    const before = emulator.calls.auth;
    const first = pay();
    await expect.poll(() => emulator.calls.auth, { timeout: 20_000, interval: 25 }).toBe(before + 1);
    await server.kill();
    expect((await first).status).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.start();

    // the sweep finds the charge by its order id and voids it; the check is still open at its version
    await expect
      .poll(statuses, { timeout: 90_000 })
      .toEqual(['captured', 'captured', 'voided', 'voided', 'voided']);
    expect((await staff('GET', `/pos/checks/${orderId}`)).json.data).toMatchObject({
      status: 'open',
      version,
    });

    // its key given back, the same request pays the check once
    let paid: Awaited<ReturnType<typeof pay>> | undefined;
    await expect
      .poll(
        async () => {
          paid = await pay();
          return paid.status;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(201);
    expect(paid!.json.data.tenders).toEqual([
      expect.objectContaining({
        method: 'card',
        amount: 700,
        card: expect.objectContaining({ lastFour: '1111' }),
      }),
    ]);
    expect((await staff('GET', `/pos/checks/${orderId}`)).json.data.status).toBe('accepted');
    expect(await statuses()).toEqual(['captured', 'captured', 'captured', 'voided', 'voided', 'voided']);
  }, 240_000);

  it('records the tip of a card captured at the gateway when the server died adding it (tips on the receipt)', async () => {
    expect((await staff('PUT', '/time-clock/settings', { cardTips: 'receipt' })).status).toBe(200);
    const { orderId, version } = await openCheck('Patio');
    const paying = staff(
      'POST',
      `/pos/checks/${orderId}/pay/card`,
      { version, receipt: 'none' },
      { 'idempotency-key': randomUUID() },
    );
    await until('card');
    await shopper('card', { pan: '4111111111111111' });
    await until('sign');
    await shopper('sign');
    const paid = await paying;
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    const tender = paid.json.data.tenders[0];
    expect(tender.card).toMatchObject({ tipPending: true, tip: 0 });

    // the gateway captures the card with the tip, but its answer never leaves: the server dies waiting for it
    emulator.loseAnswer('capture');
    const before = emulator.calls.capture ?? 0;
    const key = randomUUID();
    const tip = () =>
      staff(
        'POST',
        `/pos/orders/${orderId}/tip`,
        { tenderId: tender.tenderId, tip: 150 },
        { 'idempotency-key': key },
      );
    const first = tip();
    await expect.poll(() => emulator.calls.capture ?? 0, { timeout: 20_000, interval: 25 }).toBe(before + 1);
    await server.kill();
    expect((await first).status).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.start();

    // the sweep finds the capture at the gateway and records it; the tender and the order take its tip
    const order = async () => (await staff('GET', `/orders/${orderId}`)).json.data;
    await expect.poll(async () => (await order()).totals?.tip, { timeout: 90_000, interval: 500 }).toBe(150);
    const after = await order();
    expect(after.totals.total).toBe(850);
    expect(JSON.stringify(after.events)).toContain(
      'visa ending 1111 was found captured with a tip of 1.50 USD',
    );
    const payment = (await staff('GET', `/payments/transactions/${tender.card.transactionId}`)).json.data;
    expect(payment.transaction ?? payment).toMatchObject({ status: 'captured' });
    // the request's key answers the sale with its tip; another tip is refused; the capture happened once
    let again: Awaited<ReturnType<typeof tip>> | undefined;
    await expect
      .poll(
        async () => {
          again = await tip();
          return again.status;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(200);
    expect(again!.json.data.tenders[0]).toMatchObject({ amount: 850, card: { tip: 150, tipPending: false } });
    const other = await staff(
      'POST',
      `/pos/orders/${orderId}/tip`,
      { tenderId: tender.tenderId, tip: 100 },
      { 'idempotency-key': randomUUID() },
    );
    expect(other.status).toBe(409);
    expect(emulator.calls.capture).toBe(before + 1);
  }, 240_000);

  it('keeps the first card of a split check paid when the server dies with the second on the terminal, and the same key pays the rest once', async () => {
    // tips on the terminal again (the test before took them on the receipt)
    expect((await staff('PUT', '/time-clock/settings', { cardTips: 'terminal' })).status).toBe(200);
    const { orderId, version } = await openCheck('Split');
    const before = await statuses();
    const first = await partOnTerminal(orderId, version, 300, randomUUID(), '1.00');
    await shopper('sign');
    const part = await first.answer;
    expect(part.status, JSON.stringify(part.json)).toBe(201);
    expect((await staff('GET', `/pos/checks/${orderId}`)).json.data).toMatchObject({
      status: 'open',
      paid: 400,
      balance: 400,
      version: version + 1,
    });

    // the second guest's card is approved and captured; the server dies waiting for the signature
    const key = randomUUID();
    const second = await partOnTerminal(orderId, version + 1, 400, key, '0.00');
    await killAndRestart(second.answer, () => shopper('sign'));

    // the second capture is voided; the first card stays paid, and the check is open at its version
    await expect.poll(statuses, { timeout: 90_000 }).toEqual([...before, 'captured', 'voided'].sort());
    expect((await staff('GET', `/pos/checks/${orderId}`)).json.data).toMatchObject({
      status: 'open',
      version: version + 1,
      paid: 400,
      balance: 400,
    });

    // its key given back, the same request pays the rest once
    const paid = await againOnTerminal(
      () =>
        staff(
          'POST',
          `/pos/checks/${orderId}/pay/card`,
          { version: version + 1, amount: 400, receipt: 'none' },
          { 'idempotency-key': key },
        ),
      '0.00',
    );
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect(paid.json.data.status).toBe('accepted');
    expect(
      paid.json.data.tenders.map((t: { method: string; kind: string; amount: number }) => [t.kind, t.amount]),
    ).toEqual([
      ['payment', 400],
      ['payment', 400],
    ]);
    expect(await statuses()).toEqual([...before, 'captured', 'captured', 'voided'].sort());
  }, 240_000);

  it('takes a card the gateway voided off the open check after the server died handing it back, and the tip with it', async () => {
    const { orderId, version } = await openCheck('Hand back');
    const before = await statuses();
    const first = await partOnTerminal(orderId, version, 300, randomUUID(), '1.00');
    await shopper('sign');
    const part = await first.answer;
    expect(part.status, JSON.stringify(part.json)).toBe(201);
    const transactionId = part.json.data.tenders[0].card.transactionId as string;
    expect((await staff('GET', `/pos/checks/${orderId}`)).json.data).toMatchObject({
      paid: 400,
      balance: 400,
      totals: { subtotal: 700, total: 800 },
    });

    // the manager hands it back: the gateway voids the card, but its answer never leaves
    emulator.loseAnswer('void');
    const voids = emulator.calls.void ?? 0;
    const handBack = staff('POST', `/pos/checks/${orderId}/hand-back`, { version: version + 1 });
    await expect.poll(() => emulator.calls.void ?? 0, { timeout: 20_000, interval: 25 }).toBe(voids + 1);
    await killAndRestart(handBack);

    // the sweep records the void, then takes the card and its tip off the check: nothing is paid toward it
    const check = async () => (await staff('GET', `/pos/checks/${orderId}`)).json.data;
    await expect.poll(async () => (await check()).paid, { timeout: 90_000, interval: 500 }).toBe(0);
    const after = await check();
    expect(after).toMatchObject({ status: 'open', balance: 700, totals: { subtotal: 700, total: 700 } });
    expect(after.tenders.map((t: { kind: string; amount: number }) => [t.kind, t.amount])).toEqual([
      ['payment', 400],
      ['refund', 400],
    ]);
    expect(await statuses()).toEqual([...before, 'voided'].sort());
    const history = (await staff('GET', `/orders/${orderId}`)).json.data.events as { note: string }[];
    expect(history.at(-1)?.note).toBe(
      'visa ending 1111 was found given back at the gateway: 4.00 USD is no longer paid toward this check',
    );
    expect(emulator.calls.void).toBe(voids + 1);

    // the manager's hand-back, tried again, finds nothing paid; the check closes without a sale
    const again = await staff('POST', `/pos/checks/${orderId}/hand-back`, { version: after.version });
    expect(again.status).toBe(409);
    const closed = await staff('POST', `/pos/checks/${orderId}/close`, { version: after.version });
    expect(closed.status, JSON.stringify(closed.json)).toBe(200);
    const payment = (await staff('GET', `/payments/transactions/${transactionId}`)).json.data;
    expect(payment.transaction ?? payment).toMatchObject({ status: 'voided' });
  }, 240_000);
  it("finishes a sale's void that the server died recording, after the gateway voided its card", async () => {
    // a card sale, paid on the terminal
    const selling = sale(randomUUID());
    await until('tip');
    await shopper('tip', { tip: '1.00' });
    await until('card');
    await shopper('card', { pan: '4111111111111111' });
    await until('sign');
    await shopper('sign');
    const sold = await selling;
    expect(sold.status, JSON.stringify(sold.json)).toBe(201);
    const { orderId } = sold.json.data;
    const transactionId = sold.json.data.tenders[0].card.transactionId as string;

    // the manager voids it: the gateway voids the card, but its answer never leaves, and the server dies
    emulator.loseAnswer('void');
    const voids = emulator.calls.void ?? 0;
    const voiding = staff('POST', `/pos/orders/${orderId}/void`, { reason: 'Wrong order' });
    await expect.poll(() => emulator.calls.void ?? 0, { timeout: 20_000, interval: 25 }).toBe(voids + 1);
    await killAndRestart(voiding);

    // the sweep records the payment as voided, then finishes the void: the sale is cancelled, the card back
    const order = async () => (await staff('GET', `/orders/${orderId}`)).json.data;
    await expect
      .poll(async () => (await order()).status, { timeout: 90_000, interval: 500 })
      .toBe('cancelled');
    const tenders = (
      (await staff('GET', '/pos/orders')).json.data as { orderId: number; tenders: object[] }[]
    )
      .find((o) => o.orderId === orderId)!
      .tenders.map((t) => [(t as { kind: string }).kind, (t as { amount: number }).amount]);
    expect(tenders).toEqual([
      ['payment', 1500],
      ['refund', 1500],
    ]);
    const history = (await order()).events as { note: string }[];
    expect(history.at(-1)?.note).toBe(
      'Voided: visa ending 1111 found given back at the gateway (15.00 USD); the void at Front was cut off before it was recorded',
    );
    const payment = (await staff('GET', `/payments/transactions/${transactionId}`)).json.data;
    expect(payment.transaction ?? payment).toMatchObject({ status: 'voided' });
    expect(emulator.calls.void).toBe(voids + 1);
    // the manager's retry finds it voided already: nothing goes back twice
    const again = await staff('POST', `/pos/orders/${orderId}/void`, { reason: 'Wrong order' });
    expect(again.status).toBe(409);
    expect(emulator.calls.void).toBe(voids + 1);
  }, 240_000);

  it('leaves a cut-off void of a sale paid in cash and by card to the manager, whose retry finishes it once', async () => {
    // one Gyoza: 3.00 in cash, the other 4.00 on the terminal
    const { orderId, version } = await openCheck('Cash and card');
    const cash = await staff(
      'POST',
      `/pos/checks/${orderId}/pay`,
      { version, tender: { method: 'cash', tendered: 300 }, amount: 300, receipt: 'none' },
      { 'idempotency-key': randomUUID() },
    );
    expect(cash.status, JSON.stringify(cash.json)).toBe(201);
    const open = (await staff('GET', `/pos/checks/${orderId}`)).json.data;
    expect(open).toMatchObject({ status: 'open', balance: 400 });
    const card = await partOnTerminal(orderId, open.version, 400, randomUUID(), '0.00');
    await shopper('sign');
    const paid = await card.answer;
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect(paid.json.data.status).toBe('accepted');
    const cardTender = (paid.json.data.tenders as { method: string; card: { transactionId: string } }[]).find(
      (t) => t.method === 'card',
    )!;
    const transactionId = cardTender.card.transactionId;

    // the manager voids it: the gateway voids the card, its answer never leaves, and the server dies
    emulator.loseAnswer('void');
    const voids = emulator.calls.void ?? 0;
    const voiding = staff('POST', `/pos/orders/${orderId}/void`, { reason: 'Wrong table' });
    await expect.poll(() => emulator.calls.void ?? 0, { timeout: 20_000, interval: 25 }).toBe(voids + 1);
    await killAndRestart(voiding);

    // the sweep finds the card voided at the gateway, but the sale took cash: it stays for the manager
    const payment = async () => {
      const answer = (await staff('GET', `/payments/transactions/${transactionId}`)).json.data;
      return (answer.transaction ?? answer).status as string;
    };
    await expect.poll(payment, { timeout: 90_000, interval: 500 }).toBe('voided');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const order = async () => (await staff('GET', `/orders/${orderId}`)).json.data;
    expect((await order()).status).toBe('accepted');

    // the manager's retry takes the cash out and records the card given back, asking the gateway nothing
    const again = await staff('POST', `/pos/orders/${orderId}/void`, { reason: 'Wrong table' });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect((await order()).status).toBe('cancelled');
    const tenders = await tendersOf(orderId);
    expect(tenders).toEqual(['card payment 400', 'card refund 400', 'cash payment 300', 'cash refund 300']);
    expect(emulator.calls.void).toBe(voids + 1);
    // and a second retry finds nothing left to void
    expect((await staff('POST', `/pos/orders/${orderId}/void`, { reason: 'Wrong table' })).status).toBe(409);
  }, 240_000);

  it('leaves a cut-off void with one of two cards back to the manager, whose retry gives the other back once', async () => {
    // one Gyoza on two cards: 3.00 and 4.00, each on the terminal
    const { orderId, version } = await openCheck('Two cards');
    const first = await partOnTerminal(orderId, version, 300, randomUUID(), '0.00');
    await shopper('sign');
    expect((await first.answer).status).toBe(201);
    const open = (await staff('GET', `/pos/checks/${orderId}`)).json.data;
    expect(open).toMatchObject({ status: 'open', balance: 400 });
    const second = await partOnTerminal(orderId, open.version, 400, randomUUID(), '0.00');
    await shopper('sign');
    const paid = await second.answer;
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect(paid.json.data.status).toBe('accepted');
    const ids = (paid.json.data.tenders as { card: { transactionId: string } | null }[]).map(
      (t) => t.card!.transactionId,
    );
    expect(ids).toHaveLength(2);

    // the manager voids it: the gateway voids the first card, its answer never leaves, and the server dies
    emulator.loseAnswer('void');
    const voids = emulator.calls.void ?? 0;
    const voiding = staff('POST', `/pos/orders/${orderId}/void`, { reason: 'Wrong guest' });
    await expect.poll(() => emulator.calls.void ?? 0, { timeout: 20_000, interval: 25 }).toBe(voids + 1);
    await killAndRestart(voiding);

    // the sweep records that card voided; the other is still paid, so the sale waits for the manager
    const cardStatuses = async () =>
      (
        await Promise.all(
          ids.map(async (id) => {
            const answer = (await staff('GET', `/payments/transactions/${id}`)).json.data;
            return (answer.transaction ?? answer).status as string;
          }),
        )
      ).sort();
    await expect.poll(cardStatuses, { timeout: 90_000, interval: 500 }).toContain('voided');
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const order = async () => (await staff('GET', `/orders/${orderId}`)).json.data;
    expect((await order()).status).toBe('accepted');
    expect((await cardStatuses()).filter((status) => status === 'voided')).toHaveLength(1);

    // the retry gives the other card back (one more void at the gateway) and records both once
    const again = await staff('POST', `/pos/orders/${orderId}/void`, { reason: 'Wrong guest' });
    expect(again.status, JSON.stringify(again.json)).toBe(200);
    expect((await order()).status).toBe('cancelled');
    expect(await cardStatuses()).toEqual(['voided', 'voided']);
    expect(emulator.calls.void).toBe(voids + 2);
    const tenders = await tendersOf(orderId);
    expect(tenders).toEqual(['card payment 300', 'card payment 400', 'card refund 300', 'card refund 400']);
  }, 240_000);
});
