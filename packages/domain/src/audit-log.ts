import { z } from 'zod';
import { INVALID_CURSOR } from './catalogue/paging';
import { positiveId } from './integers';
import { queryTime } from './query-dates';
import { text } from './text';

/**
 * The audit log (decision 019): one entry per changed row of a tenant's data, written by the database in
 * the same transaction as the change. Field names in `key` and `changes` are the entities' own (the spec's
 * names, as the API uses them); secrets are redacted before they are stored.
 */

export const AUDIT_OPERATIONS = ['insert', 'update', 'delete'] as const;
export type AuditOperation = (typeof AUDIT_OPERATIONS)[number];

/**
 * The audited tables (entities), in the order the management screen offers them, with their names there.
 * Every tenant table but the bookkeeping ones and the logs (decision 019); a test holds this list to the
 * tables that carry the audit trigger.
 */
export const AUDITED_TABLES = {
  items: 'Items',
  item_size_prices: 'Item size prices',
  item_modifier_groups: 'Item modifier groups',
  modifier_groups: 'Modifier groups',
  modifiers: 'Modifiers',
  menu_groups: 'Menus and menu groups',
  menu_group_items: 'Menu group items',
  menu_group_modifier_groups: 'Menu group modifier groups',
  courses: 'Courses',
  tags: 'Tags',
  prep_stations: 'Prep stations',
  printers: 'Printers',
  printer_links: 'Cloud printer links',
  cash_drawers: 'Cash drawers',
  tax_rates: 'Tax rates',
  sales_categories: 'Sales categories',
  job_titles: 'Job titles',
  employees: 'Employees',
  restaurants: 'Restaurants',
  domain_mappings: 'Domains',
  tenants: 'Organization',
  tenant_assignments: 'Team members',
  tenant_invitations: 'Team invitations',
  merchant_accounts: 'Payment settings',
  payment_profiles: 'Customer payment profiles',
  orders: 'Orders',
  scheduled_refunds: 'Refunds scheduled for settlement',
  ordering_settings: 'Online ordering settings',
  pos_devices: 'Registers',
  cash_drawer_sessions: 'Cash drawer sessions',
  cash_movements: 'Cash pay-ins and pay-outs',
  dining_rooms: 'Dining rooms',
  dining_tables: 'Tables',
  employee_passcodes: 'Register passcodes',
  time_clock_settings: 'Time clock settings',
  time_entries: 'Shifts',
  time_breaks: 'Breaks',
  tip_rules: 'Tip-out rules',
  menu_shares: 'Shared menus',
  menu_share_overrides: 'Location prices and availability',
} as const satisfies Record<string, string>;
export type AuditedTable = keyof typeof AUDITED_TABLES;
export const AUDITED_TABLE_NAMES = Object.keys(AUDITED_TABLES) as [AuditedTable, ...AuditedTable[]];

/** A page of the audit log holds at most this many entries (keyset paged, newest first). */
export const MAX_AUDIT_LIMIT = 500;
export const DEFAULT_AUDIT_LIMIT = 100;

/** Writes made outside a request (CLI, seeds, start-up) are the system's. */
export const SYSTEM_ACTOR = 'system';

export const auditChangeSchema = z
  .object({ old: z.unknown().optional(), new: z.unknown().optional() })
  .meta({ description: 'The value before (updates, deletes) and after (inserts, updates)' });

export const auditEntrySchema = z.object({
  auditId: z.number().int().positive(),
  tenantId: z.number().int().positive(),
  restaurantId: z.number().int().positive().nullable(),
  occurredAt: z.date().meta({ description: "The writing transaction's time" }),
  table: z.string().meta({ description: 'What was changed, e.g. items, menu_groups, restaurants' }),
  operation: z.enum(AUDIT_OPERATIONS),
  key: z.record(z.string(), z.unknown()).meta({ description: "The changed row's key" }),
  changes: z
    .record(z.string(), auditChangeSchema)
    .meta({ description: 'Changed fields only; an insert lists what was set, a delete what was there' }),
  actor: z.object({
    userId: z.string().nullable().meta({ description: "The user's id; null for the system" }),
    email: z.string().nullable(),
  }),
  requestId: z.string().nullable(),
  endpoint: z.string().nullable().meta({ description: "The API endpoint's operation id, e.g. updateItem" }),
  method: z.string().nullable(),
  path: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoTime = (label: string) =>
  queryTime(label, 'date-time', `${label} must be an ISO 8601 date-time`).transform(
    (value) => new Date(value),
  );

/** Filters of an audit log read; every one is optional and they combine. */
export const auditQuerySchema = z.object({
  restaurantId: positiveId('Restaurant ID').optional(),
  table: z
    .string()
    .regex(/^[a-z_]{1,63}$/, 'Table must be a table name such as items or menu_groups')
    .optional()
    .meta({ description: 'Only changes to this table (entity), e.g. items' }),
  actor: text()
    .min(1, 'Actor cannot be empty')
    .max(320)
    .optional()
    .meta({ description: "A user's id or email, or 'system'" }),
  endpoint: z
    .string()
    .regex(/^[A-Za-z]{1,100}$/, 'Endpoint must be an operation id such as updateItem')
    .optional()
    .meta({ description: 'Only changes made through this API operation (route), e.g. updateItem' }),
  from: isoTime('from').optional().meta({ description: 'At or after this time' }),
  to: isoTime('to').optional().meta({ description: 'Before this time' }),
  limit: z.coerce
    .number({ error: 'Limit must be a positive integer' })
    .int('Limit must be a positive integer')
    .positive('Limit must be a positive integer')
    .max(MAX_AUDIT_LIMIT, `Limit cannot exceed ${MAX_AUDIT_LIMIT}`)
    .default(DEFAULT_AUDIT_LIMIT),
  cursor: text().min(1, INVALID_CURSOR).max(1000, INVALID_CURSOR).optional(),
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
