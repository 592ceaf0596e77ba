import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { describe, expect, it } from 'vitest';
import { advanceCounterPast, issueNextId, issueNextIds, readCounter, resetCounter } from './counter-service';

const db = useTestDatabase();

async function insertRestaurant(tenantId: number, restaurantId: number) {
  const settings = { timezone: 'UTC', currency: 'USD', dateFormat: 'MM/DD/YYYY', features: [] };
  await db.database.db
    .insert(tenants)
    .values({ tenantId, name: `T${tenantId}`, displayName: `T${tenantId}`, settings })
    .onConflictDoNothing();
  const json = {} as never;
  await db.database.db.insert(restaurants).values({
    restaurantId,
    tenantId,
    slug: `r-${restaurantId}`,
    name: `R${restaurantId}`,
    address: json,
    contact: json,
    operatingHours: json,
    settings: json,
    platformSync: json,
    websiteConfig: json,
  });
}

const expectError = async (work: Promise<unknown>, code: string, message: string) => {
  await expect(work).rejects.toMatchObject({ name: 'BrigadeError', code, message });
};

describe('counters', () => {
  it('creates a platform counter on first use and issues the first id of the range', async () => {
    const { db: d } = db.database;
    expect(await readCounter(d, { entityType: 'domainMappings' })).toBeNull();
    expect(await issueNextId(d, { entityType: 'domainMappings' })).toBe(30000001);
    expect(await issueNextId(d, { entityType: 'domainMappings' })).toBe(30000002);
    expect(await readCounter(d, { entityType: 'domainMappings' })).toMatchObject({ nextId: 30000002 });
  });

  it('counts restaurant-level ids from 1 per restaurant', async () => {
    await insertRestaurant(10000101, 20000101);
    await insertRestaurant(10000101, 20000102);
    const { db: d } = db.database;
    const a = { entityType: 'items', tenantId: 10000101, restaurantId: 20000101 };
    const b = { entityType: 'items', tenantId: 10000101, restaurantId: 20000102 };
    expect(await issueNextId(d, a)).toBe(1);
    expect(await issueNextId(d, a)).toBe(2);
    expect(await issueNextId(d, b)).toBe(1);
    expect(await issueNextId(d, { ...a, entityType: 'tags' })).toBe(1);
    expect(await issueNextIds(d, a, 3)).toEqual([3, 4, 5]);
  });

  it('never issues an id twice when the transaction that used it rolls back (PGlite: no hole either)', async () => {
    const { db: d, engine } = db.database;
    const before = await issueNextId(d, { entityType: 'restaurants' });
    await expect(
      d.transaction(async (tx) => {
        await issueNextId(tx, { entityType: 'restaurants' });
        throw new Error('insert failed');
      }),
    ).rejects.toThrow('insert failed');
    // PostgreSQL reserves ids outside the caller's transaction (decision 033): the rolled-back id is a hole.
    const next = await issueNextId(d, { entityType: 'restaurants' });
    expect(next).toBe(engine === 'pglite' ? before + 1 : before + 2);
    expect(await readCounter(d, { entityType: 'restaurants' })).toMatchObject({ nextId: next });
  });

  it('resets to a given value or to first id - 1, and refuses a value below the minimum', async () => {
    const { db: d } = db.database;
    await resetCounter(d, { entityType: 'tenants', value: 10000500 });
    expect(await issueNextId(d, { entityType: 'tenants' })).toBe(10000501);
    expect(await resetCounter(d, { entityType: 'tenants' })).toBe(10000000);
    expect(await issueNextId(d, { entityType: 'tenants' })).toBe(10000001);
    await expectError(
      resetCounter(d, { entityType: 'tenants', value: 9999999 }),
      'ID_BELOW_MINIMUM',
      'ID below minimum for entity type',
    );
    await expectError(
      resetCounter(d, { entityType: 'tenants', value: -1 }),
      'ID_BELOW_MINIMUM',
      'ID below minimum for entity type',
    );
  });

  it('reports ID_COLLISION when the issued id already exists', async () => {
    const { db: d } = db.database;
    await insertRestaurant(10000777, 20000777);
    await resetCounter(d, { entityType: 'tenants', value: 10000776 });
    await expectError(
      issueNextId(d, { entityType: 'tenants' }),
      'ID_COLLISION',
      expect.stringContaining('10000777') as never,
    );
    await resetCounter(d, { entityType: 'restaurants', value: 20000770 });
    await expectError(
      issueNextIds(d, { entityType: 'restaurants' }, 10),
      'ID_COLLISION',
      expect.stringContaining('20000777') as never,
    );
  });

  it('keeps a counter ahead of ids that callers supplied themselves', async () => {
    const { db: d } = db.database;
    await insertRestaurant(10000102, 20000103);
    const scope = { entityType: 'courses', tenantId: 10000102, restaurantId: 20000103 };
    expect(await advanceCounterPast(d, scope, 41)).toBe(41);
    expect(await advanceCounterPast(d, scope, 7)).toBe(41);
    expect(await issueNextId(d, scope)).toBe(42);
  });

  it('refuses unknown entity types and malformed scopes with the spec messages', async () => {
    const { db: d } = db.database;
    await expectError(
      issueNextId(d, { entityType: 'widgets' }),
      'INVALID_ENTITY_TYPE',
      'Invalid entity type',
    );
    const badScope = 'tenantId or restaurantId must be a positive integer';
    await expectError(issueNextId(d, { entityType: 'items' }), 'MISSING_REQUIRED_PARAMS', badScope);
    await expectError(
      issueNextId(d, { entityType: 'items', tenantId: 1, restaurantId: 0 }),
      'MISSING_REQUIRED_PARAMS',
      badScope,
    );
    await expectError(
      issueNextId(d, { entityType: 'items', tenantId: '1', restaurantId: 2 }),
      'MISSING_REQUIRED_PARAMS',
      badScope,
    );
    await expectError(
      issueNextId(d, { entityType: 'tenants', tenantId: 10000001 }),
      'PLATFORM_SCOPE_NOT_ALLOWED',
      'tenantId and restaurantId must not be given for a platform-level entity type',
    );
  });

  it('refuses restaurant counters for a missing tenant or restaurant', async () => {
    const { db: d } = db.database;
    await insertRestaurant(10000103, 20000104);
    await expectError(
      issueNextId(d, { entityType: 'items', tenantId: 10009999, restaurantId: 20000104 }),
      'TENANT_NOT_FOUND',
      'Tenant not found for tenantId: 10009999',
    );
    await expectError(
      issueNextId(d, { entityType: 'items', tenantId: 10000103, restaurantId: 20009999 }),
      'RESTAURANT_NOT_FOUND',
      'Restaurant not found for restaurantId: 20009999 in tenant: 10000103',
    );
    // A restaurant of another tenant is not found under this one.
    await insertRestaurant(10000104, 20000105);
    await expectError(
      issueNextId(d, { entityType: 'items', tenantId: 10000103, restaurantId: 20000105 }),
      'RESTAURANT_NOT_FOUND',
      'Restaurant not found for restaurantId: 20000105 in tenant: 10000103',
    );
  });

  it('issues 2,000 ids from 50 concurrent transactions with no duplicates and no gaps', async () => {
    const { db: d } = db.database;
    await insertRestaurant(10000105, 20000106);
    const scope = { entityType: 'menuGroups', tenantId: 10000105, restaurantId: 20000106 };
    const platform = { entityType: 'domainMappings' };
    const start = (await readCounter(d, platform))?.nextId ?? 30000000;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        d.transaction(async (tx) => {
          const ids: number[] = [];
          for (let i = 0; i < 20; i++) {
            ids.push(await issueNextId(tx, scope));
            ids.push(await issueNextId(tx, platform));
          }
          return ids;
        }),
      ),
    );
    const all = results.flat();
    const restaurantIds = all.filter((id) => id < 30000000).sort((x, y) => x - y);
    const platformIds = all.filter((id) => id > 30000000).sort((x, y) => x - y);
    expect(restaurantIds).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(platformIds).toEqual(Array.from({ length: 1000 }, (_, i) => start + i + 1));
  });
});
