import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  freePort,
  type LoadFigures,
  load,
  ROOT,
  signInApi,
  startBrigade,
  stop,
  TSX,
  waitFor,
  withPostgresDatabase,
} from './processes';
import { cpuColumns, fmt, percentile, printTable } from './stats';

/**
 * `npm run bench -- pos` (issue 46): the register's cash sale over HTTP on a real Brigade process (`npm start`'s
 * bundle, production mode, the demo seed), 20 paired registers ringing up the same two-line sale, each sale
 * with an Idempotency-Key of its own (bench/src/pos.lua, which also counts the answers not 2xx):
 * 1. closed sales per second, wrk unpaced (goal ≥ 200/s on PostgreSQL), beside node:http answering the very
 *    bytes of a sale to the same requests in the same run; and `GET …/pos/register`, the read each sale repeats;
 *    on PostgreSQL, the orders written with the run's keys and the server's connections waiting on a lock;
 * 2. the same at a register's pace: a sale every ~100 ms each (≈ 200/s offered), then every ~1 s (≈ 20/s);
 * 3. meanwhile, a probe rings up one sale at a time on a register of its own and times it to the kitchen
 *    display: the answer, the order stream's `change` for it, the station's board read right after the answer
 *    (goal p99 ≤ 150 ms), and a kitchen screen emulated as management's kitchen display works (it hears the
 *    order stream and rereads the board 100 ms after a change, live-orders.ts).
 * A board shows the oldest 200 orders on the line, so a kitchen has to keep up: while the probe runs, a
 * stand-in kitchen takes all but the newest 40 load sales off the line every 250 ms (status `ready` in SQL, as
 * the last bump would). That needs the database from outside the server, so the probe runs on PostgreSQL only;
 * PGlite (`BENCH_POS_PGLITE=1`, or when no PostgreSQL URL is given) measures the sales alone.
 */

const REGISTERS = 20;
const DURATION_S = 10;
const WARM_UP_S = 3;
/** Each register rings a sale every ~100 ms (≈ 200/s offered: the issue's load), then every ~1 s (≈ 20/s). */
const PACES = [100, 1000] as const;
const PACED_S = 20;
const REGISTER_READ_S = 5;
/** Load sales left on the line by the stand-in kitchen, and how often it clears the rest (ms). */
const KEEP_ON_LINE = 40;
const SWEEP_MS = 250;
/** apps/management/src/screens/orders/live-orders.ts: a burst of changes refetches once, 100 ms later. */
const SCREEN_DEBOUNCE_MS = 100;
const SHOWN_WITHIN_MS = 5000;
const LUA = join(ROOT, 'bench/src/pos.lua');
const OWNER = { email: 'owner@brigade.local', password: 'brigade-owner' };

interface Device {
  deviceId: number;
  token: string;
}

/** The demo restaurant as the bench rings it up: its API path, a session, the registers and the sale. */
interface Register {
  origin: string;
  /** /api/v1/tenants/{t}/restaurants/{r} */
  api: string;
  tenantId: number;
  restaurantId: number;
  session: string;
  devices: Device[];
  probe: Device;
  body: string;
  /** The prep station the sale's first line is made at: the kitchen display the probe watches. */
  stationId: number;
}

interface PosItem {
  itemId: number;
  pricingStrategy: string;
  price: number;
  sizes: unknown[];
  modifierGroups: unknown[];
  soldOut: boolean;
  prepStationIds: number[];
}
interface PosGroup {
  items: PosItem[];
  groups?: PosGroup[];
}

const itemsOf = (group: PosGroup): PosItem[] => [...group.items, ...(group.groups ?? []).flatMap(itemsOf)];

/** Signs the demo owner in, pairs the registers and the probe's, and picks two plain items of the POS menu. */
async function registerOf(origin: string): Promise<Register> {
  const staff = await signInApi(origin, OWNER);
  const tenants = (await staff.call('GET', '/me/tenants')) as { data: { tenantId: number }[] };
  const tenantId = tenants.data[0]!.tenantId;
  const found = (await (await fetch(`${origin}/api/v1/restaurants/by-slug/harbor-grill`)).json()) as {
    data: { restaurant: { restaurantId: number } };
  };
  const restaurantId = found.data.restaurant.restaurantId;
  const path = `/tenants/${tenantId}/restaurants/${restaurantId}`;
  const pair = async (name: string): Promise<Device> => {
    const paired = (await staff.call('POST', `${path}/pos/devices`, { name })) as {
      data: { device: { deviceId: number }; token: string };
    };
    return { deviceId: paired.data.device.deviceId, token: paired.data.token };
  };
  const devices: Device[] = [];
  for (let i = 1; i <= REGISTERS; i += 1) devices.push(await pair(`Register ${i}`));
  const probe = await pair('Probe');
  const answer = await fetch(`${origin}/api/v1${path}/pos/register`, {
    headers: { authorization: `Bearer ${staff.token}`, 'x-pos-device': probe.token },
  });
  if (!answer.ok) throw new Error(`GET …/pos/register: ${answer.status} ${await answer.text()}`);
  const { menus } = ((await answer.json()) as { data: { menus: PosGroup[] } }).data;
  const plain = menus
    .flatMap(itemsOf)
    .filter(
      (i) =>
        i.pricingStrategy === 'base' &&
        i.sizes.length === 0 &&
        i.modifierGroups.length === 0 &&
        !i.soldOut &&
        i.prepStationIds.length > 0,
    );
  const [first, second] = plain;
  if (!first || !second) throw new Error('the demo POS menu has no two plain items');
  const subtotal = 2 * first.price + second.price;
  const body = {
    service: 'dine_in',
    guestName: 'Bench',
    lines: [
      { itemId: first.itemId, quantity: 2, modifiers: [] },
      { itemId: second.itemId, quantity: 1, modifiers: [] },
    ],
    // the next $20 note above the total with tax
    tender: { method: 'cash', tendered: Math.ceil((subtotal * 1.25) / 2000) * 2000 },
  };
  return {
    origin,
    api: `/api/v1${path}`,
    tenantId,
    restaurantId,
    session: staff.token,
    devices,
    probe,
    body: JSON.stringify(body),
    stationId: first.prepStationIds[0]!,
  };
}

const saleHeaders = (reg: Register, device: Device, key: string) => ({
  authorization: `Bearer ${reg.session}`,
  'content-type': 'application/json',
  'x-pos-device': device.token,
  'idempotency-key': key,
});

/** One sale as it goes on the wire: its headers but those node:http writes itself, and its body. */
async function answerOfSale(reg: Register): Promise<{ headers: string[]; body: string }> {
  const answer = await fetch(`${reg.origin}${reg.api}/pos/orders`, {
    method: 'POST',
    headers: { ...saleHeaders(reg, reg.probe, runName('capture')), 'accept-encoding': 'identity' },
    body: reg.body,
  });
  const body = Buffer.from(await answer.arrayBuffer());
  if (answer.status !== 201) throw new Error(`sale: ${answer.status} ${body}`);
  const own = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
  return {
    headers: [...answer.headers].filter(([name]) => !own.has(name)).flat(),
    body: body.toString('base64'),
  };
}

/** node:http (its own process) answering `answer` to every request, for the time of `run`. */
async function withReference<T>(
  answer: { headers: string[]; body: string },
  run: (url: string, pid: number) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'brigade-reference-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, JSON.stringify(answer));
  const reference = spawn(TSX, [join(ROOT, 'bench/src/reference-server.ts')], {
    env: { ...process.env, PORT: String(port), REFERENCE_ANSWER: file },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    return await run(`http://127.0.0.1:${port}/`, reference.pid!);
  } finally {
    await stop(reference);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What pos.lua counted of wrk's answers: all of them, those not 2xx, and the first such statuses. */
interface SalesFigures extends LoadFigures {
  answered: number;
  refused: number;
  statuses: string;
}

let scratch: string | undefined;

/**
 * The registers' sales through wrk (pos.lua) at `url` for `durationS`; `run` names the run (its keys are
 * `<run>-…`, so no two runs share one). `extra`: pace, or the server whose CPU time to count.
 */
async function ringSales(
  url: string,
  reg: Register,
  run: string,
  durationS: number,
  extra: { paceMs?: number; serverPid?: number } = {},
): Promise<SalesFigures> {
  scratch ??= mkdtempSync(join(tmpdir(), 'brigade-pos-'));
  const out = join(scratch, `${run}.json`);
  const figures = await load(url, {
    connections: REGISTERS,
    durationS,
    ...extra,
    script: {
      file: LUA,
      args: [
        `${reg.api}/pos/orders`,
        reg.session,
        reg.devices.map((d) => d.token).join(','),
        reg.body,
        run,
        out,
      ],
    },
  });
  const counted = JSON.parse(readFileSync(out, 'utf8')) as Omit<SalesFigures, keyof LoadFigures>;
  return { ...figures, ...counted };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const runName = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

/** Runs `tick` every `ms` until the `stop` it returns is called (which waits for the tick under way). */
function every(ms: number, tick: () => Promise<void>): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    for (; running; await sleep(ms)) await tick();
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/** The database as its owner: the bench reaches past the server only to clear the line and to watch. */
async function ownerClient(ownerUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  return client;
}

/**
 * The stand-in kitchen: every 250 ms, all but the newest 40 load sales leave the line (`ready`, as the last
 * station's bump makes them), and so do the probe's sales once measured (`done`). Its stop answers how many.
 */
async function lineSweeper(ownerUrl: string, reg: Register, done: number[]): Promise<() => Promise<number>> {
  const client = await ownerClient(ownerUrl);
  const onLine = `tenant_id = $1 and restaurant_id = $2 and status in ('accepted', 'in_preparation')`;
  const load = `${onLine} and device_id = any($3::bigint[])`;
  let swept = 0;
  const sweep = async () => {
    const { rowCount } = await client.query(
      `update orders set status = 'ready', ready_at = now() where ${onLine} and (order_id = any($5::bigint[])
       or ${load} and order_id not in (select order_id from orders where ${load} order by order_id desc limit $4))`,
      [reg.tenantId, reg.restaurantId, reg.devices.map((d) => d.deviceId), KEEP_ON_LINE, done.splice(0)],
    );
    swept += rowCount ?? 0;
  };
  await sweep(); // what the runs before left on the line
  const stop = every(SWEEP_MS, sweep);
  let stopped: Promise<number> | undefined;
  const end = async () => {
    await stop();
    await client.end();
    return swept;
  };
  return () => (stopped ??= end());
}

/** Orders written with run `run`'s keys, once the sales still in flight when wrk stopped are done. */
async function salesWritten(ownerUrl: string, run: string): Promise<number> {
  const client = await ownerClient(ownerUrl);
  const text = 'select count(*)::int as n from orders where idempotency_key like $1';
  const count = async () => (await client.query<{ n: number }>(text, [`${run}-%`])).rows[0]!.n;
  try {
    let [last, now] = [-1, await count()];
    while (now !== last) [last, now] = [now, await sleep(1000).then(count)];
    return now;
  } finally {
    await client.end();
  }
}

interface Waits {
  mean: number;
  at: string;
}

/** The server's connections waiting on a lock while `work` runs (mean of samples every 50 ms), and where. */
async function lockWaits<T>(ownerUrl: string, work: () => Promise<T>): Promise<[T, Waits]> {
  const client = await ownerClient(ownerUrl);
  const where = new Map<string, number>();
  let samples = 0;
  const stop = every(50, async () => {
    const { rows } = await client.query<{ at: string; n: number }>(
      `select left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 40) as at, count(*)::int as n
       from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' group by 1`,
    );
    samples += 1;
    for (const row of rows) where.set(row.at, (where.get(row.at) ?? 0) + row.n);
  });
  let result: T;
  try {
    result = await work();
  } finally {
    await stop();
    await client.end();
  }
  const total = [...where.values()].reduce((sum, n) => sum + n, 0);
  const most = [...where].sort((a, b) => b[1] - a[1])[0];
  return [result, { mean: total / Math.max(1, samples), at: most ? `${most[0]}…` : '—' }];
}

/** When each order was first heard on the order stream and first seen on the emulated kitchen screen. */
interface Screen {
  heardAt: Map<number, number>;
  shownAt: Map<number, number>;
  close(): void;
}

type BoardRead = { ms: number; tickets: number[] };

async function readBoard(reg: Register): Promise<BoardRead> {
  const started = performance.now();
  const answer = await fetch(`${reg.origin}${reg.api}/kitchen/${reg.stationId}`, {
    headers: { authorization: `Bearer ${reg.session}` },
  });
  if (!answer.ok) throw new Error(`kitchen board: ${answer.status} ${await answer.text()}`);
  const board = (await answer.json()) as { data: { tickets: { orderId: number }[] } };
  return { ms: performance.now() - started, tickets: board.data.tickets.map((t) => t.orderId) };
}

/**
 * A kitchen display as management's works (live-orders.ts, orders-api.ts): it hears the restaurant's order
 * stream and, 100 ms after a change (one refetch per burst), reads its station's board again.
 */
async function kitchenScreen(reg: Register): Promise<Screen> {
  const heardAt = new Map<number, number>();
  const shownAt = new Map<number, number>();
  let pending: ReturnType<typeof setTimeout> | undefined;
  let reading = false;
  let again = false;
  const refetch = () => {
    pending ??= setTimeout(async () => {
      pending = undefined;
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      const board = await readBoard(reg).catch(() => undefined);
      const now = performance.now();
      for (const orderId of board?.tickets ?? []) if (!shownAt.has(orderId)) shownAt.set(orderId, now);
      reading = false;
      if (again) {
        again = false;
        refetch();
      }
    }, SCREEN_DEBOUNCE_MS);
  };
  let close = () => {};
  await new Promise<void>((resolve, reject) => {
    const stream = get(
      `${reg.origin}${reg.api}/orders/events`,
      { headers: { authorization: `Bearer ${reg.session}`, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`order stream: ${response.statusCode}`));
        let buffered = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffered += chunk;
          const events = buffered.split('\n\n');
          buffered = events.pop()!;
          for (const event of events) {
            const name = /^event: (.*)$/m.exec(event)?.[1];
            if (name === 'ready') resolve();
            if (name !== 'change') continue;
            const { orderId } = JSON.parse(/^data: (.*)$/m.exec(event)![1]!) as { orderId: number | null };
            if (orderId !== null && !heardAt.has(orderId)) heardAt.set(orderId, performance.now());
            refetch();
          }
        });
      },
    );
    stream.on('error', reject);
    close = () => stream.destroy();
  });
  return {
    heardAt,
    shownAt,
    close: () => {
      clearTimeout(pending);
      close();
    },
  };
}

interface ProbeSale {
  sentAt: number;
  answeredAt: number;
  orderId?: number;
  /** The board read right after the answer (and again until it shows the order). */
  boardAt?: number;
  boardReads: BoardRead[];
}

/** One sale at a time on the probe's register, each followed to the board, until `until`. */
async function probeSales(
  reg: Register,
  screen: Screen,
  until: number,
  done: number[],
): Promise<ProbeSale[]> {
  const sales: ProbeSale[] = [];
  while (performance.now() < until) {
    const sentAt = performance.now();
    const answer = await fetch(`${reg.origin}${reg.api}/pos/orders`, {
      method: 'POST',
      headers: saleHeaders(reg, reg.probe, `probe-${randomUUID()}`),
      body: reg.body,
    });
    const answeredAt = performance.now();
    const sale: ProbeSale = { sentAt, answeredAt, boardReads: [] };
    sales.push(sale);
    if (answer.status !== 201) {
      await answer.text();
      continue;
    }
    sale.orderId = ((await answer.json()) as { data: { orderId: number } }).data.orderId;
    while (performance.now() - sentAt < SHOWN_WITHIN_MS) {
      const board = await readBoard(reg);
      sale.boardReads.push(board);
      if (board.tickets.includes(sale.orderId)) {
        sale.boardAt = performance.now();
        break;
      }
    }
    while (!screen.shownAt.has(sale.orderId) && performance.now() - sentAt < SHOWN_WITHIN_MS) await sleep(5);
    done.push(sale.orderId);
    await sleep(50 + Math.random() * 100);
  }
  return sales;
}

interface Kitchen {
  sales: ProbeSale[];
  screen: Screen;
  /** Load sales the stand-in kitchen took off the line. */
  swept: number;
}

interface Paced {
  paceMs: number;
  sales: SalesFigures;
  reference: SalesFigures;
  kitchen?: Kitchen;
}

/** The registers at `paceMs` and, on PostgreSQL, the probe, the screen and the stand-in kitchen beside them. */
async function pacedRun(
  reg: Register,
  serverPid: number,
  paceMs: number,
  ownerUrl: string | undefined,
): Promise<Omit<Paced, 'reference'>> {
  const run = () =>
    ringSales(`${reg.origin}${reg.api}/pos/orders`, reg, runName(`paced-${paceMs}`), PACED_S, {
      paceMs,
      serverPid,
    });
  if (!ownerUrl) return { paceMs, sales: await run() };
  const done: number[] = [];
  const stopSweeping = await lineSweeper(ownerUrl, reg, done);
  const screen = await kitchenScreen(reg);
  try {
    const started = performance.now();
    const probe = sleep(1000).then(() => probeSales(reg, screen, started + PACED_S * 1000 - 500, done));
    const [sales, probed] = await Promise.all([run(), probe]);
    await sleep(SCREEN_DEBOUNCE_MS * 5); // the screen's last refetch
    return { paceMs, sales, kitchen: { sales: probed, screen, swept: await stopSweeping() } };
  } finally {
    screen.close();
    await stopSweeping();
  }
}

interface EngineFigures {
  engine: string;
  sales: SalesFigures;
  reference: SalesFigures;
  registerRead: LoadFigures;
  paced: Paced[];
  /** PostgreSQL only: orders written with the unpaced run's keys, and the lock waits meanwhile. */
  written?: number;
  waits?: Waits;
}

/** The server's figures, then the reference's (node:http answering a sale's bytes) on the same requests. */
async function measureEngine(
  engine: 'pglite' | 'postgres',
  databaseUrl: string,
  ownerUrl?: string,
): Promise<EngineFigures> {
  const brigade = await startBrigade(databaseUrl);
  try {
    const reg = await registerOf(brigade.origin);
    const answer = await answerOfSale(reg);
    const url = `${brigade.origin}${reg.api}/pos/orders`;
    await ringSales(url, reg, runName('warm-up'), WARM_UP_S);
    const unpaced = runName('unpaced');
    const ring = () => ringSales(url, reg, unpaced, DURATION_S, { serverPid: brigade.pid });
    const [sales, waits] = ownerUrl ? await lockWaits(ownerUrl, ring) : [await ring(), undefined];
    const written = ownerUrl ? await salesWritten(ownerUrl, unpaced) : undefined;
    const registerRead = await load(`${brigade.origin}${reg.api}/pos/register`, {
      connections: REGISTERS,
      durationS: REGISTER_READ_S,
      headers: { authorization: `Bearer ${reg.session}`, 'x-pos-device': reg.probe.token },
      serverPid: brigade.pid,
    });
    const paced: Omit<Paced, 'reference'>[] = [];
    for (const paceMs of PACES) paced.push(await pacedRun(reg, brigade.pid, paceMs, ownerUrl));
    return await withReference(answer, async (refUrl, pid) => {
      await ringSales(refUrl, reg, runName('ref-warm-up'), WARM_UP_S);
      const reference = await ringSales(refUrl, reg, runName('ref'), DURATION_S, { serverPid: pid });
      const withReferences: Paced[] = [];
      for (const run of paced)
        withReferences.push({
          ...run,
          reference: await ringSales(refUrl, reg, runName('ref-paced'), DURATION_S, { paceMs: run.paceMs }),
        });
      return { engine, sales, reference, registerRead, paced: withReferences, written, waits };
    });
  } finally {
    await brigade.stop();
  }
}

const loadRow = (what: string, figures: SalesFigures | LoadFigures, reference?: LoadFigures) => [
  what,
  fmt(figures.rps, 0),
  fmt(figures.p50),
  fmt(figures.p99),
  'answered' in figures ? `${figures.refused}${figures.statuses ? ` (${figures.statuses})` : ''}` : '—',
  figures.errors,
  reference ? `${fmt((figures.rps / reference.rps) * 100, 1)}%` : '',
  ...cpuColumns(figures, reference).filter((_, i) => i !== 1),
];

function printSales(runs: EngineFigures[]): void {
  printTable(
    `Register sales: wrk, ${REGISTERS} connections (${REGISTERS} registers), a two-line cash sale each request with a key of its own; unpaced ${DURATION_S} s (goal ≥ 200 sales/s on PostgreSQL), then paced ${PACED_S} s; reference: node:http answering a sale's bytes, the same requests`,
    [
      'measure',
      'req/s',
      'p50 ms',
      'p99 ms',
      'not 2xx',
      'wrk errors',
      'vs reference',
      'CPU µs/req',
      'CPU vs ref',
    ],
    runs.flatMap((run) => [
      loadRow(`${run.engine}: reference, unpaced`, run.reference, run.reference),
      loadRow(`${run.engine}: POST …/pos/orders, unpaced (closed sales/s)`, run.sales, run.reference),
      loadRow(`${run.engine}: GET …/pos/register (what each sale reads again)`, run.registerRead),
      ...run.paced.flatMap((paced) => [
        loadRow(`${run.engine}: reference, a sale every ~${paced.paceMs} ms a register`, paced.reference),
        loadRow(`${run.engine}: POST …/pos/orders, a sale every ~${paced.paceMs} ms a register`, paced.sales),
      ]),
    ]),
  );
  const checked = runs.filter((run) => run.written !== undefined);
  if (checked.length > 0)
    printTable(
      'The unpaced sales in the database',
      ['measure', 'value'],
      checked.flatMap((run) => [
        [
          `${run.engine}: sales answered 2xx / orders written with the run's keys`,
          `${run.sales.answered - run.sales.refused} / ${run.written}`,
        ],
        [`${run.engine}: server connections waiting on a lock (mean)`, fmt(run.waits!.mean, 1)],
        [`${run.engine}: … most of them at`, run.waits!.at],
      ]),
    );
}

function kitchenRows(engine: string, paceMs: number, kitchen: Kitchen): (string | number)[][] {
  const placed = kitchen.sales.filter((s) => s.orderId !== undefined);
  const label = `${engine}, ~${paceMs} ms`;
  const row = (what: string, values: number[]) => {
    const sorted = values.sort((a, b) => a - b);
    return [`${label}: ${what}`, values.length, fmt(percentile(sorted, 50)), fmt(percentile(sorted, 99))];
  };
  const since = (at: Map<number, number>) =>
    placed.filter((s) => at.has(s.orderId!)).map((s) => at.get(s.orderId!)! - s.sentAt);
  const reads = placed.flatMap((s) => s.boardReads);
  return [
    row(
      'sent → answered (201)',
      placed.map((s) => s.answeredAt - s.sentAt),
    ),
    row('sent → `change` for it on the order stream', since(kitchen.screen.heardAt)),
    row(
      'sent → on the board (read right after the answer)',
      placed.filter((s) => s.boardAt !== undefined).map((s) => s.boardAt! - s.sentAt),
    ),
    row('sent → on the emulated kitchen screen', since(kitchen.screen.shownAt)),
    row(
      'one board read',
      reads.map((r) => r.ms),
    ),
    [
      `${label}: tickets on a board (mean); sales refused; not on the board / screen in 5 s`,
      fmt(reads.reduce((sum, r) => sum + r.tickets.length, 0) / Math.max(1, reads.length), 0),
      kitchen.sales.length - placed.length,
      `${placed.filter((s) => s.boardAt === undefined).length} / ${placed.filter((s) => !kitchen.screen.shownAt.has(s.orderId!)).length}`,
    ],
    [`${label}: load sales the stand-in kitchen took off the line`, kitchen.swept, '', ''],
  ];
}

export async function benchPos(postgresUrl: string | undefined): Promise<void> {
  const runs: EngineFigures[] = [];
  try {
    if (!postgresUrl || process.env.BENCH_POS_PGLITE === '1') runs.push(await measureEngine('pglite', ''));
    if (postgresUrl)
      runs.push(await withPostgresDatabase(postgresUrl, 'pos', (url) => measureEngine('postgres', url, url)));
  } finally {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  }
  printSales(runs);
  const kitchens = runs.flatMap((run) =>
    run.paced.flatMap((paced) => (paced.kitchen ? [{ run, paced }] : [])),
  );
  if (kitchens.length > 0)
    printTable(
      `Send → kitchen display: a probe register rings up one sale at a time beside the paced registers (goal: p99 ≤ 150 ms); the stand-in kitchen keeps ${KEEP_ON_LINE} of their sales on the line`,
      ['path', 'sales', 'p50 ms', 'p99 ms'],
      kitchens.flatMap(({ run, paced }) => kitchenRows(run.engine, paced.paceMs, paced.kitchen!)),
    );
  if (!postgresUrl)
    process.stdout.write(
      '  note: PostgreSQL skipped (and with it the kitchen probe): set DATABASE_URL (or BENCH_DATABASE_URL)\n',
    );
}
