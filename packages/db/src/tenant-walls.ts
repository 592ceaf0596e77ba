import { sql } from 'drizzle-orm';
import type { Db, Executor } from './database';

/**
 * The database's side of the tenant walls (docs/decisions/018-row-level-security.md, 019-audit-log.md).
 * Migration 0008 enables row-level security on every table with tenant_id: a row is visible and writable
 * only when the transaction's `brigade.all_tenants` is 'on' or its tenant is in `brigade.tenant_ids`. A
 * session that never set it sees every tenant (migration 0052, decision 064: nothing is set per connection,
 * so a pooler in transaction mode works): the CLI, seeds, the change feed, public pages and site
 * administrators see every tenant; a tenant's own staff get a transaction that lists only their tenants, under the
 * non-owner role brigade_app, so a query that forgets its tenant filter still finds nothing of another
 * tenant. The same transaction names who acts, for the audit log's trigger.
 */

/** The role a walled transaction runs as (created by migration 0008; never a superuser, never an owner). */
export const APP_ROLE = 'brigade_app';

export interface WallContext {
  /** 'all' for site administrators and requests without a tenant caller; otherwise the visible tenants. */
  tenants: 'all' | readonly number[];
  /** Who acts, for the audit log: a user's id and email. Without one the log says 'system'. */
  actor?: { id: string; email: string } | undefined;
  /** Which request and route, for the audit log. */
  request?: { id: string; endpoint: string; method: string; path: string } | undefined;
}

/**
 * Runs `work` in one transaction with the context set LOCAL (it ends with the transaction, so a pooled
 * connection never carries it into another request). Everything `work` does must use the transaction it
 * receives: on PGlite a query on the database itself would wait for this transaction to end.
 *
 * The walls' statement is sent before `work` starts, and its answer is awaited after `work`'s: a
 * transaction's statements run in the order they are sent (PGlite's thread and its lock, node-postgres's
 * queue), so `work`'s first statement already runs inside the walls, and the transaction waits one round trip
 * less (issue 20: on PGlite the whole database waits for an open transaction). Should the walls' statement
 * fail, PostgreSQL aborts the transaction and fails every statement after it; the walls' error is the one
 * thrown.
 */
export async function withinWalls<T>(db: Db, context: WallContext, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const walls = applyWalls(tx as unknown as Executor, context);
    walls.catch(() => {});
    let result: T;
    try {
      // A transaction is a Db to every repository (a nested `transaction` becomes a savepoint).
      result = await work(tx as unknown as Db);
    } catch (error) {
      await walls;
      throw error;
    }
    await walls;
    return result;
  });
}

/**
 * Sets a transaction's context; one statement, one round trip. The statement is sent when this is called
 * (calling `then` runs a Drizzle query at once), not a turn later.
 */
export function applyWalls(tx: Executor, context: WallContext): Promise<void> {
  const walled = context.tenants !== 'all';
  const tenantIds = walled ? (context.tenants as readonly number[]).map((id) => String(Math.trunc(id))) : [];
  const { actor, request } = context;
  return tx
    .execute(sql`select
    ${walled ? sql`set_config('role', ${APP_ROLE}, true),` : sql``}
    set_config('brigade.all_tenants', ${walled ? 'off' : 'on'}, true),
    set_config('brigade.tenant_ids', ${tenantIds.join(',')}, true),
    set_config('brigade.actor', ${actor?.id ?? ''}, true),
    set_config('brigade.actor_email', ${actor?.email ?? ''}, true),
    set_config('brigade.request_id', ${request?.id ?? ''}, true),
    set_config('brigade.endpoint', ${request?.endpoint ?? ''}, true),
    set_config('brigade.method', ${request?.method ?? ''}, true),
    set_config('brigade.path', ${request?.path ?? ''}, true)`)
    .then(() => undefined);
}

/**
 * Why the connected role must not serve production, or null when it may (decision 018): a superuser or a
 * BYPASSRLS role is never stopped by row-level security, an owner of the tables could switch it off, and a
 * role outside brigade_app cannot take the application's role for a tenant's transaction.
 */
export async function databaseRoleRefusal(db: Db): Promise<string | null> {
  const result = (await db.execute(sql`select current_user as role, r.rolsuper as super,
      r.rolbypassrls as bypass, pg_has_role(current_user, ${APP_ROLE}, 'MEMBER') as member,
      exists (select 1 from pg_tables where schemaname = 'public' and tableowner = current_user) as owner
    from pg_roles r where r.rolname = current_user`)) as unknown as {
    rows: { role: string; super: boolean; bypass: boolean; member: boolean; owner: boolean }[];
  };
  const row = result.rows[0]!;
  const advice =
    `In production DATABASE_URL must connect as a login role that is a member of ${APP_ROLE} and owns ` +
    'nothing, and DATABASE_MIGRATION_URL as the owner of the tables (README: Configuration).';
  if (row.super)
    return `DATABASE_URL connects as ${row.role}, a superuser, whom row-level security never stops. ${advice}`;
  if (row.bypass) return `DATABASE_URL connects as ${row.role}, which bypasses row-level security. ${advice}`;
  if (row.owner) return `DATABASE_URL connects as ${row.role}, which owns Brigade's tables. ${advice}`;
  if (!row.member)
    return `DATABASE_URL connects as ${row.role}, which is not a member of ${APP_ROLE}. ${advice}`;
  return null;
}
