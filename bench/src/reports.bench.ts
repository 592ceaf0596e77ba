import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordSale } from '@brigade/core/ledger/index';
import { getSalesReport } from '@brigade/core/ledger/reports';
import { SYSTEM } from '@brigade/core/use-case';
import { type Database, openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { withPostgresDatabase } from './processes';
import { fmt, percentile, printTable } from './stats';

/**
 * `npm run bench -- reports` (issue 44): the sales report over a generated year of sales — at least a million
 * ledger lines across 50 restaurants of one tenant (≈ 9 sales a day each: three items, a tax line, a tip and
 * the card line) — for one restaurant, a month and a year, through the report's own use-case (every query
 * the screen's answer takes). Goal on PostgreSQL: a month ≤ 100 ms, a year ≤ 500 ms (p99).
 *
 * And the ledger's write per order: `recordSale` for an accepted order (its lock, its records, the lines),
 * timed alone in its transaction, to set beside the checkout's time (`npm run bench -- ordering`).
 */
const RESTAURANTS = 50;
const LINES_PER_SALE = 6;
const SALES = Math.ceil(1_000_000 / LINES_PER_SALE);
const RUNS = 30;
const WRITES = 200;

async function generateYear(database: Database, tenantId: number, restaurantIds: number[], lastDay: string) {
  const started = performance.now();
  // one statement per restaurant-slice, in batches, so no statement holds a million rows in memory
  const batch = 20_000;
  for (let from = 0; from < SALES; from += batch) {
    const to = Math.min(SALES, from + batch) - 1;
    await database.db.execute(/* sql */ `
      insert into ledger_lines (tenant_id, restaurant_id, line_key, sale_key, event, kind, channel, occurred_at,
        business_date, local_hour, order_id, item_id, item_name, quantity, menu_group_id, sales_category_id,
        tax_rate_id, tax_name, included_tax, amount, currency, payment_method, card_brand, employee)
      select ${tenantId}, ('{${restaurantIds.join(',')}}'::int[])[1 + s % ${RESTAURANTS}],
        'o:' || s || ':' || k, 'o:' || s,
        case when k = 5 then 'capture' else 'sale' end,
        case when k < 3 then 'item' when k = 3 then 'tax' when k = 4 then 'tip' else 'tender' end,
        'online',
        (date '${lastDay}' - (s % 365)) + make_interval(hours => 11 + s % 11),
        date '${lastDay}' - (s % 365), 11 + s % 11, s,
        case when k < 3 then 1 + (s * 7 + k) % 40 end,
        case when k < 3 then 'Item ' || (1 + (s * 7 + k) % 40) end,
        case when k < 3 then 1 + s % 3 else 0 end,
        case when k < 3 then 1 + (s + k) % 6 end, case when k < 3 then 1 + (s + k) % 8 end,
        case when k = 3 then 1 end, case when k = 3 then 'Sales tax' end, 0,
        case when k < 3 then 500 + (s % 17) * 100 when k = 3 then 160 when k = 4 then 300 else 5760 end,
        'USD', case when k = 5 then 'card' end, case when k = 5 then 'VISA' end, 'bench'
      from generate_series(${from}, ${to}) s cross join generate_series(0, ${LINES_PER_SALE - 1}) k`);
  }
  await database.db.execute('analyze ledger_lines');
  return performance.now() - started;
}

async function timeReport(
  database: Database,
  scope: { tenantId: number; restaurantId: number },
  from: string,
  to: string,
) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i += 1) {
    const started = performance.now();
    await getSalesReport({ db: database.db }, SYSTEM, { ...scope, from, to, compare: 'previous' });
    if (i >= 3) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** recordSale for freshly accepted orders (written with SQL: an order, its `accepted` event), one at a time. */
async function timeWrites(database: Database, scope: { tenantId: number; restaurantId: number }) {
  const times: number[] = [];
  const lines = JSON.stringify([
    { itemId: 1, name: 'Burger', quantity: 2, lineTotal: 2400 },
    { itemId: 2, name: 'Fries', quantity: 1, lineTotal: 500 },
  ]);
  const totals = JSON.stringify({
    taxes: [{ taxRateId: 1, name: 'Tax', amount: 232, included: 0 }],
    tip: 435,
  });
  for (let i = 0; i < WRITES; i += 1) {
    const token = randomUUID().replaceAll('-', '').slice(0, 22);
    const result = await database.db.execute(/* sql */ `
      with o as (insert into orders (tenant_id, restaurant_id, token, number, business_date, status, pickup_at,
          asap, customer, lines, totals, total, idempotency_key, request_hash)
        values (${scope.tenantId}, ${scope.restaurantId}, '${token}', ${100_000 + i}, current_date, 'accepted',
          now(), true, '{"name":"B","email":"b@example.com","phone":"1"}', '${lines}', '${totals}', 3567,
          '${token}', 'x') returning order_id, tenant_id, restaurant_id)
      insert into order_events (tenant_id, restaurant_id, order_id, status, actor)
        select tenant_id, restaurant_id, order_id, 'accepted', 'bench' from o returning order_id`);
    const orderId = Number((result as unknown as { rows: { order_id: string }[] }).rows[0]!.order_id);
    const started = performance.now();
    await database.db.transaction((tx) => recordSale(tx, scope, { orderId }));
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function measure(database: Database) {
  await runMigrations(database);
  const tenantId = (await makeTenant(database.db, { plan: 'enterprise' })).tenantId;
  const restaurantIds: number[] = [];
  for (let i = 0; i < RESTAURANTS; i += 1)
    restaurantIds.push((await makeRestaurant(database.db, tenantId)).restaurantId);
  const lastDay = '2026-11-30';
  const generateMs = await generateYear(database, tenantId, restaurantIds, lastDay);
  const scope = { tenantId, restaurantId: restaurantIds[7]! };
  const month = await timeReport(database, scope, '2026-11-01', '2026-11-30');
  const year = await timeReport(database, scope, '2025-12-01', '2026-11-30');
  const writes = await timeWrites(database, scope);
  return { engine: database.engine, generateMs, month, year, writes };
}

export async function benchReports(postgresUrl: string | undefined): Promise<void> {
  const rows: (string | number)[][] = [];
  const notes: string[] = [];
  const row = (figures: Awaited<ReturnType<typeof measure>>) => [
    figures.engine,
    fmt(SALES * LINES_PER_SALE, 0),
    fmt(figures.generateMs / 1000, 1),
    fmt(percentile(figures.month, 50), 1),
    fmt(percentile(figures.month, 99), 1),
    fmt(percentile(figures.year, 50), 1),
    fmt(percentile(figures.year, 99), 1),
    fmt(percentile(figures.writes, 50), 2),
    fmt(percentile(figures.writes, 99), 2),
  ];
  if (postgresUrl) {
    await withPostgresDatabase(postgresUrl, 'reports', async (url) => {
      const database = await openDatabase({ url, poolMax: 5 });
      try {
        rows.push(row(await measure(database)));
      } finally {
        await database.close();
      }
    });
  } else
    notes.push(
      'PostgreSQL skipped: set DATABASE_URL (or BENCH_DATABASE_URL) to measure it (the goal is on it)',
    );
  if (process.env.BENCH_REPORTS_PGLITE === '1') {
    const dir = mkdtempSync(join(tmpdir(), 'brigade-bench-reports-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      rows.push(row(await measure(database)));
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  } else notes.push('PGlite: BENCH_REPORTS_PGLITE=1 to measure it too (minutes to generate)');
  printTable(
    `Sales report from the ledger (goal on PostgreSQL: month p99 ≤ 100 ms, year p99 ≤ 500 ms), ${RESTAURANTS} restaurants, one restaurant's report with the period before, ${RUNS} runs; ledger write per accepted order, ${WRITES} orders`,
    [
      'engine',
      'lines',
      'generate s',
      'month p50 ms',
      'month p99 ms',
      'year p50 ms',
      'year p99 ms',
      'write p50 ms',
      'write p99 ms',
    ],
    rows,
  );
  for (const note of notes) process.stdout.write(`${note}\n`);
}
