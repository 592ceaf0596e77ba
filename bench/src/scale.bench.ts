import { freePort } from '@brigade/test-utils/ports';
import type pg from 'pg';
import { startBrigade, withPostgresDatabase } from './processes';
import { addProbeData, generateScale, type ScaleBase, scaleBase, withOwner } from './scale-data';
import { type Figures, PROBE_ROWS, rssOf, runProbes } from './scale-probes';
import { fmt, printTable } from './stats';

/**
 * `npm run bench -- scale` (issue 48 item 6): what more tenants cost. On a fresh PostgreSQL database, the demo
 * alone (1×), then with generated tenants added (scale-data.ts) up to 10× (1,000 tenants, 2,000 restaurants,
 * 200,000 items, 2,000 domain mappings) and 100× (10,000 / 20,000 / 2,000,000 / 20,000); at each scale a real
 * server (`npm start`'s bundle, started anew, so its caches start cold) answers the same requests
 * (scale-probes.ts): host resolution, public pages cached and not, the resolved menu, admin searches, the
 * audit log, the orders board. Goal: every p99 flat (100× ≤ 1.5× of 1×); the server's memory bounded by its
 * configuration (cache sizes), not by the tenant count. `BENCH_SCALES=1,10` runs fewer scales.
 */

const FLAT = 1.5;
const TENANTS_PER_SCALE = 100;

interface ScaleRun {
  scale: number;
  generateS: number;
  counts: Record<string, number>;
  figures: Figures[];
  rss: { rss: number; peak: number };
}

const COUNTED = {
  tenants: 'tenants',
  restaurants: 'restaurants',
  items: 'items',
  'domain mappings': 'domain_mappings',
  users: 'users',
  orders: 'orders',
  'audit rows': 'audit_log',
} as const;

async function countsOf(client: pg.Client): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [label, table] of Object.entries(COUNTED))
    counts[label] = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
  return counts;
}

/** Generated tenants at a scale: none at 1× (the demo alone), 100 per × above. */
const generatedAt = (scale: number) => (scale <= 1 ? 0 : TENANTS_PER_SCALE * scale);

async function measureScale(url: string, base: ScaleBase, hosts: string[]) {
  const sitePort = await freePort();
  const server = await startBrigade(url, { SITE_PORT: String(sitePort) });
  try {
    const figures = await runProbes({
      origin: server.origin,
      siteOrigin: `http://127.0.0.1:${sitePort}`,
      tenantId: base.tenantId,
      restaurantId: base.restaurantId,
      hosts,
    });
    return { figures, rss: rssOf(server.pid) };
  } finally {
    await server.stop();
  }
}

async function runScales(url: string, scales: number[]): Promise<ScaleRun[]> {
  // The first start migrates the database and seeds the demo (its large-chain menu included).
  await (await startBrigade(url)).stop();
  const { base, hosts } = await withOwner(url, async (client) => {
    const base = await scaleBase(client);
    return { base, hosts: await addProbeData(client, base) };
  });
  const runs: ScaleRun[] = [];
  let generated = 0;
  for (const scale of scales) {
    const target = generatedAt(scale);
    const started = performance.now();
    const counts = await withOwner(url, async (client) => {
      if (target > generated) {
        await generateScale(client, base, generated, target);
        // what autovacuum does after a bulk insert: GIN indexes' pending lists merged, planner statistics
        // (the trigram indexes' among them) fresh, as a platform that grew over months has them
        await client.query('vacuum analyze');
      }
      return countsOf(client);
    });
    const generateS = (performance.now() - started) / 1000;
    generated = Math.max(generated, target);
    process.stdout.write(
      `  ${scale}×: ${Object.entries(counts)
        .map(([label, n]) => `${fmt(n, 0)} ${label}`)
        .join(', ')} (generated in ${fmt(generateS, 1)} s)\n`,
    );
    runs.push({ scale, generateS, counts, ...(await measureScale(url, base, hosts)) });
  }
  return runs;
}

const ratioCell = (first: number, last: number) => {
  const ratio = last / first;
  return [`${fmt(ratio, 2)}×`, ratio <= FLAT ? 'flat' : '**grows**'];
};

function printRuns(runs: ScaleRun[]): void {
  const first = runs[0]!;
  const last = runs[runs.length - 1]!;
  const rows: (string | number)[][] = PROBE_ROWS.map((label, index) => [
    label,
    ...runs.flatMap((run) => [fmt(run.figures[index]!.p50, 2), fmt(run.figures[index]!.p99, 2)]),
    ...ratioCell(first.figures[index]!.p99, last.figures[index]!.p99),
    runs.reduce((sum, run) => sum + run.figures[index]!.errors, 0),
  ]);
  const rps = (run: ScaleRun) => run.figures[1]!.rps ?? Number.NaN;
  rows.push([
    'public page, cached: req/s (p50 column)',
    ...runs.flatMap((run) => [fmt(rps(run), 0), '—']),
    ...ratioCell(rps(last), rps(first)),
    '—',
  ]);
  rows.push([
    "server RSS after the runs, MB (p50 column) and its peak (p99's)",
    ...runs.flatMap((run) => [fmt(run.rss.rss, 0), fmt(run.rss.peak, 0)]),
    ...ratioCell(first.rss.peak, last.rss.peak),
    '—',
  ]);
  const scales = runs.map((run) => `${run.scale}×`);
  printTable(
    `Cost as tenants grow (PostgreSQL; ${scales.join(' / ')}: ${runs
      .map((run) => `${fmt(run.counts.tenants!, 0)} tenants`)
      .join(
        ' / ',
      )}); ms, one request at a time, the better of 2 rounds of 500 (20 unmeasured before each); goal p99 ${scales[scales.length - 1]}/${scales[0]} ≤ ${FLAT}×`,
    [
      'measurement',
      ...scales.flatMap((s) => [`${s} p50`, `${s} p99`]),
      `p99 ${scales[scales.length - 1]}/${scales[0]}`,
      'goal',
      'errors',
    ],
    rows,
  );
}

function scalesOf(text: string | undefined): number[] {
  const scales = (text ?? '1,10,100')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n) && n >= 1);
  return [...new Set(scales)].sort((a, b) => a - b);
}

export async function benchScale(postgresUrl: string | undefined): Promise<void> {
  if (!postgresUrl) {
    process.stdout.write(
      '\nscale: skipped (PostgreSQL only): set BENCH_DATABASE_URL (or DATABASE_URL) to run it\n',
    );
    return;
  }
  const scales = scalesOf(process.env.BENCH_SCALES);
  process.stdout.write(`\nscale: ${scales.map((s) => `${s}×`).join(', ')} on a fresh PostgreSQL database\n`);
  const runs = await withPostgresDatabase(postgresUrl, 'scale', (url) => runScales(url, scales));
  printRuns(runs);
}
