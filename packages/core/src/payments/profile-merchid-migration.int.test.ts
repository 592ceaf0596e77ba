import { rmSync } from 'node:fs';
import { openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { makeTenant } from '@brigade/test-utils/factories';
import { migrationsUpTo } from '@brigade/test-utils/migrations-up-to';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';

// Migration 0012 on a database of stored profiles made before it (PGlite, whatever the engine of the run):
// each row takes its restaurant's merchant account's id; a restaurant without an account leaves it null.

describe('migration 0012: stored profiles record their merchant id', () => {
  it("backfills each row from its restaurant's merchant account, leaving rows with none null", async () => {
    const database = await openDatabase({});
    const before = migrationsUpTo('0010_payment_profiles');
    try {
      await migrate(database.db as unknown as PgliteDatabase, { migrationsFolder: before });
      const db = database.db;
      const { tenantId } = await makeTenant(db);
      // Restaurants as the table stood then (later migrations add columns the factories fill).
      const [withAccount, without] = [20000001, 20000002];
      for (const restaurantId of [withAccount, without])
        await db.execute(sql`insert into restaurants
          (restaurant_id, tenant_id, slug, name, address, contact, operating_hours, settings, platform_sync, website_config)
          values (${restaurantId}, ${tenantId}, ${`r-${restaurantId}`}, 'Old Kitchen', '{}', '{}', '{}', '{}', '{}', '{}')`);
      await db.execute(sql`insert into merchant_accounts
        (tenant_id, restaurant_id, merchid, site, environment, credentials, updated_by)
        values (${tenantId}, ${withAccount}, '496160873888', 'fts', 'uat', 'sealed', 'system')`);
      for (const [restaurantId, profileid] of [
        [withAccount, '11111111111111111111'],
        [without, '22222222222222222222'],
      ] as const)
        await db.execute(sql`insert into payment_profiles
          (tenant_id, restaurant_id, profileid, acctid, last_four, created_by)
          values (${tenantId}, ${restaurantId}, ${profileid}, '1', '1111', 'system')`);

      await runMigrations(database);

      const result = await db.execute(
        // merchid is merchant_id since migration 0049 (decision 061)
        sql`select profileid, merchant_id from payment_profiles order by profileid`,
      );
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([
        { profileid: '11111111111111111111', merchant_id: '496160873888' },
        { profileid: '22222222222222222222', merchant_id: null },
      ]);
    } finally {
      await database.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
