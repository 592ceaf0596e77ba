import type { Actor } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { validationError } from '@brigade/domain/errors';
import type { TimeClockSettings, Timesheet, TimesheetRow } from '@brigade/domain/staff/api';
import {
  addDays,
  hoursOf,
  payPeriodOf,
  type Shift,
  type ShiftPay,
  spreadByHour,
  startOfDay,
  weeklyOvertime,
  weekStartOf,
} from '@brigade/domain/staff/time-clock';
import { resolveCatalogueScope } from '../catalogue/index';
import { netSalesByHour } from '../ledger/index';
import { findRestaurant } from '../tenancy/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { clockSettingsOf } from './settings';
import {
  breaksOf,
  employeesByIds,
  entriesBetween,
  jobTitlesOf,
  type RestaurantScope,
} from './staff-repository';
import { displayName, entryView } from './staff-view';

/**
 * Timesheets (docs/behaviour/time-clock.md#timesheets), for managers: a pay period's shifts per employee,
 * regular and overtime hours (overtime by work week, the week's earlier shifts counted even when they fall
 * before the period), wages from each shift's wage, declared tips, and labour cost against the ledger's net
 * sales by day and hour.
 */

export const RANGE_TOO_LONG = 'A timesheet covers at most 62 days';
export const RANGE_BACKWARDS = 'from must not be after to';

type Query = { date?: string | undefined; from?: string | undefined; to?: string | undefined };

function rangeOf(query: Query, today: string, settings: TimeClockSettings) {
  if (!query.from && !query.to) return payPeriodOf(query.date ?? today, settings);
  const from = query.from ?? query.to!;
  const to = query.to ?? query.from!;
  if (from > to) throw validationError(RANGE_BACKWARDS, [{ path: 'from', message: RANGE_BACKWARDS }]);
  if (addDays(from, 61) < to)
    throw validationError(RANGE_TOO_LONG, [{ path: 'to', message: RANGE_TOO_LONG }]);
  return { from, to };
}

const EMPTY = { shifts: 0, regularSeconds: 0, overtimeSeconds: 0, regularPay: 0, overtimePay: 0, tips: 0 };
type Sums = typeof EMPTY;
const add = (sums: Sums, pay: ShiftPay): Sums => ({
  shifts: sums.shifts + 1,
  regularSeconds: sums.regularSeconds + pay.regularSeconds,
  overtimeSeconds: sums.overtimeSeconds + pay.overtimeSeconds,
  regularPay: sums.regularPay + pay.regularPay,
  overtimePay: sums.overtimePay + pay.overtimePay,
  tips: sums.tips + pay.shift.declaredTips,
});
const figuresOf = (sums: Sums) => ({
  shifts: sums.shifts,
  regularHours: hoursOf(sums.regularSeconds),
  overtimeHours: hoursOf(sums.overtimeSeconds),
  regularPay: sums.regularPay,
  overtimePay: sums.overtimePay,
  wages: sums.regularPay + sums.overtimePay,
  declaredTips: sums.tips,
});

export async function getTimesheet(
  deps: UseCaseDeps & { now?: () => Date },
  actor: Actor,
  input: RestaurantScope & Query,
): Promise<Timesheet> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const { timezone } = await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const now = deps.now?.() ?? new Date();
  const { from, to, settings, rows, breaks, pays } = await periodPays(deps, scope, input, { now, timezone });
  const people = await employeesByIds(deps.db, scope, [...new Set(pays.map((p) => p.shift.employeeId))]);
  const titles = new Map((await jobTitlesOf(deps.db, scope)).map((t) => [t.jobId, t.title]));
  const restaurant = await findRestaurant(deps.db, scope.tenantId, scope.restaurantId);
  return {
    from,
    to,
    currency: restaurant?.settings.currency ?? 'USD',
    settings,
    ...employeeRows(pays, new Map(people.map((p) => [p.employeeId, displayName(p)]))),
    entries: pays.map((pay) => entryView(rows.find((r) => r.entryId === pay.shift.entryId)!, breaks, titles)),
    labour: await labourByDay(deps, scope, { from, to }, pays, { now, timezone }),
  };
}

/**
 * A pay period's shifts with their pay (the period holding `date`, today by default, or `from`–`to`): the
 * shifts that began on its days, overtime counted from the start of the first work week. The tips report
 * reads the hours worked by job from the same.
 */
export async function periodPays(
  deps: UseCaseDeps,
  scope: RestaurantScope,
  query: Query,
  clock: { now: Date; timezone: string },
) {
  const { now, timezone } = clock;
  const dateOf = (at: Date) => toLocalMoment(at.toISOString(), timezone).date;
  const settings = await clockSettingsOf(deps.db, scope);
  const { from, to } = rangeOf(query, dateOf(now), settings);
  // the whole first work week, so that its earlier hours count toward overtime
  const loadFrom = startOfDay(weekStartOf(from, settings.weekStartsOn), timezone);
  const rows = await entriesBetween(deps.db, scope, loadFrom, startOfDay(addDays(to, 1), timezone));
  const breaks = await breaksOf(
    deps.db,
    scope,
    rows.map((r) => r.entryId),
  );
  const shifts: Shift[] = rows.map((row) => ({
    ...row,
    breaks: breaks.filter((b) => b.entryId === row.entryId),
  }));
  const pays = weeklyOvertime(shifts, {
    weeklyHours: settings.overtimeWeeklyHours,
    weekStartsOn: settings.weekStartsOn,
    now,
    dateOf,
  }).filter((pay) => pay.date >= from && pay.date <= to);
  return { from, to, settings, rows, breaks, pays };
}

function employeeRows(pays: ShiftPay[], names: ReadonlyMap<number, string>) {
  const byEmployee = new Map<number, Sums>();
  for (const pay of pays)
    byEmployee.set(pay.shift.employeeId, add(byEmployee.get(pay.shift.employeeId) ?? EMPTY, pay));
  const rows: TimesheetRow[] = [...byEmployee].map(([employeeId, sums]) => ({
    employeeId,
    name: names.get(employeeId) ?? `Employee ${employeeId}`,
    ...figuresOf(sums),
    openShift: pays.some((p) => p.shift.employeeId === employeeId && p.shift.clockOutAt === null),
  }));
  rows.sort((a, b) => a.name.localeCompare(b.name) || a.employeeId - b.employeeId);
  return { rows, totals: figuresOf(pays.reduce(add, EMPTY)) };
}

async function labourByDay(
  deps: UseCaseDeps,
  scope: RestaurantScope,
  range: { from: string; to: string },
  pays: ShiftPay[],
  clock: { now: Date; timezone: string },
): Promise<Timesheet['labour']> {
  const hourOf = (at: Date) => {
    const local = toLocalMoment(at.toISOString(), clock.timezone);
    return { date: local.date, hour: Math.floor(local.minutes / 60) };
  };
  const cost = new Map<string, number>();
  for (const pay of pays)
    for (const [key, cents] of spreadByHour(pay, clock.now, hourOf))
      cost.set(key, (cost.get(key) ?? 0) + cents);
  const sales = new Map<string, number>();
  for (const row of await netSalesByHour(deps.db, scope, range))
    sales.set(`${row.date} ${String(row.hour).padStart(2, '0')}`, row.netSales);
  const days: Timesheet['labour'] = [];
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) {
    const hours = Array.from({ length: 24 }, (_, hour) => {
      const key = `${date} ${String(hour).padStart(2, '0')}`;
      return { hour, labourCost: Math.round(cost.get(key) ?? 0), netSales: sales.get(key) ?? 0 };
    }).filter((h) => h.labourCost > 0 || h.netSales !== 0);
    const labourCost = hours.reduce((sum, h) => sum + h.labourCost, 0);
    const netSales = hours.reduce((sum, h) => sum + h.netSales, 0);
    const labourPercent = netSales > 0 ? Math.round((labourCost / netSales) * 1000) / 10 : null;
    days.push({ date, labourCost, netSales, labourPercent, hours });
  }
  return days;
}
