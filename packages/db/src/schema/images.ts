import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * Every uploaded image: the storage keys of its files (docs/decisions/015-crash-safety.md). A row is written
 * `pending`, under the server instance that writes the files, before the first file, and turned `stored`
 * after the last one; a pending row whose writer is gone (killed mid-upload) is swept with its files at the
 * next start, so no file outlives its row and a stored row has all its files.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    tenantId: integer('tenant_id'),
    restaurantId: integer('restaurant_id'),
    keys: text('keys').array().notNull(),
    status: text('status', { enum: ['pending', 'stored'] }).notNull(),
    /** The server instance writing the files (see instance-presence.ts). */
    writer: text('writer').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('images_status_check', sql`${t.status} in ('pending', 'stored')`),
    index('images_pending_writer_idx').on(t.writer).where(sql`${t.status} = 'pending'`),
    index('images_keys_idx').using('gin', t.keys),
  ],
);
