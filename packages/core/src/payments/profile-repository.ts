import type { Executor } from '@brigade/db/database';
import { paymentProfiles } from '@brigade/db/schema/payments';
import { and, desc, eq, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';
import type { RestaurantScope } from './payment-repository';

/** Stored customer profiles as Brigade lists them (payment_profiles): never the card, only how to show it. */

export type ProfileRow = typeof paymentProfiles.$inferSelect;
export type NewProfileRow = typeof paymentProfiles.$inferInsert;

const p = paymentProfiles;
const ofProfile = (scope: RestaurantScope, profileid: string) =>
  and(
    tenantIs(p.tenantId, scope.tenantId),
    eq(p.restaurantId, scope.restaurantId),
    eq(p.profileid, profileid),
  );
const ofAccount = (scope: RestaurantScope, profileid: string, acctid: string) =>
  and(ofProfile(scope, profileid), eq(p.acctid, acctid));

export async function listProfileRows(ex: Executor, scope: RestaurantScope): Promise<ProfileRow[]> {
  return ex
    .select()
    .from(p)
    .where(and(tenantIs(p.tenantId, scope.tenantId), eq(p.restaurantId, scope.restaurantId)))
    .orderBy(desc(p.createdAt), p.profileid, p.acctid);
}

export async function findProfileRow(
  ex: Executor,
  scope: RestaurantScope,
  profileid: string,
  acctid: string,
): Promise<ProfileRow | null> {
  const [row] = await ex
    .select()
    .from(p)
    .where(ofAccount(scope, profileid, acctid));
  return row ?? null;
}

/** The merchant id a stored profile was stored under (from any of its accounts); undefined: no such profile. */
export async function profileMerchant(
  ex: Executor,
  scope: RestaurantScope,
  profileid: string,
): Promise<string | null | undefined> {
  const [row] = await ex
    .select({ merchantId: p.merchantId })
    .from(p)
    .where(ofProfile(scope, profileid))
    .limit(1);
  return row?.merchantId;
}

/** Records a stored account; the gateway answers a duplicate card with the ids it already had. */
export async function upsertProfileRow(ex: Executor, row: NewProfileRow): Promise<ProfileRow> {
  const { tenantId: _t, restaurantId: _r, profileid: _p, acctid: _a, createdBy: _c, ...changes } = row;
  const [saved] = await ex
    .insert(p)
    .values(row)
    .onConflictDoUpdate({
      target: [p.tenantId, p.restaurantId, p.profileid, p.acctid],
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning();
  return saved!;
}

export async function updateProfileRow(
  ex: Executor,
  scope: RestaurantScope,
  ids: { profileid: string; acctid: string },
  changes: Partial<Pick<NewProfileRow, 'name' | 'expiry' | 'isDefault'>>,
): Promise<ProfileRow> {
  const [saved] = await ex
    .update(p)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(ofAccount(scope, ids.profileid, ids.acctid))
    .returning();
  return saved!;
}

/** One account becomes the profile's default: every other account of it stops being one. */
export async function markDefaultAccount(
  ex: Executor,
  scope: RestaurantScope,
  ids: { profileid: string; acctid: string },
): Promise<void> {
  await ex
    .update(p)
    .set({ isDefault: sql`${p.acctid} = ${ids.acctid}`, updatedAt: sql`now()` })
    .where(ofProfile(scope, ids.profileid));
}

export async function deleteProfileRow(
  ex: Executor,
  scope: RestaurantScope,
  ids: { profileid: string; acctid: string },
): Promise<void> {
  await ex.delete(p).where(ofAccount(scope, ids.profileid, ids.acctid));
}
