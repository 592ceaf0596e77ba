import type { Executor } from '@brigade/db/database';
import { employees, jobTitles, type StoredJobAssignment } from '@brigade/db/schema/catalogue';
import type { JobAssignment } from '@brigade/domain/catalogue/employee';
import { isAssignableJobTitle } from '@brigade/domain/catalogue/employee';
import { EMPLOYEE_KIND, JOB_TITLE_KIND } from '@brigade/domain/catalogue/kinds';
import { BrigadeError } from '@brigade/domain/errors';
import { and, asc, inArray, sql } from 'drizzle-orm';
import { checkUserLinks } from './employee-user-link';
import type { ResolvedScope } from './scope';
import { scopeWhere } from './scope';
import type { KindStore, RecordError, Row } from './store';

/** Job titles: updatedBy records who changed one last. */
export const JOB_TITLE_STORE: KindStore = {
  kind: JOB_TITLE_KIND,
  table: jobTitles,
  idColumn: jobTitles.jobId,
  complete: (record, { scope, previous }) =>
    previous && record.updatedBy === previous.updatedBy ? { ...record, updatedBy: scope.actor } : record,
  // Assignments carry wages and history: a job title that employees hold is deactivated, not deleted.
  beforeDelete: async (ex, scope, id) => {
    const holders = await ex
      .select({ employeeId: employees.employeeId })
      .from(employees)
      .where(
        and(
          scopeWhere(employees, scope),
          sql`${employees.jobAssignments} @> ${JSON.stringify([{ jobId: id }])}::jsonb`,
        ),
      )
      .orderBy(asc(employees.employeeId));
    if (holders.length > 0) {
      const ids = holders.map((holder) => holder.employeeId).join(', ');
      throw new BrigadeError(
        'conflict',
        'JOB_TITLE_IN_USE',
        `Job title with ID ${id} is assigned to employees ${ids}; deactivate it or remove the assignments first`,
      );
    }
  },
};

/**
 * Employees. Job assignments are a small list kept with the employee (JSONB); the server stamps
 * lastUpdated and updatedBy when an assignment is added or changed.
 */
export const EMPLOYEE_STORE: KindStore = {
  kind: EMPLOYEE_KIND,
  table: employees,
  idColumn: employees.employeeId,
  fromRow: (row) => ({
    ...row,
    jobAssignments: (row.jobAssignments as StoredJobAssignment[]).map(({ lastUpdated, ...rest }) =>
      lastUpdated ? { ...rest, lastUpdated: new Date(lastUpdated) } : rest,
    ),
  }),
  toRow: (record) => ({
    ...record,
    jobAssignments: (record.jobAssignments as JobAssignment[]).map(({ lastUpdated, ...rest }) =>
      lastUpdated ? { ...rest, lastUpdated: lastUpdated.toISOString() } : rest,
    ),
  }),
  complete: (record, { scope, previous }) => {
    const before = new Map(((previous?.jobAssignments ?? []) as JobAssignment[]).map((a) => [a.jobId, a]));
    const now = new Date();
    const jobAssignments = ((record.jobAssignments ?? []) as JobAssignment[]).map((assignment) => {
      const old = before.get(assignment.jobId);
      const unchanged =
        old &&
        old.isActive === assignment.isActive &&
        (old.wageOverride ?? null) === (assignment.wageOverride ?? null);
      const { lastUpdated: _ignored, updatedBy: _alsoIgnored, ...fields } = assignment;
      if (unchanged) {
        return {
          ...fields,
          ...(old.lastUpdated ? { lastUpdated: old.lastUpdated } : {}),
          ...(old.updatedBy ? { updatedBy: old.updatedBy } : {}),
        };
      }
      return { ...fields, lastUpdated: now, updatedBy: scope.actor };
    });
    // The employee's tenant is the scope's (its tenantId default of 1 is for records without one).
    return { ...record, tenantId: scope.tenantId, jobAssignments };
  },
  checkReferences: async (ex, scope, records, previous) => [
    ...(await checkJobAssignments(ex, scope, records, previous)),
    ...(await checkUserLinks(ex, scope, records, previous)),
  ],
};

/**
 * Only active job titles can be assigned. An assignment must name a stored job title; one
 * being added must name an active one (an employee keeps an assignment whose title was deactivated later).
 */
async function checkJobAssignments(
  ex: Executor,
  scope: ResolvedScope,
  records: readonly Row[],
  previous: readonly (Row | undefined)[],
): Promise<RecordError[]> {
  const wanted = new Set(
    records.flatMap((record) => (record.jobAssignments as JobAssignment[]).map((a) => a.jobId)),
  );
  if (wanted.size === 0) return [];
  const rows = await ex
    .select({ jobId: jobTitles.jobId, isActive: jobTitles.isActive })
    .from(jobTitles)
    .where(and(scopeWhere(jobTitles, scope), inArray(jobTitles.jobId, [...wanted])));
  const titles = new Map(rows.map((row) => [row.jobId, row]));
  const errors: RecordError[] = [];
  records.forEach((record, index) => {
    const held = new Set(((previous[index]?.jobAssignments ?? []) as JobAssignment[]).map((a) => a.jobId));
    const seen = new Set<number>();
    (record.jobAssignments as JobAssignment[]).forEach((assignment, position) => {
      const path = `jobAssignments.${position}.jobId`;
      const title = titles.get(assignment.jobId);
      if (seen.has(assignment.jobId)) {
        errors.push({
          index,
          path,
          message: `Job title with ID ${assignment.jobId} is assigned more than once`,
        });
      } else if (!title) {
        errors.push({ index, path, message: `Job title with ID ${assignment.jobId} not found` });
      } else if (!held.has(assignment.jobId) && !isAssignableJobTitle(title)) {
        errors.push({
          index,
          path,
          message: `Job title with ID ${assignment.jobId} is inactive and cannot be assigned`,
        });
      }
      seen.add(assignment.jobId);
    });
  });
  return errors;
}
