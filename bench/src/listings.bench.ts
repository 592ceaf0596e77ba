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
    await session.call('POST', `/business-listing/connections/${connectionId}/sync/reviews`);
    const url = `${brigade.origin}/api/v1/business-listing/connections/${connectionId}/reviews?limit=100`;
    const body = await (await fetch(url, { headers: { authorization: `Bearer ${session.token}` } })).text();
    const figures = await load(url, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      headers: { authorization: `Bearer ${session.token}`, 'accept-encoding': 'gzip' },
    });
    return { engine, figures, body };
  } finally {
    await brigade.stop();
    await emulator.close();
  }
}

/** The same answer from memory (json-reference-server.ts): what is left is session, access and the query. */
async function reference(body: string): Promise<LoadFigures> {
  const file = join(tmpdir(), `brigade-bench-reviews-${process.pid}.json`);
  writeFileSync(file, body);
  const port = await freePort();
  const server = spawn(TSX, [join(ROOT, 'bench/src/json-reference-server.ts')], {
    env: { ...process.env, PORT: String(port), JSON_FILES: `reviews=${file}` },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}/reviews`);
    return await load(`http://127.0.0.1:${port}/reviews`, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
      headers: { 'accept-encoding': 'gzip' },
    });
  } finally {
    await stop(server);
  }
}

/**
 * `npm run bench -- listings`: the stored reviews of a Google Business Profile connection (the demo restaurant
 * connected to the Google Business Profile emulator, 25 reviews synced) under load with wrk, beside a Fastify
 * server answering the same bytes from memory; then a full sync of a location with 2,000 reviews
 * (listings-sync.bench.ts).
 */
export async function benchListings(postgresUrl: string | undefined) {
  const results = [await measure('pglite', '')];
  if (postgresUrl)
    results.push(await withPostgresDatabase(postgresUrl, 'listings', (u) => measure('postgres', u)));
  const ref = await reference(results[0]!.body);
  printTable(
    `Reviews list (GET …/connections/{id}/reviews, 25 reviews): wrk, ${CONNECTIONS} connections, ${DURATION_S} s each`,
    ['measure', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'vs reference'],
    [
      [
        'node reference (same JSON, from memory)',
        fmt(ref.rps, 0),
        fmt(ref.p50),
        fmt(ref.p99),
        ref.errors,
        '100%',
      ],
      ...results.map((r) => [
        `Brigade (${r.engine})`,
        fmt(r.figures.rps, 0),
        fmt(r.figures.p50),
        fmt(r.figures.p99),
        r.figures.errors,
        `${fmt((r.figures.rps / ref.rps) * 100, 1)}%`,
      ]),
    ],
  );
  await benchFullSync(postgresUrl);
}
