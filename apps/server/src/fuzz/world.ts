import { seedDemo } from '@brigade/core/seed/demo-seed';
import type { Db } from '@brigade/db/database';
import { CATALOGUE_KINDS } from '@brigade/domain/catalogue/kinds';
import { makeCatalogueRecord, makeUser } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { asBearer, type Session, signInAs } from '../test-client';

/**
 * What the fuzz test writes against: the demo organization (its two restaurants, the demo owner and site
 * administrator), three records of every catalogue kind in the first restaurant, spare users the
 * administrator routes may change or delete, domain mappings and provider domains. Path parameters are
 * drawn from these pools, so valid requests reach stored rows.
 */
export interface FuzzWorld {
  owner: Session;
  admin: Session;
  tenantId: number;
  tenantGuid: string;
  restaurantIds: number[];
  restaurantGuids: string[];
  slugs: string[];
  spareUids: string[];
  mappingGuids: string[];
  hostingDomains: string[];
  templateIds: string[];
  schemeIds: string[];
  imageIds: string[];
}

export async function buildWorld(app: FastifyInstance, db: Db): Promise<FuzzWorld> {
  const demo = await seedDemo(db);
  const { tenantId, restaurantId } = demo.restaurant;
  for (const kind of CATALOGUE_KINDS)
    for (let n = 0; n < 3; n++) await makeCatalogueRecord(db, kind, { tenantId, restaurantId });
  const spareUids: string[] = [];
  for (let n = 0; n < 6; n++)
    spareUids.push((await makeUser(db, { tenantId, role: n % 2 === 0 ? 'employee' : 'manager' })).uid);
  const owner = await signInAs(app, 'owner@brigade.local', 'brigade-owner');
  const admin = await signInAs(app, 'admin@brigade.local', 'brigade-admin');

  const mappingGuids: string[] = [];
  for (const domain of ['fuzz-one.example.com', 'fuzz-two.example.com', 'fuzz-three.example.com']) {
    const response = await asBearer(app, owner, {
      method: 'POST',
      url: '/api/v1/domain-mappings',
      payload: {
        domain,
        domainType: 'custom',
        tenantGuid: demo.tenant.guid,
        restaurantGuid: demo.restaurant.guid,
      },
    });
    if (response.statusCode !== 201) throw new Error(`mapping: ${response.statusCode} ${response.body}`);
    mappingGuids.push(response.json().data.mapping.guid);
  }
  const hostingDomains: string[] = [];
  for (const domain of ['fuzz-hosted.example.com', 'fuzz-hosted-two.example.com']) {
    const response = await asBearer(app, admin, {
      method: 'POST',
      url: '/api/v1/hosting/domains/add',
      payload: { domain },
    });
    if (response.statusCode !== 200) throw new Error(`hosting: ${response.statusCode} ${response.body}`);
    hostingDomains.push(domain);
  }
  const site = demo.siteConfig;
  return {
    owner,
    admin,
    tenantId,
    tenantGuid: demo.tenant.guid,
    restaurantIds: demo.restaurants.map((r) => r.restaurantId),
    restaurantGuids: demo.restaurants.map((r) => r.guid),
    slugs: demo.restaurants.map((r) => r.slug),
    spareUids,
    mappingGuids,
    hostingDomains,
    templateIds: site.layoutTemplates.map((t) => t.id),
    schemeIds: site.colorSchemes.map((s) => s.id),
    imageIds: site.fallbackImages.map((i) => i.id),
  };
}

/**
 * Puts back what a successful request may change that would stop the rest of the run from reaching the
 * routes: the organization's plan and status, and its restaurants' status.
 */
export async function repairWorld(db: Db, world: FuzzWorld): Promise<void> {
  await db.execute(
    sql`update tenants set status = 'active', plan = 'professional' where tenant_id = ${world.tenantId}`,
  );
  await db.execute(sql`update restaurants set status = 'active' where tenant_id = ${world.tenantId}`);
}

// Writes a refused request is meant to make: a session's last-seen and idle expiry move on every
// authenticated request, and failed sign-ins are counted. Everything else must stay as it was.
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at', 'idle_expires_at'] };
/**
 * On PostgreSQL ids are reserved outside the caller's transaction (decision 033): a refused request may have
 * moved a counter (a hole), which is allowed; the rows the ids were for are what must not be left behind.
 */
const RESERVED_OUTSIDE: Record<string, string[]> = {
  platform_counters: ['next_id', 'updated_at'],
  restaurant_counters: ['next_id', 'updated_at'],
};
const EXCLUDED_TABLES = new Set(['auth_throttle']);

export interface StateHasher {
  /**
   * One query: per table, the row count and whether any row was written by a transaction that began at
   * `since` (a clock() value) or later. Tables with columns that a refusal may write (VOLATILE_COLUMNS) get
   * the hash of their other columns instead.
   */
  snapshot(since: string): Promise<StateSnapshot>;
  /**
   * The next transaction id the server will assign. Any write, committed or rolled back, takes one; reads
   * take none. While it stands still nothing can have changed, so the snapshot need not be taken again.
   */
  clock(): Promise<string>;
  tables: string[];
}

export interface StateSnapshot {
  /** Per table: the row count, or for a table with volatile columns the count and a hash of the others. */
  tables: Record<string, string>;
  /** The tables holding a row version written at or after `since`: a row added or changed since. */
  written: string[];
}

const XID_SPAN = 4_294_967_296n;

/**
 * A cheap check of everything stored. A committed insert or update leaves a row version whose xmin is the
 * writer's transaction id, at or after the clock read before the request; a delete lowers the count (and a
 * delete with an insert leaves a new xmin). So "same counts, no row version from the request's
 * transactions" means no row was added, removed or changed. xmin is 32 bits and wraps: it is compared with
 * the clock modulo 2^32. Tables with volatile columns are hashed row by row instead, leaving those out.
 */
export async function stateHasher(db: Db, engine: 'pglite' | 'postgres'): Promise<StateHasher> {
  const volatile = engine === 'postgres' ? { ...VOLATILE_COLUMNS, ...RESERVED_OUTSIDE } : VOLATILE_COLUMNS;
  const result = await db.execute(sql`
    select table_name as "table", string_agg(quote_ident(column_name), ',' order by ordinal_position) as columns,
      string_agg(column_name, ',' order by ordinal_position) as names
    from information_schema.columns
    where table_schema = 'public'
    group by table_name order by table_name`);
  const rows = (result as unknown as { rows: { table: string; columns: string; names: string }[] }).rows;
  const watched = rows.filter((row) => !EXCLUDED_TABLES.has(row.table));
  const partsSince = (since: bigint) =>
    watched
      .map((row) => {
        const skipped = volatile[row.table];
        if (skipped) {
          const names = row.names.split(',');
          const kept = row.columns.split(',').filter((_, index) => !skipped.includes(names[index]!));
          return (
            `select '${row.table}' as t, count(*)::text || ':' || coalesce(md5(string_agg(h, '' order by h)), '') as v, ` +
            `false as w from (select md5(row(${kept.join(',')})::text) as h from "${row.table}") x`
          );
        }
        const fresh = `((xmin::text::bigint - ${since} + ${XID_SPAN}) % ${XID_SPAN}) < ${XID_SPAN / 2n}`;
        return `select '${row.table}' as t, count(*)::text as v, coalesce(bool_or(${fresh}), false) as w from "${row.table}"`;
      })
      .join(' union all ');
  const clockQuery = sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`;
  return {
    tables: watched.map((row) => row.table),
    async clock() {
      const out = await db.execute(clockQuery);
      return (out as unknown as { rows: { xmax: string }[] }).rows[0]!.xmax;
    },
    async snapshot(since) {
      const out = await db.execute(sql.raw(partsSince(BigInt(since) % XID_SPAN)));
      const found = (out as unknown as { rows: { t: string; v: string; w: boolean }[] }).rows;
      return {
        tables: Object.fromEntries(found.map((r) => [r.t, r.v])),
        written: found.filter((r) => r.w).map((r) => r.t),
      };
    },
  };
}

/** The tables that differ between a snapshot and a later one (taken with `since` = the first's clock). */
export const changedTables = (before: StateSnapshot, after: StateSnapshot): string[] => {
  const differ = Object.keys({ ...before.tables, ...after.tables }).filter(
    (table) => before.tables[table] !== after.tables[table],
  );
  return [...new Set([...differ, ...after.written])].sort();
};
