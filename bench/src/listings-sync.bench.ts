import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { type Database, openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { withQueryLog } from '@brigade/db/query-log';
import {
  EMULATOR_CLIENT_ID,
  EMULATOR_CLIENT_SECRET,
  startGoogleBusinessEmulator,
} from '@brigade/google-business/emulator';
import { buildApp } from '@brigade/server/app';
import { loadConfig } from '@brigade/server/config';
import { createAppDeps } from '@brigade/server/runtime';
import { APP_ORIGIN, connectDemo } from './listings-connect';
import { type ApiSession, signInApi, withPostgresDatabase } from './processes';
import { fmt, printTable } from './stats';

const REVIEWS = 2000;
/** The emulator's second location: none of the fixed world's 25 reviews, only the generated ones. */
const LOCATION = '4002';

interface SyncFigures {
  ms: number;
  statements: number;
  /** The statements by first word (insert 4, select 9, …). */
  kinds: string;
  fetched: number;
  created: number;
}

interface EngineFigures {
  engine: string;
  stored: number;
  first: SyncFigures;
  second: SyncFigures;
}

/** Rows in business_listing_reviews, counted with the engine's own client (the bench knows no tables). */
async function storedReviews(database: Database): Promise<number> {
  const text = 'select count(*)::int as n from business_listing_reviews';
  const rows = database.pglite
    ? (await database.pglite.query<{ n: number }>(text)).rows
    : ((await database.pool?.query<{ n: number }>(text))?.rows ?? []);
  return rows[0]?.n ?? Number.NaN;
}

async function timedFullSync(session: ApiSession, connectionId: string, log: string[]): Promise<SyncFigures> {
  const before = log.length;
  const started = performance.now();
  const answer = (await session.call('POST', `/business-listing/connections/${connectionId}/sync/full`)) as {
    data: { reviews: { fetched: number; created: number } };
  };
  const ms = performance.now() - started;
  const { fetched, created } = answer.data.reviews;
  const words = new Map<string, number>();
  for (const text of log.slice(before)) {
    const word = /^\s*([a-z]+)/i.exec(text)?.[1]?.toLowerCase() ?? '?';
    words.set(word, (words.get(word) ?? 0) + 1);
  }
  const kinds = [...words].map(([word, n]) => `${word} ${n}`).join(', ');
  return { ms, statements: log.length - before, kinds, fetched, created };
}

/**
 * The server in this process (as apps/server/src/main.ts builds it, production settings) on `database`, every
 * statement it sends through Drizzle counted; the emulator holds a location with 2,000 generated reviews.
 */
async function measure(database: Database): Promise<EngineFigures> {
  await runMigrations(database);
  await seedDemo(database.db);
  const emulator = await startGoogleBusinessEmulator({ extraReviews: { [LOCATION]: REVIEWS } });
  const log: string[] = [];
  const counted = { ...database, db: withQueryLog(database, (query) => log.push(query.sql)) };
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    GOOGLE_BUSINESS_CLIENT_ID: EMULATOR_CLIENT_ID,
    GOOGLE_BUSINESS_CLIENT_SECRET: EMULATOR_CLIENT_SECRET,
    GOOGLE_BUSINESS_URL: emulator.baseUrl,
    BRIGADE_APP_ORIGINS: APP_ORIGIN,
    SECRETS_KEY: randomBytes(32).toString('base64'),
  });
  // Its warnings (e.g. web apps not built) go to stderr, not into the table.
  const app = await buildApp({
    deps: createAppDeps({ ...config, port: 0 }, counted),
    logStream: process.stderr,
  });
  try {
    const origin = await app.listen({ port: 0, host: '127.0.0.1' });
    const session = await signInApi(origin, { email: 'admin@brigade.local', password: 'brigade-admin' });
    const connectionId = await connectDemo(session, LOCATION);
    const first = await timedFullSync(session, connectionId, log);
    const stored = await storedReviews(database);
    const second = await timedFullSync(session, connectionId, log);
    return { engine: database.engine, stored, first, second };
  } finally {
    await app.close();
    await emulator.close();
  }
}

async function onPglite(): Promise<EngineFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'brigade-bench-'));
  const database = await openDatabase({ dataDir: dir });
  try {
    return await measure(database);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(adminUrl: string): Promise<EngineFigures> {
  return withPostgresDatabase(adminUrl, 'listingsync', async (url) => {
    const database = await openDatabase({ url });
    try {
      return await measure(database);
    } finally {
      await database.close();
    }
  });
}

/**
 * A full sync (POST …/connections/{id}/sync/full: profile, then every review page) of the demo restaurant
 * connected to an emulated location with 2,000 reviews, then the same sync again (nothing new to store).
 * Statements are those the server sent through Drizzle during the sync, as its logger sees them (on
 * PostgreSQL that includes begin, commit and the per-transaction settings; PGlite runs those itself).
 */
export async function benchFullSync(postgresUrl: string | undefined): Promise<void> {
  const results = [await onPglite()];
  if (postgresUrl) results.push(await onPostgres(postgresUrl));
  printTable(
    `Business listing full sync (POST …/connections/{id}/sync/full, a location with ${fmt(REVIEWS, 0)} reviews; in-process server, emulator over HTTP)`,
    [
      'engine',
      'sync',
      'fetched',
      'stored new',
      'reviews in db',
      'ms',
      'reviews/s',
      'statements',
      'per review',
    ],
    results.flatMap((r) =>
      [
        ['first', r.first],
        ['again', r.second],
      ].map(([label, s]) => {
        const sync = s as SyncFigures;
        return [
          r.engine,
          label as string,
          sync.fetched,
          sync.created,
          r.stored,
          fmt(sync.ms, 0),
          fmt((sync.fetched / sync.ms) * 1000, 0),
          sync.statements,
          fmt(sync.statements / sync.fetched, 3),
        ];
      }),
    ),
  );
  for (const r of results)
    process.stdout.write(`${r.engine} statements, first sync: ${r.first.kinds}; again: ${r.second.kinds}\n`);
}
