import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { type Database, openDatabase } from '@brigade/db/database';
import { items } from '@brigade/db/schema/catalogue';
import { images } from '@brigade/db/schema/images';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import { INCOMING_DIR } from '@brigade/images/storage';
import { makePhoto } from '@brigade/images/test-images';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { freePort } from '@brigade/test-utils/ports';
import type { TestDatabase } from '@brigade/test-utils/test-database';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Request, ServerProcess, send, serverDatabase } from './test-server-process';

/**
 * kill -9 in the middle of multi-row writes (docs/decisions/015-crash-safety.md): the real server runs as a
 * child process on a database on disk (PGlite data directory, or a PostgreSQL database), is killed while it
 * works on a 1,000-item batch, a tenant seed or an image upload, and is started again on the same data.
 * Afterwards every batch is all there or not at all, every seed likewise, and image records and files agree.
 */

const engine = inject('brigadeTemplate').engine;
const BATCH_SIZE = 1000;
const SEED_RESTAURANTS = 25;

const json = (value: unknown, token: string, requestId: string) => ({
  headers: {
    'content-type': 'application/json',
    authorization: `Bearer ${token}`,
    'x-request-id': requestId,
  },
  body: Buffer.from(JSON.stringify(value)),
});

async function multipart(fields: Record<string, string | Blob>, token: string, requestId: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      authorization: `Bearer ${token}`,
      'x-request-id': requestId,
    },
    body: Buffer.from(await encoded.arrayBuffer()),
  };
}

/** Every file under a directory, as paths relative to it. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((entry) => join(dir, entry))
    .filter((path) => statSync(path).isFile())
    .map((path) => relative(dir, path));
}

describe(`crash safety on ${engine}: kill -9 mid-request, then restart`, () => {
  const work = mkdtempSync(join(tmpdir(), 'brigade-crash-'));
  const dataDir = join(work, 'data');
  const mediaDir = join(work, 'media');
  let testDatabase: TestDatabase | undefined;
  let env: Record<string, string>;
  let server: ServerProcess;
  let tenantId = 0;
  const restaurantIds: number[] = [];

  /** The database, opened by the test while no server runs (PGlite is one process's). */
  const withDatabase = async <T>(use: (database: Database) => Promise<T>): Promise<T> => {
    if (testDatabase) return use(testDatabase.database);
    const database = await openDatabase({ dataDir });
    try {
      return await use(database);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    const port = await freePort();
    env = {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      BRIGADE_SEED_DEMO: 'false',
      BRIGADE_MEDIA_DIR: mediaDir,
      BRIGADE_MEDIA_URL: `http://127.0.0.1:${port}/media`,
    };
    const prepared = await serverDatabase(dataDir);
    const { database } = prepared;
    testDatabase = prepared.testDatabase;
    Object.assign(env, prepared.env);
    await makeUser(database.db, { isSiteAdmin: true, email: 'crash-admin@example.com' });
    const tenant = await makeTenant(database.db, { plan: 'enterprise' });
    tenantId = tenant.tenantId;
    // one for uploads, three for batches, two for batches tried again (a kill that came after the answer)
    for (let i = 0; i < 6; i++)
      restaurantIds.push((await makeRestaurant(database.db, tenantId)).restaurantId);
    await prepared.release();
    server = new ServerProcess(env, port);
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await testDatabase?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  it('keeps batches, seeds and uploads all or nothing, with no file and no record left alone', async () => {
    await server.start();
    const signin = await send(server.base, {
      method: 'POST',
      path: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify({ email: 'crash-admin@example.com', password: TEST_PASSWORD })),
    });
    expect(signin?.status).toBe(200);
    const token = JSON.parse(signin!.body).sessionToken as string;

    const batchBody = (run: string) =>
      Array.from({ length: BATCH_SIZE }, (_, i) => ({ name: `Dish ${run}-${i}`, basePrice: 1 + (i % 50) }));
    const seedBody = (name: string) => ({
      tenant: { name: `${name} LLC`, displayName: name, plan: 'enterprise' },
      restaurants: Array.from({ length: SEED_RESTAURANTS }, (_, i) => ({
        name: `${name} ${i}`,
        concept: 'Bistro',
        address: {
          street: `${i} Main St`,
          city: 'Springfield',
          state: 'IL',
          zipCode: '62701',
          country: 'US',
        },
        contact: { phone: '+1 217 555 0100', email: `r${i}@example.com` },
      })),
    });
    const photo = new Blob([new Uint8Array(await makePhoto(2000, 1300))], { type: 'image/jpeg' });
    const [uploadRestaurant, ...batchRestaurants] = restaurantIds as [number, ...number[]];
    const uploadFolder = (run: string) =>
      join(mediaDir, 'tenants', String(tenantId), 'restaurants', String(uploadRestaurant), run);

    const build = {
      batch: async (run: string, restaurantId: number): Promise<Request> => ({
        method: 'POST',
        path: `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/items/batch`,
        ...json(batchBody(run), token, run),
      }),
      seed: async (run: string): Promise<Request> => ({
        method: 'POST',
        path: '/api/v1/tenants/seed',
        ...json(seedBody(`Crash ${run}`), token, run),
      }),
      upload: async (run: string): Promise<Request> => ({
        method: 'POST',
        path: '/api/v1/images',
        ...(await multipart(
          { file: photo, tenantId: String(tenantId), restaurantId: String(uploadRestaurant), folder: run },
          token,
          run,
        )),
      }),
    };

    type Kind = 'batch' | 'seed' | 'upload';
    const runs: { kind: Kind; run: string; restaurantId?: number }[] = [];
    /** Sends one request of `kind` for `run`; `onSent` once its whole body is out. */
    const sendRun = async (kind: Kind, run: string, onSent: () => void = () => {}) => {
      const restaurantId = kind === 'batch' ? batchRestaurants.shift()! : undefined;
      const req = await build[kind](run, restaurantId!);
      runs.push({ kind, run, ...(restaurantId ? { restaurantId } : {}) });
      let sentAt = 0;
      const answer = await send(server.base, req, () => {
        sentAt = performance.now();
        onSent();
      });
      return { answer, duration: performance.now() - sentAt };
    };

    // An uncut run of each kind: it must succeed, and how long it takes sets when to kill the others.
    const duration = {} as Record<Kind, number>;
    for (const kind of ['batch', 'seed', 'upload'] as const) {
      const { answer, duration: took } = await sendRun(kind, `uncut-${kind}`);
      expect(answer?.status, answer?.body).toBe(201);
      duration[kind] = took;
    }

    // Kills early and late in each kind of request (a batch spends most of its time validating its input
    // and its answer, so its transaction is early). An upload is killed when it starts writing files
    // (`.incoming` gets this instance's folder) and when its first file lands, the window between its
    // files; on PostgreSQL a batch is killed while its transaction is open.
    const plan: {
      kind: Kind;
      at: number | 'first-write' | 'first-file' | 'open-transaction';
      again?: true;
    }[] = [
      { kind: 'batch', at: 0.12 },
      { kind: 'batch', at: engine === 'postgres' ? 'open-transaction' : 0.25 },
      { kind: 'seed', at: 0.5 },
      { kind: 'upload', at: 'first-write' },
      { kind: 'upload', at: 'first-file' },
    ];
    const sweepLogs: Record<string, string> = {};
    const cut: Record<Kind, number> = { batch: 0, seed: 0, upload: 0 };
    let sawOpenTransaction = false;
    for (const [index, { kind, at }] of plan.entries()) {
      const run = `cut-${index}-${kind}`;
      let killing: Promise<void> | undefined;
      const killNow = () => {
        killing ??= server.kill();
      };
      const watched =
        at === 'first-write' ? join(mediaDir, INCOMING_DIR) : at === 'first-file' ? uploadFolder(run) : null;
      if (watched) mkdirSync(watched, { recursive: true });
      const watcher = watched ? watch(watched, killNow) : undefined;
      const poll =
        at === 'open-transaction'
          ? setInterval(async () => {
              const open = await testDatabase!.database.pool!.query(
                `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
                   and xact_start is not null and query ilike 'insert into "items"%'`,
              );
              if (open.rowCount && !killing) {
                sawOpenTransaction = true;
                killNow();
              }
            }, 5)
          : undefined;
      await sendRun(kind, run, () => {
        if (typeof at === 'number') setTimeout(killNow, duration[kind] * at * (0.9 + Math.random() * 0.2));
      });
      killNow(); // answered before the kill came: the work is complete, which is fine too
      await killing;
      watcher?.close();
      clearInterval(poll);
      const progress = server.progressOf(run);
      if (progress.arrived && !progress.completed) cut[kind] += 1;
      // A warm server answers faster than the first, uncut run it was timed by: a kill that came after the
      // answer is tried once more, earlier.
      else if (typeof at === 'number' && cut[kind] === 0 && !plan[index]!.again)
        plan.push({ kind, at: at / 2, again: true });
      await server.start(); // on the same data: recovery, then the start-up sweep
      if (watched) sweepLogs[run] = server.output;
    }
    await server.stop();
    // Every kind was cut mid-request (else this test would prove nothing).
    for (const kind of ['batch', 'seed', 'upload'] as const) expect(cut[kind], kind).toBeGreaterThan(0);
    if (engine === 'postgres') expect(sawOpenTransaction).toBe(true);

    await withDatabase(async (database) => {
      const db = database.db;
      for (const { kind, run, restaurantId } of runs) {
        if (kind === 'batch') {
          const rows = await db
            .select({ id: items.itemId })
            .from(items)
            .where(eq(items.restaurantId, restaurantId!));
          expect([0, BATCH_SIZE], `${run}: ${rows.length} items`).toContain(rows.length);
        }
        if (kind === 'seed') {
          const found = await db
            .select()
            .from(tenants)
            .where(eq(tenants.displayName, `Crash ${run}`));
          expect(found.length, run).toBeLessThanOrEqual(1);
          const ids = found.map((tenant) => tenant.tenantId);
          const seeded = ids.length
            ? await db.select().from(restaurants).where(inArray(restaurants.tenantId, ids))
            : [];
          expect(seeded.length, run).toBe(found.length * SEED_RESTAURANTS);
        }
      }
      const recordsIn = async (run: string) =>
        (await db.select().from(images)).filter((record) => record.keys[0]?.includes(`/${run}/`));
      // The uncut round is all there.
      expect(await db.$count(items, eq(items.restaurantId, runs[0]!.restaurantId!))).toBe(BATCH_SIZE);
      expect(await db.$count(tenants, eq(tenants.displayName, 'Crash uncut-seed'))).toBe(1);
      expect(await recordsIn('uncut-upload')).toHaveLength(1);
      // An upload cut while writing its files was swept at the restart (unless the kill came too late and
      // it was stored whole, which the watcher's delay can allow).
      for (const [run, log] of Object.entries(sweepLogs)) {
        if ((await recordsIn(run)).length === 0)
          expect(log, run).toMatch(/"uploads":1,"files":\d+,"msg":"removed the files of uploads interrupted/);
      }
      // Images: every record is stored and has all its files; every file belongs to a record.
      const records = await db.select().from(images);
      expect(records.filter((record) => record.status !== 'stored')).toEqual([]);
      expect(records.length).toBeGreaterThanOrEqual(1);
      const recorded = new Set(records.flatMap((record) => record.keys));
      const onDisk = filesUnder(mediaDir).filter((path) => !path.startsWith(`${INCOMING_DIR}/`));
      expect(onDisk.filter((path) => !recorded.has(path))).toEqual([]);
      expect([...recorded].filter((key) => !onDisk.includes(key))).toEqual([]);
      expect(filesUnder(join(mediaDir, INCOMING_DIR))).toEqual([]);
    });
  }, 240_000);
});
