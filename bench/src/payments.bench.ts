import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import { CardPointeClient } from '@brigade/cardpointe/client';
import { cardPointeProvider } from '@brigade/cardpointe/provider';
import { authorisePayment } from '@brigade/core/payments/authorise';
import { saveMerchantAccount } from '@brigade/core/payments/merchant-account-service';
import type { PaymentDeps } from '@brigade/core/payments/payment-deps';
import { createSealedBox } from '@brigade/core/secrets/sealed-box';
import { createRestaurant } from '@brigade/core/tenancy/restaurant-service';
import { createTenant } from '@brigade/core/tenancy/tenant-service';
import { SYSTEM } from '@brigade/core/use-case';
import { type Database, openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { withQueryLog } from '@brigade/db/query-log';
import { formatAmount } from '@brigade/domain/payments/amount';
import { generateOrderId } from '@brigade/domain/payments/order-id';
import { ROOT, stop, TSX, withPostgresDatabase } from './processes';

export interface RemoteEmulator {
  url: string;
  restUrl: string;
}

import { fmt, printTable } from './stats';
import { type RunFigures, timedRuns } from './timed-runs';

/**
 * `npm run bench -- payments` (issue 16): authorisations per second through the payments module (idempotency
 * key, pending row, gateway call, answer recorded, key completed) against the CardPointe emulator (in a process
 * of its own, as a remote gateway is) over real HTTP, beside the same authorisations sent to the emulator directly in the same run. The added latency of
 * the module is the figure (goal: ≤ 5 ms at p50); absolute numbers depend on the machine.
 */
const AUTHORISATIONS = 1_000;
/** One at a time: the latency the module adds. Ten at once: throughput, where waiting for the CPU adds more. */
const CONCURRENCIES = [1, 10] as const;
const CREDENTIALS = { username: 'testing', password: 'testing123' };
const MERCHID = '496160873888';

interface Figures extends RunFigures {
  /** SQL statements one authorisation sends (besides begin and commit); null for the direct path. */
  statements?: number;
}

const run = (path: string, concurrency: number, once: () => Promise<void>) =>
  timedRuns(AUTHORISATIONS, path, concurrency, once);

async function measureEngine(database: Database, emulator: RemoteEmulator): Promise<Figures[]> {
  await runMigrations(database);
  const db = database.db;
  const tenant = await createTenant({ db }, SYSTEM, { name: `Bench ${Date.now()}`, displayName: 'Bench' });
  const restaurant = await createRestaurant({ db }, SYSTEM, {
    tenantId: tenant.tenantId,
    name: `Bench ${Date.now()}`,
    concept: 'Bench',
    address: { street: '1 Bench St', city: 'Bench', state: 'BE', zipCode: '00000', country: 'US' },
    contact: { phone: '000', email: 'bench@example.com' },
  });
  const client = new CardPointeClient({ baseUrl: emulator.restUrl, ...CREDENTIALS });
  const box = createSealedBox(randomBytes(32));
  const deps: PaymentDeps = {
    db,
    transact: (work) => db.transaction((tx) => work(tx)),
    gateway: () => client,
    provider: (account) => cardPointeProvider(client, account.merchantId),
    gatewayOrigin: async () => emulator.url,
    secrets: () => box,
    randomBytes: (size) => randomBytes(size),
    pause: async () => {},
  };
  const scope = { tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId };
  await saveMerchantAccount(deps, SYSTEM, {
    ...scope,
    merchid: MERCHID,
    site: 'fts',
    environment: 'uat',
    writeMethod: 'PUT',
    enabled: true,
    ...CREDENTIALS,
  });
  const token = await tokenizeCard(emulator.url, '4111111111111111');
  const direct = async () => {
    const answer = await client.auth({
      merchid: MERCHID,
      account: token,
      expiry: '1230',
      amount: formatAmount(2450),
      capture: 'Y',
      orderid: generateOrderId(randomBytes(16)),
    });
    if (answer.respstat !== 'A') throw new Error(`declined: ${answer.resptext}`);
  };
  const module = async () => {
    const { transaction } = await authorisePayment(deps, SYSTEM, {
      ...scope,
      idempotencyKey: randomUUID(),
      amount: 2450,
      capture: true,
      token,
      expiry: '1230',
    });
    if (transaction.status !== 'captured') throw new Error(`not captured: ${transaction.status}`);
  };
  const statements = await statementsPerAuthorisation(database, deps, scope, token);
  const figures: Figures[] = [];
  for (const concurrency of CONCURRENCIES) {
    figures.push(await run(`${database.engine}: emulator directly`, concurrency, direct));
    figures.push({
      ...(await run(`${database.engine}: through the payments module`, concurrency, module)),
      statements,
    });
  }
  return figures;
}

/** The SQL statements one authorisation through the module sends (besides begin and commit). */
async function statementsPerAuthorisation(
  database: Database,
  deps: PaymentDeps,
  scope: { tenantId: number; restaurantId: number },
  token: string,
): Promise<number> {
  let count = 0;
  const logged = withQueryLog(database, () => {
    count += 1;
  });
  await authorisePayment(
    { ...deps, db: logged, transact: (work) => logged.transaction((tx) => work(tx)) },
    SYSTEM,
    { ...scope, idempotencyKey: randomUUID(), amount: 2450, capture: true, token, expiry: '1230' },
  );
  return count;
}

/** The emulator in a child process (cardpointe-emulator-process.ts), as a remote gateway would be. */
export async function startEmulatorProcess(): Promise<{ emulator: RemoteEmulator; child: ChildProcess }> {
  const child = spawn(TSX, [join(ROOT, 'bench/src/cardpointe-emulator-process.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { emulator: JSON.parse(line) as RemoteEmulator, child };
}

export async function benchPayments(postgresUrl: string | undefined): Promise<void> {
  const { emulator, child } = await startEmulatorProcess();
  const figures: Figures[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'brigade-bench-'));
  const pglite = await openDatabase({ dataDir: dir });
  try {
    figures.push(...(await measureEngine(pglite, emulator)));
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (postgresUrl)
    await withPostgresDatabase(postgresUrl, 'payments', async (url) => {
      const postgres = await openDatabase({ url, poolMax: 20 });
      try {
        figures.push(...(await measureEngine(postgres, emulator)));
      } finally {
        await postgres.close();
      }
    });
  await stop(child);
  printTable(
    `Authorisations: ${fmt(AUTHORISATIONS, 0)} sales per row, CardPointe emulator in its own process over HTTP`,
    ['path', 'at once', 'auths/s', 'p50 ms', 'p99 ms', 'SQL statements'],
    figures.map((f) => [
      f.path,
      f.concurrency,
      fmt(f.perSecond, 0),
      fmt(f.p50, 2),
      fmt(f.p99, 2),
      f.statements === undefined ? '—' : f.statements,
    ]),
  );
  for (let i = 0; i + 1 < figures.length; i += 2) {
    const [direct, module] = [figures[i]!, figures[i + 1]!];
    process.stdout.write(
      `  ${module.path.split(':')[0]}, ${module.concurrency} at once: the module adds ${fmt(module.p50 - direct.p50, 2)} ms at p50, ${fmt(module.p99 - direct.p99, 2)} ms at p99${module.concurrency === 1 ? ' (goal ≤ 5 ms at p50)' : ''}\n`,
    );
  }
  if (!postgresUrl)
    process.stdout.write('  note: PostgreSQL skipped: set DATABASE_URL (or BENCH_DATABASE_URL)\n');
}
