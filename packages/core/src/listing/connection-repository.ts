import type { Executor } from '@brigade/db/database';
import { businessListingConnections, businessListingOauthStates } from '@brigade/db/schema/business-listing';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import { and, asc, eq, lt } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';

/**
 * The listing tables (migration 0016). Rows come back with the tenant's and restaurant's GUIDs, the names the
 * listing API uses. Token columns hold sealed values only (sealed-box.ts); they leave this
 * module only for the token provider, never in an answer.
 */
export type ConnectionRow = typeof businessListingConnections.$inferSelect & {
  tenantGuid: string;
  restaurantGuid: string;
};
export type StateRow = typeof businessListingOauthStates.$inferSelect;
export type ConnectionChanges = Partial<
  Pick<
    typeof businessListingConnections.$inferInsert,
    | 'accountId'
    | 'locationId'
    | 'locationTitle'
    | 'profile'
    | 'syncFrequency'
    | 'nextSyncAt'
    | 'lastSyncStatus'
    | 'lastSyncError'
    | 'status'
    | 'statusReason'
    | 'accessToken'
    | 'refreshToken'
    | 'tokenExpiresAt'
    | 'scopes'
    | 'connectedBy'
    | 'connectedAt'
    | 'lastSyncAt'
    | 'aiConfig'
  >
>;

const c = businessListingConnections;

function selectConnections(ex: Executor) {
  return ex
    .select({ row: c, tenantGuid: tenants.guid, restaurantGuid: restaurants.guid })
    .from(c)
    .innerJoin(tenants, eq(tenants.tenantId, c.tenantId))
    .innerJoin(
      restaurants,
      and(eq(restaurants.tenantId, c.tenantId), eq(restaurants.restaurantId, c.restaurantId)),
    );
}

const flatten = (found: { row: typeof c.$inferSelect; tenantGuid: string; restaurantGuid: string }) => ({
  ...found.row,
  tenantGuid: found.tenantGuid,
  restaurantGuid: found.restaurantGuid,
});

export async function findConnectionById(ex: Executor, connectionId: string): Promise<ConnectionRow | null> {
  const [found] = await selectConnections(ex).where(eq(c.connectionId, connectionId)).limit(1);
  return found ? flatten(found) : null;
}

export async function listConnectionsOf(
  ex: Executor,
  tenantId: number,
  restaurantId: number,
): Promise<ConnectionRow[]> {
  const found = await selectConnections(ex)
    .where(and(tenantIs(c.tenantId, tenantId), eq(c.restaurantId, restaurantId)))
    .orderBy(asc(c.createdAt));
  return found.map(flatten);
}

/** The restaurant's Google connection, locked for the caller's transaction when `lock`. */
export async function findGoogleConnection(
  ex: Executor,
  tenantId: number,
  restaurantId: number,
  lock = false,
): Promise<typeof c.$inferSelect | null> {
  const query = ex
    .select()
    .from(c)
    .where(and(tenantIs(c.tenantId, tenantId), eq(c.restaurantId, restaurantId), eq(c.provider, 'google')))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertConnection(
  ex: Executor,
  row: typeof c.$inferInsert & { connectionId: string },
): Promise<void> {
  await ex.insert(c).values(row);
}

export async function updateConnectionRow(
  ex: Executor,
  connectionId: string,
  changes: ConnectionChanges,
): Promise<boolean> {
  const updated = await ex
    .update(c)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(c.connectionId, connectionId))
    .returning({ id: c.connectionId });
  return updated.length > 0;
}

export async function deleteConnectionRow(ex: Executor, connectionId: string): Promise<boolean> {
  const deleted = await ex
    .delete(c)
    .where(eq(c.connectionId, connectionId))
    .returning({ id: c.connectionId });
  return deleted.length > 0;
}

const s = businessListingOauthStates;

export async function insertState(ex: Executor, row: typeof s.$inferInsert): Promise<void> {
  await ex.insert(s).values(row);
}

export async function findState(ex: Executor, stateHash: string, lock = false): Promise<StateRow | null> {
  const query = ex.select().from(s).where(eq(s.stateHash, stateHash)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function markStateUsed(ex: Executor, stateHash: string, at: Date): Promise<void> {
  await ex.update(s).set({ usedAt: at }).where(eq(s.stateHash, stateHash));
}

/** States of the restaurant that expired before `before`: no one can use them any more. */
export async function deleteExpiredStates(
  ex: Executor,
  tenantId: number,
  restaurantId: number,
  before: Date,
): Promise<void> {
  await ex
    .delete(s)
    .where(and(tenantIs(s.tenantId, tenantId), eq(s.restaurantId, restaurantId), lt(s.expiresAt, before)));
}
