import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import { createCatalogueRecord, updateCatalogueRecord } from '@brigade/core/catalogue/catalogue-service';
import { JobRunner } from '@brigade/core/jobs/job-runner';
import { getOrderingMenu, type OrderingDeps, placeOrder } from '@brigade/core/ordering/checkout';
import { tcpPrinterTransport } from '@brigade/core/ordering/kitchen-printing';
import { printQueuedTicket } from '@brigade/core/ordering/kitchen-tickets';
import { updateRestaurant } from '@brigade/core/tenancy/restaurant-update-service';
import { SYSTEM } from '@brigade/core/use-case';
import { type Database, openDatabase } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import { ANONYMOUS } from '@brigade/domain/access';
import { ITEM_KIND, PREP_STATION_KIND, PRINTER_KIND } from '@brigade/domain/catalogue/kinds';
import type { OrderingSection } from '@brigade/domain/ordering/api';
import { orderingDepsOf } from './ordering.bench';
import { type RemoteEmulator, startEmulatorProcess } from './payments.bench';
import { stop, withPostgresDatabase } from './processes';
import { fmt, percentile, printTable } from './stats';

/**
 * `npm run bench -- tickets` (issue 41): from "order placed" to "ticket bytes at the printer". Guests place
 * orders at a steady 10, then 20 a second (open loop: each starts on time whether or not the last finished);
 * the restaurant accepts automatically, so each order's card is authorised and captured at the CardPointe
 * emulator (its own process, HTTP), its kitchen ticket is queued in the accepting transaction, and the job
 * runner prints it over TCP to a printer on loopback. Goal: p99 ≤ 500 ms on this machine.
 *
 * Beside it, in the same run: the checkout alone (the guest's answer, which already includes the capture), and
 * the same ticket bytes sent straight to the printer — what the queue and the print job add is the rest.
 */
const ORDERS = 200;
const RATES = [10, 20] as const;
const WARM_UP = 20;
const quiet = { warn: () => {}, error: () => {} };

interface Timing {
  placedAt: number;
  answeredAt?: number;
  printedAt?: number;
}

/** A kitchen printer on loopback: notes when each ticket's bytes have all arrived, by the order's number. */
async function fakePrinter(onTicket: (number: number, bytes: Buffer) => void): Promise<Server> {
  const server = createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const number = /#(\d+) /.exec(bytes.toString('latin1'))?.[1];
      if (number) onTicket(Number(number), bytes);
      socket.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** One prep station printing on the loopback printer; the two items the orders carry are made there. */
async function kitchenOf(
  deps: OrderingDeps,
  target: { tenantId: number; restaurantId: number },
  itemIds: number[],
) {
  const { tenantId, restaurantId } = target;
  const writeDeps = { db: deps.db, printerAddresses: { allowLocal: true } };
  const printer = await createCatalogueRecord(writeDeps, SYSTEM, {
    kind: PRINTER_KIND,
    ...target,
    record: { name: 'Bench line', model: 'TM-T88', ipSetup: 'Static', ipAddress: '127.0.0.1' },
  });
  const station = await createCatalogueRecord(writeDeps, SYSTEM, {
    kind: PREP_STATION_KIND,
    ...target,
    record: { name: 'Bench grill', ticketPrinterId: printer.printerId },
  });
  for (const id of itemIds)
    await updateCatalogueRecord(writeDeps, SYSTEM, {
      kind: ITEM_KIND,
      ...target,
      id,
      patch: { prepStationIds: [station.prepStationId] },
    });
  await updateRestaurant({ db: deps.db }, SYSTEM, {
    tenantId,
    restaurantId,
    changes: { settings: { autoAcceptOrders: true } } as never,
  });
}

interface Kitchen {
  database: Database;
  deps: OrderingDeps;
  body: Parameters<typeof placeOrder>[2];
  timings: Map<number, Timing>;
  /** Printed before the guest's answer told the bench the order's number. */
  early: Map<number, number>;
}

const place = (kitchen: Kitchen) =>
  placeOrder(kitchen.deps, ANONYMOUS, { ...kitchen.body, idempotencyKey: randomUUID() });

/** `ORDERS` orders at `perSecond`, open loop; waits (up to 30 s) for their tickets. */
async function load(kitchen: Kitchen, perSecond: number): Promise<Timing[]> {
  kitchen.timings.clear();
  kitchen.early.clear();
  const placing: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < ORDERS; i += 1) {
    const wait = start + (i * 1000) / perSecond - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const placedAt = performance.now();
    placing.push(
      place(kitchen).then((placed) => {
        if (placed.status !== 'accepted' || placed.number === null)
          throw new Error(`not accepted: ${placed.status}`);
        const timing: Timing = { placedAt, answeredAt: performance.now() };
        const printedAt = kitchen.early.get(placed.number);
        if (printedAt !== undefined) timing.printedAt = printedAt;
        kitchen.timings.set(placed.number, timing);
      }),
    );
  }
  await Promise.all(placing);
  const deadline = Date.now() + 30_000;
  while ([...kitchen.timings.values()].some((t) => t.printedAt === undefined) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return [...kitchen.timings.values()];
}

function rowsOf(engine: string, perSecond: number, all: Timing[]): (string | number)[][] {
  const printed = all.filter((t) => t.printedAt !== undefined);
  const row = (what: string, values: number[]) => {
    const sorted = values.sort((a, b) => a - b);
    return [
      `${engine}, ${perSecond}/s: ${what}`,
      values.length,
      fmt(percentile(sorted, 50), 1),
      fmt(percentile(sorted, 99), 1),
    ];
  };
  return [
    row(
      'placed → ticket at the printer',
      printed.map((t) => t.printedAt! - t.placedAt),
    ),
    row(
      'placed → guest answered (checkout with auto-accept)',
      all.map((t) => t.answeredAt! - t.placedAt),
    ),
    row(
      'guest answered → ticket at the printer (queue and print job)',
      printed.map((t) => Math.max(0, t.printedAt! - t.answeredAt!)),
    ),
    [`${engine}, ${perSecond}/s: tickets not printed within 30 s`, all.length - printed.length, '', ''],
  ];
}

async function measureEngine(database: Database, emulator: RemoteEmulator): Promise<(string | number)[][]> {
  const deps = await orderingDepsOf(database, emulator);
  const menu = await getOrderingMenu(deps, ANONYMOUS, { slug: 'harbor-grill' });
  const [first, second] = (menu.menus as OrderingSection[])[0]!.sections[0]!.items;
  await kitchenOf(deps, deps.demo, [first!.itemId, second!.itemId]);
  const token = await tokenizeCard(emulator.url, '4111111111111111');
  const kitchen: Kitchen = {
    database,
    deps,
    body: {
      slug: 'harbor-grill',
      idempotencyKey: '',
      lines: [
        { itemId: first!.itemId, quantity: 2, modifiers: [] },
        { itemId: second!.itemId, quantity: 1, modifiers: [] },
      ],
      pickup: { asap: true as const },
      tip: { percent: 18 },
      customer: { name: 'Bench Guest', email: 'bench@example.com', phone: '+1 555 010 0200' },
      payment: { token, expiry: '1230' },
    },
    timings: new Map(),
    early: new Map(),
  };
  let sample: Buffer | undefined;
  const printer = await fakePrinter((number, bytes) => {
    sample ??= bytes;
    const timing = kitchen.timings.get(number);
    if (timing) timing.printedAt = performance.now();
    else kitchen.early.set(number, performance.now());
  });
  const port = (printer.address() as { port: number }).port;
  const transport = tcpPrinterTransport({ port, addresses: { allowLocal: true } });
  const runner = new JobRunner(database, quiet).handle(QUEUES.ticket.name, async (data, job) => {
    // as the server's job runner prints: the kitchen's routing kept per restaurant version
    await printQueuedTicket(
      { db: database.db, transport, menuCache: deps.menuCache },
      Number(data.ticketId),
      job,
    );
  });
  await runner.start();
  try {
    // Warm-up, not counted: the first orders compile the code paths and fill the pools.
    for (let i = 0; i < WARM_UP; i += 1) await place(kitchen);
    const rows: (string | number)[][] = [];
    for (const perSecond of RATES)
      rows.push(...rowsOf(database.engine, perSecond, await load(kitchen, perSecond)));
    const direct: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const before = performance.now();
      await transport('127.0.0.1', sample!);
      direct.push(performance.now() - before);
    }
    direct.sort((a, b) => a - b);
    rows.push([
      `${database.engine}: the same ticket bytes straight to the printer`,
      direct.length,
      fmt(percentile(direct, 50), 1),
      fmt(percentile(direct, 99), 1),
    ]);
    return rows;
  } finally {
    await runner.stop();
    printer.close();
  }
}

export async function benchTickets(postgresUrl: string | undefined): Promise<void> {
  const { emulator, child } = await startEmulatorProcess();
  const rows: (string | number)[][] = [];
  try {
    const dir = mkdtempSync(join(tmpdir(), 'brigade-bench-'));
    const pglite = await openDatabase({ dataDir: dir });
    try {
      rows.push(...(await measureEngine(pglite, emulator)));
    } finally {
      await pglite.close();
      rmSync(dir, { recursive: true, force: true });
    }
    if (postgresUrl)
      await withPostgresDatabase(postgresUrl, 'tickets', async (url) => {
        const postgres = await openDatabase({ url, poolMax: 20 });
        try {
          rows.push(...(await measureEngine(postgres, emulator)));
        } finally {
          await postgres.close();
        }
      });
  } finally {
    await stop(child);
  }
  printTable(
    `Kitchen tickets: ${ORDERS} orders a row at 10 and 20 a second, auto-accepted, one ticket each (goal at 20/s: p99 ≤ 500 ms)`,
    ['path', 'orders', 'p50 ms', 'p99 ms'],
    rows,
  );
  if (!postgresUrl)
    process.stdout.write('  note: PostgreSQL skipped: set DATABASE_URL (or BENCH_DATABASE_URL)\n');
}
