import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, asBrowser, signInAs } from '../test-client';

const t = useTestApp();

describe('me: what the selection screens read', () => {
  it('lists only the tenants a user is actively assigned to, with their restaurants', async () => {
    const db = t.database.db;
    const mine = await makeTenant(db, { displayName: 'Zeta Group' });
    const alsoMine = await makeTenant(db, { displayName: 'Alpha Group' });
    const paused = await makeTenant(db);
    const notMine = await makeTenant(db);
    const restaurant = await makeRestaurant(db, mine.tenantId, 'Corner Cafe');
    await makeRestaurant(db, notMine.tenantId, 'Secret Kitchen');
    const user = await makeUser(db, { tenantId: mine.tenantId, role: 'manager' });
    const admin = await makeUser(db, { isSiteAdmin: true });
    const adminSession = await signInAs(t.app, admin.email, TEST_PASSWORD);
    for (const [tenantId, isActive] of [
      [alsoMine.tenantId, true],
      [paused.tenantId, false],
    ] as const) {
      await asBrowser(t.app, adminSession, {
        method: 'POST',
        url: `/api/v1/admin-users/${user.uid}/tenant-assignments`,
        payload: { tenantId, role: 'employee', isActive },
      });
    }
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const tenants = (await asBearer(t.app, session, { method: 'GET', url: '/api/v1/me/tenants' })).json()
      .data;
    expect(tenants.map((x: { displayName: string }) => x.displayName)).toEqual(['Alpha Group', 'Zeta Group']);
    expect(tenants[1]).toMatchObject({
      tenantId: mine.tenantId,
      guid: mine.guid,
      name: mine.name,
      role: 'manager',
    });

    const restaurants = await asBearer(t.app, session, {
      method: 'GET',
      url: `/api/v1/me/tenants/${mine.tenantId}/restaurants`,
    });
    expect(restaurants.json().data).toEqual([
      {
        restaurantId: restaurant.restaurantId,
        guid: restaurant.guid,
        tenantId: mine.tenantId,
        name: 'Corner Cafe',
        slug: restaurant.slug,
        status: 'active',
        street: restaurant.address.street,
        city: 'Springfield',
      },
    ]);
    for (const other of [notMine.tenantId, paused.tenantId]) {
      const refused = await asBearer(t.app, session, {
        method: 'GET',
        url: `/api/v1/me/tenants/${other}/restaurants`,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Secret Kitchen');
    }
    const me = (await asBearer(t.app, session, { method: 'GET', url: '/api/v1/me' })).json().data;
    expect(me).toMatchObject({ awaitingActivation: false, primaryTenantId: mine.tenantId });
  });

  it('lets an inactive user sign in but reach no tenant, and says the account awaits activation', async () => {
    const db = t.database.db;
    const tenant = await makeTenant(db);
    const user = await makeUser(db, { tenantId: tenant.tenantId, role: 'owner', isActive: false });
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const me = (await asBearer(t.app, session, { method: 'GET', url: '/api/v1/me' })).json().data;
    expect(me.awaitingActivation).toBe(true);
    expect(
      (await asBearer(t.app, session, { method: 'GET', url: '/api/v1/me/tenants' })).json().data,
    ).toEqual([]);
    const refused = await asBearer(t.app, session, {
      method: 'GET',
      url: `/api/v1/me/tenants/${tenant.tenantId}/restaurants`,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lets a site administrator see every tenant', async () => {
    const db = t.database.db;
    const tenant = await makeTenant(db);
    const admin = await makeUser(db, { isSiteAdmin: true });
    const session = await signInAs(t.app, admin.email, TEST_PASSWORD);
    const tenants = (await asBearer(t.app, session, { method: 'GET', url: '/api/v1/me/tenants' })).json()
      .data;
    expect(tenants).toContainEqual(expect.objectContaining({ tenantId: tenant.tenantId, role: null }));
    const missing = await asBearer(t.app, session, {
      method: 'GET',
      url: '/api/v1/me/tenants/10999999/restaurants',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Tenant with ID 10999999 not found');
  });
});
