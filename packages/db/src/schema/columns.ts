import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

// docs/architecture.md#data: timestamps come from the database clock ("server timestamp" in the spec).
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

// Every entity carries a UUID guid beside its numeric id.
export const guid = () => uuid('guid').notNull().default(sql`gen_random_uuid()`);
