import { createServer, type Server } from 'node:http';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { DIRECT_APPLICATION_NAME } from '@brigade/db/direct-connection';
import { requireDatabaseUrl } from '@brigade/test-utils/global-setup';
import { freePort } from '@brigade/test-utils/ports';
import { adminQuery } from '@brigade/test-utils/postgres-admin';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { requestListenerOf } from './app';
import { heardEverySoFar, useTestApp } from './test-app';

/**
 * Issue 48 item 2: a public page must not outlive a write because the instance's LISTEN connection was lost
 * when the write was announced. PostgreSQL only (PGlite's announcements have no connection to lose): the
 * listener's backend is ended, a page is read and the restaurant renamed while it reconnects; once it
 * listens again the page shows the new name.
 */
const postgres = inject('brigadeTemplate').engine === 'postgres';
const sitePort = await freePort();
const t = useTestApp({ env: { SITE_PORT: String(sitePort) } });
const page = async () => (await fetch(`http://127.0.0.1:${sitePort}/harbor-grill`)).text();
const waitFor = async (what: () => boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

let siteServer: Server | undefined;

beforeAll(async () => {
  if (!postgres) return;
  await seedDemo(t.database.db);
  await heardEverySoFar(t.deps, t.database);
  const server = createServer(requestListenerOf(t.app));
  siteServer = server;
  await new Promise<void>((resolve) => server.listen(sitePort, '127.0.0.1', resolve));
});
afterAll(async () => {
  siteServer?.closeAllConnections();
  await new Promise((resolve) => siteServer?.close(resolve) ?? resolve(undefined));
});

describe.runIf(postgres)('a lost LISTEN connection', () => {
  it('keeps no page read while announcements were not heard, and drops what it kept once it hears again', async () => {
    expect(await page()).toContain('Harbor Grill');
    const [{ name }] = (
      (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows as [{ name: string }];
    await adminQuery(
      requireDatabaseUrl(),
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = '${name}' and application_name = '${DIRECT_APPLICATION_NAME}'`,
    );
    await waitFor(() => !t.deps.changes.listening());
    // read while deaf, then a write this instance does not hear of
    expect(await page()).toContain('Harbor Grill');
    await t.database.db.execute(
      sql`update restaurants set name = 'Harbor Grill and Oyster Bar' where slug = 'harbor-grill'`,
    );
    await waitFor(() => t.deps.changes.listening());
    await expect.poll(page, { timeout: 2_000, interval: 100 }).toContain('Harbor Grill and Oyster Bar');
  });
});
