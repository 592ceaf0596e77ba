import { randomBytes } from 'node:crypto';
import type { Database } from '@brigade/db/database';
import { ITEM_KIND } from '@brigade/domain/catalogue/kinds';
import {
  makeCatalogueRecord,
  makeRestaurant,
  makeTenant,
  makeUser,
  TEST_PASSWORD,
} from '@brigade/test-utils/factories';
import { requireDatabaseUrl, withDatabase } from '@brigade/test-utils/global-setup';
import { adminQuery } from '@brigade/test-utils/postgres-admin';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createAppDeps, openMigratedDatabase } from './runtime';
import { APP_ORIGIN, asBearer, signInAs } from './test-client';

/**
 * Production's database role (decision 018): Brigade refuses to serve as a role that row-level security
 * cannot stop, migrates through DATABASE_MIGRATION_URL, and works end to end as a non-owner member of
 * brigade_app. PostgreSQL only: roles are a server's, and PGlite always runs as its superuser.
 */
describe.runIf(inject('brigadeTemplate').engine === 'postgres')('the database role in production', () => {
  const t = useTestDatabase();
  const suffix = randomBytes(4).toString('hex');
  const member = `brigade_web_${suffix}`;
  const outsider = `brigade_outsider_${suffix}`;
  let ownerUrl = '';
  const urlAs = (role: string, url = ownerUrl) => {
    const parsed = new URL(url);
    parsed.username = role;
    return parsed.toString();
  };
  const production = (env: Record<string, string>) =>
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      BRIGADE_SEED_DEMO: 'false',
      BRIGADE_APP_ORIGINS: APP_ORIGIN,
      ...env,
    });
  const opened: Database[] = [];

  beforeAll(async () => {
    const rows = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    ownerUrl = withDatabase(requireDatabaseUrl(), rows.rows[0]!.name);
    await adminQuery(ownerUrl, `create role ${member} login in role brigade_app`);
    await adminQuery(ownerUrl, `create role ${outsider} login`);
  });

  afterAll(async () => {
    for (const database of opened) await database.close();
    for (const role of [member, outsider])
      await adminQuery(ownerUrl, `drop role if exists ${role}`).catch(() => {});
  });

  it('refuses to start as a superuser, and says what to do', async () => {
    const refused = openMigratedDatabase(production({ DATABASE_URL: ownerUrl }));
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(openMigratedDatabase(production({ DATABASE_URL: ownerUrl }))).rejects.toThrow(
      /Refusing to start: DATABASE_URL connects as \w+, a superuser.*member of brigade_app.*DATABASE_MIGRATION_URL/s,
    );
  });

  it('refuses a role outside brigade_app', async () => {
    await expect(
      openMigratedDatabase(production({ DATABASE_URL: urlAs(outsider), DATABASE_MIGRATION_URL: ownerUrl })),
    ).rejects.toThrow(/not a member of brigade_app/);
  });

  it('asks for DATABASE_MIGRATION_URL when the application role cannot migrate', async () => {
    const empty = `brigade_empty_${suffix}`;
    await adminQuery(ownerUrl, `create database ${empty}`);
    try {
      await expect(
        openMigratedDatabase(production({ DATABASE_URL: urlAs(member, withDatabase(ownerUrl, empty)) })),
      ).rejects.toThrow(/set DATABASE_MIGRATION_URL to the owner's URL/);
    } finally {
      await adminQuery(ownerUrl, `drop database if exists ${empty} with (force)`);
    }
  });

  it('serves tenants as a non-owner member of brigade_app, migrated through the owner', async () => {
    const config = production({ DATABASE_URL: urlAs(member), DATABASE_MIGRATION_URL: ownerUrl });
    const database = await openMigratedDatabase(config);
    opened.push(database);
    const db = database.db;
    // Outside a tenant's transaction the role reads across tenants (the pool's default), as seeds need.
    const tenant = await makeTenant(db);
    const restaurant = await makeRestaurant(db, tenant.tenantId);
    const other = await makeTenant(db);
    const otherRestaurant = await makeRestaurant(db, other.tenantId);
    await makeCatalogueRecord(db, ITEM_KIND, {
      tenantId: other.tenantId,
      restaurantId: otherRestaurant.restaurantId,
    });
    const owner = await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' });

    const app = await buildApp({ deps: createAppDeps({ ...config, port: 0 }, database) });
    try {
      const session = await signInAs(app, owner.email, TEST_PASSWORD);
      const base = `/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}`;
      const created = await asBearer(app, session, {
        method: 'POST',
        url: `${base}/items`,
        payload: { name: 'Role Soup', basePrice: 6 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const list = await asBearer(app, session, { method: 'GET', url: `${base}/items` });
      expect(list.json().data.map((item: { name: string }) => item.name)).toEqual(['Role Soup']);
      const log = await asBearer(app, session, {
        method: 'GET',
        url: `/api/v1/tenants/${tenant.tenantId}/audit-log`,
      });
      expect(log.statusCode, log.body).toBe(200);
      expect(log.json().data[0]).toMatchObject({ endpoint: 'createItem', actor: { email: owner.email } });
      const foreign = await asBearer(app, session, {
        method: 'GET',
        url: `/api/v1/tenants/${other.tenantId}/restaurants/${otherRestaurant.restaurantId}/items`,
      });
      expect(foreign.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});
