import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Executor } from './database';

/*
 * The durable job queue (docs/jobs.md, decision 048): pg-boss on the same database as everything else, so a
 * job is written in the transaction of the write that causes it and runs once that transaction commits.
 * This file owns the queue's storage: installing pg-boss's schema with the migrations, the queues and their
 * retry policies, and the adapters that let pg-boss run its SQL on either engine or inside a transaction.
 */

export const JOB_SCHEMA = 'pgboss';
/** The NOTIFY channel an enqueue announces itself on at commit, so every instance's worker wakes at once. */
export const JOB_CHANNEL = 'brigade_jobs';

export interface QueueSpec {
  name: string;
  /** Tries after the first; the job is dead (`failed`) after the last. */
  retryLimit: number;
  /** Seconds before the first retry; doubled each time with backoff. */
  retryDelay: number;
  retryBackoff: boolean;
  /** A running job not finished in this time counts as failed (its process died): it is retried. */
  expireInSeconds: number;
  /**
   * `stately`: at most one waiting and one running across instances (sweeps); `short`: at most one waiting per
   * singleton key; `standard` otherwise.
   */
  policy: 'standard' | 'short' | 'stately';
}

/** Every queue Brigade has. Adding one here creates it at the next migration (start-up). */
export const QUEUES = {
  /** One outbox message (identity/outbox-repository.ts): sent by SMTP, or logged without SMTP. */
  mail: {
    name: 'mail.deliver',
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    policy: 'standard',
  },
  /** One text message of the SMS outbox (identity/texter.ts): sent through the SMS provider (Twilio). */
  sms: {
    name: 'sms.deliver',
    retryLimit: 8,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 60,
    policy: 'standard',
  },
  /** One kitchen ticket for one prep station of one order (ordering/kitchen-tickets.ts). */
  ticket: {
    name: 'kitchen.ticket',
    retryLimit: 2,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 30,
    policy: 'standard',
  },
  /** A register's cash drawer kick: ESC/POS pulse bytes to the printer it hangs on (pos/drawer.ts). */
  drawer: {
    name: 'pos.drawer',
    retryLimit: 2,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: 30,
    policy: 'standard',
  },
  /** A register sale's printed receipt (pos/receipt.ts). */
  receipt: {
    name: 'pos.receipt',
    retryLimit: 2,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: 30,
    policy: 'standard',
  },
  /** A cloud printer's document past its deadline: it fails like a silent printer (core/printing). */
  printDeadline: {
    name: 'print.deadline',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 30,
    policy: 'standard',
  },
  /** An order still waiting to be accepted: mail the restaurant, or cancel it (ordering/unaccepted-orders.ts). */
  unaccepted: {
    name: 'order.unaccepted',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 120,
    policy: 'standard',
  },
  /** Stale payments, then orders stuck in `placing` (housekeeping/checkout-sweep.ts), every minute. */
  checkoutSweep: {
    name: 'checkout.sweep',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 300,
    policy: 'stately',
  },
  /**
   * Every 15 minutes: refunds of orders asked for before their payment settled, sent once it has
   * (ordering/scheduled-refunds.ts); a gateway that does not answer is tried again at the next run.
   */
  scheduledRefunds: {
    name: 'refund.scheduled',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 600,
    policy: 'stately',
  },
  /**
   * One purge of a CDN's pages by surrogate key, or of everything (docs/operations/cdn.md): queued by each
   * instance that hears a change, at most one waiting per set of keys.
   */
  cdnPurge: {
    name: 'cdn.purge',
    retryLimit: 6,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
    policy: 'short',
  },
  /** Every 15 minutes: kiosk orders nobody paid at the counter, closed as abandoned (pos/kiosk-unpaid.ts). */
  kioskUnpaid: {
    name: 'kiosk.unpaid',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 300,
    policy: 'stately',
  },
  /**
   * Every 15 minutes: register cards whose tip from the receipt never came, captured without one once their
   * business day is over (pos/sale-tip.ts, decision 068).
   */
  posUntipped: {
    name: 'pos.untipped',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 600,
    policy: 'stately',
  },
  /**
   * Daily at 05:40 UTC: each restaurant's settlement and funding of the last 7 dates not imported yet, read
   * from the gateway and kept (payments/funding-import.ts); idempotent, so a run cut off is the next run's work.
   */
  gatewayReports: {
    name: 'payments.reports',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 3600,
    policy: 'stately',
  },
  /** Every minute: queues one `listing.sync` per Google Business Profile connection due (listing/scheduled-sync.ts). */
  listingSchedule: {
    name: 'listing.schedule',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 120,
    policy: 'stately',
  },
  /** One connection's scheduled sync, profile then reviews; a failure is recorded and waits for its next turn. */
  listingSync: {
    name: 'listing.sync',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 300,
    policy: 'standard',
  },
  /** Every minute: AI replies due under each restaurant's auto-reply rules (listing/auto-reply-job.ts). */
  listingAutoReply: {
    name: 'listing.autoreply',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 600,
    policy: 'stately',
  },
  /** Every 15 minutes: linked Google places due for their automatic re-sync (places/place-resync.ts). */
  placesResync: {
    name: 'places.resync',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 900,
    policy: 'stately',
  },
  /** Daily: audit log and mail outbox rows older than the retention policy (housekeeping/retention.ts). */
  retention: {
    name: 'retention.prune',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 3600,
    policy: 'stately',
  },
  /** What would otherwise only grow (housekeeping/housekeeping.ts). */
  housekeeping: {
    name: 'housekeeping',
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 900,
    policy: 'stately',
  },
} as const satisfies Record<string, QueueSpec>;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES]['name'];

/** What pg-boss needs of a connection: one function that runs SQL text with `$n` parameters. */
export interface BossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** pg-boss's SQL on the database itself: the pool on PostgreSQL, the embedded thread on PGlite. */
export function bossDbOf(database: Database): BossDb {
  if (database.pglite) {
    const embedded = database.pglite;
    return {
      // Its install and maintenance send several statements without parameters: those go through exec.
      executeSql: async (text, values) => {
        if (values && values.length > 0)
          return (await embedded.query(text, values.map(asParameter))) as { rows: Record<string, unknown>[] };
        const results = await embedded.exec(text);
        return (results.at(-1) ?? { rows: [] }) as { rows: Record<string, unknown>[] };
      },
    };
  }
  return bossDbOnPg(database.pool!);
}

/** pg-boss's SQL on a node-postgres pool or client (the migrations' direct session). */
export function bossDbOnPg(runner: pg.Pool | pg.Client): BossDb {
  return {
    executeSql: async (text, values) =>
      (await runner.query(text, values?.map(asParameter))) as { rows: Record<string, unknown>[] },
  };
}

/**
 * pg-boss's SQL inside a Drizzle transaction (or on the Drizzle handle): the enqueue commits or rolls back
 * with the write that caused it. Each `$n` becomes a bound parameter; no value is ever spliced into text.
 */
export function bossDbInTransaction(ex: Executor): BossDb {
  return {
    executeSql: async (text, values = []) => {
      const result = await ex.execute(withParameters(text, values));
      return { rows: (result as unknown as { rows: Record<string, unknown>[] }).rows };
    },
  };
}

export function withParameters(text: string, values: readonly unknown[]): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`No value for $${match[1]}`);
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${asParameter(values[index])}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

/** Objects (a job's data) travel as JSON text: the SQL casts them to jsonb, on both drivers alike. */
function asParameter(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Array.isArray(value))
    return JSON.stringify(value);
  return value;
}

/** pg-boss without workers or timers: for its SQL (enqueue in a transaction, the admin's reads). */
export function idleBoss(db: BossDb): PgBoss {
  return new PgBoss({ db, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: false });
}

/**
 * Installs or upgrades pg-boss's schema and creates every queue, as the tables' owner (part of the
 * migrations, under their lock on PostgreSQL). The web login (`brigade_app`, decision 046) may use the jobs
 * but not change the schema: it gets the rows, not the tables.
 */
export async function installJobQueue(db: BossDb): Promise<void> {
  const boss = new PgBoss({ db, schema: JOB_SCHEMA, supervise: false, schedule: false, migrate: true });
  boss.on('error', () => {});
  await boss.start();
  for (const queue of Object.values(QUEUES)) {
    const { name, ...options } = queue;
    await boss.createQueue(name, { name, ...options });
  }
  await boss.stop({ graceful: false, wait: true, close: false });
  const role = await db.executeSql(`select 1 from pg_roles where rolname = 'brigade_app'`);
  if (role.rows.length === 0) return;
  await db.executeSql(
    `grant usage on schema ${JOB_SCHEMA} to brigade_app;
     grant select, insert, update, delete on all tables in schema ${JOB_SCHEMA} to brigade_app;
     alter default privileges in schema ${JOB_SCHEMA} grant select, insert, update, delete on tables to brigade_app;`,
  );
}
