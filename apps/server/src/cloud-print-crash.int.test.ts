import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StarCloudPrntEmulator } from '@brigade/cloud-printers/emulator';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { freePort } from '@brigade/test-utils/ports';
import type { TestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { crashServerEnv, registerCalls, ServerProcess, send, serverDatabase } from './test-server-process';

/**
 * kill -9 with a cloud printer's documents out (issue 46 item 9, decision 053): a CloudPRNT printer (the
 * emulator) has printed the first of a sale's documents (ticket, receipt, drawer kick) when the server dies
 * before its confirmation arrives; then sales are rung up while the server is killed again. After each restart every
 * ticket is printed exactly once: a confirmation sent again settles its document, and a job run again after
 * the crash finds the document it had already queued.
 */
const engine = inject('brigadeTemplate').engine;
const OWNER = 'cloud-print-crash-owner@example.com';
const MAC = '00:11:62:00:c0:01';
const SALES = 8;

describe(`cloud printing on ${engine}: kill -9 with documents out, then restart`, () => {
  const work = mkdtempSync(join(tmpdir(), 'brigade-cloud-print-crash-'));
  let testDatabase: TestDatabase | undefined;
  let server: ServerProcess;
  let printer: StarCloudPrntEmulator;
  const scope = { tenantId: 0, restaurantId: 0 };
  let session = '';
  let device = '';
  let itemId = 0;

  // every call of this file is the restaurant's
  const { staff: call } = registerCalls(() => ({ base: server.base, session, device, ...scope }));
  const sale = (key: string) =>
    call(
      'POST',
      '/pos/orders',
      { service: 'takeout', lines: [{ itemId, quantity: 1 }], tender: { method: 'cash', tendered: 1_000 } },
      { 'idempotency-key': key },
    );
  /** How many tickets of the order the printer printed. */
  const ticketsPrinted = (number: number) =>
    printer.printed.filter((p) => p.text.includes('FRYER') && p.text.includes(`#${number} `)).length;

  beforeAll(async () => {
    const port = await freePort();
    const env = crashServerEnv(work, port, { CLOUD_PRINT_COLLECT_SECONDS: '30' });
    const prepared = await serverDatabase(join(work, 'data'));
    testDatabase = prepared.testDatabase;
    Object.assign(env, prepared.env);
    const { database } = prepared;
    scope.tenantId = (await makeTenant(database.db, { plan: 'enterprise' })).tenantId;
    scope.restaurantId = (await makeRestaurant(database.db, scope.tenantId)).restaurantId;
    await makeUser(database.db, { tenantId: scope.tenantId, role: 'owner', email: OWNER });
    // A job whose process died runs again once its expiry has passed (2 s here instead of 30 s).
    await database.db.execute(
      sql`update pgboss.queue set expire_seconds = 2, retry_delay = 0, retry_backoff = false
          where name in ('kitchen.ticket', 'pos.drawer', 'pos.receipt')`,
    );
    await prepared.release();
    server = new ServerProcess(env, port);
    await server.start();
    const signedIn = await send(server.base, {
      method: 'POST',
      path: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ email: OWNER, password: TEST_PASSWORD })),
    });
    session = JSON.parse(signedIn!.body).sessionToken;
    const made = await call('POST', '/printers', {
      name: 'Pass',
      model: 'mC-Print3',
      connection: 'Star CloudPRNT',
      cloudDeviceId: MAC,
      hasCashDrawer: 'One Cash Drawer',
      cashDrawer: {},
    });
    const printerId = made.json.data.printerId;
    const station = await call('POST', '/prep-stations', { name: 'Fryer', ticketPrinterId: printerId });
    itemId = (
      await call('POST', '/items', {
        name: 'Fries',
        basePrice: 4.5,
        prepStationIds: [station.json.data.prepStationId],
      })
    ).json.data.itemId;
    await call('POST', '/menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId, position: 0 }] });
    const link = (await call('POST', `/printers/${printerId}/cloud-link`)).json.data;
    printer = new StarCloudPrntEmulator({
      url: link.pollUrl,
      userName: link.userName,
      password: link.password,
      deviceId: MAC,
      intervalMs: 100,
    });
    const paired = await call('POST', '/pos/devices', { name: 'Front', receiptPrinterId: printerId });
    expect(paired.status, JSON.stringify(paired.json)).toBe(201);
    device = paired.json.data.token;
  }, 120_000);

  afterAll(async () => {
    await printer?.stop();
    await server?.stop('SIGKILL');
    await testDatabase?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('settles documents printed before the crash once, by their confirmations sent again', async () => {
    printer.holdConfirmations = true;
    printer.start();
    const sold = await sale(randomUUID());
    expect(sold.status).toBe(201);
    // the printer has printed one document and not yet confirmed it when the server dies
    await printer.waitForPrinted(1);
    await server.kill();
    await server.start();
    printer.holdConfirmations = false;
    await expect
      .poll(
        async () =>
          (await call('GET', `/kitchen-tickets?orderId=${sold.json.data.orderId}`)).json.data.map(
            (t: { status: string }) => t.status,
          ),
        { timeout: 20_000 },
      )
      .toEqual(['printed']);
    // nothing was handed out twice: three documents, each printed once
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(printer.printed).toHaveLength(3);
    expect(ticketsPrinted(sold.json.data.number)).toBe(1);
    expect(printer.printed.filter((p) => p.drawers.length > 0)).toHaveLength(1);
  }, 60_000);

  it('prints every ticket once when the server is killed while sales are rung up and printed', async () => {
    const keys = Array.from({ length: SALES }, () => randomUUID());
    const inFlight = keys.map((key) => sale(key));
    await Promise.race(inFlight);
    await server.kill();
    await Promise.all(inFlight);
    await server.start();
    const numbers: number[] = [];
    for (const key of keys) {
      const again = await sale(key);
      expect(again.status, JSON.stringify(again.json)).toBe(201);
      numbers.push(again.json.data.number);
      await expect
        .poll(
          async () =>
            (await call('GET', `/kitchen-tickets?orderId=${again.json.data.orderId}`)).json.data.map(
              (t: { status: string }) => t.status,
            ),
          // a ticket whose job died with the server waits for its expiry, then a printer's poll: on a loaded
          // machine (the whole suite on two cores) that took longer than 30 s once
          { timeout: 60_000 },
        )
        .toEqual(['printed']);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(numbers.map(ticketsPrinted)).toEqual(numbers.map(() => 1));
  }, 300_000);
});
