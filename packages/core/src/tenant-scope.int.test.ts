import type { Db, Executor } from '@brigade/db/database';
import { withinWalls } from '@brigade/db/tenant-walls';
import { AUDITED_TABLE_NAMES } from '@brigade/domain/audit-log';
import { ITEM_KIND } from '@brigade/domain/catalogue/kinds';
import { makeCatalogueRecord, makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { switchOffTenantFiltersForTest } from './tenant-scope';

/**
 * The database's wall (decision 018) on its own: every table with tenant_id is under row-level security
 * and audited, and a transaction walled in to one tenant can neither read nor change another's rows,
 * whatever its SQL says.
 */
const t = useTestDatabase();

// Tables whose rows follow from other writes (id counters, change-feed versions, upload bookkeeping) and
// the logs themselves (the audit log; the domain status changes, each already a record of who and when).
const UNAUDITED = [
  'audit_log',
  // Google Business Profile: sealed tokens refreshed hourly, single-use OAuth states, and reviews upserted by
  // every sync (who replied from Brigade is on the row)
  'business_listing_connections',
  'business_listing_oauth_states',
  'business_listing_review_replies',
  'business_listing_reviews',
  'domain_mapping_status_changes',
  'images',
  // Google Business Profile posts: each row is Google's answer, who published it is on the row
  'listing_posts',
  // which location record is which master record of a shared menu: bookkeeping of the share and publish
  // whose catalogue writes are audited already (decision 074)
  'menu_share_links',
  // orders keep their own history of statuses (order_events); the counters and kitchen bumps are bookkeeping
  'kitchen_bumps',
  // a kitchen ticket's row is the job's bookkeeping: printed, failed, tried again (docs/jobs.md)
  'kitchen_tickets',
  // the sales ledger is itself the record: insert-only, its lines derived from the orders and payments (decision 050)
  'ledger_lines',
  'order_events',
  'order_number_counters',
  // a register's tender is written once with its order, which keeps its own history (docs/behaviour/pos.md)
  'order_tenders',
  // alerts the server raises about checkout (a burst of declines): nobody edits them, each is its own record
  'ordering_alerts',
  // the ordering funnel's counts of menu views and quotes, added every half minute: nobody's change
  'ordering_funnel_days',
  // a cloud printer's queue is the print jobs' bookkeeping, like kitchen_tickets (decision 053)
  'print_jobs',
  // the gateway's funding and settlement of a date, copied by the import job and replaced in place: nobody's change
  'payment_fundings',
  'payment_report_days',
  'payment_report_entries',
  // payments keep their own step-by-step history (decision 023)
  'payment_idempotency_keys',
  'payment_transaction_events',
  'payment_transactions',
  'restaurant_counters',
  'restaurant_versions',
];

const rowsOf = async <T>(ex: Executor, query: SQL): Promise<T[]> =>
  ((await ex.execute(query)) as unknown as { rows: T[] }).rows;

/** The database's own message of a failed query (Drizzle wraps it as the cause). */
async function failureOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    const messages: string[] = [];
    for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      messages.push(String(e.message));
    }
    return messages.join(' / ');
  }
  return 'no failure';
}

let a: { tenantId: number; restaurantId: number };
let b: { tenantId: number; restaurantId: number };
let tenantTables: string[];

beforeAll(async () => {
  const db = t.database.db;
  for (const which of ['a', 'b'] as const) {
    const tenant = await makeTenant(db);
    const restaurant = await makeRestaurant(db, tenant.tenantId);
    const scope = { tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId };
    await makeCatalogueRecord(db, ITEM_KIND, scope);
    // a team invitation (issue 23), so the wall is tried on one
    await db.execute(sql`insert into tenant_invitations (tenant_id, email, role, token_hash, expires_at)
      values (${tenant.tenantId}, ${`invitee-${which}-${tenant.tenantId}@example.com`}, 'employee',
        ${`hash-${which}-${tenant.tenantId}`}, now() + interval '7 days')`);
    if (which === 'a') a = scope;
    else b = scope;
  }
  tenantTables = (
    await rowsOf<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'tenant_id' order by table_name`,
    )
  ).map((row) => row.table_name);
});

describe('row-level security', () => {
  it('covers every table with tenant_id: forced, with the tenant policy, and audited', async () => {
    expect(tenantTables.length).toBeGreaterThanOrEqual(24);
    const state = await rowsOf<{
      relname: string;
      rls: boolean;
      forced: boolean;
      policy: boolean;
      audited: boolean;
    }>(
      t.database.db,
      sql`select c.relname, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
            exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = 'tenant_isolation') as policy,
            exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = c.relname || '_audit') as audited
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relname = any (${`{${tenantTables.join(',')}}`}::text[])`,
    );
    expect(state.map((row) => row.relname).sort()).toEqual(tenantTables);
    for (const row of state) {
      expect(row, row.relname).toMatchObject({ rls: true, forced: true, policy: true });
      expect(row.audited, row.relname).toBe(!UNAUDITED.includes(row.relname));
    }
    // The management screen's entity filter offers exactly the audited tables.
    expect([...AUDITED_TABLE_NAMES].sort()).toEqual(
      state
        .filter((row) => row.audited)
        .map((row) => row.relname)
        .sort(),
    );
  });

  it('shows a walled-in transaction no row of another tenant in any table, whatever the query asks', async () => {
    await withinWalls(t.database.db, { tenants: [b.tenantId] }, async (tx) => {
      for (const table of tenantTables) {
        const [other] = await rowsOf<{ n: number }>(
          tx,
          sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${a.tenantId}`,
        );
        expect(other!.n, table).toBe(0);
      }
      const [own] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from items`);
      expect(own!.n).toBe(1);
      const updated = await rowsOf(
        tx,
        sql`update items set name = 'taken' where tenant_id = ${a.tenantId} returning 1`,
      );
      const deleted = await rowsOf(
        tx,
        sql`delete from restaurants where tenant_id = ${a.tenantId} returning 1`,
      );
      expect([updated.length, deleted.length]).toEqual([0, 0]);
    });
    const [items] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from items where tenant_id = ${a.tenantId} and name <> 'taken'`,
    );
    expect(items!.n).toBe(1);
  });

  it('refuses to write a row into another tenant', async () => {
    const attempts: SQL[] = [
      sql`update restaurants set tenant_id = ${a.tenantId} where tenant_id = ${b.tenantId}`,
      sql`insert into audit_log (tenant_id, table_name, operation, row_key, changes, actor)
          values (${a.tenantId}, 'items', 'insert', '{}', '{}', 'forger')`,
      sql`insert into restaurant_versions (tenant_id, restaurant_id, version) values (${a.tenantId}, 1, 1)`,
    ];
    for (const attempt of attempts) {
      expect(
        await failureOf(withinWalls(t.database.db, { tenants: [b.tenantId] }, (tx) => tx.execute(attempt))),
      ).toMatch(/row-level security/);
    }
  });

  it('keeps the audit log append-only for the application', async () => {
    expect(
      await failureOf(
        withinWalls(t.database.db, { tenants: [b.tenantId] }, (tx) => tx.execute(sql`delete from audit_log`)),
      ),
    ).toMatch(/permission denied/);
    expect(
      await failureOf(
        withinWalls(t.database.db, { tenants: [b.tenantId] }, (tx) =>
          tx.execute(sql`update audit_log set actor = 'someone else'`),
        ),
      ),
    ).toMatch(/permission denied/);
  });

  it('holds inside nested transactions, ends with the transaction, and sees all tenants when told to', async () => {
    await withinWalls(t.database.db, { tenants: [b.tenantId] }, async (tx) => {
      await (tx as Db).transaction(async (nested) => {
        const rows = await rowsOf(nested, sql`select 1 from tenants where tenant_id = ${a.tenantId}`);
        expect(rows).toEqual([]);
      });
    });
    // The pooled connection is not left walled in (set LOCAL), nor running as the application's role.
    for (let i = 0; i < 3; i++) {
      const [seen] = await rowsOf<{ n: number; role: string }>(
        t.database.db,
        sql`select count(*)::int as n, current_user as role from tenants where tenant_id in (${a.tenantId}, ${b.tenantId})`,
      );
      expect(seen!.n).toBe(2);
      expect(seen!.role).not.toBe('brigade_app');
    }
    await withinWalls(t.database.db, { tenants: 'all' }, async (tx) => {
      const [seen] = await rowsOf<{ n: number }>(
        tx,
        sql`select count(*)::int as n from tenants where tenant_id in (${a.tenantId}, ${b.tenantId})`,
      );
      expect(seen!.n).toBe(2);
    });
  });

  it('answers slug questions across tenants through the one narrow function', async () => {
    const [restaurantA] = await rowsOf<{ slug: string }>(
      t.database.db,
      sql`select slug from restaurants where restaurant_id = ${a.restaurantId}`,
    );
    await withinWalls(t.database.db, { tenants: [b.tenantId] }, async (tx) => {
      expect(await rowsOf(tx, sql`select 1 from restaurants where slug = ${restaurantA!.slug}`)).toEqual([]);
      const holders = await rowsOf<{ restaurant_id: number }>(
        tx,
        sql`select restaurant_id from brigade_slug_holders(${restaurantA!.slug})`,
      );
      expect(holders.map((row) => Number(row.restaurant_id))).toEqual([a.restaurantId]);
      // The function looks past the wall for its own query only: afterwards the transaction is walled again.
      expect(await rowsOf(tx, sql`select 1 from restaurants where slug = ${restaurantA!.slug}`)).toEqual([]);
      const [setting] = await rowsOf<{ on: string }>(
        tx,
        sql`select current_setting('brigade.all_tenants') as on`,
      );
      expect(setting!.on).toBe('off');
    });
  });

  it('does not let the application filters be switched off outside the test suite', () => {
    const vitest = process.env.VITEST;
    process.env.VITEST = 'false';
    try {
      expect(() => switchOffTenantFiltersForTest(true)).toThrow(/only be switched off inside the test suite/);
    } finally {
      process.env.VITEST = vitest;
    }
  });
});
