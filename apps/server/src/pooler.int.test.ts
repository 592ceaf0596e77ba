import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { openDatabase } from '@brigade/db/database';
import { DIRECT_APPLICATION_NAME } from '@brigade/db/direct-connection';
import { hearsItself } from '@brigade/db/notifications';
import { requireDatabaseUrl } from '@brigade/test-utils/global-setup';
import { type PgBouncer, pgbouncerPath, startPgBouncer } from '@brigade/test-utils/pgbouncer';
import { freePort } from '@brigade/test-utils/ports';
import { adminQuery } from '@brigade/test-utils/postgres-admin';
import { createTestDatabase, type TestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureServerBuild } from '../../../scripts/server-build.mjs';
import { ServerProcess, send } from './test-server-process';

/**
 * Issue 48 items 1, 5 and 7 (decision 064): two server processes on one PostgreSQL database as a web login
 * that row-level security holds (migrated as the owner), A through PgBouncer in transaction mode (its LISTEN
 * and presence lock on DATABASE_LISTEN_URL, straight to PostgreSQL), B straight. The demo is seeded through PgBouncer; A serves its public page, a tenant route and
 * a job; a sign-out on either instance is refused by the other within 2 s; a write on either shows on both
 * instances' cached public page within 2 s, also after both LISTEN connections were ended by
 * pg_terminate_backend; and each process holds no more connections than its pool and one direct one.
 * PostgreSQL only, and only where PgBouncer is installed (.ci/run installs it).
 */
const engine = inject('brigadeTemplate').engine;
const skipped =
  engine !== 'postgres'
    ? 'PgBouncer fronts PostgreSQL; this project runs on PGlite'
    : pgbouncerPath() === null
      ? 'pgbouncer is not installed (apt-get install pgbouncer)'
      : null;
const OWNER = { email: 'owner@brigade.local', password: 'brigade-owner' };
const B_POOL_MAX = 3;
const WEB_ROLE = `brigade_pooler_web_${randomBytes(4).toString('hex')}`;

interface Instance {
  name: string;
  server: ServerProcess;
  sitePort: number;
  env: Record<string, string>;
}

describe.skipIf(skipped !== null)(
  `two instances on one PostgreSQL, one through PgBouncer in transaction mode${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    const work = mkdtempSync(join(tmpdir(), 'brigade-pooler-'));
    let bouncer: PgBouncer | undefined;
    let testDatabase: TestDatabase | undefined;
    let a: Instance;
    let b: Instance;
    let tenantId = 0;
    let restaurantId = 0;
    let slug = '';

    const call = async (on: Instance, method: string, path: string, body?: unknown, token = '') => {
      const answer = await send(on.server.base, {
        method,
        path: `/api/v1${path}`,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: Buffer.from(body === undefined ? '' : JSON.stringify(body)),
      });
      return { status: answer?.status ?? 0, json: answer?.body ? JSON.parse(answer.body) : undefined };
    };
    const signIn = async (on: Instance) => {
      const answer = await call(on, 'POST', '/auth/signin', OWNER);
      expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      return answer.json.sessionToken as string;
    };
    const page = async (on: Instance) => {
      const answer = await fetch(`http://127.0.0.1:${on.sitePort}/${slug}`);
      return `${answer.status} ${await answer.text()}`;
    };
    const rows = async <Row>(query: ReturnType<typeof sql>) =>
      ((await testDatabase!.database.db.execute(query)) as unknown as { rows: Row[] }).rows;
    const connectionsByName = async () =>
      Object.fromEntries(
        (
          await rows<{
            name: string;
            count: number;
          }>(sql`select application_name as name, count(*)::int as count
            from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
            group by application_name`)
        ).map((row) => [row.name, row.count]),
      ) as Record<string, number>;

    beforeAll(async () => {
      const { owner, web } = await prepare();
      a = await instance('a', {
        DATABASE_URL: withName(bouncer!.through(web), 'brigade-a'),
        DATABASE_LISTEN_URL: web,
        DATABASE_MIGRATION_URL: owner,
      });
      b = await instance('b', {
        DATABASE_URL: withName(web, 'brigade-b'),
        DATABASE_MIGRATION_URL: owner,
        DATABASE_POOL_MAX: String(B_POOL_MAX),
      });
      await ensureServerBuild(); // once, before two processes would each build it
      await Promise.all([a.server.start(), b.server.start()]);
    }, 180_000);
    afterAll(async () => {
      await a?.server.stop();
      await b?.server.stop();
      await testDatabase?.drop();
      await bouncer?.stop();
      await adminQuery(requireDatabaseUrl(), `drop role if exists ${WEB_ROLE}`);
      rmSync(work, { recursive: true, force: true });
    });

    /**
     * A database of this file's own, a web login as in production (a member of brigade_app: row-level
     * security holds it, as it never holds the tests' superuser), PgBouncer, and the demo seeded through
     * PgBouncer as the web login.
     */
    async function prepare(): Promise<{ owner: string; web: string }> {
      testDatabase = await createTestDatabase({ poolMax: 2 });
      const owner = testDatabase.database.pool!.options.connectionString!;
      await adminQuery(requireDatabaseUrl(), `create role ${WEB_ROLE} login in role brigade_app`);
      const web = withUser(owner, WEB_ROLE);
      bouncer = await startPgBouncer(requireDatabaseUrl(), { poolSize: 4, users: [WEB_ROLE] });
      const seeding = await openDatabase({ url: bouncer.through(web), listenUrl: web, poolMax: 2 });
      try {
        const seeded = await seedDemo(seeding.db);
        ({ tenantId, restaurantId } = seeded.restaurant);
        slug = seeded.restaurant.slug;
      } finally {
        await seeding.close();
      }
      return { owner, web };
    }

    async function instance(name: string, database: Record<string, string>): Promise<Instance> {
      const [port, sitePort] = [await freePort(), await freePort()];
      const env = {
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        BRIGADE_SEED_DEMO: 'false',
        BRIGADE_MEDIA_DIR: join(work, `media-${name}`),
        SITE_PORT: String(sitePort),
        ...database,
      };
      return { name, server: new ServerProcess(env, port), sitePort, env };
    }

    it('serves the seeded public page, a tenant route and a job through PgBouncer', async () => {
      expect(await page(a)).toMatch(/^200 [\s\S]*Harbor Grill/);
      const token = await signIn(a);
      // walled in per transaction: the owner's own restaurant, read as brigade_app
      const own = await call(a, 'GET', `/tenants/${tenantId}/restaurants/${restaurantId}`, undefined, token);
      expect(own.status, JSON.stringify(own.json)).toBe(200);
      expect(own.json.data.restaurant.name).toBe('Harbor Grill');
      expect((await fetch(`${a.server.base}/readyz`)).status).toBe(200);
      // a job: the reset mail is queued with the request and delivered (logged: no SMTP) by a worker
      expect((await call(a, 'POST', '/auth/password-reset', { email: OWNER.email })).status).toBe(202);
      await expect
        .poll(
          async () => rows<{ state: string }>(sql`select state from pgboss.job where name = 'mail.deliver'`),
          {
            timeout: 15_000,
            interval: 200,
          },
        )
        .toEqual([{ state: 'completed' }]);
    });

    it('tells at start-up whether the listening connection hears its own notifications', async () => {
      for (const on of [a, b])
        expect(on.server.output).not.toContain('does not hear its own database notifications');
      const direct = b.env.DATABASE_URL!;
      const astray = await openDatabase({ url: direct, listenUrl: bouncer!.through(direct), poolMax: 1 });
      const straight = await openDatabase({ url: bouncer!.through(direct), listenUrl: direct, poolMax: 1 });
      try {
        expect(await hearsItself(astray, 500)).toBe(false);
        expect(await hearsItself(straight)).toBe(true);
      } finally {
        await astray.close();
        await straight.close();
      }
    });

    it('refuses a token signed out on the other instance within 2 s, both ways', async () => {
      for (const [signer, other] of [
        [b, a],
        [a, b],
      ] as const) {
        const token = await signIn(signer);
        // the other instance checks the session now, and keeps it in its cache
        expect((await call(other, 'GET', '/me', undefined, token)).status).toBe(200);
        expect((await call(signer, 'POST', '/auth/signout', undefined, token)).status).toBeLessThan(300);
        await expect
          .poll(async () => (await call(other, 'GET', '/me', undefined, token)).status, {
            timeout: 2_000,
            interval: 50,
          })
          .toBe(401);
      }
    });

    it('shows a write on every instance within 2 s, also after the LISTEN connections were ended', async () => {
      const token = await signIn(a);
      const rename = async (writer: Instance, name: string) => {
        const path = `/tenants/${tenantId}/restaurants/${restaurantId}`;
        const answer = await call(writer, 'PATCH', path, { name }, token);
        expect(answer.status, JSON.stringify(answer.json)).toBe(200);
      };
      const shownEverywhere = async (name: string) => {
        for (const on of [a, b])
          await expect.poll(() => page(on), { timeout: 2_000, interval: 50 }).toContain(name);
      };
      for (const [writer, name] of [
        [a, 'Harbor Grill Written On A'],
        [b, 'Harbor Grill Written On B'],
      ] as const) {
        await Promise.all([page(a), page(b)]); // both instances keep the page
        await rename(writer, name);
        await shownEverywhere(name);
      }
      const ended = await rows(sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = ${DIRECT_APPLICATION_NAME}`);
      expect(ended).toHaveLength(2);
      // written while neither instance listens: heard of by neither, so what they kept must go at the reconnect
      await rename(b, 'Harbor Grill Written While Deaf');
      await expect
        .poll(async () => (await connectionsByName())[DIRECT_APPLICATION_NAME], {
          timeout: 10_000,
          interval: 100,
        })
        .toBe(2);
      await shownEverywhere('Harbor Grill Written While Deaf');
      for (const [writer, name] of [
        [a, 'Harbor Grill Reconnected A'],
        [b, 'Harbor Grill Reconnected B'],
      ] as const) {
        await Promise.all([page(a), page(b)]);
        await rename(writer, name);
        await shownEverywhere(name);
      }
    });

    it('opens no more connections per process than its pool and one direct connection', async () => {
      const token = await signIn(b);
      const path = `/tenants/${tenantId}/restaurants/${restaurantId}/tags`;
      // more requests at once than either pool has connections
      const answers = await Promise.all(
        [a, b].flatMap((on) => Array.from({ length: 12 }, () => call(on, 'GET', path, undefined, token))),
      );
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
      const byName = await connectionsByName();
      expect(byName[DIRECT_APPLICATION_NAME]).toBe(2); // one per process: LISTEN and the presence lock
      expect(byName['brigade-b']).toBeLessThanOrEqual(B_POOL_MAX);
      // A's pool is PgBouncer's: at most its pool size of server connections, whatever A's pool holds
      expect(byName['brigade-a'] ?? 0).toBeLessThanOrEqual(bouncer!.poolSize);
      // the side connection opens only for order numbers and id blocks; this file's own pool has no name
      const known = new Set([DIRECT_APPLICATION_NAME, 'brigade-a', 'brigade-b', 'brigade-side', '']);
      expect(Object.keys(byName).filter((name) => !known.has(name))).toEqual([]);
    });
  },
);

function withName(url: string, applicationName: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('application_name', applicationName);
  return parsed.toString();
}

function withUser(url: string, user: string): string {
  const parsed = new URL(url);
  parsed.username = user;
  parsed.password = '';
  return parsed.toString();
}
