import type { Executor } from '@brigade/db/database';
import { employees, jobTitles, type StoredJobAssignment } from '@brigade/db/schema/catalogue';
import { posDevices } from '@brigade/db/schema/pos';
import { employeePasscodes, timeBreaks, timeClockSettings, timeEntries } from '@brigade/db/schema/staff';
import { and, asc, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import { scopeWhere } from '../catalogue/index';

/** The staff area's rows (packages/db/src/schema/staff.ts). Private to the area. */

export interface RestaurantScope {
  tenantId: number;
  restaurantId: number;
}

export type EntryRow = typeof timeEntries.$inferSelect;
export type BreakRow = typeof timeBreaks.$inferSelect;
export type SettingsRow = typeof timeClockSettings.$inferSelect;

const employeeColumns = {
  employeeId: employees.employeeId,
  guid: employees.guid,
  firstName: employees.firstName,
  lastName: employees.lastName,
  chosenName: employees.chosenName,
  role: employees.role,
  status: employees.status,
  hourlyRate: employees.hourlyRate,
  posAccess: employees.posAccess,
  kitchenAccess: employees.kitchenAccess,
  managerAccess: employees.managerAccess,
  posAccessConfig: employees.posAccessConfig,
  jobAssignments: employees.jobAssignments,
  userId: employees.userId,
};
export type EmployeeRow = {
  [K in keyof typeof employeeColumns]: (typeof employees.$inferSelect)[K];
} & { jobAssignments: StoredJobAssignment[] };

export async function findEmployee(ex: Executor, scope: RestaurantScope, by: number | string) {
  const [row] = await ex
    .select(employeeColumns)
    .from(employees)
    .where(
      and(
        scopeWhere(employees, scope),
        typeof by === 'number' ? eq(employees.employeeId, by) : eq(employees.guid, by),
      ),
    )
    .limit(1);
  return (row as EmployeeRow | undefined) ?? null;
}

/** The employee record linked to a Brigade user in this restaurant, if any. */
export async function employeeOfUser(ex: Executor, scope: RestaurantScope, userId: string) {
  const [row] = await ex
    .select(employeeColumns)
    .from(employees)
    .where(and(scopeWhere(employees, scope), eq(employees.userId, userId)))
    .orderBy(asc(employees.employeeId))
    .limit(1);
  return (row as EmployeeRow | undefined) ?? null;
}

/** An employee's guid (what orders name their server by), found by id or by the linked Brigade user. */
export async function employeeGuidOf(
  ex: Executor,
  scope: RestaurantScope,
  by: { employeeId: number } | { userId: string },
): Promise<string | null> {
  const [row] = await ex
    .select({ guid: employees.guid })
    .from(employees)
    .where(
      and(
        scopeWhere(employees, scope),
        'employeeId' in by ? eq(employees.employeeId, by.employeeId) : eq(employees.userId, by.userId),
      ),
    )
    .orderBy(asc(employees.employeeId))
    .limit(1);
  return row?.guid ?? null;
}

/** Employees named by guid (servers of sales), with their numeric id and names. */
export async function employeesByGuids(ex: Executor, scope: RestaurantScope, guids: string[]) {
  if (guids.length === 0) return [];
  return ex
    .select(employeeColumns)
    .from(employees)
    .where(and(scopeWhere(employees, scope), inArray(employees.guid, guids)));
}

/** The restaurant's active employees. */
export async function activeEmployees(ex: Executor, scope: RestaurantScope) {
  return (await ex
    .select(employeeColumns)
    .from(employees)
    .where(and(scopeWhere(employees, scope), eq(employees.status, 'active')))
    .orderBy(asc(employees.employeeId))
    .limit(1000)) as EmployeeRow[];
}

export async function employeesByIds(ex: Executor, scope: RestaurantScope, ids: number[]) {
  if (ids.length === 0) return [];
  return (await ex
    .select(employeeColumns)
    .from(employees)
    .where(and(scopeWhere(employees, scope), inArray(employees.employeeId, ids)))) as EmployeeRow[];
}

/** The employee whose passcode hashes to `hash` in this restaurant, if any. */
export async function employeeByPasscode(ex: Executor, scope: RestaurantScope, hash: string) {
  const [row] = await ex
    .select({ employeeId: employeePasscodes.employeeId })
    .from(employeePasscodes)
    .where(and(scopeWhere(employeePasscodes, scope), eq(employeePasscodes.passcodeHash, hash)))
    .limit(1);
  return row ? findEmployee(ex, scope, row.employeeId) : null;
}

export async function passcodeOf(ex: Executor, scope: RestaurantScope, employeeId: number) {
  const [row] = await ex
    .select({ setAt: employeePasscodes.setAt, passcodeHash: employeePasscodes.passcodeHash })
    .from(employeePasscodes)
    .where(and(scopeWhere(employeePasscodes, scope), eq(employeePasscodes.employeeId, employeeId)))
    .limit(1);
  return row ?? null;
}

/** Another employee of the restaurant who holds this hash (the unique index is the last word). */
export async function passcodeHolder(ex: Executor, scope: RestaurantScope, hash: string, employeeId: number) {
  const [row] = await ex
    .select({ employeeId: employeePasscodes.employeeId })
    .from(employeePasscodes)
    .where(
      and(
        scopeWhere(employeePasscodes, scope),
        eq(employeePasscodes.passcodeHash, hash),
        ne(employeePasscodes.employeeId, employeeId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Replaces a legacy passcode hash by its peppered form (the code, its setter and its date stay). */
export async function repepperPasscode(
  ex: Executor,
  scope: RestaurantScope,
  change: { employeeId: number; from: string; to: string },
): Promise<void> {
  await ex
    .update(employeePasscodes)
    .set({ passcodeHash: change.to })
    .where(
      and(
        scopeWhere(employeePasscodes, scope),
        eq(employeePasscodes.employeeId, change.employeeId),
        eq(employeePasscodes.passcodeHash, change.from),
      ),
    );
}

export async function savePasscode(
  ex: Executor,
  row: RestaurantScope & { employeeId: number; passcodeHash: string; setBy: string },
): Promise<Date> {
  const [saved] = await ex
    .insert(employeePasscodes)
    .values(row)
    .onConflictDoUpdate({
      target: [employeePasscodes.tenantId, employeePasscodes.restaurantId, employeePasscodes.employeeId],
      set: { passcodeHash: row.passcodeHash, setBy: row.setBy, setAt: new Date() },
    })
    .returning({ setAt: employeePasscodes.setAt });
  return saved!.setAt;
}

export async function deletePasscode(ex: Executor, scope: RestaurantScope, employeeId: number) {
  await ex
    .delete(employeePasscodes)
    .where(and(scopeWhere(employeePasscodes, scope), eq(employeePasscodes.employeeId, employeeId)));
}

export async function jobTitlesOf(ex: Executor, scope: RestaurantScope) {
  return ex
    .select({ jobId: jobTitles.jobId, title: jobTitles.title, defaultWage: jobTitles.defaultWage })
    .from(jobTitles)
    .where(scopeWhere(jobTitles, scope));
}

// --- The register's staff -------------------------------------------------------------------------------

export async function setRegisterStaff(
  ex: Executor,
  scope: RestaurantScope,
  deviceId: number,
  employeeId: number | null,
) {
  await ex
    .update(posDevices)
    .set({ staffEmployeeId: employeeId, staffUnlockedAt: employeeId === null ? null : new Date() })
    .where(and(scopeWhere(posDevices, scope), eq(posDevices.deviceId, deviceId)));
}

/** The register refused passcodes after too many wrong ones: kept for managers (Registers). */
export async function markPasscodeLocked(ex: Executor, scope: RestaurantScope, deviceId: number) {
  await ex
    .update(posDevices)
    .set({ passcodeLockedAt: new Date() })
    .where(and(scopeWhere(posDevices, scope), eq(posDevices.deviceId, deviceId)));
}

// --- Time entries -----------------------------------------------------------------------------------------

export async function openEntryOf(ex: Executor, scope: RestaurantScope, employeeId: number) {
  const [row] = await ex
    .select()
    .from(timeEntries)
    .where(
      and(
        scopeWhere(timeEntries, scope),
        eq(timeEntries.employeeId, employeeId),
        isNull(timeEntries.clockOutAt),
      ),
    )
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function findEntry(ex: Executor, scope: RestaurantScope, entryId: number) {
  const [row] = await ex
    .select()
    .from(timeEntries)
    .where(and(scopeWhere(timeEntries, scope), eq(timeEntries.entryId, entryId)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export async function insertEntry(ex: Executor, row: typeof timeEntries.$inferInsert): Promise<EntryRow> {
  const [inserted] = await ex.insert(timeEntries).values(row).returning();
  return inserted!;
}

export async function updateEntry(
  ex: Executor,
  entry: EntryRow,
  set: Partial<typeof timeEntries.$inferInsert>,
): Promise<EntryRow> {
  const [updated] = await ex
    .update(timeEntries)
    .set(set)
    .where(and(scopeWhere(timeEntries, entry), eq(timeEntries.entryId, entry.entryId)))
    .returning();
  return updated!;
}

export async function breaksOf(ex: Executor, scope: RestaurantScope, entryIds: number[]) {
  if (entryIds.length === 0) return [];
  return ex
    .select()
    .from(timeBreaks)
    .where(and(scopeWhere(timeBreaks, scope), inArray(timeBreaks.entryId, entryIds)))
    .orderBy(asc(timeBreaks.startedAt), asc(timeBreaks.breakId));
}

export async function insertBreaks(ex: Executor, rows: (typeof timeBreaks.$inferInsert)[]) {
  if (rows.length > 0) await ex.insert(timeBreaks).values(rows);
}

export async function endOpenBreak(ex: Executor, entry: EntryRow, at: Date) {
  return ex
    .update(timeBreaks)
    .set({ endedAt: at })
    .where(
      and(scopeWhere(timeBreaks, entry), eq(timeBreaks.entryId, entry.entryId), isNull(timeBreaks.endedAt)),
    )
    .returning({ breakId: timeBreaks.breakId });
}

export async function deleteBreaks(ex: Executor, entry: EntryRow) {
  await ex
    .delete(timeBreaks)
    .where(and(scopeWhere(timeBreaks, entry), eq(timeBreaks.entryId, entry.entryId)));
}

/** Shifts that began in [from, to), every employee, oldest first. */
export async function entriesBetween(ex: Executor, scope: RestaurantScope, from: Date, to: Date) {
  return ex
    .select()
    .from(timeEntries)
    .where(
      and(scopeWhere(timeEntries, scope), gte(timeEntries.clockInAt, from), lt(timeEntries.clockInAt, to)),
    )
    .orderBy(asc(timeEntries.clockInAt), asc(timeEntries.entryId));
}

// --- Settings ----------------------------------------------------------------------------------------------

export async function readClockSettings(ex: Executor, scope: RestaurantScope) {
  const [row] = await ex
    .select()
    .from(timeClockSettings)
    .where(scopeWhere(timeClockSettings, scope))
    .limit(1);
  return row ?? null;
}

export async function saveClockSettings(ex: Executor, row: SettingsRow) {
  const { tenantId: _t, restaurantId: _r, ...set } = row;
  await ex
    .insert(timeClockSettings)
    .values(row)
    .onConflictDoUpdate({ target: [timeClockSettings.tenantId, timeClockSettings.restaurantId], set });
}
