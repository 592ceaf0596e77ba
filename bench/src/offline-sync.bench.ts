import { randomUUID } from 'node:crypto';
import { signInApi, startBrigade, withPostgresDatabase } from './processes';
import { fmt, printTable } from './stats';

/**
 * `npm run bench -- offline-sync` (issue 47 item 5, decision 063): a register's queue of 1,000 cash sales made
 * offline over the last four hours, sent to a real Brigade process (`npm start`'s bundle, production mode,
 * the demo seed) the way the register sends it — in order, in batches of 100 to `POST …/pos/orders/sync`
 * (decision 073), each sale with its own Idempotency-Key, its `offline` moment and what each line was charged. Then the whole queue again
 * from two "tabs" at once (a crash mid-sync, two tabs open), which must record nothing new. Prints the
 * seconds of the first send (goal ≤ 10 s) and the duplicates (goal 0): two answers naming one order in the
 * first send, or an answer to a resend naming an order the first send did not make; and the cash in the
 * ledger over the queue's days less the queue's own total (0 when each sale is there once). On PostgreSQL
 * when a URL is given (`BENCH_DATABASE_URL` or `DATABASE_URL`), else on PGlite; both with
 * `BENCH_OFFLINE_PGLITE=1`.
 */

const SALES = 1000;
const HOURS = 4;
const OWNER = { email: 'owner@brigade.local', password: 'brigade-owner' };

interface PosItem {
  itemId: number;
  pricingStrategy: string;
  price: number;
  sizes: unknown[];
  modifierGroups: unknown[];
  soldOut: boolean;
}
interface PosGroup {
  items: PosItem[];
  groups?: PosGroup[];
}
const itemsOf = (group: PosGroup): PosItem[] => [...group.items, ...(group.groups ?? []).flatMap(itemsOf)];

interface Queued {
  key: string;
  body: string;
}

interface SyncFigures {
  engine: string;
  seconds: number;
  perSecond: number;
  resendSeconds: number;
  duplicates: number;
  refused: number;
  cashDifference: number;
}

/** Pairs a register and builds its offline queue from two plain items of the demo POS menu. */
async function queueOf(origin: string) {
  const staff = await signInApi(origin, OWNER);
  const tenants = (await staff.call('GET', '/me/tenants')) as { data: { tenantId: number }[] };
  const tenantId = tenants.data[0]!.tenantId;
  const found = (await (await fetch(`${origin}/api/v1/restaurants/by-slug/harbor-grill`)).json()) as {
    data: { restaurant: { restaurantId: number } };
  };
  const path = `/api/v1/tenants/${tenantId}/restaurants/${found.data.restaurant.restaurantId}`;
  const paired = (await staff.call('POST', `${path.slice('/api/v1'.length)}/pos/devices`, {
    name: 'Offline bench',
  })) as { data: { token: string } };
  const headers = { authorization: `Bearer ${staff.token}`, 'x-pos-device': paired.data.token };
  const register = await fetch(`${origin}${path}/pos/register`, { headers });
  const { menus } = ((await register.json()) as { data: { menus: PosGroup[] } }).data;
  const plain = menus
    .flatMap(itemsOf)
    .filter((i) => i.pricingStrategy === 'base' && i.sizes.length === 0 && i.modifierGroups.length === 0);
  const [first, second] = plain;
  if (!first || !second) throw new Error('the demo POS menu has no two plain items');
  const now = Date.now();
  const queue: Queued[] = Array.from({ length: SALES }, (_, n) => ({
    key: randomUUID(),
    body: JSON.stringify({
      service: 'dine_in',
      lines: [
        { itemId: first.itemId, quantity: 2, modifiers: [] },
        { itemId: second.itemId, quantity: 1, modifiers: [] },
      ],
      tender: { method: 'cash', tendered: 100_000 },
      receipt: 'none',
      offline: {
        soldAt: new Date(now - HOURS * 3_600_000 + (n * HOURS * 3_600_000) / SALES).toISOString(),
        charged: [
          { unitPrice: first.price, modifierCharge: 0 },
          { unitPrice: second.price, modifierCharge: 0 },
        ],
      },
    }),
  }));
  return { origin, path, headers, queue };
}

type Register = Awaited<ReturnType<typeof queueOf>>;

/** As the register sends its queue (decision 073): batches of this many, in order. */
const BATCH = 100;

interface SyncAnswer {
  data?: { results: { status: number; sale?: { orderId: number; totals: { total: number } } }[] };
}

/** Sends the queue in order, in batches as the register does; the order each answer names, and the refusals. */
async function send(reg: Register, queue: Queued[]) {
  const orders: number[] = [];
  const totals: number[] = [];
  let refused = 0;
  for (let at = 0; at < queue.length; at += BATCH) {
    const batch = queue.slice(at, at + BATCH);
    const answer = await fetch(`${reg.origin}${reg.path}/pos/orders/sync`, {
      method: 'POST',
      headers: { ...reg.headers, 'content-type': 'application/json' },
      body: `{"sales":[${batch.map((sale) => `{"idempotencyKey":"${sale.key}","sale":${sale.body}}`).join(',')}]}`,
    });
    const results = answer.status === 200 ? ((await answer.json()) as SyncAnswer).data?.results : undefined;
    if (!results) throw new Error(`sync: ${answer.status} ${await answer.text()}`);
    refused += batch.length - results.filter((r) => r.status === 201).length;
    for (const result of results) {
      if (!result.sale) continue;
      orders.push(result.sale.orderId);
      totals.push(result.sale.totals.total);
    }
  }
  return { orders, totals, refused };
}

/** The cash the ledger took over the queue's days (its journal), from the restaurant's clock. */
async function ledgerCash(reg: Register): Promise<number> {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const from = day(Date.now() - (HOURS + 24) * 3_600_000);
  const to = day(Date.now() + 24 * 3_600_000);
  const answer = await fetch(`${reg.origin}${reg.path}/reports/journal?from=${from}&to=${to}`, {
    headers: { authorization: reg.headers.authorization },
  });
  if (!answer.ok) throw new Error(`journal: ${answer.status} ${await answer.text()}`);
  const { days } = ((await answer.json()) as { data: { days: { cashTaken: number }[] } }).data;
  return days.reduce((sum, d) => sum + d.cashTaken, 0);
}

async function measure(engine: string, databaseUrl: string): Promise<SyncFigures> {
  const brigade = await startBrigade(databaseUrl);
  try {
    const reg = await queueOf(brigade.origin);
    const cashBefore = await ledgerCash(reg);
    const started = performance.now();
    const first = await send(reg, reg.queue);
    const seconds = (performance.now() - started) / 1000;
    // the same queue again, from two tabs at once
    const resent = performance.now();
    const again = await Promise.all([send(reg, reg.queue), send(reg, [...reg.queue].reverse())]);
    const resendSeconds = (performance.now() - resent) / 1000;
    const made = new Set(first.orders);
    const strangers = again.flatMap((run) => run.orders).filter((id) => !made.has(id)).length;
    const cash = (await ledgerCash(reg)) - cashBefore;
    const expected = first.totals.reduce((sum, total) => sum + total, 0);
    return {
      engine,
      seconds,
      perSecond: SALES / seconds,
      resendSeconds,
      duplicates: first.orders.length - made.size + strangers,
      refused: first.refused + again.reduce((n, run) => n + run.refused, 0),
      cashDifference: cash - expected,
    };
  } finally {
    await brigade.stop();
  }
}

export async function benchOfflineSync(postgresUrl: string | undefined): Promise<void> {
  const runs: SyncFigures[] = [];
  if (!postgresUrl || process.env.BENCH_OFFLINE_PGLITE === '1') runs.push(await measure('pglite', ''));
  if (postgresUrl)
    runs.push(await withPostgresDatabase(postgresUrl, 'offline', (url) => measure('postgres', url)));
  printTable(
    `Offline sync: ${SALES} cash sales queued over ${HOURS} h, sent in order in batches of ${BATCH} (goal ≤ 10 s, 0 duplicates), then the whole queue again from two tabs at once`,
    ['engine', 'seconds', 'sales/s', 'resend ×2 s', 'duplicates', 'refused', 'ledger cash − queue'],
    runs.map((r) => [
      r.engine,
      fmt(r.seconds),
      fmt(r.perSecond),
      fmt(r.resendSeconds),
      r.duplicates,
      r.refused,
      r.cashDifference,
    ]),
  );
  if (!postgresUrl)
    process.stdout.write('  note: PostgreSQL skipped: set DATABASE_URL (or BENCH_DATABASE_URL)\n');
}
