import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Database } from '@brigade/db/database';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { requireDatabaseUrl, withDatabase } from '@brigade/test-utils/global-setup';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { createAppDeps, openMigratedDatabase } from './runtime';
import { APP_ORIGIN } from './test-client';

const GUIDE = new URL('../../../docs/operations/README.md', import.meta.url);

/** The operator's guide's PostgreSQL set-up: its one `sql` block and its `sh` block, as written. */
function guideSetup(): { sql: string; env: string } {
  const section = readFileSync(GUIDE, 'utf8').split('### PostgreSQL')[1]!.split('\n### ')[0]!;
  const sql = /```sql\n([\s\S]*?)```/.exec(section)?.[1];
  const env = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!sql || !env)
    throw new Error('docs/operations/README.md: the PostgreSQL section lost its sql or sh block');
  return { sql, env };
}

/** The statements of a block, comments left out (none of the guide's statements spans a `;`). */
const statementsOf = (block: string) =>
  block
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);

/**
 * Issue 42 (13): the operator's guide's PostgreSQL set-up, done word for word on a real server: as the
 * superuser, its statements (with names of this test's own: roles are the server's, shared by every
 * database on it); then the server's start-up in production, which migrates a new database as the owner
 * (no superuser, no CREATEROLE) and serves as the web login, walled in for a tenant's read and write.
 * PostgreSQL only: PGlite has one user.
 */
describe.runIf(inject('brigadeTemplate').engine === 'postgres')(
  "the operator's guide's PostgreSQL set-up",
  () => {
    const suffix = randomBytes(4).toString('hex');
    const names: Record<string, string> = {
      brigade_owner: `brigade_owner_${suffix}`,
      brigade_web: `brigade_web_${suffix}`,
      brigade: `brigade_setup_${suffix}`,
    };
    // Whole words only: brigade_app stays (one per server), `brigade` the database is renamed.
    const rename = (text: string) =>
      text.replace(/\b(brigade_owner|brigade_web|brigade)\b(?!_)/g, (name) => names[name]!);
    let superuserUrl = '';
    let database: Database | undefined;
    let app: FastifyInstance | undefined;
    let baseUrl = '';

    const asSuperuser = async (statement: string) => {
      const client = new pg.Client({ connectionString: superuserUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };

    /** The guide's `sh` block: each variable's URL, on the test server, as the renamed role and database. */
    const envFromGuide = (env: string) => {
      const server = new URL(superuserUrl);
      const values: Record<string, string> = {};
      for (const [, name, value] of rename(env).matchAll(/^(\w+)=(\S+)$/gm)) {
        const url = new URL(value!);
        url.host = server.host;
        url.password = '';
        values[name!] = url.toString();
      }
      return values;
    };

    beforeAll(async () => {
      superuserUrl = requireDatabaseUrl();
      const guide = guideSetup();
      for (const statement of statementsOf(guide.sql)) {
        // The guide says an existing brigade_app is fine; every test database on this server shares it.
        await asSuperuser(rename(statement)).catch((error: { code?: string }) => {
          if (!(statement.startsWith('create role brigade_app') && error.code === '42710')) throw error;
        });
      }
      const env = envFromGuide(guide.env);
      expect(Object.keys(env).sort()).toEqual(['DATABASE_MIGRATION_URL', 'DATABASE_URL']);
      const config = {
        ...loadConfig({
          NODE_ENV: 'production',
          LOG_LEVEL: 'silent',
          BRIGADE_SEED_DEMO: 'false',
          BRIGADE_APP_ORIGINS: APP_ORIGIN,
          ...env,
        }),
        port: 0,
      };
      database = await openMigratedDatabase(config);
      app = await buildApp({ deps: createAppDeps(config, database) });
      baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    }, 60_000);

    afterAll(async () => {
      await app?.close();
      await database?.close();
      if (!superuserUrl) return;
      await asSuperuser(`drop database if exists ${names.brigade} with (force)`);
      for (const role of [names.brigade_web, names.brigade_owner])
        await asSuperuser(`drop role if exists ${role}`).catch(() => {});
    });

    it('made roles that are neither superusers nor role creators, and the owner owns the tables', async () => {
      const client = new pg.Client({ connectionString: withDatabase(superuserUrl, names.brigade!) });
      await client.connect();
      try {
        const roles = await client.query<{ rolname: string; rolsuper: boolean; rolcreaterole: boolean }>(
          'select rolname, rolsuper, rolcreaterole from pg_roles where rolname = any($1) order by rolname',
          [[names.brigade_owner, names.brigade_web]],
        );
        expect(roles.rows).toEqual([
          { rolname: names.brigade_owner, rolsuper: false, rolcreaterole: false },
          { rolname: names.brigade_web, rolsuper: false, rolcreaterole: false },
        ]);
        const owners = await client.query<{ owner: string }>(
          "select distinct tableowner as owner from pg_tables where schemaname = 'public'",
        );
        expect(owners.rows).toEqual([{ owner: names.brigade_owner }]);
      } finally {
        await client.end();
      }
    });

    it("serves a tenant's staff as the web login: a write and a read inside the tenant's walls", async () => {
      const db = database!.db;
      const tenant = await makeTenant(db);
      const restaurant = await makeRestaurant(db, tenant.tenantId);
      const owner = await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' });
      const signIn = await fetch(`${baseUrl}/api/v1/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: APP_ORIGIN },
        body: JSON.stringify({ email: owner.email, password: TEST_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const { sessionToken } = (await signIn.json()) as { sessionToken: string };
      const authorization = `Bearer ${sessionToken}`;
      const items = `${baseUrl}/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}/items`;
      const created = await fetch(items, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ name: 'Setup Soup', basePrice: 5 }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const list = await fetch(items, { headers: { authorization } });
      expect(list.status).toBe(200);
      const body = (await list.json()) as { data: { name: string }[] };
      expect(body.data.map((item) => item.name)).toEqual(['Setup Soup']);
    });
  },
);
