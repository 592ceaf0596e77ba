import { useTestDatabase } from '@brigade/test-utils/test-database';
import { describe, expect, it } from 'vitest';
import { listRestaurantsOfTenant } from '../tenancy/restaurant-repository';
import { listTenants } from '../tenancy/tenant-repository';
import { DEMO_RESTAURANT_GUID, DEMO_SECOND_RESTAURANT_GUID, DEMO_TENANT_GUID, seedDemo } from './demo-seed';

const db = useTestDatabase();

describe('demo seed', () => {
  it('creates the demo tenant and restaurant once, even when run concurrently', async () => {
    const { db: d } = db.database;
    const results = await Promise.all([seedDemo(d), seedDemo(d), seedDemo(d)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const again = await seedDemo(d);
    expect(again.created).toBe(false);
    expect(again.tenant).toMatchObject({ guid: DEMO_TENANT_GUID, plan: 'professional', tenantId: 10000001 });
    expect(again.restaurant).toMatchObject({
      guid: DEMO_RESTAURANT_GUID,
      slug: 'harbor-grill',
      restaurantId: 20000001,
    });
    expect(await listTenants(d)).toHaveLength(1);
    // Two demo restaurants with website configurations, and the default site configuration (issue 4).
    const restaurants = await listRestaurantsOfTenant(d, again.tenant.tenantId);
    expect(restaurants.map((r) => r.slug)).toEqual(['harbor-grill', 'lantern-noodle-bar']);
    expect(restaurants[1]).toMatchObject({
      guid: DEMO_SECOND_RESTAURANT_GUID,
      websiteConfig: {
        seo: { title: 'Lantern Noodle Bar - Restaurant' },
        ordering: { provider: 'doordash' },
      },
    });
    expect(again.siteConfig).toMatchObject({ defaultLayoutTemplate: 'modern-restaurant', version: 1 });
  });
});
