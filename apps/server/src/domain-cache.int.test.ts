import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heardEverySoFar, startSecondInstance, useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * The host cache of resolution and tls-ask is invalidated on any change, on every server instance, within a
 * second (issue 5): on PostgreSQL two instances with their own connections share one database and hear each
 * other's changes through LISTEN/NOTIFY.
 */
const t = useTestApp();
const isPostgres = process.env.BRIGADE_TEST_ENGINE === 'postgres';

let second: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
let owner: Session;
let tenant: { guid: string; tenantId: number };
let restaurant: { guid: string; restaurantId: number };

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db);
  restaurant = await makeRestaurant(db, tenant.tenantId);
  const user = await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' });
  owner = await signInAs(t.app, user.email, TEST_PASSWORD);
  if (isPostgres) second = await startSecondInstance(t.database);
});
afterAll(async () => second?.close());

const resolveOn = async (app: FastifyInstance, host: string) =>
  (await app.inject({ method: 'GET', url: `/api/v1/public/resolve?host=${host}` })).json();

async function within(ms: number, check: () => Promise<boolean>) {
  const start = Date.now();
  while (Date.now() - start < ms) {
    if (await check()) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`not within ${ms} ms`);
}

/** A subdomain mapping of the file's restaurant, created by its owner through the API. */
const createMapping = (domain: string) =>
  asBearer(t.app, owner, {
    method: 'POST',
    url: '/api/v1/domain-mappings',
    payload: { domain, domainType: 'subdomain', tenantGuid: tenant.guid, restaurantGuid: restaurant.guid },
  });

describe('host cache invalidation', () => {
  it('serves repeated lookups from the cache and clears it on change (one instance)', async () => {
    const create = await createMapping('cache-one.brigade.test');
    const { guid } = create.json().data.mapping;
    expect((await resolveOn(t.app, 'cache-one.brigade.test')).found).toBe(true);
    await asBearer(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/domain-mappings/${guid}`,
      payload: { isActive: false },
    });
    expect((await resolveOn(t.app, 'cache-one.brigade.test')).found).toBe(false);
  });

  it('remembers an unknown host as unknown, and finds it as soon as a mapping for it is created', async () => {
    const host = 'cache-unknown.brigade.test';
    const cache = t.deps.domains.hostCache;
    expect((await resolveOn(t.app, host)).found).toBe(false);
    // Remembered as a miss: the next requests for it are answered without the database.
    expect(cache.get(host)).toBeNull();
    expect((await resolveOn(t.app, host)).found).toBe(false);
    const create = await createMapping(host);
    expect(create.statusCode).toBe(201);
    expect(cache.get(host)).toBeUndefined();
    expect((await resolveOn(t.app, host)).found).toBe(true);
  });

  it("keeps a tenant's hosts when another tenant's restaurant changes, and forgets them when its own does", async () => {
    const host = 'cache-kept.brigade.test';
    const create = await createMapping(host);
    expect(create.statusCode).toBe(201);
    const cache = t.deps.domains.hostCache;
    // the create's own announcement is heard first: heard after the lookup, it would clear what the lookup cached
    await heardEverySoFar(t.deps, t.database);
    expect((await resolveOn(t.app, host)).found).toBe(true);
    expect(cache.get(host)).toBeTruthy();
    // another tenant's restaurant is renamed: this tenant's host stays remembered
    const other = await makeTenant(t.database.db);
    const elsewhere = await makeRestaurant(t.database.db, other.tenantId);
    const otherOwner = await signInAs(
      t.app,
      (await makeUser(t.database.db, { tenantId: other.tenantId, role: 'owner' })).email,
      TEST_PASSWORD,
    );
    const renamed = await asBearer(t.app, otherOwner, {
      method: 'PATCH',
      url: `/api/v1/tenants/${other.tenantId}/restaurants/${elsewhere.restaurantId}`,
      payload: { name: 'Renamed Elsewhere' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await heardEverySoFar(t.deps, t.database);
    expect(cache.get(host)).toBeTruthy();
    // this tenant's own restaurant is renamed: its hosts are looked up again
    const own = await asBearer(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}`,
      payload: { name: 'Renamed Here' },
    });
    expect(own.statusCode, own.body).toBe(200);
    await heardEverySoFar(t.deps, t.database);
    expect(cache.get(host)).toBeUndefined();
  });

  it.skipIf(!isPostgres)('clears the cache of another instance within a second (LISTEN/NOTIFY)', async () => {
    const other = second!.app;
    const create = await createMapping('cache-two.brigade.test');
    const { guid } = create.json().data.mapping;
    // Instance two caches the mapping (found), then instance one deactivates it.
    expect((await resolveOn(other, 'cache-two.brigade.test')).found).toBe(true);
    const ask = async () =>
      (await other.inject({ method: 'GET', url: '/api/v1/domains/tls-ask?domain=cache-two.brigade.test' }))
        .statusCode;
    expect(await ask()).toBe(200);
    await asBearer(t.app, owner, {
      method: 'PATCH',
      url: `/api/v1/domain-mappings/${guid}`,
      payload: { isActive: false },
    });
    const took = await within(1000, async () => !(await resolveOn(other, 'cache-two.brigade.test')).found);
    expect(took).toBeLessThan(1000);
    expect(await ask()).toBe(404);
    // And a miss cached on instance two is cleared by a create on instance one.
    expect((await resolveOn(other, 'cache-three.brigade.test')).found).toBe(false);
    await createMapping('cache-three.brigade.test');
    await within(1000, async () => (await resolveOn(other, 'cache-three.brigade.test')).found);
  });
});
