import type { Executor } from '@brigade/db/database';
import type { AuditChange } from '@brigade/db/schema/audit';
import { auditLog } from '@brigade/db/schema/audit';
import type { Actor } from '@brigade/domain/access';
import { type AuditEntry, type AuditQuery, SYSTEM_ACTOR } from '@brigade/domain/audit-log';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor, isSafeIdKey } from '../catalogue/index';
import { tenantIs } from '../tenant-scope';
import type { UseCaseDeps } from '../use-case';
import { fieldNameOf } from './audit-fields';

export interface AuditPage {
  data: AuditEntry[];
  nextCursor: string | null;
}

/**
 * A page of the audit log, newest first (decision 019): one tenant's (its owners and admins) or every
 * tenant's (site administrators, no `tenantId`). Keyset paged on the entry id like the catalogue lists
 * (decision 012); a cursor continues only the log it came from. Who may read which log the route decides.
 */
export async function listAuditEntries(
  deps: UseCaseDeps,
  _actor: Actor,
  input: AuditQuery & { tenantId?: number | null | undefined },
): Promise<AuditPage> {
  const { tenantId = null, ...query } = input;
  const list = `audit-log:${tenantId ?? 'all'}`;
  const conditions: (SQL | undefined)[] = [
    tenantId === null ? undefined : tenantIs(auditLog.tenantId, tenantId),
    query.restaurantId === undefined ? undefined : eq(auditLog.restaurantId, query.restaurantId),
    query.table === undefined ? undefined : eq(auditLog.tableName, query.table),
    query.endpoint === undefined ? undefined : eq(auditLog.endpoint, query.endpoint),
    query.actor === undefined
      ? undefined
      : query.actor.includes('@')
        ? eq(auditLog.actorEmail, query.actor.toLowerCase())
        : eq(auditLog.actor, query.actor),
    query.from === undefined ? undefined : gte(auditLog.occurredAt, query.from),
    query.to === undefined ? undefined : lt(auditLog.occurredAt, query.to),
  ];
  if (query.cursor !== undefined) {
    const [after] = decodeCursor(query.cursor, list, 1, isSafeIdKey);
    conditions.push(lt(auditLog.auditId, after!));
  }
  const rows = await deps.db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.auditId))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const page = more ? rows.slice(0, query.limit) : rows;
  return {
    data: page.map(toEntry),
    nextCursor: more ? encodeCursor(list, [page.at(-1)!.auditId]) : null,
  };
}

function toEntry(row: typeof auditLog.$inferSelect): AuditEntry {
  const named = <T>(record: Record<string, T>) =>
    Object.fromEntries(
      Object.entries(record).map(([column, value]) => [fieldNameOf(row.tableName, column), value]),
    );
  return {
    auditId: row.auditId,
    tenantId: row.tenantId,
    restaurantId: row.restaurantId,
    occurredAt: row.occurredAt,
    table: row.tableName,
    operation: row.operation,
    key: named(row.rowKey),
    changes: named<AuditChange>(row.changes),
    actor: { userId: row.actor === SYSTEM_ACTOR ? null : row.actor, email: row.actorEmail },
    requestId: row.requestId,
    endpoint: row.endpoint,
    method: row.method,
    path: row.path,
  };
}

/**
 * Retention: removes up to `limit` of the oldest audit entries from before `before`, through the database
 * function that alone may (migration 0032; it refuses anything younger than 30 days). Answers how many went.
 */
export async function pruneAuditLog(ex: Executor, before: Date, limit: number): Promise<number> {
  const result = (await ex.execute(
    sql`select brigade_prune_audit_log(${before.toISOString()}::timestamptz, ${limit}) as removed`,
  )) as unknown as { rows: { removed: number }[] };
  return Number(result.rows[0]?.removed ?? 0);
}
