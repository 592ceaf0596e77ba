import type { Actor } from '@brigade/domain/access';
import { hoursOf, type ShiftPay } from '@brigade/domain/staff/time-clock';
import {
  distributeTips,
  type PoolResult,
  type TipFigures,
  type TipRule,
  type TipsReport,
} from '@brigade/domain/staff/tips';
import { resolveCatalogueScope } from '../catalogue/index';
import { tipsByServer } from '../ledger/index';
import { findRestaurant } from '../tenancy/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { employeesByGuids, employeesByIds, jobTitlesOf, type RestaurantScope } from './staff-repository';
import { displayName } from './staff-view';
import { periodPays } from './timesheets';
import { tipRulesOf } from './tip-repository';
import { tipRuleOf } from './tip-rules';

/**
 * The tips report of a pay period (docs/behaviour/tips.md#the-tips-report), for managers: per employee the
 * tips on the sales rung up under them (the ledger's tip lines), the cash tips they declared at clock-out,
 * what the restaurant's tip-out rules take from them and give them (by hours worked in each job, from the time
 * clock), and their net tips. Computed when read, like the timesheet: a corrected shift changes it at once.
 */

type Query = { date?: string | undefined; from?: string | undefined; to?: string | undefined };
type Figures = TipFigures & { secondsByJob: Map<number, number> };

const blank = (employeeId: number): Figures => ({
  employeeId,
  netSales: 0,
  cardTips: 0,
  cashTips: 0,
  secondsByJob: new Map(),
});

/** Hours by job and declared tips of every employee who worked in the period. */
function clockFigures(pays: readonly ShiftPay[]): Map<number, Figures> {
  const people = new Map<number, Figures>();
  for (const pay of pays) {
    const figures = people.get(pay.shift.employeeId) ?? blank(pay.shift.employeeId);
    const seconds = pay.regularSeconds + pay.overtimeSeconds;
    figures.secondsByJob.set(pay.shift.jobId, (figures.secondsByJob.get(pay.shift.jobId) ?? 0) + seconds);
    figures.cashTips += pay.shift.declaredTips;
    people.set(pay.shift.employeeId, figures);
  }
  return people;
}

export async function getTipsReport(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: RestaurantScope & Query,
): Promise<TipsReport> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const { timezone } = await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const now = deps.now?.() ?? new Date();
  const { from, to, pays } = await periodPays(deps, scope, input, { now, timezone });
  const people = clockFigures(pays);
  const sales = await tipsByServer(deps.db, scope, { from, to });
  const servers = await employeesByGuids(
    deps.db,
    scope,
    sales.flatMap((row) => (row.serverEmployeeId ? [row.serverEmployeeId] : [])),
  );
  const { former, unassignedTips } = addSales(
    people,
    sales,
    new Map(servers.map((s) => [s.guid, s.employeeId])),
  );
  const rules = (await tipRulesOf(deps.db, scope)).filter((rule) => rule.active);
  const outcome = distributeTips(
    rules.map((rule) => ({ ...rule, basis: tipRuleOf(rule).basis })),
    [...people.values()],
    unassignedTips,
  );
  const names = new Map(
    (await employeesByIds(deps.db, scope, [...people.keys()])).map((e) => [e.employeeId, displayName(e)]),
  );
  const titles = new Map((await jobTitlesOf(deps.db, scope)).map((t) => [t.jobId, t.title]));
  const rows: TipsReport['rows'] = outcome.employees.map((e) => {
    const seconds = [...people.get(e.employeeId)!.secondsByJob.values()].reduce((a, b) => a + b, 0);
    const { employeeId: _id, ...money } = e;
    return {
      employeeId: e.employeeId,
      name: names.get(e.employeeId) ?? `Employee ${e.employeeId}`,
      hours: hoursOf(seconds),
      netSales: people.get(e.employeeId)!.netSales,
      ...money,
    };
  });
  rows.sort((a, b) => a.name.localeCompare(b.name) || (a.employeeId ?? 0) - (b.employeeId ?? 0));
  if (former.cardTips !== 0 || former.netSales !== 0)
    rows.push({
      employeeId: null,
      name: 'Former employees',
      hours: 0,
      ...former,
      cashTips: 0,
      tipOutPaid: 0,
      tipOutReceived: 0,
      netTips: former.cardTips,
    });
  const pools = poolsOf(outcome.pools, rules.map(tipRuleOf), titles);
  const restaurant = await findRestaurant(deps.db, scope.tenantId, scope.restaurantId);
  return {
    from,
    to,
    currency: restaurant?.settings.currency ?? 'USD',
    rows,
    totals: totalsOf(rows),
    unassignedTips,
    unassignedTipsPooled: pools
      .filter((p) => p.basis === 'unassigned_tips')
      .reduce((s, p) => s + p.collected, 0),
    pools,
  };
}

/**
 * The ledger's tips and net sales into each server's figures. Tips without a server are the unassigned ones;
 * sales of a record deleted since are kept apart, outside the rules (nobody to take from).
 */
function addSales(
  people: Map<number, Figures>,
  sales: readonly { serverEmployeeId: string | null; tips: number; netSales: number }[],
  idOf: ReadonlyMap<string, number>,
) {
  const former = { cardTips: 0, netSales: 0 };
  let unassignedTips = 0;
  for (const row of sales) {
    const employeeId = row.serverEmployeeId ? idOf.get(row.serverEmployeeId) : undefined;
    if (!row.serverEmployeeId) unassignedTips += row.tips;
    else if (employeeId === undefined) {
      former.cardTips += row.tips;
      former.netSales += row.netSales;
    } else {
      const figures = people.get(employeeId) ?? blank(employeeId);
      figures.cardTips += row.tips;
      figures.netSales += row.netSales;
      people.set(employeeId, figures);
    }
  }
  return { former, unassignedTips };
}

function poolsOf(
  pools: readonly PoolResult[],
  rules: readonly TipRule[],
  titles: ReadonlyMap<number, string>,
): TipsReport['pools'] {
  return pools.map((pool) => {
    const rule = rules.find((r) => r.ruleId === pool.ruleId)!;
    return {
      ruleId: rule.ruleId,
      name: rule.name,
      basis: rule.basis,
      percent: rule.percent,
      receivingJob: titles.get(rule.receivingJobId) ?? `Job ${rule.receivingJobId}`,
      collected: pool.collected,
      status: pool.status,
      receivers: pool.shares.length,
    };
  });
}

function totalsOf(rows: TipsReport['rows']): TipsReport['totals'] {
  const sum = (key: keyof TipsReport['totals']) => rows.reduce((total, row) => total + row[key], 0);
  return {
    hours: Math.round(sum('hours') * 100) / 100,
    netSales: sum('netSales'),
    cardTips: sum('cardTips'),
    cashTips: sum('cashTips'),
    tipOutPaid: sum('tipOutPaid'),
    tipOutReceived: sum('tipOutReceived'),
    netTips: sum('netTips'),
  };
}
