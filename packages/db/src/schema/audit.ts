import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** One changed column: its value before (updates, deletes) and after (inserts, updates). */
export interface AuditChange {
  old?: unknown;
  new?: unknown;
}

// The audit log (docs/decisions/019-audit-log.md). A trigger on every tenant table writes one row per changed
// row in the same transaction as the change (brigade_audit_row in migration 0008), so a write that rolls
// back leaves no line and a write outside the API (CLI, seeds) is recorded too. Columns are snake_case
// database names, as the trigger sees them; secrets are redacted by the trigger. Rows are never updated or
// deleted (the application's role may only insert and read them) and outlive their tenant (no foreign key).
export const auditLog = pgTable(
  'audit_log',
  {
    tenantId: integer('tenant_id').notNull(),
    auditId: bigint('audit_id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    restaurantId: integer('restaurant_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    tableName: text('table_name').notNull(),
    operation: text('operation', { enum: ['insert', 'update', 'delete'] }).notNull(),
    rowKey: jsonb('row_key').$type<Record<string, unknown>>().notNull(),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
    /** The user's id, or 'system' for writes outside a request (CLI, seeds, start-up). */
    actor: text('actor').notNull(),
    actorEmail: text('actor_email'),
    requestId: text('request_id'),
    /** The contract endpoint's id (e.g. updateItem), its method and the request's path. */
    endpoint: text('endpoint'),
    method: text('method'),
    path: text('path'),
  },
  (t) => [
    primaryKey({ name: 'audit_log_pkey', columns: [t.tenantId, t.auditId] }),
    index('audit_log_restaurant_idx').on(t.tenantId, t.restaurantId, t.auditId),
    index('audit_log_actor_idx').on(t.tenantId, t.actor, t.auditId),
    // Site administrators read across tenants, newest first.
    index('audit_log_global_idx').on(t.auditId),
    check('audit_log_operation_check', sql`${t.operation} in ('insert', 'update', 'delete')`),
  ],
);
