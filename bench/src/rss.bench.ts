import { readFileSync } from 'node:fs';
import { freePort, load, startBrigade, withPostgresDatabase } from './processes';
import { fmt, printTable } from './stats';

const GOAL_MB = 400;
const LOAD_S = 10;
/** How long the server is left idle after the load runs before the last reading. */
const SETTLE_S = 15;
const PATHS = ['/harbor-grill', '/harbor-grill/menu', '/api/v1/restaurants/by-slug/harbor-grill'];

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
}

interface RssFigures {
  engine: string;
  afterBoot: number;
  afterLoad: number;
  /** After SETTLE_S seconds without requests (V8's memory reducer and the allocator have had their turn). */
  settled: number;
  peak: number;
}

async function measure(
  engine: string,
  databaseUrl: string,
  options: { mallocDefaults?: boolean } = {},
): Promise<RssFigures> {
  const sitePort = await freePort();
  const brigade = await startBrigade(databaseUrl, { SITE_PORT: String(sitePort) }, options);
  const site = `http://127.0.0.1:${sitePort}`;
  const url = (path: string) => (path.startsWith('/api/') ? brigade.origin : site) + path;
  try {
    // One process: node runs the server's bundle (no tsx wrapper or loader thread since the eleventh session).
    const server = brigade.pid;
    // Let the first boot settle as it would before traffic arrives.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const afterBoot = rssMb(server);
    for (const path of PATHS) {
      const answer = await fetch(url(path));
      if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    }
    for (const path of PATHS) {
      await load(url(path), {
        connections: 50,
        durationS: LOAD_S,
        headers: { 'accept-encoding': 'br, gzip' },
      });
    }
    const afterLoad = rssMb(server);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_S * 1000));
    return { engine, afterBoot, afterLoad, settled: rssMb(server), peak: rssMb(server, 'VmHWM') };
  } finally {
    await brigade.stop();
  }
}

/**
 * Issue 20: the server's resident memory after a first boot (fresh data directory, demo and large-chain
 * seed) and after load runs (wrk, 50 connections, 10 s each on the home page, the menu page and the public
 * restaurant document), right away and after SETTLE_S seconds idle. Goal on PGlite: <= 400 MB. The peak
 * (VmHWM) is the highest RSS since the process started, start-up included. The servers run with malloc set
 * as `npm start` sets it (MALLOC_SETTINGS); a second PGlite row runs with glibc's defaults for comparison.
 */
export async function benchRss(postgresUrl: string | undefined): Promise<void> {
  const figures = [
    await measure('pglite', ''),
    // The same server with glibc's malloc left at its defaults: what MALLOC_SETTINGS are worth.
    await measure('pglite, glibc malloc defaults', '', { mallocDefaults: true }),
  ];
  if (postgresUrl)
    figures.push(await withPostgresDatabase(postgresUrl, 'rss', (url) => measure('postgres', url)));
  printTable(
    `Server RSS (MB) after a first boot and after ${3 * LOAD_S} s of load (goal on PGlite: <= ${GOAL_MB} MB)`,
    ['engine', 'after first boot', 'after the load runs', `${SETTLE_S} s later, idle`, 'peak (VmHWM)'],
    figures.map((f) => [
      f.engine,
      fmt(f.afterBoot, 0),
      fmt(f.afterLoad, 0),
      fmt(f.settled, 0),
      fmt(f.peak, 0),
    ]),
  );
}
