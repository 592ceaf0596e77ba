import type { Executor } from '@brigade/db/database';
import { tenantAssignments } from '@brigade/db/schema/identity';
import { and, inArray } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';
import type { ResolvedScope } from './scope';
import type { RecordError, Row } from './store';

/** The message of an employee linked to someone outside the organization (issue 23). */
export const notAMember = (userId: string) => `User ${userId} is not a member of this organization`;

/**
 * issue 23: an employee may be linked to the Brigade user it is, who must belong to the restaurant's
 * organization (an assignment, active or not). Only a link being made or changed is checked, so an employee
 * whose user left the organization can still be edited.
 */
export async function checkUserLinks(
  ex: Executor,
  scope: ResolvedScope,
  records: readonly Row[],
  previous: readonly (Row | undefined)[],
): Promise<RecordError[]> {
  const changed = records
    .map((record, index) => ({ index, userId: record.userId as string | undefined }))
    .filter(({ index, userId }) => userId !== undefined && userId !== previous[index]?.userId);
  if (changed.length === 0) return [];
  const members = await ex
    .select({ uid: tenantAssignments.userUid })
    .from(tenantAssignments)
    .where(
      and(
        tenantIs(tenantAssignments.tenantId, scope.tenantId),
        inArray(
          tenantAssignments.userUid,
          changed.map(({ userId }) => userId!),
        ),
      ),
    );
  const known = new Set(members.map((member) => member.uid));
  return changed
    .filter(({ userId }) => !known.has(userId!))
    .map(({ index, userId }) => ({ index, path: 'userId', message: notAMember(userId!) }));
}
