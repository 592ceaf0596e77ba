import { openDatabase } from '@brigade/db/database';
import { runMigrations } from '@brigade/db/migrate';
import { businessListingConnections, businessListingOauthStates } from '@brigade/db/schema/business-listing';
import { makeRestaurant, makeTenant, makeUser } from '@brigade/test-utils/factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Migration 0016's tables (PGlite): defaults of a new connection, one connection per restaurant and provider,
// an OAuth state that cannot be used before it was made, and rows that go with their restaurant.

let database: Awaited<ReturnType<typeof openDatabase>>;
beforeAll(async () => {
  database = await openDatabase({});
  await runMigrations(database);
});
afterAll(async () => database?.close());

async function restaurant() {
  const db = database.db;
  const { tenantId } = await makeTenant(db);
  const { restaurantId } = await makeRestaurant(db, tenantId);
  return { tenantId, restaurantId };
}

describe('business listing tables (migration 0016)', () => {
  it('a new connection is pending with no tokens and no scopes', async () => {
    const where = await restaurant();
    const [row] = await database.db.insert(businessListingConnections).values(where).returning();
    expect(row).toMatchObject({
      provider: 'google',
      status: 'pending',
      accessToken: null,
      refreshToken: null,
      scopes: [],
    });
    expect(row?.connectionId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows one connection per restaurant and provider', async () => {
    const where = await restaurant();
    await database.db.insert(businessListingConnections).values(where);
    await expect(database.db.insert(businessListingConnections).values(where)).rejects.toThrow();
  });

  it('an OAuth state cannot be marked used before it was created, and goes with its restaurant', async () => {
    const where = await restaurant();
    const user = await makeUser(database.db, { tenantId: where.tenantId });
    const createdAt = new Date('2026-01-01T00:00:00Z');
    const state = {
      ...where,
      stateHash: 'hash-1',
      userUid: user.uid,
      nonce: 'n',
      redirectUrl: 'https://example.com/back',
      codeVerifier: 'sealed',
      expiresAt: new Date('2026-01-01T00:10:00Z'),
      createdAt,
    };
    await expect(
      database.db
        .insert(businessListingOauthStates)
        .values({ ...state, usedAt: new Date('2025-12-31T00:00:00Z') }),
    ).rejects.toThrow();
    await database.db.insert(businessListingOauthStates).values(state);
    await database.db.execute(
      sql`delete from restaurants where tenant_id = ${where.tenantId} and restaurant_id = ${where.restaurantId}`,
    );
    const left = await database.db
      .select()
      .from(businessListingOauthStates)
      .where(eq(businessListingOauthStates.stateHash, 'hash-1'));
    expect(left).toEqual([]);
  });
});
