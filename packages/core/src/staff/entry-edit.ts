import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import {
  ALREADY_CLOCKED_IN,
  BREAK_OUTSIDE_SHIFT,
  CLOCK_OUT_BEFORE_IN,
  ENTRY_NOT_FOUND,
  editTimeEntrySchema,
  JOB_NOT_HELD,
  type TimeEntry,
} from '@brigade/domain/staff/api';
import { resolveCatalogueScope } from '../catalogue/index';
import { isUniqueViolation } from '../db-errors';
import { type UseCaseDeps, userIdOf } from '../use-case';
import {
  breaksOf,
  deleteBreaks,
  findEmployee,
  findEntry,
  insertBreaks,
  jobTitlesOf,
  type RestaurantScope,
  updateEntry,
} from './staff-repository';
import { entryView, shiftWage } from './staff-view';

/**
 * A manager corrects a shift (docs/behaviour/time-clock.md#corrections): its times, job, breaks or declared
 * tips, always with a reason. The entry keeps who changed it last and why; the audit log's trigger keeps
 * every change's before and after with that reason (decision 019). One transaction (the request's).
 */
export async function editTimeEntry(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { entryId: number; body: unknown },
): Promise<TimeEntry> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const body = editTimeEntrySchema.parse(input.body);
  const entry = await findEntry(deps.db, scope, input.entryId);
  if (!entry) throw notFound(ENTRY_NOT_FOUND, 'TIME_ENTRY_NOT_FOUND');
  const clockInAt = body.clockInAt ?? entry.clockInAt;
  const clockOutAt = body.clockOutAt === undefined ? entry.clockOutAt : body.clockOutAt;
  if (clockOutAt && clockOutAt < clockInAt)
    throw validationError(CLOCK_OUT_BEFORE_IN, [{ path: 'clockOutAt', message: CLOCK_OUT_BEFORE_IN }]);
  const breaks = body.breaks ?? (await breaksOf(deps.db, scope, [entry.entryId]));
  breaks.forEach((b, i) => {
    const end = b.endedAt ?? clockOutAt;
    const inside = b.startedAt >= clockInAt && (!clockOutAt || (end !== null && end <= clockOutAt));
    if (!inside || (b.endedAt && b.endedAt < b.startedAt))
      throw validationError(BREAK_OUTSIDE_SHIFT, [{ path: `breaks.${i}`, message: BREAK_OUTSIDE_SHIFT }]);
  });
  const titles = await jobTitlesOf(deps.db, scope);
  const jobChange = body.jobId !== undefined && body.jobId !== entry.jobId ? body.jobId : null;
  let wage = entry.wage;
  if (jobChange !== null) {
    const employee = await findEmployee(deps.db, scope, entry.employeeId);
    const title = titles.find((t) => t.jobId === jobChange);
    if (!employee || !title) throw validationError(JOB_NOT_HELD, [{ path: 'jobId', message: JOB_NOT_HELD }]);
    wage = shiftWage(employee, jobChange, title.defaultWage);
  }
  try {
    const updated = await updateEntry(deps.db, entry, {
      clockInAt,
      clockOutAt,
      jobId: jobChange ?? entry.jobId,
      wage,
      declaredTips: body.declaredTips ?? entry.declaredTips,
      editedBy: userIdOf(actor),
      editedAt: new Date(),
      editReason: body.reason,
    });
    if (body.breaks) {
      await deleteBreaks(deps.db, entry);
      await insertBreaks(
        deps.db,
        body.breaks.map((b) => ({ ...scope, entryId: entry.entryId, ...b })),
      );
    }
    const stored = await breaksOf(deps.db, scope, [entry.entryId]);
    return entryView(updated, stored, new Map(titles.map((t) => [t.jobId, t.title])));
  } catch (error) {
    // reopening a shift while the employee has another open one
    if (isUniqueViolation(error, 'time_entries_open_key'))
      throw new BrigadeError('conflict', 'ALREADY_CLOCKED_IN', ALREADY_CLOCKED_IN);
    throw error;
  }
}
