import type { Executor } from '@brigade/db/database';
import type { Restaurant } from '@brigade/domain/restaurant';
import type { Tenant } from '@brigade/domain/tenant';
import { sql } from 'drizzle-orm';
import { createUserAsAdmin } from '../identity/admin-users-service';
import { findCredentials } from '../identity/user-repository';
import { findRestaurantByGuid } from '../tenancy/restaurant-repository';
import { createRestaurant } from '../tenancy/restaurant-service';
import { findTenantByGuid } from '../tenancy/tenant-repository';
import { createTenant } from '../tenancy/tenant-service';

// Fixed guids make the demo recognisable, so seeding twice (or from two processes at once) creates it once.
export const DEMO_TENANT_GUID = '0d3c6a52-5b1e-4c38-9d1a-1f7e2b9a0001';
export const DEMO_RESTAURANT_GUID = '0d3c6a52-5b1e-4c38-9d1a-1f7e2b9a1001';
const SEED_LOCK_KEY = 4_242_002;

export interface DemoLogin {
  role: string;
  email: string;
  password: string;
}

// Known demo logins (STYLE: one command to a working system with known demo logins). They exist only in
// databases seeded with the demo; production runs with BRIGADE_SEED_DEMO=false.
export const DEMO_LOGINS = {
  admin: { role: 'site admin', email: 'admin@brigade.local', password: 'brigade-admin' },
  owner: { role: 'tenant owner', email: 'owner@brigade.local', password: 'brigade-owner' },
} as const satisfies Record<string, DemoLogin>;

export interface DemoSeedResult {
  tenant: Tenant;
  restaurant: Restaurant;
  created: boolean;
  logins: DemoLogin[];
}

/** Creates the demo organization and its restaurant, once; all or nothing. */
export async function seedDemo(db: Executor): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    // Serialises concurrent seeders (several instances starting on one PostgreSQL); released at commit.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existingTenant = await findTenantByGuid(tx, DEMO_TENANT_GUID);
    const existingRestaurant = await findRestaurantByGuid(tx, DEMO_RESTAURANT_GUID);
    const logins = Object.values(DEMO_LOGINS);
    if (existingTenant && existingRestaurant) {
      return { tenant: existingTenant, restaurant: existingRestaurant, created: false, logins };
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
    const { admin, owner } = DEMO_LOGINS;
    for (const [login, extra] of [
      [admin, { firstName: 'Ada', lastName: 'Admin', isSiteAdmin: true, siteRole: 'site_admin' }],
      [owner, { firstName: 'Olive', lastName: 'Owner', tenantId: tenant.tenantId, tenantRole: 'owner' }],
    ] as const) {
      if (await findCredentials(tx, login.email)) continue;
      await createUserAsAdmin(tx, {
        email: login.email,
        password: login.password,
        emailVerified: true,
        ...extra,
      });
    }
    return { tenant, restaurant, created: true, logins };
  });
}
