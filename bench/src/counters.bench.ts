import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issueNextId } from '@brigade/core/counters/counter-service';
import { createRestaurant } from '@brigade/core/tenancy/restaurant-service';
import { createTenant } from '@brigade/core/tenancy/tenant-service';
import { SYSTEM } from '@brigade/core/use-case';
import { type Database, openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import pg from 'pg';
import { fmt, percentile, printTable } from './stats';

const CONCURRENCY = 50;
const IDS_PER_RUN = 5_000;

interface CounterFigures {
  engine: string;
  level: string;
  idsPerSecond: number;
  p50: number;
  p99: number;
}

/** 50 workers, each issuing ids one transaction at a time (as creates do), until IDS_PER_RUN are issued. */
async function measure(
  database: Database,
  level: string,
  request: Record<string, unknown>,
): Promise<CounterFigures> {
  const latencies: number[] = [];
  let remaining = IDS_PER_RUN;
  const issued = new Set<number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (remaining-- > 0) {
        const t0 = performance.now();
        issued.add(await database.db.transaction((tx) => issueNextId(tx, request as never)));
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (issued.size !== IDS_PER_RUN)
    throw new Error(`expected ${IDS_PER_RUN} distinct ids, got ${issued.size}`);
  latencies.sort((a, b) => a - b);
  return {
    engine: database.engine,
    level,
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
  return [
    await measure(database, 'platform (domainMappings)', { entityType: 'domainMappings' }),
    await measure(database, 'restaurant (items)', {
      entityType: 'items',
      tenantId: tenant.tenantId,
      restaurantId: restaurant.restaurantId,
    }),
  ];
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
    `Counter issuance: ${fmt(IDS_PER_RUN, 0)} ids, ${CONCURRENCY} concurrent workers, one transaction per id`,
    ['engine', 'counter', 'ids/s', 'p50 ms', 'p99 ms'],
    figures.map((f) => [f.engine, f.level, fmt(f.idsPerSecond, 0), fmt(f.p50, 2), fmt(f.p99, 2)]),
  );
  for (const note of notes) process.stdout.write(`  note: ${note}\n`);
}
