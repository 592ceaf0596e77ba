import type { Executor } from '@brigade/db/database';
import { tipRules } from '@brigade/db/schema/staff';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';
import type { RestaurantScope } from './staff-repository';

/** A restaurant's tip-out rules (packages/db/src/schema/staff.ts). Private to the staff area. */

export type TipRuleRow = typeof tipRules.$inferSelect;
type TipRuleValues = Pick<
  TipRuleRow,
  'name' | 'basis' | 'percentBp' | 'sourceJobIds' | 'receivingJobId' | 'active'
>;

export async function tipRulesOf(ex: Executor, scope: RestaurantScope): Promise<TipRuleRow[]> {
  return ex.select().from(tipRules).where(scopeWhere(tipRules, scope)).orderBy(asc(tipRules.ruleId));
}

/** How many rules the restaurant has; adds of one restaurant wait for each other, so the limit holds. */
export async function countTipRules(ex: Executor, scope: RestaurantScope): Promise<number> {
  await ex.execute(
    sql`select pg_advisory_xact_lock(${scope.tenantId}, hashtext(${`tip-rules:${scope.restaurantId}`}))`,
  );
  const [row] = await ex.select({ n: count() }).from(tipRules).where(scopeWhere(tipRules, scope));
  return Number(row?.n ?? 0);
}

export async function insertTipRule(ex: Executor, scope: RestaurantScope, values: TipRuleValues) {
  const [row] = await ex
    .insert(tipRules)
    .values({ ...scope, ...values })
    .returning();
  return row!;
}

export async function updateTipRule(
  ex: Executor,
  scope: RestaurantScope,
  ruleId: number,
  values: TipRuleValues,
): Promise<TipRuleRow | null> {
  const [row] = await ex
    .update(tipRules)
    .set({ ...values, updatedAt: new Date() })
    .where(and(scopeWhere(tipRules, scope), eq(tipRules.ruleId, ruleId)))
    .returning();
  return row ?? null;
}

export async function deleteTipRule(ex: Executor, scope: RestaurantScope, ruleId: number): Promise<boolean> {
  const gone = await ex
    .delete(tipRules)
    .where(and(scopeWhere(tipRules, scope), eq(tipRules.ruleId, ruleId)))
    .returning({ ruleId: tipRules.ruleId });
  return gone.length > 0;
}
