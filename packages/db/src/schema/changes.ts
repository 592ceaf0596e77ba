import { bigint, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

// The change feed (docs/decisions/011-change-feed.md). Triggers on every restaurant-scoped table (the
// restaurant itself and its whole catalogue) and on tenants add one to the restaurant's version in the same
// transaction as the write, and announce the change on the `brigade_changes` NOTIFY channel at commit.
// Caches of derived documents (resolved menus, rendered pages) key on the version, so a read that sees the
// write also sees the new version: no cache can serve a state older than the database's.
// No foreign key: a version row may outlive its restaurant for a moment during cascading deletes.
export const restaurantVersions = pgTable(
  'restaurant_versions',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.restaurantId] })],
);
