import { z } from 'zod';
import { positiveId } from '../integers';
import { allocate } from '../ledger/allocate';
import { queryTime } from '../query-dates';
import { requiredText } from '../text';

/**
 * Tips by employee and tip-out rules (docs/behaviour/tips.md, decision 057): the rule's shape with its
 * messages, and the pure math that turns a pay period's figures into what each employee pays and receives.
 * Money is whole cents; percents are kept as basis points (hundredths of a percent) so nothing is a float.
 */

export const TIP_BASES = ['net_sales', 'tips', 'unassigned_tips'] as const;
export type TipBasis = (typeof TIP_BASES)[number];
export const TIP_BASIS_LABELS: Record<TipBasis, string> = {
  net_sales: 'Net sales',
  tips: 'Tips',
  unassigned_tips: 'Tips with no server',
};

export const MAX_TIP_RULES = 20;
export const TIP_RULE_NAME_REQUIRED = 'Name is required';
export const TIP_RULE_NAME_TOO_LONG = 'Name must be at most 60 characters';
export const TIP_BASIS_INVALID = 'Basis must be net_sales, tips or unassigned_tips';
export const TIP_PERCENT_RANGE = 'Percent must be between 0.01 and 100';
export const TIP_PERCENT_DECIMALS = 'Percent can have at most two decimals';
export const TIP_SOURCE_REQUIRED = 'Choose at least one job that tips out';
export const TIP_SOURCE_NOT_ALLOWED = 'Tips with no server come from no job: leave the source jobs empty';
export const TIP_RECEIVER_REQUIRED = 'Choose the job that receives the tip-out';
export const TIP_RECEIVER_IS_SOURCE = 'The receiving job cannot also tip out in the same rule';
export const TIP_JOB_NOT_FOUND = 'Job title not found';
export const TIP_RULE_NOT_FOUND = 'Tip-out rule not found';
export const TIP_RULES_FULL = `A restaurant can have at most ${MAX_TIP_RULES} tip-out rules`;

const jobId = positiveId('Job ID');

export const tipRuleInputSchema = z
  .strictObject({
    name: requiredText(TIP_RULE_NAME_REQUIRED).max(60, TIP_RULE_NAME_TOO_LONG),
    basis: z.enum(TIP_BASES, { error: TIP_BASIS_INVALID }),
    percent: z
      .number({ error: TIP_PERCENT_RANGE })
      .min(0.01, TIP_PERCENT_RANGE)
      .max(100, TIP_PERCENT_RANGE)
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, TIP_PERCENT_DECIMALS),
    sourceJobIds: z.array(jobId).max(50, 'At most 50 source jobs').default([]),
    receivingJobId: jobId.optional(),
    active: z.boolean({ error: 'Active must be true or false' }).default(true),
  })
  .superRefine((rule, ctx) => {
    if (rule.basis === 'unassigned_tips' && rule.sourceJobIds.length > 0)
      ctx.addIssue({ code: 'custom', path: ['sourceJobIds'], message: TIP_SOURCE_NOT_ALLOWED });
    if (rule.basis !== 'unassigned_tips' && rule.sourceJobIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['sourceJobIds'], message: TIP_SOURCE_REQUIRED });
    if (rule.receivingJobId === undefined)
      ctx.addIssue({ code: 'custom', path: ['receivingJobId'], message: TIP_RECEIVER_REQUIRED });
    else if (rule.sourceJobIds.includes(rule.receivingJobId))
      ctx.addIssue({ code: 'custom', path: ['receivingJobId'], message: TIP_RECEIVER_IS_SOURCE });
  });
export type TipRuleInput = z.input<typeof tipRuleInputSchema>;

export const tipRuleSchema = z.object({
  ruleId: z.number(),
  name: z.string(),
  basis: z.enum(TIP_BASES),
  /** Percent of the basis, two decimals at most (3.5 is 3.5 %). */
  percent: z.number(),
  sourceJobIds: z.array(z.number()),
  receivingJobId: z.number(),
  active: z.boolean(),
});
export type TipRule = z.infer<typeof tipRuleSchema>;

/** A percent with two decimals as basis points, and back. */
export const basisPointsOf = (percent: number): number => Math.round(percent * 100);
export const percentOf = (basisPoints: number): number => basisPoints / 100;

// --- The pool math ------------------------------------------------------------------------------------------

/** One employee's figures of a pay period, as the report reads them. */
export interface TipFigures {
  employeeId: number;
  /** Net sales of the sales rung up under them (items less returns less tax inside prices). */
  netSales: number;
  /** Tips on their sales from the ledger (card tips on the terminal; returns taken off). */
  cardTips: number;
  /** Cash tips they declared at clock-out. */
  cashTips: number;
  /** Seconds worked in the period, by job (unpaid breaks excluded). */
  secondsByJob: ReadonlyMap<number, number>;
}

export interface PoolRule {
  ruleId: number;
  basis: TipBasis;
  /** Basis points: 300 is 3 %. */
  percentBp: number;
  sourceJobIds: readonly number[];
  receivingJobId: number;
}

export type PoolStatus = 'shared' | 'no_receivers' | 'nothing_to_share';

export interface PoolResult {
  ruleId: number;
  /** What the rule took: the sum of the contributions (0 when nobody could receive it). */
  collected: number;
  status: PoolStatus;
  /** Employees who worked the receiving job, with their share. */
  shares: { employeeId: number; seconds: number; amount: number }[];
  /** What each source employee gave. */
  contributions: { employeeId: number; amount: number }[];
}

export interface TipOutcome {
  employeeId: number;
  cardTips: number;
  cashTips: number;
  tipOutPaid: number;
  tipOutReceived: number;
  netTips: number;
}

/** `percentBp` of `amount` cents, rounded half up to the cent; nothing of a negative amount. */
export const percentOfCents = (amount: number, percentBp: number): number =>
  amount <= 0 ? 0 : Math.floor((amount * percentBp + 5000) / 10000);

const worked = (figures: TipFigures, jobIds: readonly number[]) =>
  jobIds.reduce((sum, job) => sum + (figures.secondsByJob.get(job) ?? 0), 0);

function basisOf(rule: PoolRule, figures: TipFigures): number {
  if (rule.basis === 'net_sales') return figures.netSales;
  return figures.cardTips + figures.cashTips;
}

/**
 * One rule over the period: every employee who worked a source job gives the percent of their own basis
 * (their net sales, or their card and cash tips — before any tip-out, so rules never feed each other);
 * `unassigned_tips` takes the percent of the tips no employee took. The pool is shared among those who
 * worked the receiving job in proportion to their seconds worked in it, by the largest remainder, ties to
 * the lower employee id, so the shares add up to the pool exactly. Nobody worked the receiving job: nothing
 * is taken.
 */
export function sharePool(rule: PoolRule, people: readonly TipFigures[], unassignedTips: number): PoolResult {
  const byId = [...people].sort((a, b) => a.employeeId - b.employeeId);
  const receivers = byId
    // whole seconds: allocate() splits by integer weights
    .map((p) => ({
      employeeId: p.employeeId,
      seconds: Math.round(p.secondsByJob.get(rule.receivingJobId) ?? 0),
    }))
    .filter((r) => r.seconds > 0);
  const contributions =
    rule.basis === 'unassigned_tips'
      ? []
      : byId
          .filter((p) => worked(p, rule.sourceJobIds) > 0)
          .map((p) => ({
            employeeId: p.employeeId,
            amount: percentOfCents(basisOf(rule, p), rule.percentBp),
          }))
          .filter((c) => c.amount > 0);
  const pool =
    rule.basis === 'unassigned_tips'
      ? percentOfCents(unassignedTips, rule.percentBp)
      : contributions.reduce((sum, c) => sum + c.amount, 0);
  if (receivers.length === 0)
    return { ruleId: rule.ruleId, collected: 0, status: 'no_receivers', shares: [], contributions: [] };
  if (pool === 0)
    return {
      ruleId: rule.ruleId,
      collected: 0,
      status: 'nothing_to_share',
      shares: receivers.map((r) => ({ ...r, amount: 0 })),
      contributions: [],
    };
  const amounts = allocate(
    receivers.map((r) => r.seconds),
    pool,
  );
  return {
    ruleId: rule.ruleId,
    collected: pool,
    status: 'shared',
    shares: receivers.map((r, i) => ({ ...r, amount: amounts[i]! })),
    contributions,
  };
}

/** Every rule in turn (by rule id), and what it leaves each employee. */
export function distributeTips(
  rules: readonly PoolRule[],
  people: readonly TipFigures[],
  unassignedTips: number,
): { employees: TipOutcome[]; pools: PoolResult[] } {
  const pools = [...rules]
    .sort((a, b) => a.ruleId - b.ruleId)
    .map((r) => sharePool(r, people, unassignedTips));
  const paid = new Map<number, number>();
  const received = new Map<number, number>();
  for (const pool of pools) {
    for (const c of pool.contributions) paid.set(c.employeeId, (paid.get(c.employeeId) ?? 0) + c.amount);
    for (const s of pool.shares) received.set(s.employeeId, (received.get(s.employeeId) ?? 0) + s.amount);
  }
  const employees = people.map((p) => {
    const tipOutPaid = paid.get(p.employeeId) ?? 0;
    const tipOutReceived = received.get(p.employeeId) ?? 0;
    return {
      employeeId: p.employeeId,
      cardTips: p.cardTips,
      cashTips: p.cashTips,
      tipOutPaid,
      tipOutReceived,
      netTips: p.cardTips + p.cashTips - tipOutPaid + tipOutReceived,
    };
  });
  return { employees, pools };
}

// --- The report ---------------------------------------------------------------------------------------------

export const tipsQuerySchema = z.object({
  /** Any day of the pay period wanted (today by default), or an explicit range. */
  date: queryTime('date', 'date', 'date must be YYYY-MM-DD').optional(),
  from: queryTime('from', 'date', 'from must be YYYY-MM-DD').optional(),
  to: queryTime('to', 'date', 'to must be YYYY-MM-DD').optional(),
});

const tipFiguresSchema = z.object({
  hours: z.number(),
  netSales: z.number(),
  cardTips: z.number(),
  cashTips: z.number(),
  tipOutPaid: z.number(),
  tipOutReceived: z.number(),
  netTips: z.number(),
});

export const tipsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  rows: z.array(
    tipFiguresSchema.extend({
      /** Null: sales of an employee record deleted since. */
      employeeId: z.number().nullable(),
      name: z.string(),
    }),
  ),
  totals: tipFiguresSchema,
  /** Tips on sales with no server (online orders, the virtual terminal), and what rules pooled of them. */
  unassignedTips: z.number(),
  unassignedTipsPooled: z.number(),
  pools: z.array(
    z.object({
      ruleId: z.number(),
      name: z.string(),
      basis: z.enum(TIP_BASES),
      percent: z.number(),
      receivingJob: z.string(),
      collected: z.number(),
      status: z.enum(['shared', 'no_receivers', 'nothing_to_share']),
      receivers: z.number(),
    }),
  ),
});
export type TipsReport = z.infer<typeof tipsReportSchema>;
