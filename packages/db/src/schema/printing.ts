import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { at, restaurantFk } from './ordering';

/**
 * Printing from anywhere (docs/behaviour/printing.md, decision 053): a printer on Star CloudPRNT or Epson
 * Server Direct Print polls the server over HTTPS; what it is to print waits here until it takes it.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * A cloud printer's link: the id in the URL it polls, the SHA-256 of its secret (shown once to the manager,
 * never stored), and what its last poll said. One per printer; a new secret replaces the old one.
 */
export const printerLinks = pgTable(
  'printer_links',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    printerId: integer('printer_id').notNull(),
    linkId: text('link_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
    lastPollAt: at('last_poll_at'),
    /** A CloudPRNT status code ("200 OK", "410 Out of paper"), or what an Epson printer last answered. */
    lastStatus: text('last_status'),
  },
  (t) => [
    restaurantFk('printer_links_restaurant_fk', t as never),
    primaryKey({ name: 'printer_links_pkey', columns: [t.tenantId, t.restaurantId, t.printerId] }),
    uniqueIndex('printer_links_link_key').on(t.linkId),
  ],
);

export const PRINT_JOB_STATUSES = ['waiting', 'handed', 'printed', 'failed'] as const;

/**
 * One document for one cloud printer: a kitchen ticket, a receipt or a drawer kick, in the printer's own
 * format (StarPRNT bytes, or ePOS-Print XML). `waiting` until the printer takes it (`handed`), then
 * `printed` or `failed` when it answers, or `failed` when it does not within the deadline. `token` is the
 * job's name towards the printer (CloudPRNT jobToken, Epson printjobid). `source` is the queue job that
 * made it (its pg-boss id): run twice, that job finds its row instead of making a second one. On failure,
 * `afterwards` says what the job would have done next (another try, the backup printer, or give up).
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    printJobId: bigint('print_job_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    printerId: integer('printer_id').notNull(),
    kind: text('kind', { enum: ['kitchen.ticket', 'pos.receipt', 'pos.drawer'] }).notNull(),
    source: text('source').notNull(),
    token: text('token').notNull(),
    mediaType: text('media_type').notNull(),
    body: bytea('body').notNull(),
    status: text('status', { enum: PRINT_JOB_STATUSES }).notNull().default('waiting'),
    deadlineAt: at('deadline_at').notNull(),
    handedAt: at('handed_at'),
    finishedAt: at('finished_at'),
    result: text('result'),
    afterwards: jsonb('afterwards').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    restaurantFk('print_jobs_restaurant_fk', t as never),
    uniqueIndex('print_jobs_token_key').on(t.token),
    index('print_jobs_printer_idx')
      .on(t.tenantId, t.restaurantId, t.printerId, t.printJobId)
      .where(sql`${t.status} in ('waiting', 'handed')`),
    index('print_jobs_source_idx').on(t.source),
    check('print_jobs_status_check', sql`${t.status} in ('waiting', 'handed', 'printed', 'failed')`),
  ],
);
