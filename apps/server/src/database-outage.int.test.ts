import { insertOutboxEmail } from '@brigade/core/identity/outbox-repository';
import { JobRunner } from '@brigade/core/jobs/job-runner';
import { type Database, openDatabase } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import { DatabaseRelay } from '@brigade/test-utils/database-relay';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { requireDatabaseUrl, withDatabase } from '@brigade/test-utils/global-setup';
import { freePort } from '@brigade/test-utils/ports';
import { adminQuery } from '@brigade/test-utils/postgres-admin';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createAppDeps } from './runtime';
import { LogCapture } from './test-app';

const expectUnavailable = async (response: Response) => {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('5');
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(await response.json()).toMatchObject({
    type: 'about:blank',
    title: 'Service Unavailable',
    status: 503,
    code: 'DATABASE_UNAVAILABLE',
    detail: 'The database is not reachable',
  });
};

/** Asks until the answer is no longer 503 (the pool makes new connections once the database is back). */
async function afterRecovery(request: () => Promise<Response>): Promise<Response> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await request();
    if (response.status !== 503 || Date.now() > deadline) return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Issue 42 (12): while PostgreSQL cannot be reached, API routes answer 503 with Retry-After and a problem
 * document, not 500; when it is back they answer again, with no restart. PostgreSQL only: the server's
 * connections go through a relay this test cuts, or the database refuses them.
 */
describe.runIf(inject('brigadeTemplate').engine === 'postgres')('a PostgreSQL outage', () => {
  const t = useTestDatabase();
  const logs = new LogCapture();
  let relay: DatabaseRelay;
  let database: Database;
  let app: FastifyInstance;
  let baseUrl = '';
  let databaseName = '';
  let items = '';
  let owner = { email: '' };
  let authorization = '';

  const signIn = () =>
    fetch(`${baseUrl}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: TEST_PASSWORD }),
    });
  const listItems = () => fetch(items, { headers: { authorization } });
  const createItem = (name: string) =>
    fetch(items, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ name, basePrice: 4 }),
    });

  beforeAll(async () => {
    const rows = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    databaseName = rows.rows[0]!.name;
    const server = new URL(requireDatabaseUrl());
    relay = new DatabaseRelay(await freePort(), { host: server.hostname, port: Number(server.port || 5432) });
    await relay.start();
    const viaRelay = new URL(withDatabase(requireDatabaseUrl(), databaseName));
    viaRelay.host = `127.0.0.1:${relay.port}`;
    database = await openDatabase({ url: viaRelay.toString(), poolMax: 4 });
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }), port: 0 };
    app = await buildApp({ deps: createAppDeps(config, database), logStream: logs });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });

    const tenant = await makeTenant(t.database.db);
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId);
    owner = await makeUser(t.database.db, { tenantId: tenant.tenantId, role: 'owner' });
    items = `${baseUrl}/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}/items`;
    const session = await signIn();
    expect(session.status).toBe(200);
    authorization = `Bearer ${((await session.json()) as { sessionToken: string }).sessionToken}`;
  });

  afterAll(async () => {
    await adminQuery(requireDatabaseUrl(), `alter database ${databaseName} allow_connections true`);
    await app?.close();
    await database?.close();
    await relay?.cut();
  });

  it('answers 503 with Retry-After while the database host is gone, and serves again once it is back', async () => {
    expect((await createItem('Before')).status).toBe(201);
    await relay.cut();
    await expectUnavailable(await listItems());
    await expectUnavailable(await createItem('During'));
    await expectUnavailable(await signIn());
    const ready = await fetch(`${baseUrl}/readyz`);
    await expectUnavailable(ready);
    // Logged as a warning with the request's id, not as an unexpected error.
    expect(logs.lines.some((line) => line.msg === 'database unreachable' && line.reqId)).toBe(true);
    expect(logs.lines.some((line) => line.msg === 'unexpected error')).toBe(false);

    await relay.start();
    const list = await afterRecovery(listItems);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { data: { name: string }[] }).data.map((item) => item.name)).toEqual([
      'Before',
    ]);
    expect((await createItem('After')).status).toBe(201);
    expect((await fetch(`${baseUrl}/readyz`)).status).toBe(200);
  });

  it('answers 503 while PostgreSQL ends its sessions and takes no new ones, and serves again after', async () => {
    const admin = requireDatabaseUrl();
    await adminQuery(admin, `alter database ${databaseName} allow_connections false`);
    await adminQuery(
      admin,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${databaseName}' and pid <> pg_backend_pid()`,
    );
    await expectUnavailable(await listItems());
    await expectUnavailable(await createItem('During'));
    await expectUnavailable(await signIn());

    await adminQuery(admin, `alter database ${databaseName} allow_connections true`);
    const list = await afterRecovery(listItems);
    expect(list.status).toBe(200);
    expect((await createItem('Later')).status).toBe(201);
  });

  it('keeps the jobs queued while the database is gone, and runs each once when it is back', async () => {
    const delivered: number[] = [];
    const runner = new JobRunner(database, app.log, { maintenanceSeconds: 5 }).handle(
      QUEUES.mail.name,
      async (data) => {
        delivered.push(Number(data.outboxId));
      },
    );
    await runner.start();
    try {
      const before = await insertOutboxEmail(t.database.db, {
        to: 'a@example.com',
        subject: 'before',
        text: 'x',
      });
      await expect.poll(() => delivered, { timeout: 10_000 }).toContain(before);
      await relay.cut();
      // written while this instance cannot reach the database (another one can: the direct connection)
      const queued: number[] = [];
      for (const subject of ['one', 'two', 'three'])
        queued.push(await insertOutboxEmail(t.database.db, { to: 'a@example.com', subject, text: 'x' }));
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(delivered.filter((id) => queued.includes(id))).toEqual([]);
      await relay.start();
      await expect
        .poll(() => delivered.filter((id) => queued.includes(id)).sort(), { timeout: 30_000 })
        .toEqual([...queued].sort());
      // each once: no job was lost, none ran twice
      expect(delivered.length).toBe(new Set(delivered).size);
    } finally {
      await runner.stop();
    }
  });
});
