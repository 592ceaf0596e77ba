import type { Executor } from '@brigade/db/database';
import type { CreateRestaurantInput, Restaurant } from '@brigade/domain/restaurant';
import type { SiteConfiguration } from '@brigade/domain/site-config';
import type { Tenant } from '@brigade/domain/tenant';
import { sql } from 'drizzle-orm';
import { createUserAsAdmin, findCredentials } from '../identity/index';
import { initializeDefaultSiteConfiguration } from '../site-config/index';
import { createRestaurant, createTenant, findRestaurantByGuid, findTenantByGuid } from '../tenancy/index';
import { SYSTEM } from '../use-case';

// Fixed guids make the demo recognisable, so seeding twice (or from two processes at once) creates it once.
export const DEMO_TENANT_GUID = '0d3c6a52-5b1e-4c38-9d1a-1f7e2b9a0001';
export const DEMO_RESTAURANT_GUID = '0d3c6a52-5b1e-4c38-9d1a-1f7e2b9a1001';
export const DEMO_SECOND_RESTAURANT_GUID = '0d3c6a52-5b1e-4c38-9d1a-1f7e2b9a1002';
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
  /** The first demo restaurant (Harbor Grill). */
  restaurant: Restaurant;
  restaurants: Restaurant[];
  siteConfig: SiteConfiguration;
  /** True when anything was created by this call. */
  created: boolean;
  logins: DemoLogin[];
}

interface DemoRestaurant {
  guid: string;
  input: Omit<CreateRestaurantInput, 'tenantId'>;
}

// Two restaurants with website configurations, so the public sites and the selection screens have something
// to show and choose between.
const DEMO_RESTAURANTS: DemoRestaurant[] = [
  {
    guid: DEMO_RESTAURANT_GUID,
    input: {
      name: 'Harbor Grill',
      concept: 'Seafood Grill',
      address: { street: '12 Wharf Street', city: 'Portland', state: 'ME', zipCode: '04101', country: 'US' },
      contact: {
        phone: '+1 207 555 0142',
        email: 'hello@harborgrill.example',
        website: 'https://harborgrill.example',
      },
      websiteConfig: {
        branding: { colors: { primary: '#0f766e', secondary: '#1f2937', accent: '#f59e0b' } },
        seo: {
          title: 'Harbor Grill - Seafood on the Portland waterfront',
          description: 'Day-boat fish, oysters and a wood-fired grill on Portland’s Wharf Street.',
          keywords: ['seafood', 'oysters', 'Portland'],
        },
        content: {
          aboutText: 'We cook what the boats bring in, over a wood fire, a few steps from where they land.',
          specialOffers: ['Oyster hour, weekdays 4-6 pm'],
        },
        contentBlocks: [
          {
            id: 'catch-of-the-day',
            title: 'Catch of the day',
            description: 'Whatever the boats brought in this morning, grilled simply.',
            layout: 'image-left',
          },
        ],
        ctaSections: [
          { id: 'book-a-table', title: 'Book a table', description: 'Join us on the waterfront tonight.' },
        ],
        social: { instagram: 'https://instagram.com/harborgrill.example' },
        ordering: { enabled: true, provider: 'internal' },
      },
    },
  },
  {
    guid: DEMO_SECOND_RESTAURANT_GUID,
    input: {
      name: 'Lantern Noodle Bar',
      concept: 'Noodle Bar',
      address: {
        street: '48 Exchange Street',
        city: 'Portland',
        state: 'ME',
        zipCode: '04101',
        country: 'US',
      },
      contact: { phone: '+1 207 555 0188', email: 'hello@lanternnoodles.example' },
      operatingHours: {
        monday: { open: '11:30', close: '22:00', closed: true },
        tuesday: { open: '11:30', close: '22:00', closed: false },
        wednesday: { open: '11:30', close: '22:00', closed: false },
        thursday: { open: '11:30', close: '22:00', closed: false },
        friday: { open: '11:30', close: '23:30', closed: false },
        saturday: { open: '11:30', close: '23:30', closed: false },
        sunday: { open: '12:00', close: '21:00', closed: false },
      },
      websiteConfig: {
        branding: { colors: { primary: '#b91c1c', secondary: '#111827', accent: '#facc15' } },
        content: { aboutText: 'Hand-pulled noodles and slow broths, late into the evening.' },
        ordering: {
          enabled: true,
          provider: 'doordash',
          url: 'https://www.doordash.com/store/lantern-noodle-bar',
          buttonText: 'Order Delivery',
        },
      },
    },
  },
];

/**
 * Creates whatever part of the demo is missing: the organization (professional plan), its two restaurants,
 * the demo logins and the default site configuration. All or nothing, and safe to run again or concurrently.
 */
export async function seedDemo(db: Executor): Promise<DemoSeedResult> {
  return db.transaction(async (tx) => {
    // Serialises concurrent seeders (several instances starting on one PostgreSQL); released at commit.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    let created = false;
    let tenant = await findTenantByGuid(tx, DEMO_TENANT_GUID);
    if (!tenant) {
      tenant = await createTenant({ db: tx }, SYSTEM, {
        name: 'Brigade Demo Hospitality',
        displayName: 'Demo Restaurant Group',
        plan: 'professional',
        identity: { guid: DEMO_TENANT_GUID },
      });
      created = true;
    }
    const restaurants: Restaurant[] = [];
    for (const demo of DEMO_RESTAURANTS) {
      const existing = await findRestaurantByGuid(tx, demo.guid);
      if (existing) {
        restaurants.push(existing);
        continue;
      }
      restaurants.push(
        await createRestaurant({ db: tx }, SYSTEM, {
          ...demo.input,
          tenantId: tenant.tenantId,
          identity: { guid: demo.guid },
        }),
      );
      created = true;
    }
    const { admin, owner } = DEMO_LOGINS;
    for (const [login, extra] of [
      [admin, { firstName: 'Ada', lastName: 'Admin', isSiteAdmin: true, siteRole: 'site_admin' }],
      [owner, { firstName: 'Olive', lastName: 'Owner', tenantId: tenant.tenantId, tenantRole: 'owner' }],
    ] as const) {
      if (await findCredentials(tx, login.email)) continue;
      await createUserAsAdmin({ db: tx }, SYSTEM, {
        email: login.email,
        password: login.password,
        emailVerified: true,
        ...extra,
      });
      created = true;
    }
    const site = await initializeDefaultSiteConfiguration({ db: tx }, SYSTEM);
    return {
      tenant,
      restaurant: restaurants[0]!,
      restaurants,
      siteConfig: site.siteConfig,
      created: created || site.created,
      logins: Object.values(DEMO_LOGINS),
    };
  });
}
