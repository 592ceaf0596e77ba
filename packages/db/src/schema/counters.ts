import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { restaurants } from './tenancy';

// Counter. `next_id` holds the last id issued (first id − 1 before the first issue), as the
// counter's nextId field does. Platform-level and restaurant-level counters live in two tables so that each can carry
// the right keys and foreign keys.
export const platformCounters = pgTable(
  'platform_counters',
  {
    entityType: text('entity_type').primaryKey(),
    nextId: bigint('next_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('platform_counters_next_id_check', sql`${t.nextId} >= 0`),
    check(
      'platform_counters_type_check',
      sql`${t.entityType} in ('tenants', 'restaurants', 'domainMappings')`,
    ),
  ],
);

export const restaurantCounters = pgTable(
  'restaurant_counters',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    entityType: text('entity_type').notNull(),
    nextId: bigint('next_id', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.restaurantId, t.entityType] }),
    foreignKey({
      name: 'restaurant_counters_restaurant_fk',
      columns: [t.tenantId, t.restaurantId],
      foreignColumns: [restaurants.tenantId, restaurants.restaurantId],
    }).onDelete('cascade'),
    check('restaurant_counters_next_id_check', sql`${t.nextId} >= 0`),
    check(
      'restaurant_counters_type_check',
      sql`${t.entityType} in ('items', 'courses', 'salesCategories', 'taxRates', 'modifierGroups', 'menuGroups', 'tags', 'prepStations', 'printers', 'employees', 'jobTitles')`,
    ),
  ],
);
