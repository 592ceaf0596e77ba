/*
 * Which tables' writes the database announces, and on which feed (migrations 0005, 0018 and later): a cache
 * in memory forgets on this process's committed writes (committed-writes.ts) only when they touched a table
 * it depends on, not on every write (issue 48). `committed-writes.int.test.ts` checks these lists against the
 * database's triggers, so a new announcing table cannot be forgotten here.
 */

/** Tables whose writes announce a restaurant, tenant or platform change (`brigade_changes`). */
export const CHANGE_FEED_TABLES: ReadonlySet<string> = new Set([
  'cash_drawers',
  'courses',
  'domain_mappings',
  'employees',
  'item_modifier_groups',
  'item_size_prices',
  'items',
  'job_titles',
  'menu_group_items',
  'menu_group_modifier_groups',
  'menu_groups',
  'modifier_groups',
  'modifiers',
  'ordering_settings',
  'prep_stations',
  'printers',
  'restaurants',
  'sales_categories',
  'site_configurations',
  'tags',
  'tax_rates',
  'tenants',
  'users',
]);

/** Tables whose writes announce a user's sessions, account or assignments (`brigade_identity`). */
export const IDENTITY_FEED_TABLES: ReadonlySet<string> = new Set(['sessions', 'tenant_assignments', 'users']);

/** Tables whose deletes cascade into those above (a tenant's assignments go with it). */
export const CASCADING_INTO_IDENTITY: ReadonlySet<string> = new Set(['tenants']);
