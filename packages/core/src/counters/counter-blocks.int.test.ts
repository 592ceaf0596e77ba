import { type Database, openDatabase } from '@brigade/db/database';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import { requireDatabaseUrl, withDatabase } from '@brigade/test-utils/global-setup';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { advanceCounterPast, issueNextId, issueNextIds, readCounter } from './counter-service';

const db = useTestDatabase();

async function insertRestaurant(tenantId: number, restaurantId: number) {
  const json = {} as never;
  const settings = { timezone: 'UTC', currency: 'USD', dateFormat: 'MM/DD/YYYY', features: [] };
  await db.database.db
    .insert(tenants)
    .values({ tenantId, name: `T${tenantId}`, displayName: `T${tenantId}`, settings })
    .onConflictDoNothing();
  await db.database.db.insert(restaurants).values({
    ...{ restaurantId, tenantId, slug: `r-${restaurantId}`, name: `R${restaurantId}` },
    ...{ address: json, contact: json, operatingHours: json, settings: json, platformSync: json },
    websiteConfig: json,
  });
}

/** A second server instance on the same PostgreSQL database (null on PGlite, which has one process). */
async function secondInstance(database: Database): Promise<Database | null> {
  if (database.engine !== 'postgres') return null;
  const rows = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
  const name = (rows as unknown as { rows: { name: string }[] }).rows[0]!.name;
  return openDatabase({ url: withDatabase(requireDatabaseUrl(), name), poolMax: 10 });
}

const issueMany = (database: Database, request: Record<string, unknown>, transactions: number) =>
  Promise.all(
    Array.from({ length: transactions }, () =>
      database.db.transaction(async (tx) => {
        const ids: number[] = [];
        for (let i = 0; i < 5; i++) ids.push(await issueNextId(tx, request as never));
        ids.push(...(await issueNextIds(tx, request as never, 3)));
        return ids;
      }),
    ),
  );

describe('id blocks under concurrency (decision 033)', () => {
  it('gives 50 concurrent transactions on two instances distinct ids, none skipped', async () => {
    await insertRestaurant(10000201, 20000201);
    const restaurant = { entityType: 'items', tenantId: 10000201, restaurantId: 20000201 };
    const platform = { entityType: 'domainMappings' };
    const other = await secondInstance(db.database);
    try {
      for (const request of [restaurant, platform]) {
        // First use creates the counter in a transaction; afterwards ids come from reserved blocks.
        const first = await issueNextId(db.database.db, request as never);
        const results = await Promise.all([
          issueMany(db.database, request, 25),
          issueMany(other ?? db.database, request, 25),
        ]);
        const ids = results.flat(2).sort((x, y) => x - y);
        expect(ids).toHaveLength(50 * 8);
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => first + i + 1));
        expect(await readCounter(db.database.db, request as never)).toMatchObject({ nextId: ids.at(-1) });
      }
    } finally {
      await other?.close();
    }
  });

  it('keeps issuing in a transaction that raised the counter itself, without waiting for its own lock', async () => {
    await insertRestaurant(10000202, 20000202);
    const scope = { entityType: 'tags', tenantId: 10000202, restaurantId: 20000202 };
    await issueNextId(db.database.db, scope);
    const started = performance.now();
    const id = await db.database.db.transaction(async (tx) => {
      await advanceCounterPast(tx, scope, 500);
      return issueNextId(tx, scope);
    });
    expect(id).toBe(501);
    // A reservation on the side connection would wait for this transaction's row lock until its timeout (2 s).
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('reports the spec errors for a missing restaurant whichever way the id would have been issued', async () => {
    await expect(
      issueNextId(db.database.db, { entityType: 'items', tenantId: 10000203, restaurantId: 20000299 }),
    ).rejects.toMatchObject({ code: 'TENANT_NOT_FOUND' });
  });
});
