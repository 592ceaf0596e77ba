import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
 * kill -9 in the middle of a kiosk's "pay here by card" (issue 47, decision 059): the guest's order is
 * written as an open check, the kiosk's terminal takes the tip and the card, the gateway approves and
 * captures, the terminal waits for the signature — and the server is killed. The emulator (gateway and
 * terminal) lives in the test, so it outlives the server. After the restart the checkout sweep voids the
 * capture and the order is still an open check the counter sees (never a held card with no order the
 * restaurant can see); the guest's same request (same key) then pays it once and sends it to the kitchen once.
 */
const engine = inject('brigadeTemplate').engine;
const OWNER = 'kiosk-card-crash-owner@example.com';
const MERCHID = '496160873888';
const HSN = 'KIOSKCRASH01';
const TERMINAL_KEY = 'kiosk-crash-terminal-key';

describe(`a kiosk card payment on ${engine}: kill -9 after the approval, then restart`, () => {
  const work = mkdtempSync(join(tmpdir(), 'brigade-kiosk-card-crash-'));
  let emulator: CardPointeEmulator;
  let testDatabase: TestDatabase | undefined;
  let server: ServerProcess;
  let tenantId = 0;
  let restaurantId = 0;
  let session = '';
  let register = '';
  let kioskToken = '';
  let itemId = 0;

  const { call, staff } = registerCalls(() => ({
    base: server.base,
    session,
    device: register,
    tenantId,
    restaurantId,
  }));
  /** The guest at the kiosk: the kiosk's token alone, no session. */
  const placeByCard = (key: string) =>
    registerCalls(() => ({
      base: server.base,
      session: '',
      device: kioskToken,
      tenantId,
      restaurantId,
    })).call(
      'POST',
      '/kiosk/orders',
      {
        service: 'dine_in',
        guestName: 'Ada',
        tableTent: 7,
        payment: 'card',
        lines: [{ itemId, quantity: 2 }],
      },
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

  beforeAll(async () => {
    emulator = await startCardPointeEmulator({
      terminal: { apiKey: TERMINAL_KEY, terminals: [{ hsn: HSN, merchantId: MERCHID }] },
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
    const counter = await staff('POST', '/pos/devices', { name: 'Counter' });
    expect(counter.status, JSON.stringify(counter.json)).toBe(201);
    register = counter.json.data.token;
    const kiosk = await staff('POST', '/pos/devices', { name: 'Door kiosk', mode: 'kiosk' });
    expect(kiosk.status, JSON.stringify(kiosk.json)).toBe(201);
    kioskToken = kiosk.json.data.token;
    const terminal = await staff('PUT', `/pos/devices/${kiosk.json.data.device.deviceId}/terminal`, {
      hsn: HSN,
      apiKey: TERMINAL_KEY,
    });
    expect(terminal.status, JSON.stringify(terminal.json)).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await emulator?.close();
    await testDatabase?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('voids the capture, keeps the order open at the counter, and the same key pays it and sends it once', async () => {
    const key = randomUUID();
    const first = placeByCard(key);
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

    // the sweep at start-up (and every minute) settles the intent: the capture is voided at the gateway
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

    // the order the guest placed waits at the counter, unpaid and unsent: the restaurant sees it
    const checks = (await staff('GET', '/pos/checks')).json.data as {
      orderId: number;
      name: string;
      status: string;
    }[];
    expect(checks).toHaveLength(1);
    expect(checks[0]).toMatchObject({ status: 'open' });
    const { orderId } = checks[0]!;
    expect((await staff('GET', '/orders')).json.data).toEqual([]);

    // the key given back, the guest's same request runs on the terminal again and pays the order once
    let again: ReturnType<typeof placeByCard> | undefined;
    await expect
      .poll(
        async () => {
          again = placeByCard(key);
          const answer = await Promise.race([again, until('tip').then(() => null)]);
          return answer === null ? 'on the terminal' : answer.status;
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe('on the terminal');
    await shopper('tip', { tip: '1.00' });
    await until('card');
    await shopper('card', { pan: '4111111111111111' });
    await until('sign');
    await shopper('sign');
    const paid = await again!;
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect(paid.json.data).toMatchObject({ orderId, status: 'accepted', payment: 'card' });
    expect((await transactions()).map((t) => t.status).sort()).toEqual(['captured', 'voided']);
    expect((await staff('GET', '/pos/checks')).json.data).toEqual([]);

    // sent to the kitchen once: one order on the Orders screen, every line in one round
    const listed = (await staff('GET', '/orders')).json.data as { orderId: number }[];
    expect(listed.map((o) => o.orderId)).toEqual([orderId]);
    const check = (await staff('GET', `/pos/checks/${orderId}`)).json.data as {
      status: string;
      lines: { round: number | null }[];
    };
    expect(check.status).toBe('accepted');
    expect(check.lines.map((line) => line.round)).toEqual([1]);
  }, 240_000);
});
