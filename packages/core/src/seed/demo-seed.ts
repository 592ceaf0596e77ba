import type { Executor } from '@brigade/db/database';
import type { Restaurant } from '@brigade/domain/restaurant';
import type { Tenant } from '@brigade/domain/tenant';
import { sql } from 'drizzle-orm';
import { findRestaurantByGuid } from '../tenancy/restaurant-repository';
import { createRestaurant } from '../tenancy/restaurant-service';
import { findTenantByGuid } from '../tenancy/tenant-repository';
import { createTenant } from '../tenancy/tenant-service';

// Fixed guids make the demo recognisable, so seeding twice (or from two processes at once) creates it once.
export const DEMO_TENANT_GUID = '0d3c6a52-5b1e-4c38-9d1a-1f7e2b9a0001';
export const DEMO_RESTAURANT_GUID = '0d3c6a52-5b1e-4c38-9d1a-1f7e2b9a1001';
const SEED_LOCK_KEY = 4_242_002;

export interface DemoSeedResult {
  tenant: Tenant;
  restaurant: Restaurant;
  created: boolean;
}

/** Creates the demo organization and its restaurant, once; all or nothing. */
export async function seedDemo(db: Executor): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    // Serialises concurrent seeders (several instances starting on one PostgreSQL); released at commit.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existingTenant = await findTenantByGuid(tx, DEMO_TENANT_GUID);
    const existingRestaurant = await findRestaurantByGuid(tx, DEMO_RESTAURANT_GUID);
    if (existingTenant && existingRestaurant) {
      return { tenant: existingTenant, restaurant: existingRestaurant, created: false };
    }
    const tenant =
      existingTenant ??
      (await createTenant(
        tx,
        { name: 'Brigade Demo Hospitality', displayName: 'Demo Restaurant Group', plan: 'professional' },
        { guid: DEMO_TENANT_GUID },
      ));
    const restaurant = await createRestaurant(
      tx,
      {
        tenantId: tenant.tenantId,
        name: 'Harbor Grill',
        concept: 'Seafood Grill',
        address: {
          street: '12 Wharf Street',
          city: 'Portland',
          state: 'ME',
          zipCode: '04101',
          country: 'US',
        },
        contact: {
          phone: '+1 207 555 0142',
          email: 'hello@harborgrill.example',
          website: 'https://harborgrill.example',
        },
      },
      { guid: DEMO_RESTAURANT_GUID },
    );
    return { tenant, restaurant, created: true };
  });
}
