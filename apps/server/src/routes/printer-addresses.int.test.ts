import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import { networkInterfaces } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../job-runtime';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Issue 42 item 10 (docs/behaviour/catalogue.md#printers): a printer's address is a printer on the
 * restaurant's network, never this server (loopback, its own addresses), the cloud's metadata service
 * (link-local), nowhere (unspecified) or everyone (multicast, broadcast). The server runs here without the
 * development switch (KITCHEN_PRINTER_ALLOW_LOCAL), as in production: a printer stored before the rule at a
 * loopback address gets no ticket bytes.
 */

const received: Buffer[] = [];
const listener = createServer((socket) => {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('end', () => received.push(Buffer.concat(chunks)));
});
listener.listen(0, '127.0.0.1');
await once(listener, 'listening');
const printerPort = (listener.address() as AddressInfo).port;

const t = useTestApp({
  env: { KITCHEN_PRINTER_PORT: String(printerPort), CARDPOINTE_RECONCILE_PAUSE_MS: '0' },
});
const kit = useOrderingRestaurant(t);
afterAll(() => {
  listener.close();
});

/** This machine's first IPv4 address that is not loopback, if it has one. */
const ownAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

const printer = (ipAddress: string) => ({ name: 'Line', model: 'TM-T88', ipSetup: 'Static', ipAddress });
const errorsOf = async (method: 'POST' | 'PATCH', path: string, payload: object) => {
  const answer = await kit.staff('owner', method, path, payload);
  expect(answer.statusCode, `${JSON.stringify(payload)}: ${answer.body}`).toBe(400);
  return answer.json().errors as { path: string; message: string }[];
};

describe('printer addresses (issue 42 item 10)', () => {
  it('refuses loopback, link-local, unspecified, multicast and broadcast addresses', async () => {
    const refused: [string, string][] = [
      ['127.0.0.1', 'IP address cannot be a loopback address (127.0.0.0/8)'],
      ['127.1.2.3', 'IP address cannot be a loopback address (127.0.0.0/8)'],
      ['169.254.169.254', 'IP address cannot be a link-local address (169.254.0.0/16)'],
      ['0.0.0.0', 'IP address cannot be an unspecified address (0.0.0.0/8)'],
      ['224.0.0.1', 'IP address cannot be a multicast address (224.0.0.0/4)'],
      ['255.255.255.255', 'IP address cannot be a broadcast or reserved address (240.0.0.0/4)'],
    ];
    for (const [ip, message] of refused) {
      expect(await errorsOf('POST', '/printers', printer(ip)), ip).toEqual([{ path: 'ipAddress', message }]);
    }
    const batch = await errorsOf('POST', '/printers/batch', [printer('10.1.1.1'), printer('169.254.0.1')]);
    expect(batch).toEqual([
      { path: '1.ipAddress', message: 'IP address cannot be a link-local address (169.254.0.0/16)' },
    ]);
  });

  it("refuses the server's own addresses", async () => {
    if (!ownAddress) return;
    expect(await errorsOf('POST', '/printers', printer(ownAddress))).toEqual([
      { path: 'ipAddress', message: "IP address cannot be one of the server's own addresses" },
    ]);
  });

  it('takes printers on private LAN ranges, and refuses an update that moves one off them', async () => {
    const ids: number[] = [];
    for (const ip of ['10.0.0.5', '172.16.0.9', '192.168.1.50'].filter((ip) => ip !== ownAddress)) {
      const created = await kit.staff('owner', 'POST', '/printers', printer(ip));
      expect(created.statusCode, created.body).toBe(201);
      ids.push(created.json().data.printerId);
    }
    expect(await errorsOf('PATCH', `/printers/${ids[0]}`, { ipAddress: '127.0.0.1' })).toEqual([
      { path: 'ipAddress', message: 'IP address cannot be a loopback address (127.0.0.0/8)' },
    ]);
  });

  it('sends no ticket bytes to a loopback printer stored before the rule', async () => {
    const printerId = (await kit.create('printers', printer('10.0.0.77'))).printerId as number;
    await t.database.db.execute(
      sql`update printers set ip_address = '127.0.0.1' where tenant_id = ${kit.tenantId} and restaurant_id = ${kit.restaurantId} and printer_id = ${printerId}`,
    );
    const station = (await kit.create('prep-stations', { name: 'Grill', ticketPrinterId: printerId }))
      .prepStationId as number;
    const itemId = (await kit.create('items', { name: 'Burger', basePrice: 12, prepStationIds: [station] }))
      .itemId as number;
    await kit.create('menu-groups', { name: 'Dinner', isMenu: true, items: [{ itemId, position: 0 }] });
    const placed = await kit.guest(
      'POST',
      `/${kit.slug}/orders`,
      {
        lines: [{ itemId, quantity: 1 }],
        pickup: { asap: true },
        customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
        payment: { token: await kit.tokenOf('4111111111111111'), expiry: '1230' },
      },
      randomUUID(),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orders = (await kit.staff('owner', 'GET', '/orders')).json().data as {
      orderId: number;
      token: string;
    }[];
    const orderId = orders.find((o) => o.token === placed.json().data.token)!.orderId;
    const accepted = await kit.staff('owner', 'POST', `/orders/${orderId}/status`, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The ticket's job runs (no retries here) and leaves it failed, with why, for the screens.
    const runner = createJobRunner(
      t.deps,
      { db: t.database.db, storage: t.deps.imageStorage, instanceId: 'test' },
      t.app.log,
    );
    await t.database.db.execute(sql`update pgboss.job set retry_limit = 0 where name = 'kitchen.ticket'`);
    await runner.start();
    try {
      await expect
        .poll(
          async () =>
            (
              (await kit.staff('owner', 'GET', '/kitchen-tickets?status=failed')).json().data as {
                orderId: number;
              }[]
            ).length,
          { timeout: 10_000 },
        )
        .toBe(1);
    } finally {
      await runner.stop();
    }
    const [failed] = (await kit.staff('owner', 'GET', '/kitchen-tickets')).json().data as Record<
      string,
      unknown
    >[];
    expect(failed).toMatchObject({ orderId, status: 'failed', printedOn: null, attempts: 1 });
    expect(failed!.error).toContain('Not sent to 127.0.0.1');
    expect(received).toEqual([]);
  });
});
