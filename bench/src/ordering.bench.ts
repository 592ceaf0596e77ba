import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import { CardPointeClient } from '@brigade/cardpointe/client';
import { cardPointeProvider } from '@brigade/cardpointe/provider';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { createMenuCache } from '@brigade/core/catalogue/menu-resolver';
import { HostCache } from '@brigade/core/domains/resolution-service';
import { getOrderingMenu, type OrderingDeps, placeOrder } from '@brigade/core/ordering/checkout';
import { saveMerchantAccount } from '@brigade/core/payments/merchant-account-service';
import { createSealedBox } from '@brigade/core/secrets/sealed-box';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { updateRestaurant } from '@brigade/core/tenancy/restaurant-update-service';
import { SYSTEM } from '@brigade/core/use-case';
import { type Database, openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { ANONYMOUS } from '@brigade/domain/access';
import type { OrderingSection } from '@brigade/domain/ordering/api';
import { CHECKOUT_LIMITS } from '@brigade/domain/ordering/checkout-limits';
import { formatAmount } from '@brigade/domain/payments/amount';
import { generateOrderId } from '@brigade/domain/payments/order-id';
import { SiteHandler } from '@brigade/site-app/handler';
import { type RemoteEmulator, startEmulatorProcess } from './payments.bench';
import { stop, withPostgresDatabase } from './processes';
import { fmt, printTable } from './stats';
import { type RunFigures, timedRuns } from './timed-runs';

/**
 * `npm run bench -- ordering` (issue 21):
 * 1. orders per second end to end through the ordering module — priced from the demo catalogue, written,
 *    authorised at the CardPointe emulator (its own process, over HTTP), made live — beside the bare
 *    authorisation sent to the emulator directly in the same run;
 * 2. the weight of the public ordering page with its script and stylesheet, gzip, before images
 *    (goal ≤ 60 KB), beside the menu page.
 */
const ORDERS = 300;
const CONCURRENCIES = [1, 10] as const;
const CREDENTIALS = { username: 'testing', password: 'testing123' };
const MERCHID = '496160873888';
const ALL_DAY = { open: '00:00', close: '00:00', closed: false };

type Figures = RunFigures;

const run = (path: string, concurrency: number, once: () => Promise<void>) =>
  timedRuns(ORDERS, path, concurrency, once);

/** The demo restaurant, open all day, connected to the emulator, with the deps ordering runs on. */
export async function orderingDepsOf(
  database: Database,
  emulator: RemoteEmulator,
): Promise<OrderingDeps & { demo: { tenantId: number; restaurantId: number } }> {
  await runMigrations(database);
  const db = database.db;
  const seeded = await seedDemo(db);
  const { tenantId, restaurantId } = seeded.restaurant;
  await seedLargeChainOnce(db, { tenantId, restaurantId, actor: 'System' }, demoCatalogue);
  const hours = Object.fromEntries(
    ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, ALL_DAY]),
  );
  // open all day, so the bench finds the restaurant open whenever it runs
  const demo = await updateRestaurant({ db }, SYSTEM, {
    tenantId,
    restaurantId,
    changes: { operatingHours: hours as never },
  });
  const client = new CardPointeClient({ baseUrl: emulator.restUrl, ...CREDENTIALS });
  const box = createSealedBox(randomBytes(32));
  const deps: OrderingDeps = {
    db,
    transact: (work) => db.transaction((tx) => work(tx)),
    gateway: () => client,
    provider: (account) => cardPointeProvider(client, account.merchantId),
    gatewayOrigin: async () => emulator.url,
    secrets: () => box,
    randomBytes: (size) => randomBytes(size),
    pause: async () => {},
    menuCache: createMenuCache(),
    // the bench is one address placing hundreds of orders on purpose: the checkout's limits would stop it
    checkoutLimits: { ...CHECKOUT_LIMITS, attemptsPerAddress: 1_000_000, attemptsPerRestaurant: 1_000_000 },
  };
  await saveMerchantAccount(deps, SYSTEM, {
    tenantId: demo.tenantId,
    restaurantId: demo.restaurantId,
    merchid: MERCHID,
    site: 'fts',
    environment: 'uat',
    writeMethod: 'PUT',
    enabled: true,
    ...CREDENTIALS,
  });
  return { ...deps, demo: { tenantId: demo.tenantId, restaurantId: demo.restaurantId } };
}

async function measureEngine(database: Database, emulator: RemoteEmulator): Promise<Figures[]> {
  const deps = await orderingDepsOf(database, emulator);
  const client = new CardPointeClient({ baseUrl: emulator.restUrl, ...CREDENTIALS });
  const token = await tokenizeCard(emulator.url, '4111111111111111');
  const menu = await getOrderingMenu(deps, ANONYMOUS, { slug: 'harbor-grill' });
  // Two lines: an item of the first section, twice, and another once: priced, taxed, tipped.
  const [first, second] = (menu.menus as OrderingSection[])[0]!.sections[0]!.items;
  const body = {
    lines: [
      { itemId: first!.itemId, quantity: 2, modifiers: [] },
      { itemId: second!.itemId, quantity: 1, modifiers: [] },
    ],
    pickup: { asap: true as const },
    tip: { percent: 18 },
    customer: { name: 'Bench Guest', email: 'bench@example.com', phone: '+1 555 010 0200' },
    payment: { token, expiry: '1230' },
  };
  const direct = async () => {
    const answer = await client.auth({
      merchid: MERCHID,
      account: token,
      expiry: '1230',
      amount: formatAmount(5000),
      capture: 'N',
      orderid: generateOrderId(randomBytes(16)),
    });
    if (answer.respstat !== 'A') throw new Error(`declined: ${answer.resptext}`);
  };
  const order = async () => {
    const placed = await placeOrder(deps, ANONYMOUS, {
      slug: 'harbor-grill',
      idempotencyKey: randomUUID(),
      ...body,
    });
    if (placed.status !== 'new') throw new Error(`not placed: ${placed.status} ${placed.paymentMessage}`);
  };
  const figures: Figures[] = [];
  for (const concurrency of CONCURRENCIES) {
    figures.push(await run(`${database.engine}: authorisation at the emulator alone`, concurrency, direct));
    figures.push(await run(`${database.engine}: order placed through ordering`, concurrency, order));
  }
  return figures;
}

/** The ordering page's weight as a browser fetches it, gzip: the HTML, the script and the stylesheet. */
async function pageWeights(database: Database): Promise<void> {
  const handler = new SiteHandler({ db: database.db, hostCache: new HostCache() });
  const get = async (path: string, acceptEncoding = 'gzip') => {
    const answer = await handler.handle({
      method: 'GET',
      host: '127.0.0.1:3004',
      path,
      search: '',
      protocol: 'http',
      acceptEncoding,
    });
    return { status: answer.status, bytes: answer.body.length, text: answer.body.toString() };
  };
  const order = await get('/harbor-grill/order');
  const html = order.bytes;
  // the asset names from the page's own text (the gzip answer above is what a browser downloads)
  const plain = await get('/harbor-grill/order', 'identity');
  const assets = [...plain.text.matchAll(/"(\/_brigade\/ordering-[0-9a-f]{12}\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  );
  const menu = await get('/harbor-grill/menu');
  const rows: (string | number)[][] = [['/harbor-grill/menu (no script)', fmt(menu.bytes / 1024, 1)]];
  let total = html;
  rows.push(['/harbor-grill/order (HTML)', fmt(html / 1024, 1)]);
  for (const asset of assets) {
    const answer = await get(asset);
    total += answer.bytes;
    rows.push([asset, fmt(answer.bytes / 1024, 1)]);
  }
  rows.push(['ordering page in all', fmt(total / 1024, 1)]);
  printTable('Ordering page weight, gzip, before images (goal ≤ 60 KB)', ['what', 'KB gzip'], rows);
  if (assets.length === 0)
    process.stdout.write('  note: the ordering script is not built: run `npm run build:web` first\n');
}

export async function benchOrdering(postgresUrl: string | undefined): Promise<void> {
  const { emulator, child } = await startEmulatorProcess();
  try {
    await measureAll(postgresUrl, emulator);
  } finally {
    await stop(child);
  }
}

async function measureAll(postgresUrl: string | undefined, emulator: RemoteEmulator): Promise<void> {
  const figures: Figures[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'brigade-bench-'));
  const pglite = await openDatabase({ dataDir: dir });
  try {
    figures.push(...(await measureEngine(pglite, emulator)));
    await pageWeights(pglite);
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (postgresUrl)
    await withPostgresDatabase(postgresUrl, 'ordering', async (url) => {
      const postgres = await openDatabase({ url, poolMax: 20 });
      try {
        figures.push(...(await measureEngine(postgres, emulator)));
      } finally {
        await postgres.close();
      }
    });
  printTable(
    `Online orders: ${fmt(ORDERS, 0)} per row, two lines each, card authorised at the CardPointe emulator (own process, HTTP)`,
    ['path', 'at once', 'per s', 'p50 ms', 'p99 ms'],
    figures.map((f) => [f.path, f.concurrency, fmt(f.perSecond, 0), fmt(f.p50, 2), fmt(f.p99, 2)]),
  );
  if (!postgresUrl)
    process.stdout.write('  note: PostgreSQL skipped: set DATABASE_URL (or BENCH_DATABASE_URL)\n');
}
