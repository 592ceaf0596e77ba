import type { Executor } from '@brigade/db/database';
import {
  canClockIn,
  canManageOthers,
  type EmployeeRole,
  type EmployeeStatus,
  effectiveWage,
  hasKitchenAccess,
} from '@brigade/domain/catalogue/employee';
import type { ClockState, RegisterStaff, TimeEntry } from '@brigade/domain/staff/api';
import {
  type BreakRow,
  breaksOf,
  type EmployeeRow,
  type EntryRow,
  employeesByGuids,
  jobTitlesOf,
  openEntryOf,
  type RestaurantScope,
} from './staff-repository';

/** How the register and the timesheets show an employee, a shift and the clock. */

/** Employees by guid (the servers sales are recorded under), with their id and display name. */
export async function employeesByGuid(
  ex: Executor,
  scope: RestaurantScope,
  guids: readonly string[],
): Promise<Map<string, { employeeId: number; name: string }>> {
  const rows = await employeesByGuids(ex, scope, [...new Set(guids)]);
  return new Map(rows.map((row) => [row.guid, { employeeId: row.employeeId, name: displayName(row) }]));
}

export const displayName = (e: Pick<EmployeeRow, 'firstName' | 'lastName' | 'chosenName'>) =>
  `${e.chosenName || e.firstName} ${e.lastName}`;

/** The employee as the derivations read it (the stored row's text columns are the domain's enums). */
export const asEmployee = (e: EmployeeRow) => ({
  ...e,
  role: e.role as EmployeeRole,
  status: e.status as EmployeeStatus,
  hourlyRate: e.hourlyRate ?? undefined,
  jobAssignments: e.jobAssignments.map(({ jobId, isActive, wageOverride }) => ({
    jobId,
    isActive,
    wageOverride,
  })),
});

export const entryView = (
  entry: EntryRow,
  breaks: BreakRow[],
  titles: ReadonlyMap<number, string>,
): TimeEntry => ({
  entryId: entry.entryId,
  employeeId: entry.employeeId,
  jobId: entry.jobId,
  jobTitle: titles.get(entry.jobId) ?? null,
  wage: entry.wage,
  clockInAt: entry.clockInAt,
  clockOutAt: entry.clockOutAt,
  declaredTips: entry.declaredTips,
  breaks: breaks
    .filter((b) => b.entryId === entry.entryId)
    .map(({ breakId, paid, startedAt, endedAt }) => ({ breakId, paid, startedAt, endedAt })),
  editedBy: entry.editedBy,
  editReason: entry.editReason,
});

export async function clockStateOf(
  ex: Executor,
  scope: RestaurantScope,
  employeeId: number,
  titles: ReadonlyMap<number, string>,
): Promise<ClockState> {
  const entry = await openEntryOf(ex, scope, employeeId);
  if (!entry) return { status: 'off', entry: null };
  const breaks = await breaksOf(ex, scope, [entry.entryId]);
  const onBreak = breaks.some((b) => b.endedAt === null);
  return { status: onBreak ? 'break' : 'on', entry: entryView(entry, breaks, titles) };
}

/**
 * The wage a shift in `jobId` is paid, in cents an hour: the derived wage (the job's wageOverride, else the
 * hourly rate), else the job title's default wage.
 */
export function shiftWage(employee: EmployeeRow, jobId: number, defaultWage: number | undefined): number {
  const wage = effectiveWage(asEmployee(employee), jobId) ?? defaultWage ?? 0;
  return Math.round(wage * 100);
}

export async function staffView(
  ex: Executor,
  scope: RestaurantScope,
  employee: EmployeeRow,
): Promise<RegisterStaff> {
  const titles = new Map((await jobTitlesOf(ex, scope)).map((t) => [t.jobId, t.title]));
  const e = asEmployee(employee);
  return {
    employeeId: e.employeeId,
    name: displayName(e),
    role: e.role,
    canManageOthers: canManageOthers(e),
    hasKitchenAccess: hasKitchenAccess(e),
    canClockIn: canClockIn(e),
    jobs: e.jobAssignments
      .filter((a) => a.isActive)
      .map((a) => ({ jobId: a.jobId, title: titles.get(a.jobId) ?? `Job ${a.jobId}` })),
    clock: await clockStateOf(ex, scope, e.employeeId, titles),
  };
}
