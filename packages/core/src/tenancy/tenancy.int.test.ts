import { useTestDatabase } from '@brigade/test-utils/test-database';
import { describe, expect, it } from 'vitest';
import { readCounter } from '../counters/counter-service';
import { SYSTEM } from '../use-case';
import {
  findRestaurant,
  findRestaurantByGuid,
  findRestaurantBySlug,
  listRestaurantsOfTenant,
} from './restaurant-repository';
import { createRestaurant } from './restaurant-service';
import { findTenantByGuid, findTenantById, listTenants } from './tenant-repository';
import { createTenant } from './tenant-service';

const db = useTestDatabase();

const restaurantInput = (tenantId: number, name: string) => ({
  tenantId,
  name,
  concept: 'Bistro',
  address: { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701', country: 'US' },
  contact: { phone: '+1 217 555 0100', email: 'hi@example.com' },
});

describe('tenants and restaurants', () => {
  it('creates a tenant with a counter id, a guid and the creation defaults', async () => {
    const { db: d } = db.database;
    const tenant = await createTenant({ db: d }, SYSTEM, {
      name: 'Acme Foods LLC',
      displayName: 'Acme Foods',
    });
    expect(tenant).toMatchObject({
      tenantId: 10000001,
      name: 'Acme Foods LLC',
      displayName: 'Acme Foods',
      status: 'active',
      plan: 'starter',
      // Creation sets America/New_York although the schema default is UTC
      settings: { timezone: 'America/New_York', currency: 'USD', dateFormat: 'MM/DD/YYYY', features: [] },
    });
    expect(tenant.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(tenant.createdAt).toBeInstanceOf(Date);
    expect(await findTenantById(d, tenant.tenantId)).toEqual(tenant);
    expect(await findTenantByGuid(d, tenant.guid)).toEqual(tenant);
    const second = await createTenant({ db: d }, SYSTEM, { name: 'Beta', displayName: 'Beta' });
    expect(second.tenantId).toBe(10000002);
    expect((await listTenants(d, { limit: 1 })).map((t) => t.tenantId)).toEqual([10000001]);
  });

  it('refuses an invalid tenant with the spec messages and stores nothing', async () => {
    const { db: d } = db.database;
    const before = await readCounter(d, { entityType: 'tenants' });
    await expect(createTenant({ db: d }, SYSTEM, { name: '', displayName: ' ' })).rejects.toMatchObject({
      kind: 'validation',
      errors: [
        { path: 'name', message: 'Business name is required' },
        { path: 'displayName', message: 'Display name is required' },
      ],
    });
    expect(await readCounter(d, { entityType: 'tenants' })).toEqual(before);
  });

  it('keeps a supplied id and guid, and moves the counter past it', async () => {
    const { db: d } = db.database;
    const guid = '6f1c1f8e-8f39-4a0e-9d55-3c1d1c0b7a11';
    const tenant = await createTenant({ db: d }, SYSTEM, {
      name: 'Imported',
      displayName: 'Imported',
      identity: { tenantId: 10000500, guid },
    });
    expect(tenant).toMatchObject({ tenantId: 10000500, guid });
    expect((await createTenant({ db: d }, SYSTEM, { name: 'Next', displayName: 'Next' })).tenantId).toBe(
      10000501,
    );
  });

  it('creates restaurants with defaults, a derived slug and a suffix when the slug is taken', async () => {
    const { db: d } = db.database;
    const a = await createTenant({ db: d }, SYSTEM, { name: 'Slug A', displayName: 'Slug A' });
    const b = await createTenant({ db: d }, SYSTEM, { name: 'Slug B', displayName: 'Slug B' });
    const first = await createRestaurant({ db: d }, SYSTEM, restaurantInput(a.tenantId, "Joe's  Diner!"));
    expect(first).toMatchObject({
      restaurantId: 20000001,
      tenantId: a.tenantId,
      slug: 'joe-s-diner',
      status: 'active',
      settings: {
        taxRate: 0.0875,
        serviceCharge: 0,
        currency: 'USD',
        allowTips: true,
        autoAcceptOrders: false,
      },
      operatingHours: {
        friday: { open: '09:00', close: '23:00', closed: false },
        sunday: { open: '10:00', close: '21:00', closed: false },
      },
      websiteConfig: { seo: { title: "Joe's  Diner! - Restaurant" } },
    });
    // Slugs are unique across tenants (public sites resolve by slug).
    const second = await createRestaurant({ db: d }, SYSTEM, restaurantInput(b.tenantId, 'Joe’s Diner'));
    expect(second.slug).toBe('joe-s-diner-2');
    expect(await findRestaurantBySlug(d, 'joe-s-diner-2')).toMatchObject({
      restaurantId: second.restaurantId,
    });
    expect(await findRestaurantByGuid(d, first.guid)).toMatchObject({ restaurantId: first.restaurantId });
    expect((await listRestaurantsOfTenant(d, a.tenantId)).map((r) => r.restaurantId)).toEqual([
      first.restaurantId,
    ]);
  });

  it('finds a restaurant only under its own tenant', async () => {
    const { db: d } = db.database;
    const a = await createTenant({ db: d }, SYSTEM, { name: 'Own A', displayName: 'Own A' });
    const b = await createTenant({ db: d }, SYSTEM, { name: 'Own B', displayName: 'Own B' });
    const restaurant = await createRestaurant({ db: d }, SYSTEM, restaurantInput(a.tenantId, 'Only Mine'));
    expect(await findRestaurant(d, a.tenantId, restaurant.restaurantId)).toMatchObject({ name: 'Only Mine' });
    expect(await findRestaurant(d, b.tenantId, restaurant.restaurantId)).toBeNull();
  });

  it('refuses a restaurant under a missing tenant with the spec text and issues no id', async () => {
    const { db: d } = db.database;
    const before = await readCounter(d, { entityType: 'restaurants' });
    await expect(
      createRestaurant({ db: d }, SYSTEM, restaurantInput(10099999, 'Ghost')),
    ).rejects.toMatchObject({
      kind: 'not_found',
      message: 'Tenant with ID 10099999 not found',
    });
    expect(await readCounter(d, { entityType: 'restaurants' })).toEqual(before);
  });

  it('gives concurrent restaurants of the same name distinct slugs', async () => {
    const { db: d } = db.database;
    const tenant = await createTenant({ db: d }, SYSTEM, { name: 'Busy', displayName: 'Busy' });
    const created = await Promise.all(
      Array.from({ length: 6 }, () =>
        createRestaurant({ db: d }, SYSTEM, restaurantInput(tenant.tenantId, 'Twin Pines')),
      ),
    );
    expect(new Set(created.map((r) => r.slug)).size).toBe(6);
  });
});
