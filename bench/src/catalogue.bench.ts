import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateLargeChain } from '@brigade/core/catalogue/large-chain';
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
import { cpuColumns, fmt, printTable } from './stats';

const DURATION_S = 8;
// Each read is loaded this long, unmeasured, before its measured run (every server's JIT-compiled code in place).
const WARM_UP_S = 3;
const CONNECTIONS = 10;
const BATCH_ITEMS = 1_000;
const BATCH_RUNS = 3;

interface Api {
  call(method: string, path: string, body?: unknown): Promise<unknown>;
  base: string;
  token: string;
}

async function signIn(origin: string): Promise<Api> {
  // The demo tenant's owner, not the site administrator: a tenant's own staff is the usual caller, and their
  // requests run in the tenant's row-level-security transaction (decision 018).
  const { token, call } = await signInApi(origin, {
    email: 'owner@brigade.local',
    password: 'brigade-owner',
  });
  const tenants = ((await call('GET', '/me/tenants')) as { data: { tenantId: number }[] }).data;
  const tenantId = tenants[0]!.tenantId;
  // A restaurant of its own: the demo restaurants already have the demo menu.
  const created = (await call('POST', `/tenants/${tenantId}/restaurants`, {
    name: `Bench Kitchen ${Date.now()}`,
    concept: 'Bench',
    address: { street: '1 Bench Street', city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' },
    contact: { phone: '+1 207 555 0100', email: 'bench@example.com' },
  })) as { data: { restaurant: { restaurantId: number } } };
  return {
    call,
    token,
    base: `/tenants/${tenantId}/restaurants/${created.data.restaurant.restaurantId}`,
  };
}

interface EngineFigures {
  engine: string;
  loadMs: number;
  batchMs: number[];
  reads: Record<ReadName, LoadFigures>;
  /** The small menu read while the uncached read loads the database at the same time, and that read. */
  mixed: { menu: LoadFigures; tags: LoadFigures };
  /** The JSON each menu read answers (the reference serves these bytes). */
  bodies: Record<MenuName, string>;
  /** The headers Brigade answers a menu read with, as name, value, … (the reference sends them too). */
  headers: string[];
}

type MenuName = 'large' | 'small';
type ReadName = 'large' | 'large-br' | 'small-br' | 'tags';
/** What a browser sends; wrk sends no Accept-Encoding unless told. */
const BROWSER_ENCODINGS = { 'accept-encoding': 'gzip, deflate, br' };
const READS: { name: ReadName; label: string; menu?: MenuName; headers: Record<string, string> }[] = [
  { name: 'large', label: 'large menu (All Day), uncompressed', menu: 'large', headers: {} },
  { name: 'large-br', label: 'large menu (All Day), br', menu: 'large', headers: BROWSER_ENCODINGS },
  { name: 'small-br', label: 'small menu (Drinks), br', menu: 'small', headers: BROWSER_ENCODINGS },
  { name: 'tags', label: 'GET …/tags (small tenant read, not cached)', headers: BROWSER_ENCODINGS },
];

async function measureEngine(engine: 'pglite' | 'postgres', databaseUrl: string): Promise<EngineFigures> {
  const brigade = await startBrigade(databaseUrl);
  try {
    const { origin } = brigade;
    const api = await signIn(origin);
    const chain = generateLargeChain();
    const started = performance.now();
    for (const [path, rows] of [
      ['tags', chain.tags],
      ['tax-rates', chain.taxRates],
      ['courses', chain.courses],
      ['sales-categories', chain.salesCategories],
      ['prep-stations', chain.prepStations],
      ['modifier-groups', chain.modifierGroups],
      ['items', chain.items],
      ['menu-groups', chain.menuGroups],
    ] as const) {
      await api.call('POST', `${api.base}/${path}/batch`, rows);
    }
    const loadMs = performance.now() - started;

    // 1,000 new items in one request: ids from the counter, size prices, references to modifier groups.
    const fresh = generateLargeChain({ items: BATCH_ITEMS, seed: 7 }).items.map(
      ({ itemId: _id, guid: _guid, ...item }) => ({
        ...item,
        ...(item.sizePrice ? { sizePrice: item.sizePrice.map(({ id: _i, guid: _g, ...size }) => size) } : {}),
      }),
    );
    const batchMs: number[] = [];
    for (let run = 0; run < BATCH_RUNS; run++) {
      const t0 = performance.now();
      await api.call('POST', `${api.base}/items/batch`, fresh);
      batchMs.push(performance.now() - t0);
    }

    const menuPaths: Record<MenuName, string> = {
      large: `${api.base}/menus/${chain.menuIds.allDay}`,
      small: `${api.base}/menus/${chain.menuIds.drinks}`,
    };
    const bodies = {
      large: JSON.stringify(await api.call('GET', menuPaths.large)),
      small: JSON.stringify(await api.call('GET', menuPaths.small)),
    };
    const reads = {} as Record<ReadName, LoadFigures>;
    for (const read of READS) {
      const path = read.menu ? menuPaths[read.menu] : `${api.base}/tags`;
      reads[read.name] = await load(`${origin}/api/v1${path}`, {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        warmUpS: WARM_UP_S,
        headers: { authorization: `Bearer ${api.token}`, ...read.headers },
        serverPid: brigade.pid,
      });
    }
    const mixed = await mixedReads(`${origin}/api/v1`, api, menuPaths.small);
    // After the reads: the answer as a repeated read gets it (kept, compressed), not the first one's.
    const headers = answerHeaders(
      await fetch(`${origin}/api/v1${menuPaths.small}`, {
        headers: { authorization: `Bearer ${api.token}`, ...BROWSER_ENCODINGS },
      }),
    );
    return { engine, loadMs, batchMs, reads, bodies, headers, mixed };
  } finally {
    await brigade.stop();
  }
}

function printMixed(runs: EngineFigures[]): void {
  printTable(
    `The small menu (br, answered from memory) while GET …/tags (reaches the database) runs beside it: two wrk, ${CONNECTIONS} connections each, ${DURATION_S} s; reference: each read alone (above)`,
    [
      'engine',
      'menu req/s',
      'alone',
      'ratio',
      'menu p50 ms',
      'menu p99 ms',
      'alone p99',
      'tags req/s',
      'alone',
    ],
    runs.map((run) => [
      run.engine,
      fmt(run.mixed.menu.rps, 0),
      fmt(run.reads['small-br'].rps, 0),
      `${fmt((run.mixed.menu.rps / run.reads['small-br'].rps) * 100, 0)}%`,
      fmt(run.mixed.menu.p50),
      fmt(run.mixed.menu.p99),
      fmt(run.reads['small-br'].p99),
      fmt(run.mixed.tags.rps, 0),
      fmt(run.reads.tags.rps, 0),
    ]),
  );
}

/**
 * A read answered from memory while reads that reach the database run beside it (issue 20: the database's
 * work must not hold the HTTP loop). Each wrk has its own connections, both at once for the same time.
 */
async function mixedReads(
  apiOrigin: string,
  api: Api,
  menuPath: string,
): Promise<{ menu: LoadFigures; tags: LoadFigures }> {
  const options = {
    connections: CONNECTIONS,
    durationS: DURATION_S,
    headers: { authorization: `Bearer ${api.token}`, ...BROWSER_ENCODINGS },
  };
  const [menu, tags] = await Promise.all([
    load(`${apiOrigin}${menuPath}`, options),
    load(`${apiOrigin}${api.base}/tags`, options),
  ]);
  return { menu, tags };
}

/**
 * The headers of a menu answer as the reference is to send them: all but those Node writes itself (date,
 * connection, keep-alive), the length, framing and encoding (the reference's own for each answer) and the request
 * id, which it sends as a fixed id of the same length: the same bytes, less Brigade's per-request work.
 */
function answerHeaders(response: Response): string[] {
  const own = new Set([
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'transfer-encoding',
    'content-encoding',
  ]);
  return [...response.headers].flatMap(([name, value]) =>
    own.has(name) ? [] : [name, name === 'x-request-id' ? 'r'.repeat(value.length) : value],
  );
}

/** The JSON reference server, answering the bodies and headers of a run's menu reads. */
async function startReference(run: EngineFigures) {
  const dir = mkdtempSync(join(tmpdir(), 'brigade-bench-json-'));
  const files = (['large', 'small'] as const).map((name) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, run.bodies[name]);
    return `${name}=${file}`;
  });
  const port = await freePort();
  const reference = spawn(TSX, [join(ROOT, 'bench/src/json-reference-server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      JSON_FILES: files.join(','),
      JSON_HEADERS: JSON.stringify(run.headers),
    },
    stdio: 'ignore',
  });
  return { dir, port, reference };
}

/**
 * The catalogue (issue 6) through a real Brigade process in production mode: loading the large-chain
 * catalogue through the batch endpoints, one batch of 1,000 items, and the resolved large-chain menu read
 * under load beside Fastify answering the same JSON from memory in the same run.
 */
export async function benchCatalogue(postgresUrl: string | undefined): Promise<void> {
  const runs = [await measureEngine('pglite', '')];
  if (postgresUrl)
    runs.push(await withPostgresDatabase(postgresUrl, 'catalogue', (url) => measureEngine('postgres', url)));

  const { dir, port, reference } = await startReference(runs[0]!);
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    const references = {} as Record<ReadName, LoadFigures>;
    for (const read of READS.filter((r) => r.menu))
      references[read.name] = await load(`http://127.0.0.1:${port}/${read.menu}`, {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        warmUpS: WARM_UP_S,
        headers: read.headers,
        serverPid: reference.pid,
      });
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    printTable(
      `Catalogue writes: the large-chain catalogue through 8 batch requests; ${BATCH_ITEMS} items in one request (${BATCH_RUNS} runs)`,
      ['engine', 'large chain load ms', 'batch 1,000 items ms (median)', 'min', 'max'],
      runs.map((run) => {
        const ms = sorted(run.batchMs);
        return [
          run.engine,
          fmt(run.loadMs, 0),
          fmt(ms[Math.floor(ms.length / 2)]!, 0),
          fmt(ms[0]!, 0),
          fmt(ms.at(-1)!, 0),
        ];
      }),
    );
    const kib = (text: string) => fmt(Buffer.byteLength(text) / 1024, 0);
    printTable(
      `Resolved menus (large ${kib(runs[0]!.bodies.large)} KiB, small ${kib(runs[0]!.bodies.small)} KiB as JSON), repeated reads: wrk, ${CONNECTIONS} connections, ${DURATION_S} s each; reference: Fastify answering the same bytes (body and headers) from memory (compressed once); client and servers share 2 cores`,
      [
        'measure',
        'req/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'reference req/s',
        'ratio',
        'CPU µs/req',
        'ref. CPU µs/req',
        'CPU ratio',
      ],
      READS.flatMap((read) =>
        runs.map((run) => {
          const figures = run.reads[read.name];
          const ref = references[read.name];
          return [
            `${run.engine}: ${read.label}`,
            fmt(figures.rps, 0),
            fmt(figures.p50),
            fmt(figures.p99),
            figures.errors,
            ref ? fmt(ref.rps, 0) : '—',
            ref ? `${fmt((figures.rps / ref.rps) * 100, 0)}%` : '—',
            ...cpuColumns(figures, ref),
          ];
        }),
      ),
    );
    printMixed(runs);
    if (!postgresUrl)
      process.stdout.write('  note: PostgreSQL skipped: set DATABASE_URL (or BENCH_DATABASE_URL)\n');
  } finally {
    await stop(reference);
    rmSync(dir, { recursive: true, force: true });
  }
}
