import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import {
  basisPointsOf,
  MAX_TIP_RULES,
  percentOf,
  TIP_JOB_NOT_FOUND,
  TIP_RULE_NOT_FOUND,
  TIP_RULES_FULL,
  type TipBasis,
  type TipRule,
  tipRuleInputSchema,
} from '@brigade/domain/staff/tips';
import { resolveCatalogueScope } from '../catalogue/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { validateInput } from '../validate';
import { jobTitlesOf, type RestaurantScope } from './staff-repository';
import {
  countTipRules,
  deleteTipRule,
  insertTipRule,
  type TipRuleRow,
  tipRulesOf,
  updateTipRule,
} from './tip-repository';

/**
 * Tip-out rules (docs/behaviour/tips.md#tip-out-rules), for managers: which jobs give what percent of their
 * net sales or tips to which job. The report applies them when read (tips-report.ts).
 */

export const tipRuleOf = (row: TipRuleRow): TipRule => ({
  ruleId: row.ruleId,
  name: row.name,
  basis: row.basis as TipBasis,
  percent: percentOf(row.percentBp),
  sourceJobIds: row.sourceJobIds,
  receivingJobId: row.receivingJobId,
  active: row.active,
});

async function scoped(deps: UseCaseDeps, actor: Actor, input: RestaurantScope): Promise<RestaurantScope> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  return scope;
}

/** The body as stored: every job it names must be one of the restaurant's job titles. */
async function valuesOf(deps: UseCaseDeps, scope: RestaurantScope, body: unknown) {
  const input = validateInput(tipRuleInputSchema, body);
  const jobs = new Set((await jobTitlesOf(deps.db, scope)).map((job) => job.jobId));
  const errors = [
    ...input.sourceJobIds
      .map((jobId, i) => ({ jobId, path: `sourceJobIds.${i}` }))
      .filter(({ jobId }) => !jobs.has(jobId)),
    ...(jobs.has(input.receivingJobId!) ? [] : [{ jobId: input.receivingJobId!, path: 'receivingJobId' }]),
  ].map(({ jobId, path }) => ({ path, message: `${TIP_JOB_NOT_FOUND}: ${jobId}` }));
  if (errors.length > 0) throw validationError('The tip-out rule cannot be saved as it is', errors);
  return {
    name: input.name,
    basis: input.basis,
    percentBp: basisPointsOf(input.percent),
    sourceJobIds: [...new Set(input.sourceJobIds)],
    receivingJobId: input.receivingJobId!,
    active: input.active,
  };
}

export async function listTipRules(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope,
): Promise<TipRule[]> {
  return (await tipRulesOf(deps.db, await scoped(deps, actor, input))).map(tipRuleOf);
}

export async function createTipRule(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { body: unknown },
): Promise<TipRule> {
  const scope = await scoped(deps, actor, input);
  const values = await valuesOf(deps, scope, input.body);
  if ((await countTipRules(deps.db, scope)) >= MAX_TIP_RULES)
    throw new BrigadeError('conflict', 'TIP_RULES_FULL', TIP_RULES_FULL);
  return tipRuleOf(await insertTipRule(deps.db, scope, values));
}

export async function saveTipRule(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { ruleId: number; body: unknown },
): Promise<TipRule> {
  const scope = await scoped(deps, actor, input);
  const values = await valuesOf(deps, scope, input.body);
  const row = await updateTipRule(deps.db, scope, input.ruleId, values);
  if (!row) throw notFound(TIP_RULE_NOT_FOUND, 'TIP_RULE_NOT_FOUND');
  return tipRuleOf(row);
}

export async function removeTipRule(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { ruleId: number },
): Promise<{ deleted: true }> {
  const scope = await scoped(deps, actor, input);
  if (!(await deleteTipRule(deps.db, scope, input.ruleId)))
    throw notFound(TIP_RULE_NOT_FOUND, 'TIP_RULE_NOT_FOUND');
  return { deleted: true };
}
