import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { advanceCounterPast, issueNextId } from '@brigade/core/counters/counter-service';
import { createRestaurant } from '@brigade/core/tenancy/restaurant-service';
import { createTenant } from '@brigade/core/tenancy/tenant-service';
import { SYSTEM } from '@brigade/core/use-case';
import { type Database, openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { initialCounterValue } from '@brigade/domain/counters';
import pg from 'pg';
import { fmt, percentile, printTable } from './stats';

const CONCURRENCY = 50;
const IDS_PER_RUN = 5_000;

interface CounterFigures {
  engine: string;
  level: string;
  idsPerSecond: number;
  duplicates: number;
  p50: number;
  p99: number;
}

/** 50 workers, each issuing ids one transaction at a time (as creates do), until IDS_PER_RUN are issued. */
async function measure(
  database: Database,
  level: string,
  request: Record<string, unknown>,
  inTransaction = false,
): Promise<CounterFigures> {
  const latencies: number[] = [];
  let remaining = IDS_PER_RUN;
  const issued: number[] = [];
  // The reference: the gap-free way (before decision 033), the counter's row lock held until each commit.
  // Raising the counter to its floor changes nothing but makes the transaction issue its ids itself.
  const issue = (tx: Parameters<typeof issueNextId>[0]) =>
    inTransaction
      ? advanceCounterPast(tx, request as never, initialCounterValue(request.entityType as never)).then(() =>
          issueNextId(tx, request as never),
        )
      : issueNextId(tx, request as never);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (remaining-- > 0) {
        const t0 = performance.now();
        issued.push(await database.db.transaction(issue));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    engine: database.engine,
    level: inTransaction ? `${level}, reference: in the caller's transaction` : level,
    duplicates: issued.length - new Set(issued).size,
    idsPerSecond: IDS_PER_RUN / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function measureEngine(database: Database): Promise<CounterFigures[]> {
  await runMigrations(database);
  const tenant = await createTenant({ db: database.db }, SYSTEM, { name: 'Bench', displayName: 'Bench' });
  const restaurant = await createRestaurant({ db: database.db }, SYSTEM, {
    tenantId: tenant.tenantId,
    name: `Bench ${Date.now()}`,
    concept: 'Bench',
    address: { street: '1 Bench St', city: 'Bench', state: 'BE', zipCode: '00000', country: 'US' },
    contact: { phone: '000', email: 'bench@example.com' },
  });
  const items = { entityType: 'items', tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId };
  const figures: CounterFigures[] = [];
  for (const [level, request] of [
    ['platform (domainMappings)', { entityType: 'domainMappings' }],
    ['restaurant (items)', items],
  ] as const) {
    const reference = await measure(database, level, request, true);
    const measured = await measure(database, level, request);
    figures.push(measured, reference);
  }
  return figures;
}

export async function benchCounters(postgresUrl: string | undefined): Promise<void> {
  const figures: CounterFigures[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'brigade-bench-'));
  const pglite = await openDatabase({ dataDir: dir });
  try {
    figures.push(...(await measureEngine(pglite)));
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }

  const notes: string[] = [];
  if (postgresUrl) {
    const name = `brigade_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    try {
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      const postgres = await openDatabase({ url: url.toString(), poolMax: 20 });
      try {
        figures.push(...(await measureEngine(postgres)));
      } finally {
        await postgres.close();
        await admin.query(`drop database if exists ${name} with (force)`);
      }
    } catch (error) {
      notes.push(`PostgreSQL skipped: ${(error as Error).message}`);
    } finally {
      await admin.end().catch(() => {});
    }
  } else {
    notes.push('PostgreSQL skipped: set DATABASE_URL (or BENCH_DATABASE_URL) to a server to measure it too');
  }

  printTable(
    `Counter issuance (goal on PostgreSQL: ≥ 2,000 ids/s, 0 duplicates): ${fmt(IDS_PER_RUN, 0)} ids, ${CONCURRENCY} concurrent workers, one transaction per id`,
    ['engine', 'counter', 'ids/s', 'duplicates', 'p50 ms', 'p99 ms', 'ids/s ÷ reference'],
    figures.map((f, i) => [
      f.engine,
      f.level,
      fmt(f.idsPerSecond, 0),
      String(f.duplicates),
      fmt(f.p50, 2),
      fmt(f.p99, 2),
      i % 2 === 0 ? `${fmt(f.idsPerSecond / figures[i + 1]!.idsPerSecond, 2)}×` : '',
    ]),
  );
  for (const note of notes) process.stdout.write(`  note: ${note}\n`);
}
