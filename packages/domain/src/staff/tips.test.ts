import { describe, expect, it } from 'vitest';
import {
  distributeTips,
  type PoolRule,
  percentOfCents,
  sharePool,
  type TipFigures,
  tipRuleInputSchema,
} from './tips';

const SERVER = 1;
const BUSSER = 2;
const BAR = 3;
const HOUR = 3600;

const person = (employeeId: number, figures: Partial<Omit<TipFigures, 'employeeId'>> = {}): TipFigures => ({
  employeeId,
  netSales: 0,
  cardTips: 0,
  cashTips: 0,
  secondsByJob: new Map(),
  ...figures,
});
const hours = (entries: [number, number][]) => new Map(entries.map(([job, h]) => [job, h * HOUR]));
const rule = (extra: Partial<PoolRule> = {}): PoolRule => ({
  ruleId: 1,
  basis: 'net_sales',
  percentBp: 300,
  sourceJobIds: [SERVER],
  receivingJobId: BUSSER,
  ...extra,
});
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('percentOfCents', () => {
  it('rounds half up to the cent and takes nothing of a negative basis', () => {
    expect(percentOfCents(4000, 300)).toBe(120);
    expect(percentOfCents(1050, 300)).toBe(32); // 31.5 → 32
    expect(percentOfCents(1049, 300)).toBe(31); // 31.47 → 31
    expect(percentOfCents(-500, 300)).toBe(0);
    expect(percentOfCents(12345, 10000)).toBe(12345);
  });
});

describe('sharePool', () => {
  it('shares a pool by seconds worked, the odd cent to the largest remainder, adding up exactly', () => {
    const people = [
      person(10, { netSales: 4000, secondsByJob: hours([[SERVER, 8]]) }),
      person(11, { netSales: 5000, secondsByJob: hours([[SERVER, 4]]) }),
      person(20, { secondsByJob: hours([[BUSSER, 7]]) }),
      person(21, { secondsByJob: hours([[BUSSER, 4]]) }),
    ];
    const pool = sharePool(rule(), people, 0);
    expect(pool.status).toBe('shared');
    expect(pool.contributions).toEqual([
      { employeeId: 10, amount: 120 },
      { employeeId: 11, amount: 150 },
    ]);
    expect(pool.collected).toBe(270);
    // 270 × 7/11 = 171.82, 270 × 4/11 = 98.18: 171 + 98 = 269, the cent left goes to the larger remainder
    expect(pool.shares).toEqual([
      { employeeId: 20, seconds: 7 * HOUR, amount: 172 },
      { employeeId: 21, seconds: 4 * HOUR, amount: 98 },
    ]);
    expect(sum(pool.shares.map((s) => s.amount))).toBe(pool.collected);
  });

  it('gives equal remainders to the lower employee id, whatever order the people come in', () => {
    const receivers = [30, 12, 21].map((id) => person(id, { secondsByJob: hours([[BUSSER, 2]]) }));
    const source = person(1, { netSales: 3333, secondsByJob: hours([[SERVER, 1]]) });
    // 3 % of 3333 = 99.99 → 100 cents over three equal shares: 34, 33, 33
    const pool = sharePool(rule(), [...receivers, source], 0);
    expect(pool.collected).toBe(100);
    expect(pool.shares.map((s) => [s.employeeId, s.amount])).toEqual([
      [12, 34],
      [21, 33],
      [30, 33],
    ]);
  });

  it('takes nothing when nobody worked the receiving job', () => {
    const people = [person(10, { netSales: 4000, secondsByJob: hours([[SERVER, 8]]) })];
    const pool = sharePool(rule(), people, 0);
    expect(pool).toEqual({ ruleId: 1, collected: 0, status: 'no_receivers', shares: [], contributions: [] });
  });

  it('takes from those who worked a source job only, and never from a negative basis', () => {
    const people = [
      person(10, { netSales: 10000, secondsByJob: hours([[BAR, 5]]) }), // sold, but not as a server
      person(11, { netSales: -2000, secondsByJob: hours([[SERVER, 5]]) }), // returns outweigh sales
      person(20, { secondsByJob: hours([[BUSSER, 0]]) }),
    ];
    const pool = sharePool(rule(), [...people, person(21, { secondsByJob: hours([[BUSSER, 1]]) })], 0);
    expect(pool.contributions).toEqual([]);
    expect(pool.status).toBe('nothing_to_share');
    expect(pool.shares).toEqual([{ employeeId: 21, seconds: HOUR, amount: 0 }]);
  });

  it('takes a percent of card and cash tips on the tips basis', () => {
    const people = [
      person(10, { cardTips: 2500, cashTips: 1000, secondsByJob: hours([[SERVER, 6]]) }),
      person(30, { secondsByJob: hours([[BAR, 6]]) }),
    ];
    const pool = sharePool(rule({ basis: 'tips', percentBp: 2000, receivingJobId: BAR }), people, 0);
    expect(pool.contributions).toEqual([{ employeeId: 10, amount: 700 }]);
    expect(pool.shares).toEqual([{ employeeId: 30, seconds: 6 * HOUR, amount: 700 }]);
  });

  it('pools a percent of the tips no server took, from nobody’s pocket', () => {
    const people = [
      person(20, { secondsByJob: hours([[BUSSER, 1]]) }),
      person(21, { secondsByJob: hours([[BUSSER, 2]]) }),
    ];
    const pool = sharePool(
      rule({ basis: 'unassigned_tips', percentBp: 10000, sourceJobIds: [] }),
      people,
      1001,
    );
    expect(pool.contributions).toEqual([]);
    expect(pool.collected).toBe(1001);
    // 1001 × 1/3 = 333.67, × 2/3 = 667.33: 333 + 667 = 1000, the cent to the larger remainder (the first)
    expect(pool.shares.map((s) => s.amount)).toEqual([334, 667]);
  });
});

describe('distributeTips', () => {
  it('adds up to the cent: what everyone ends with is every tip plus the pooled unassigned ones', () => {
    const people = [
      person(10, { netSales: 123457, cardTips: 9999, cashTips: 1234, secondsByJob: hours([[SERVER, 7.3]]) }),
      person(11, { netSales: 98765, cardTips: 7777, cashTips: 0, secondsByJob: hours([[SERVER, 5.1]]) }),
      person(12, { netSales: 5, cardTips: 1, cashTips: 3, secondsByJob: hours([[SERVER, 0.2]]) }),
      person(20, { secondsByJob: hours([[BUSSER, 6.7]]) }),
      person(21, { secondsByJob: hours([[BUSSER, 3.3]]) }),
      person(22, { secondsByJob: hours([[BUSSER, 1.1]]) }),
      person(30, { cashTips: 500, secondsByJob: hours([[BAR, 8.9]]) }),
    ];
    const rules = [
      rule({ ruleId: 1, percentBp: 333 }),
      rule({ ruleId: 2, basis: 'tips', percentBp: 1750, receivingJobId: BAR }),
      rule({ ruleId: 3, basis: 'unassigned_tips', percentBp: 5000, sourceJobIds: [] }),
    ];
    const { employees, pools } = distributeTips(rules, people, 4321);
    const tips = sum(people.map((p) => p.cardTips + p.cashTips));
    expect(sum(employees.map((e) => e.netTips))).toBe(tips + percentOfCents(4321, 5000));
    expect(sum(employees.map((e) => e.tipOutPaid))).toBe(pools[0]!.collected + pools[1]!.collected);
    expect(sum(employees.map((e) => e.tipOutReceived))).toBe(sum(pools.map((p) => p.collected)));
    for (const pool of pools) expect(sum(pool.shares.map((s) => s.amount))).toBe(pool.collected);
    expect(employees.find((e) => e.employeeId === 10)).toEqual({
      employeeId: 10,
      cardTips: 9999,
      cashTips: 1234,
      // 3.33 % of 1234.57 = 41.11; 17.5 % of 112.33 = 19.66
      tipOutPaid: 4111 + 1966,
      tipOutReceived: 0,
      netTips: 9999 + 1234 - 4111 - 1966,
    });
  });

  it('leaves everyone their own tips without rules', () => {
    const people = [person(10, { cardTips: 300, cashTips: 1000 })];
    expect(distributeTips([], people, 500).employees).toEqual([
      { employeeId: 10, cardTips: 300, cashTips: 1000, tipOutPaid: 0, tipOutReceived: 0, netTips: 1300 },
    ]);
  });
});

describe('tipRuleInputSchema', () => {
  const messages = (input: unknown) => {
    const parsed = tipRuleInputSchema.safeParse(input);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };
  it('names every problem with its message', () => {
    expect(messages({ name: ' ', basis: 'sales', percent: 0 })).toEqual([
      'Name is required',
      'Basis must be net_sales, tips or unassigned_tips',
      'Percent must be between 0.01 and 100',
    ]);
    expect(
      messages({ name: 'x', basis: 'tips', percent: 3.333, sourceJobIds: [1], receivingJobId: 2 }),
    ).toEqual(['Percent can have at most two decimals']);
    expect(messages({ name: 'x', basis: 'tips', percent: 3 })).toEqual([
      'Choose at least one job that tips out',
      'Choose the job that receives the tip-out',
    ]);
    expect(messages({ name: 'x', basis: 'tips', percent: 3, sourceJobIds: [2], receivingJobId: 2 })).toEqual([
      'The receiving job cannot also tip out in the same rule',
    ]);
    expect(
      messages({ name: 'x', basis: 'unassigned_tips', percent: 3, sourceJobIds: [1], receivingJobId: 2 }),
    ).toEqual(['Tips with no server come from no job: leave the source jobs empty']);
    expect(
      messages({ name: 'x', basis: 'tips', percent: 3.25, sourceJobIds: [1], receivingJobId: 2 }),
    ).toEqual([]);
  });
});
