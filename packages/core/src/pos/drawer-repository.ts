import type { Executor } from '@brigade/db/database';
import { cashDrawerSessions, cashMovements, orderTenders, posDevices } from '@brigade/db/schema/pos';
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';
import type { RestaurantScope } from './device-repository';

/** Cash drawer sessions and their pay-ins and pay-outs (packages/db/src/schema/pos.ts). Private to the pos area. */

export type SessionRow = typeof cashDrawerSessions.$inferSelect;
export type MovementRow = typeof cashMovements.$inferSelect;

/** The register's open session, locked for the caller's transaction when asked. */
export async function openSessionOf(ex: Executor, scope: RestaurantScope, deviceId: number, lock = false) {
  const query = ex
    .select()
    .from(cashDrawerSessions)
    .where(
      and(
        scopeWhere(cashDrawerSessions, scope),
        eq(cashDrawerSessions.deviceId, deviceId),
        isNull(cashDrawerSessions.closedAt),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Opens a session; null when the register already has one open (the partial unique index decides). */
export async function insertSession(ex: Executor, row: typeof cashDrawerSessions.$inferInsert) {
  const [inserted] = await ex.insert(cashDrawerSessions).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function insertMovement(ex: Executor, row: typeof cashMovements.$inferInsert) {
  const [inserted] = await ex.insert(cashMovements).values(row).returning();
  return inserted!;
}

export const movementsOf = (ex: Executor, scope: RestaurantScope, sessionIds: number[]) =>
  sessionIds.length === 0
    ? Promise.resolve([] as MovementRow[])
    : ex
        .select()
        .from(cashMovements)
        .where(and(scopeWhere(cashMovements, scope), inArray(cashMovements.sessionId, sessionIds)))
        .orderBy(asc(cashMovements.movementId));

/** Cash in, less cash handed back for voided sales. */
export const signedCash = sql<
  string | null
>`sum(case when ${orderTenders.method} <> 'cash' then 0 when ${orderTenders.kind} = 'refund' then -${orderTenders.amount} else ${orderTenders.amount} end)`;

/** The cash sales that went into a session's drawer (what paid the orders, change already out; less voids). */
export async function cashSalesOf(ex: Executor, scope: RestaurantScope, sessionId: number): Promise<number> {
  const [row] = await ex
    .select({ total: signedCash })
    .from(orderTenders)
    .where(and(scopeWhere(orderTenders, scope), eq(orderTenders.sessionId, sessionId)));
  return Number(row?.total ?? 0);
}

export async function closeSessionRow(
  ex: Executor,
  session: SessionRow,
  values: Pick<SessionRow, 'closedBy' | 'counted' | 'expected' | 'overShort' | 'note'>,
): Promise<SessionRow> {
  const [row] = await ex
    .update(cashDrawerSessions)
    .set({ ...values, closedAt: new Date() })
    .where(and(scopeWhere(cashDrawerSessions, session), eq(cashDrawerSessions.sessionId, session.sessionId)))
    .returning();
  return row!;
}

/** Sessions opened in a window (a business day's bounds, with a margin the caller trims), with their register. */
export const sessionsOpenedBetween = (ex: Executor, scope: RestaurantScope, from: Date, to: Date) =>
  ex
    .select({ session: cashDrawerSessions, deviceName: posDevices.name })
    .from(cashDrawerSessions)
    .leftJoin(
      posDevices,
      and(
        eq(posDevices.tenantId, cashDrawerSessions.tenantId),
        eq(posDevices.deviceId, cashDrawerSessions.deviceId),
      ),
    )
    .where(
      and(
        scopeWhere(cashDrawerSessions, scope),
        gte(cashDrawerSessions.openedAt, from),
        lt(cashDrawerSessions.openedAt, to),
      ),
    )
    .orderBy(desc(cashDrawerSessions.sessionId));
