import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import type { JobRunner } from '@brigade/core/jobs/job-runner';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../job-runtime';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Kitchen tickets on network printers (issue 21, issue 41): accepting an order queues, for each prep station
 * that has a ticket printer, its own ESC/POS ticket, which the job runner sends over TCP. A local TCP receiver stands in for the printers and
 * decodes what arrives: the text, the double-size title and the paper cut.
 */

/** What a printer received on one connection, decoded. */
interface Printed {
  text: string;
  doubleSize: boolean;
  cut: boolean;
}

/** Reads ESC/POS: printable text and line feeds kept; ESC and GS commands recognised and dropped. */
function decodeEscPos(bytes: Buffer): Printed {
  let text = '';
  let doubleSize = false;
  let cut = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x1b) {
      const command = bytes[i + 1];
      // ESC @ (initialise) and ESC E/M/t/a/- n: one parameter byte except for @
      i += command === 0x40 ? 1 : 2;
    } else if (b === 0x1d) {
      const command = bytes[i + 1];
      if (command === 0x56) cut = true; // GS V: cut the paper
      if (command === 0x21 && (bytes[i + 2] ?? 0) > 0) doubleSize = true; // GS ! n: character size
      i += 2;
    } else if (b === 0x1c) {
      i += 1; // FS . (cancel Kanji mode) and the like
    } else if (b === 0x0a) text += '\n';
    else if (b >= 0x20) text += String.fromCharCode(b);
  }
  return { text, doubleSize, cut };
}

const received: Printed[] = [];
const printers = createServer((socket) => {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('end', () => received.push(decodeEscPos(Buffer.concat(chunks))));
});
printers.listen(0, '127.0.0.1');
await once(printers, 'listening');
const printerPort = (printers.address() as AddressInfo).port;

// The printers are this machine's loopback addresses: allowed only with the development switch (decision 040).
const t = useTestApp({
  env: {
    KITCHEN_PRINTER_PORT: String(printerPort),
    KITCHEN_PRINTER_ALLOW_LOCAL: 'true',
    CARDPOINTE_RECONCILE_PAUSE_MS: '0',
  },
});

const kit = useOrderingRestaurant(t);
const ids: Record<string, number> = {};
const staff = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, payload?: object) =>
  kit.staff('owner', method, path, payload);
const create = async (kind: string, record: object) =>
  (await kit.create(kind, record)) as Record<string, number>;

let jobs: JobRunner | undefined;

beforeAll(async () => {
  // The tickets are jobs: this file runs the server's job runner, with retries at once instead of seconds apart.
  await t.database.db.execute(
    sql`update pgboss.queue set retry_delay = 0, retry_backoff = false where name = 'kitchen.ticket'`,
  );
  jobs = createJobRunner(
    t.deps,
    { db: t.database.db, storage: t.deps.imageStorage, instanceId: 'test' },
    t.app.log,
  );
  await jobs.start();
  ids.printer = (
    await create('printers', { name: 'Line', model: 'TM-T88', ipSetup: 'Static', ipAddress: '127.0.0.1' })
  ).printerId!;
  ids.offline = (
    await create('printers', { name: 'Bar', model: 'TM-T88', ipSetup: 'Static', ipAddress: '127.0.0.2' })
  ).printerId!;
  ids.grill = (await create('prep-stations', { name: 'Grill', ticketPrinterId: ids.printer })).prepStationId!;
  ids.bar = (await create('prep-stations', { name: 'Bar', ticketPrinterId: ids.offline })).prepStationId!;
  ids.cold = (await create('prep-stations', { name: 'Cold' })).prepStationId!;
  ids.cheese = (
    await create('modifier-groups', {
      name: 'Cheese',
      selectionRequirement: 'Required',
      onlineOrdering: true,
      modifiers: [{ name: 'Cheddar' }],
    })
  ).modifierGroupId!;
  ids.burger = (
    await create('items', {
      name: 'Burger',
      kitchenName: 'BURG',
      basePrice: 12,
      prepStationIds: [ids.grill],
      modifierGroups: [{ modifierGroupId: ids.cheese, position: 0 }],
    })
  ).itemId!;
  ids.oysters = (await create('items', { name: 'Oysters', basePrice: 18, prepStationIds: [ids.cold] }))
    .itemId!;
  ids.spritz = (await create('items', { name: 'Spritz', basePrice: 11, prepStationIds: [ids.bar] })).itemId!;
  await create('menu-groups', {
    name: 'Dinner',
    isMenu: true,
    items: [ids.burger, ids.oysters, ids.spritz].map((itemId, position) => ({ itemId, position })),
  });
});

afterAll(async () => {
  await jobs?.stop();
  printers.close();
});

async function placeOrder(): Promise<number> {
  const token = await kit.tokenOf('4111111111111111');
  const placed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/ordering/${kit.slug}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      lines: [
        {
          itemId: ids.burger,
          quantity: 2,
          modifiers: [{ modifierGroupId: ids.cheese, modifierId: 1 }],
          notes: 'No onions',
        },
        { itemId: ids.oysters, quantity: 1 },
        { itemId: ids.spritz, quantity: 1 },
      ],
      pickup: { asap: true },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token, expiry: '1230' },
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const list = await staff('GET', '/orders');
  return list.json().data.find((o: { token: string }) => o.token === placed.json().data.token).orderId;
}

type Ticket = {
  ticketId: number;
  orderId: number;
  prepStationId: number;
  stationName: string;
  status: string;
  printedOn: number | null;
  attempts: number;
  error: string | null;
};
const ticketsOf = async (orderId: number): Promise<Ticket[]> =>
  ((await staff('GET', '/kitchen-tickets')).json().data as Ticket[])
    .filter((ticket) => ticket.orderId === orderId)
    .sort((a, b) => a.prepStationId - b.prepStationId);

describe('kitchen tickets on printers', () => {
  it("prints each station's own lines when the order is accepted, and keeps a ticket no printer took", async () => {
    const orderId = await placeOrder();
    expect(received).toHaveLength(0);
    const accepted = await staff('POST', `/orders/${orderId}/status`, { status: 'accepted' });
    expect(accepted.statusCode).toBe(200);
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(1);
    const ticket = received[0]!;
    expect(ticket.text).toContain('GRILL');
    expect(ticket.text).toMatch(/#\d+ ASAP \d{1,2}:\d{2} [AP]M/);
    expect(ticket.text).toContain('2 x BURG');
    expect(ticket.text).toContain('Cheddar');
    expect(ticket.text).toContain('NOTE: No onions');
    expect(ticket.text).toContain('Ada Guest');
    // the cold station has no printer; the bar's printer (127.0.0.2) does not answer
    expect(ticket.text).not.toContain('Oysters');
    expect(ticket.text).not.toContain('Spritz');
    expect(ticket.doubleSize).toBe(true);
    expect(ticket.cut).toBe(true);
    // The bar's ticket is tried three times (the queue's retries), then stays failed for the screens.
    await expect
      .poll(async () => (await ticketsOf(orderId)).map((t) => [t.stationName, t.status]), { timeout: 20_000 })
      .toEqual([
        ['Grill', 'printed'],
        ['Bar', 'failed'],
      ]);
    const [grill, bar] = await ticketsOf(orderId);
    expect(grill).toMatchObject({ printedOn: ids.printer, attempts: 1, error: null });
    expect(bar).toMatchObject({ printedOn: null, attempts: 3, error: expect.stringMatching(/^Bar: /) });
    const failed = (await staff('GET', '/kitchen-tickets?status=failed')).json().data as Ticket[];
    expect(failed.map((t) => t.ticketId)).toContain(bar!.ticketId);
    expect(failed.every((t) => t.status === 'failed')).toBe(true);

    // Print elsewhere: the bar's ticket on the line's printer.
    const again = await staff('POST', `/kitchen-tickets/${bar!.ticketId}/print`, { printerId: ids.printer });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ ticketId: bar!.ticketId, status: 'queued', error: null });
    await expect.poll(() => received.length, { timeout: 5_000 }).toBe(2);
    expect(received[1]!.text).toContain('BAR');
    expect(received[1]!.text).toContain('Spritz');
    await expect.poll(async () => (await ticketsOf(orderId))[1]?.printedOn).toBe(ids.printer);
  });

  it("sends a ticket its printer does not take to the station's backup printer", async () => {
    const updated = await staff('PATCH', `/prep-stations/${ids.bar}`, { backupPrinterId: ids.printer });
    expect(updated.statusCode, updated.body).toBe(200);
    const before = received.length;
    const orderId = await placeOrder();
    await staff('POST', `/orders/${orderId}/status`, { status: 'accepted' });
    await expect
      .poll(async () => (await ticketsOf(orderId)).map((t) => [t.stationName, t.status, t.printedOn]), {
        timeout: 20_000,
      })
      .toEqual([
        ['Grill', 'printed', ids.printer],
        ['Bar', 'printed', ids.printer],
      ]);
    expect(received.slice(before).map((p) => p.text.split('\n')[0])).toEqual(['GRILL', 'BAR']);
    // One order's tickets (the order page's Reprint): its own, not the first test's; a bad order id is a 400.
    const all = (await staff('GET', '/kitchen-tickets')).json().data as Ticket[];
    const own = (await staff('GET', `/kitchen-tickets?orderId=${orderId}`)).json().data as Ticket[];
    expect(own.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(own.length);
    expect(own).toEqual(all.filter((t) => t.orderId === orderId));
    const bad = await staff('GET', '/kitchen-tickets?orderId=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('Order ID must be a positive integer');
    await staff('PATCH', `/prep-stations/${ids.bar}`, { backupPrinterId: null });
  });

  it('prints nothing for moves other than accepting, and answers 404 for another restaurant’s ticket', async () => {
    const orderId = await placeOrder();
    await staff('POST', `/orders/${orderId}/status`, { status: 'accepted' });
    await expect.poll(async () => (await ticketsOf(orderId))[0]?.status, { timeout: 5_000 }).toBe('printed');
    const printed = received.length;
    await staff('POST', `/orders/${orderId}/status`, { status: 'ready' });
    await staff('POST', `/orders/${orderId}/status`, { status: 'completed' });
    expect((await ticketsOf(orderId)).length).toBe(2);
    // The bar lost its backup printer at the end of the last test: the kitchen's routing is read again for
    // the restaurant's new version (it is kept per version), so the bar's ticket fails instead of printing
    // on the line's printer.
    await expect
      .poll(async () => (await ticketsOf(orderId)).map((t) => [t.stationName, t.status, t.printedOn]), {
        timeout: 20_000,
      })
      .toEqual([
        ['Grill', 'printed', ids.printer],
        ['Bar', 'failed', null],
      ]);
    expect(received).toHaveLength(printed);
    const missing = await staff('POST', '/kitchen-tickets/999999/print', {});
    expect(missing.statusCode).toBe(404);
    const bad = await staff('POST', '/kitchen-tickets/1/print', { printerId: -3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Printer ID must be a positive integer');
  });
});
