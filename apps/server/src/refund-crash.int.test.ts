import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import { type CardPointeEmulator, startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import { noonZone } from '@brigade/test-utils/clock';
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
 * kill -9 while a refund scheduled for settlement goes out (issue 44, decision 066): the payment has settled,
 * the server's start-up run of `refund.scheduled` sends the refund, the gateway makes it — and its answer never
 * comes back before the server is killed. The emulator lives in the test, so it outlives the server. After the
 * restart the checkout sweep settles the refund left unanswered, the refund's own run finds its key answered,
 * and the order ends with one refund at the gateway and one line in its history.
 */
const engine = inject('brigadeTemplate').engine;
const OWNER = 'refund-crash-owner@example.com';
const ALL_DAY = { open: '00:00', close: '00:00', closed: false };
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

describe(`a scheduled refund on ${engine}: kill -9 after the gateway refunded, then restart`, () => {
  const work = mkdtempSync(join(tmpdir(), 'brigade-refund-crash-'));
  let emulator: CardPointeEmulator;
  let testDatabase: TestDatabase | undefined;
  let server: ServerProcess;
  let tenantId = 0;
  let restaurantId = 0;
  let slug = '';
  let session = '';
  let itemId = 0;
  const { call, staff } = registerCalls(() => ({
    base: server.base,
    session,
    device: '',
    tenantId,
    restaurantId,
  }));

  beforeAll(async () => {
    emulator = await startCardPointeEmulator();
    const port = await freePort();
    const env = {
      ...crashServerEnv(work, port),
      ...gatewayEnv(emulator.url),
      CARDPOINTE_TIMEOUT_MS: '60000',
    };
    const prepared = await serverDatabase(join(work, 'data'));
    testDatabase = prepared.testDatabase;
    Object.assign(env, prepared.env);
    const { database } = prepared;
    tenantId = (await makeTenant(database.db, { plan: 'enterprise' })).tenantId;
    const restaurant = await makeRestaurant(database.db, tenantId);
    restaurantId = restaurant.restaurantId;
    slug = restaurant.slug;
    await makeUser(database.db, { tenantId, role: 'owner', email: OWNER });
    await prepared.release();
    server = new ServerProcess(env, port);
    await server.start();
    session = (await call('POST', '/auth/signin', { email: OWNER, password: TEST_PASSWORD })).json
      .sessionToken;
    const merchant = {
      merchid: '496160873888',
      site: 'fts',
      environment: 'uat',
      username: 'testing',
      password: 'testing123',
    };
    expect((await staff('PUT', '/payments/merchant-account', merchant)).status).toBe(200);
    const tenant = (await call('GET', `/tenants/${tenantId}`)).json.data.tenant;
    const clock = await call('PATCH', `/tenants/${tenantId}`, {
      settings: { ...tenant.settings, timezone: noonZone() },
    });
    expect(clock.status, JSON.stringify(clock.json)).toBe(200);
    const opened = await staff('PATCH', '', {
      operatingHours: Object.fromEntries(DAYS.map((d) => [d, ALL_DAY])),
      settings: { taxRate: 0, serviceCharge: 0, currency: 'USD', allowTips: true, autoAcceptOrders: false },
      websiteConfig: { enabled: true, ordering: { enabled: true, provider: 'internal' } },
    });
    expect(opened.status, JSON.stringify(opened.json)).toBe(200);
    itemId = (await staff('POST', '/items', { name: 'Ramen', basePrice: 15 })).json.data.itemId;
    await staff('POST', '/menu-groups', { name: 'Dinner', isMenu: true, items: [{ itemId, position: 0 }] });
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await emulator?.close();
    await testDatabase?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('makes one refund after the restart, with one history line', async () => {
    const placed = await call(
      'POST',
      `/ordering/${slug}/orders`,
      {
        lines: [{ itemId, quantity: 2 }],
        pickup: { asap: true },
        customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
        payment: { token: await tokenizeCard(emulator.url, '4111111111111111'), expiry: '1230' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(placed.status, JSON.stringify(placed.json)).toBe(201);
    const listed = (await staff('GET', '/orders')).json.data as { orderId: number; token: string }[];
    const { orderId } = listed.find((o) => o.token === placed.json.data.token)!;
    expect((await staff('POST', `/orders/${orderId}/status`, { status: 'accepted' })).status).toBe(200);
    // before settlement: scheduled
    const asked = await staff(
      'POST',
      `/orders/${orderId}/refunds`,
      { amount: 500, reason: 'Cold broth' },
      { 'idempotency-key': randomUUID() },
    );
    expect(asked.status, JSON.stringify(asked.json)).toBe(200);
    expect(asked.json.data.scheduledRefundAmount).toBe(500);

    // the batch settles; at the next start-up the refund goes out, and the gateway's answer is lost
    emulator.clock.advance(26 * 3600_000);
    emulator.loseAnswer('refund');
    await server.stop();
    const refundsBefore = emulator.calls.refund ?? 0;
    await server.start();
    await expect
      .poll(() => emulator.calls.refund ?? 0, { timeout: 60_000, interval: 50 })
      .toBe(refundsBefore + 1);
    await server.kill();

    await server.start();
    const order = async () => (await staff('GET', `/orders/${orderId}`)).json.data;
    // the checkout sweep records the refund from its key, then the refund job ends the scheduled one (two
    // steps after the restart: poll for both)
    await expect
      .poll(
        async () => {
          const { refundedAmount, scheduledRefundAmount } = await order();
          return { refundedAmount, scheduledRefundAmount };
        },
        { timeout: 90_000, interval: 500 },
      )
      .toEqual({ refundedAmount: 500, scheduledRefundAmount: 0 });
    const after = await order();
    const notes = (after.events as { note: string | null }[]).flatMap((e) =>
      e.note?.startsWith('Refunded') ? [e.note] : [],
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^Refunded 5\.00 USD \([0-9a-f]{8}\): Cold broth$/);
    // one refund at the gateway: the run after the restart answered from the key, not with a second refund
    expect(emulator.calls.refund).toBe(refundsBefore + 1);
    const payments = (await staff('GET', '/payments/transactions')).json.data as {
      kind: string;
      status: string;
    }[];
    expect(payments.filter((p) => p.kind === 'refund').map((p) => p.status)).toEqual(['captured']);
  }, 240_000);
});
