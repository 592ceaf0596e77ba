import type { Executor } from '@brigade/db/database';
import { canClockIn } from '@brigade/domain/catalogue/employee';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import {
  ALREADY_CLOCKED_IN,
  ALREADY_ON_BREAK,
  CHOOSE_JOB,
  CLOCK_IN_REFUSED,
  END_BREAK_FIRST,
  JOB_NOT_HELD,
  NOT_CLOCKED_IN,
  NOT_ON_BREAK,
  type PUNCH_ACTIONS,
  type punchSchema,
} from '@brigade/domain/staff/api';
import type { z } from 'zod';
import { isUniqueViolation } from '../db-errors';
import {
  breaksOf,
  type EmployeeRow,
  type EntryRow,
  endOpenBreak,
  insertBreaks,
  insertEntry,
  jobTitlesOf,
  openEntryOf,
  type RestaurantScope,
  updateEntry,
} from './staff-repository';
import { asEmployee, shiftWage } from './staff-view';

/**
 * One punch of the time clock (docs/behaviour/time-clock.md#the-time-clock), in the caller's transaction:
 * clock in (by the clock-in rule), a break starts or ends, clock out with the cash tips declared. The open
 * shift is read FOR UPDATE, and one open shift per employee is also a unique index.
 */

type Body = z.output<typeof punchSchema> & { action: (typeof PUNCH_ACTIONS)[number] };
interface Punch {
  employee: EmployeeRow;
  deviceId: number;
  body: Body;
}

const conflict = (code: string, message: string) => new BrigadeError('conflict', code, message);

export async function punch(tx: Executor, scope: RestaurantScope, call: Punch) {
  try {
    return await punchOnce(tx, scope, call);
  } catch (error) {
    // two punches at once: the partial unique indexes let one through
    if (isUniqueViolation(error, 'time_entries_open_key'))
      throw conflict('ALREADY_CLOCKED_IN', ALREADY_CLOCKED_IN);
    if (isUniqueViolation(error, 'time_breaks_open_key'))
      throw conflict('ALREADY_ON_BREAK', ALREADY_ON_BREAK);
    throw error;
  }
}

async function punchOnce(tx: Executor, scope: RestaurantScope, { employee, deviceId, body }: Punch) {
  const open = await openEntryOf(tx, scope, employee.employeeId);
  const now = new Date();
  if (body.action === 'clock_in') {
    if (open) throw conflict('ALREADY_CLOCKED_IN', ALREADY_CLOCKED_IN);
    return clockIn(tx, scope, employee, deviceId, body.jobId, now);
  }
  if (!open) throw conflict('NOT_CLOCKED_IN', NOT_CLOCKED_IN);
  const onBreak = (await breaksOf(tx, scope, [open.entryId])).some((b) => b.endedAt === null);
  if (body.action === 'start_break') {
    if (onBreak) throw conflict('ALREADY_ON_BREAK', ALREADY_ON_BREAK);
    await insertBreaks(tx, [{ ...scope, entryId: open.entryId, paid: body.paid ?? false, startedAt: now }]);
    return open;
  }
  if (body.action === 'end_break') {
    if (!onBreak) throw conflict('NOT_ON_BREAK', NOT_ON_BREAK);
    await endOpenBreak(tx, open, now);
    return open;
  }
  if (onBreak) throw conflict('END_BREAK_FIRST', END_BREAK_FIRST);
  return clockOut(tx, open, body.declaredTips ?? 0, now);
}

async function clockIn(
  tx: Executor,
  scope: RestaurantScope,
  employee: EmployeeRow,
  deviceId: number,
  jobId: number | undefined,
  now: Date,
): Promise<EntryRow> {
  // An employee can clock in only when active and holding at least one active job assignment
  if (!canClockIn(asEmployee(employee))) throw conflict('CLOCK_IN_REFUSED', CLOCK_IN_REFUSED);
  const held = employee.jobAssignments.filter((a) => a.isActive);
  const chosen = jobId ?? (held.length === 1 ? held[0]!.jobId : undefined);
  if (chosen === undefined) throw validationError(CHOOSE_JOB, [{ path: 'jobId', message: CHOOSE_JOB }]);
  if (!held.some((a) => a.jobId === chosen))
    throw validationError(JOB_NOT_HELD, [{ path: 'jobId', message: JOB_NOT_HELD }]);
  const titles = await jobTitlesOf(tx, scope);
  const defaultWage = titles.find((t) => t.jobId === chosen)?.defaultWage;
  return insertEntry(tx, {
    ...scope,
    employeeId: employee.employeeId,
    jobId: chosen,
    wage: shiftWage(employee, chosen, defaultWage),
    clockInAt: now,
    deviceId,
  });
}

const clockOut = (tx: Executor, open: EntryRow, declaredTips: number, now: Date) =>
  updateEntry(tx, open, { clockOutAt: now, declaredTips });
