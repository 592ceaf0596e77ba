import type { SizePriceOverride } from '@brigade/domain/catalogue/menu-share';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { at, restaurantFk } from './ordering';
import { restaurants } from './tenancy';

/**
 * One master menu shared across a tenant's locations (docs/behaviour/catalogue.md#sharing-one-menu-across-locations,
 * decision 074). A share links a menu of the master restaurant (`source_*`) to a location (`restaurant_id`),
 * which holds its own copy of the menu's records; the links say which record of the location is which record
 * of the master, so that a publish updates them in place; the overrides are the location's own prices and
 * availability of an item, kept by the master's item id and applied again on every publish.
 */
export const menuShares = pgTable(
  'menu_shares',
  {
    tenantId: integer('tenant_id').notNull(),
    shareId: bigint('share_id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** The location that receives the menu. */
    restaurantId: integer('restaurant_id').notNull(),
    /** The master restaurant and its menu (a menu group without parent). */
    sourceRestaurantId: integer('source_restaurant_id').notNull(),
    sourceMenuGroupId: integer('source_menu_group_id').notNull(),
    publishedAt: at('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'menu_shares_pkey', columns: [t.tenantId, t.shareId] }),
    restaurantFk('menu_shares_restaurant_fk', t as never),
    foreignKey({
      name: 'menu_shares_source_restaurant_fk',
      columns: [t.tenantId, t.sourceRestaurantId],
      foreignColumns: [restaurants.tenantId, restaurants.restaurantId],
    }).onDelete('cascade'),
    uniqueIndex('menu_shares_location_key').on(
      t.tenantId,
      t.restaurantId,
      t.sourceRestaurantId,
      t.sourceMenuGroupId,
    ),
    index('menu_shares_source_idx').on(t.tenantId, t.sourceRestaurantId, t.sourceMenuGroupId),
    check('menu_shares_not_itself_check', sql`${t.restaurantId} <> ${t.sourceRestaurantId}`),
  ],
);

/** Which record of the location (`target_id`) is which record of the master (`source_id`), per kind. */
export const menuShareLinks = pgTable(
  'menu_share_links',
  {
    tenantId: integer('tenant_id').notNull(),
    shareId: bigint('share_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    sourceId: integer('source_id').notNull(),
    targetId: integer('target_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'menu_share_links_pkey', columns: [t.tenantId, t.shareId, t.kind, t.sourceId] }),
    foreignKey({
      name: 'menu_share_links_share_fk',
      columns: [t.tenantId, t.shareId],
      foreignColumns: [menuShares.tenantId, menuShares.shareId],
    }).onDelete('cascade'),
    check(
      'menu_share_links_kind_check',
      sql`${t.kind} in ('tags', 'courses', 'taxRates', 'salesCategories', 'modifierGroups', 'items', 'menuGroups')`,
    ),
  ],
);

/** A location's own price and availability of one item of the shared menu; null = the master's. */
export const menuShareOverrides = pgTable(
  'menu_share_overrides',
  {
    tenantId: integer('tenant_id').notNull(),
    shareId: bigint('share_id', { mode: 'number' }).notNull(),
    /** The master's item id: the location's copy may be created again under a new id by a publish. */
    sourceItemId: integer('source_item_id').notNull(),
    basePrice: doublePrecision('base_price'),
    sizePrice: jsonb('size_price').$type<SizePriceOverride[]>(),
    available: boolean('available'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({
      name: 'menu_share_overrides_pkey',
      columns: [t.tenantId, t.shareId, t.sourceItemId],
    }),
    foreignKey({
      name: 'menu_share_overrides_share_fk',
      columns: [t.tenantId, t.shareId],
      foreignColumns: [menuShares.tenantId, menuShares.shareId],
    }).onDelete('cascade'),
  ],
);
