import type { SpecialHours } from '@brigade/domain/hours/special';
import type { PlatformSync } from '@brigade/domain/platform-sync';
import type { Address, Contact, OperatingHours, RestaurantSettings } from '@brigade/domain/restaurant';
import type { TenantSettings } from '@brigade/domain/tenant';
import type { WebsiteConfig } from '@brigade/domain/website-config';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, guid, updatedAt } from './columns';

// Tenant. tenant_id comes from the platform counter (from 10000001), never from a sequence.
export const tenants = pgTable(
  'tenants',
  {
    tenantId: integer('tenant_id').primaryKey(),
    guid: guid(),
    name: text('name').notNull(),
    displayName: text('display_name').notNull(),
    status: text('status', { enum: ['active', 'inactive', 'suspended'] })
      .notNull()
      .default('active'),
    plan: text('plan', { enum: ['starter', 'professional', 'enterprise'] })
      .notNull()
      .default('starter'),
    settings: jsonb('settings').$type<TenantSettings>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenants_guid_key').on(t.guid),
    check('tenants_status_check', sql`${t.status} in ('active', 'inactive', 'suspended')`),
    check('tenants_plan_check', sql`${t.plan} in ('starter', 'professional', 'enterprise')`),
  ],
);

// Restaurant. Document-like parts (address, hours, settings, website config, platform sync) are
// JSONB validated by the domain schemas; what is searched or joined on is a column.
export const restaurants = pgTable(
  'restaurants',
  {
    restaurantId: integer('restaurant_id').primaryKey(),
    guid: guid(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.tenantId, { onDelete: 'restrict' }),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    concept: text('concept').notNull().default('Restaurant'),
    address: jsonb('address').$type<Address>().notNull(),
    contact: jsonb('contact').$type<Contact>().notNull(),
    operatingHours: jsonb('operating_hours').$type<OperatingHours>().notNull(),
    // Dated exceptions to the weekly hours (decision 030), validated by the domain's specialHoursSchema.
    specialHours: jsonb('special_hours').$type<SpecialHours>().notNull().default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    settings: jsonb('settings').$type<RestaurantSettings>().notNull(),
    platformSync: jsonb('platform_sync').$type<PlatformSync>().notNull(),
    websiteConfig: jsonb('website_config').$type<WebsiteConfig>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('restaurants_guid_key').on(t.guid),
    // Slugs resolve public sites across tenants, so they are unique platform-wide.
    uniqueIndex('restaurants_slug_key').on(t.slug),
    index('restaurants_tenant_idx').on(t.tenantId, t.name),
    // Target of the composite foreign keys of restaurant-scoped tables: a child row's tenant_id must be
    // its restaurant's tenant, so a row can never drift into another tenant.
    unique('restaurants_tenant_restaurant_key').on(t.tenantId, t.restaurantId),
    check('restaurants_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);
