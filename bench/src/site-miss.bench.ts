import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { createMenuCache } from '@brigade/core/catalogue/menu-resolver';
import { HostCache } from '@brigade/core/domains/resolution-service';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { fmt, printTable } from './stats';

const HOME = '/harbor-grill';
const MISSES = 200;

/**
 * Issue 20 item 3: what one page-cache miss costs the event loop. The site handler runs in-process with its
 * caches on and the data already read; before each request the page cache is emptied, so every request
 * renders, compresses and stores the large-chain home page. A 1 ms timer runs meanwhile: its worst lateness
 * is the longest stretch the loop could not answer anyone else (goal: <= 5 ms). For reference, the page's
 * compression done synchronously (Brotli q9 + gzip 9, as before issue 20).
 */
export async function benchSiteMiss(): Promise<void> {
  const { SiteHandler } = await import('@brigade/site-app/handler');
  const dataDir = mkdtempSync(join(tmpdir(), 'brigade-site-miss-bench-'));
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    const demo = await seedDemo(database.db);
    const { tenantId, restaurantId } = demo.restaurant;
    await seedLargeChainOnce(database.db, { tenantId, restaurantId, actor: 'bench' }, demoCatalogue);
    const handler = new SiteHandler({
      db: database.db,
      hostCache: new HostCache(),
      menuCache: createMenuCache(),
    });
    const request = {
      method: 'GET',
      host: '127.0.0.1:3004',
      path: HOME,
      search: '',
      protocol: 'http' as const,
    };
    const miss = async () => {
      handler.cache!.clear();
      const response = await handler.handle({ ...request, acceptEncoding: 'br' });
      if (response.status !== 200) throw new Error(`home page answered ${response.status}`);
      return response;
    };
    const body = Buffer.from((await handler.handle(request)).body);
    for (let i = 0; i < 20; i++) await miss();

    let worstLateness = 0;
    let expected = performance.now() + 1;
    const ticker = setInterval(() => {
      const now = performance.now();
      worstLateness = Math.max(worstLateness, now - expected);
      expected = now + 1;
    }, 1);
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const started = performance.now();
    for (let i = 0; i < MISSES; i++) {
      await miss();
      // Each request is its own turn of the loop, as over HTTP (else the misses would run back to back in
      // microtasks and no timer could fire in between).
      await new Promise((resolve) => setImmediate(resolve));
    }
    const elapsed = performance.now() - started;
    histogram.disable();
    clearInterval(ticker);

    const syncStarted = performance.now();
    for (let i = 0; i < 20; i++) {
      gzipSync(body, { level: 9 });
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
    }
    const syncCompression = (performance.now() - syncStarted) / 20;
    printTable(
      `Site page-cache misses: large-chain home page, ${fmt(body.length / 1024, 0)} KB, ${MISSES} misses one after another`,
      ['figure', 'value'],
      [
        ['misses per second', fmt(MISSES / (elapsed / 1000), 0)],
        ['1 ms timer, worst lateness (ms)', fmt(worstLateness, 1)],
        ['event-loop delay p99 (ms)', fmt(histogram.percentile(99) / 1e6, 1)],
        ['event-loop delay max (ms)', fmt(histogram.max / 1e6, 1)],
        ['Brotli q9 + gzip 9 synchronously, per page (ms)', fmt(syncCompression, 1)],
      ],
    );
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
