import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EMULATOR_CLIENT_ID,
  EMULATOR_CLIENT_SECRET,
  startGoogleBusinessEmulator,
} from '@brigade/google-business/emulator';
import { APP_ORIGIN, connectDemo } from './listings-connect';
import { benchFullSync } from './listings-sync.bench';
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
import { fmt, printTable } from './stats';

const CONNECTIONS = 16;
const DURATION_S = 8;
/** The inbox rows: the first location given this many reviews in all. */
const INBOX_REVIEWS = 2000;
/** A filter an inbox uses (positive, unanswered, a word): more than a page of the 2,000 match. */
const INBOX_FILTER = 'sentiment=positive&status=unanswered&search=we';

interface Read {
  key: string;
  label: string;
  path: string;
}

/** What is measured, in order: the 25-review list, then (after the location grows to 2,000) the inbox reads. */
const SMALL: Read[] = [
  { key: 'reviews', label: 'Reviews list (25 reviews, ?limit=100)', path: '/reviews?limit=100' },
];
const INBOX: Read[] = [
  {
    key: 'inbox-page',
    label: `Filtered page of 50 of ${fmt(INBOX_REVIEWS, 0)} (?${INBOX_FILTER}&limit=50)`,
    path: `/reviews?${INBOX_FILTER}&limit=50`,
  },
  {
    key: 'inbox-summary',
    label: `Summary of the same filter (…/reviews/summary?${INBOX_FILTER})`,
    path: `/reviews/summary?${INBOX_FILTER}`,
  },
  {
    key: 'all-summary',
    label: `Summary of all ${fmt(INBOX_REVIEWS, 0)} (…/reviews/summary, monthly trend)`,
    path: '/reviews/summary',
  },
];

interface Measured {
  read: Read;
  figures: LoadFigures;
  body: string;
}

async function loadRead(origin: string, token: string, connectionId: string, read: Read): Promise<Measured> {
  const url = `${origin}/api/v1/business-listing/connections/${connectionId}${read.path}`;
  const headers = { authorization: `Bearer ${token}` };
  const answer = await fetch(url, { headers });
  const body = await answer.text();
  if (answer.status !== 200) throw new Error(`${read.path}: ${answer.status} ${body.slice(0, 200)}`);
  const figures = await load(url, {
    connections: CONNECTIONS,
    durationS: DURATION_S,
    headers: { ...headers, 'accept-encoding': 'gzip' },
  });
  return { read, figures, body };
}

async function measure(engine: 'pglite' | 'postgres', databaseUrl: string) {
  const emulator = await startGoogleBusinessEmulator();
  const brigade = await startBrigade(databaseUrl, {
    GOOGLE_BUSINESS_CLIENT_ID: EMULATOR_CLIENT_ID,
    GOOGLE_BUSINESS_CLIENT_SECRET: EMULATOR_CLIENT_SECRET,
    GOOGLE_BUSINESS_URL: emulator.baseUrl,
    BRIGADE_APP_ORIGINS: APP_ORIGIN,
    // Production seals the tokens with an operator's key; a throwaway one here.
    SECRETS_KEY: randomBytes(32).toString('base64'),
  }).catch(async (error) => {
    await emulator.close();
    throw error;
  });
  try {
    const session = await signInApi(brigade.origin, {
      email: 'admin@brigade.local',
      password: 'brigade-admin',
    });
    // The first location and its 25 reviews, synced.
    const connectionId = await connectDemo(session, '4001');
    const sync = () => session.call('POST', `/business-listing/connections/${connectionId}/sync/reviews`);
    await sync();
    const measured: Measured[] = [];
    for (const read of SMALL)
      measured.push(await loadRead(brigade.origin, session.token, connectionId, read));
    // Then 2,000 (the emulator's generated reviews), synced, for the inbox's filtered reads.
    emulator.addReviews('4001', INBOX_REVIEWS - 25);
    await sync();
    for (const read of INBOX)
      measured.push(await loadRead(brigade.origin, session.token, connectionId, read));
    return { engine, measured };
  } finally {
    await brigade.stop();
    await emulator.close();
  }
}

/** The same answers from memory (json-reference-server.ts): what is left is session, access and the query. */
async function reference(measured: Measured[]): Promise<Map<string, LoadFigures>> {
  const files = measured.map(({ read, body }) => {
    const file = join(tmpdir(), `brigade-bench-${read.key}-${process.pid}.json`);
    writeFileSync(file, body);
    return `${read.key}=${file}`;
  });
  const port = await freePort();
  const server = spawn(TSX, [join(ROOT, 'bench/src/json-reference-server.ts')], {
    env: { ...process.env, PORT: String(port), JSON_FILES: files.join(',') },
    stdio: 'ignore',
  });
  const figures = new Map<string, LoadFigures>();
  try {
    await waitFor(`http://127.0.0.1:${port}/`);
    for (const { read } of measured)
      figures.set(
        read.key,
        await load(`http://127.0.0.1:${port}/${read.key}`, {
          connections: CONNECTIONS,
          durationS: DURATION_S,
          headers: { 'accept-encoding': 'gzip' },
        }),
      );
    return figures;
  } finally {
    await stop(server);
  }
}

const row = (label: string, figures: LoadFigures, reference: LoadFigures | undefined) => [
  label,
  fmt(figures.rps, 0),
  fmt(figures.p50),
  fmt(figures.p99),
  figures.errors,
  reference ? `${fmt((figures.rps / reference.rps) * 100, 1)}%` : '100%',
];

/**
 * `npm run bench -- listings`: the stored reviews of a Google Business Profile connection (the demo restaurant
 * connected to the Google Business Profile emulator, 25 reviews synced) under load with wrk; then, the
 * location grown to 2,000 reviews, the inbox's filtered page of 50 and its summaries (issue 19); each beside
 * a Fastify server answering the same bytes from memory. Then a full sync of a location with 2,000 reviews
 * (listings-sync.bench.ts).
 */
export async function benchListings(postgresUrl: string | undefined) {
  const results = [await measure('pglite', '')];
  if (postgresUrl)
    results.push(await withPostgresDatabase(postgresUrl, 'listings', (u) => measure('postgres', u)));
  const refs = await reference(results[0]!.measured);
  printTable(
    `Reviews reads (GET …/connections/{id}/reviews…): wrk, ${CONNECTIONS} connections, ${DURATION_S} s each`,
    ['measure', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs reference'],
    [...SMALL, ...INBOX].flatMap((read) => {
      const ref = refs.get(read.key)!;
      const bytes = Buffer.byteLength(results[0]!.measured.find((m) => m.read.key === read.key)!.body);
      return [
        [
          `${read.label}: node reference (same JSON, ${fmt(bytes / 1024, 1)} KiB, from memory)`,
          ...row('', ref, undefined).slice(1),
        ],
        ...results.map((r) => {
          const figures = r.measured.find((m) => m.read.key === read.key)!.figures;
          return row(`${read.label}: Brigade (${r.engine})`, figures, ref);
        }),
      ];
    }),
  );
  await benchFullSync(postgresUrl);
}
