import { type Actor, RESTAURANT_SCOPED_ROLES } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import {
  INVITATION_MESSAGES,
  memberRestaurantsInputSchema,
  OWNERS_WORK_EVERYWHERE,
} from '@brigade/domain/invitation';
import { getTenantOrThrow, refuseForeignRestaurants } from '../tenancy/index';
import type { UseCaseDeps } from '../use-case';
import { validateInput } from '../validate';
import { listTenantMembers, setAssignmentRestaurants, type TenantMemberRow } from './user-repository';

/**
 * issue 17: a tenant's users — everyone with an assignment to it, active or not — with their role there.
 * Only this tenant's assignment is shown, never the user's other tenants. The route lets the tenant's owners
 * and admins and site administrators in; an unknown tenant is 404.
 */
export async function listTenantUsers(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { tenantId: number },
): Promise<TenantMemberRow[]> {
  await getTenantOrThrow(deps.db, input.tenantId);
  return listTenantMembers(deps.db, input.tenantId);
}

/**
 * Where a manager or employee of the tenant works (issue 45 item 15): some of its restaurants, or null for
 * all. 404 for someone who is not a member; 400 for an owner or admin (they work everywhere) and for a
 * restaurant of another tenant. Counts from the member's next request (the actor is read per request).
 */
export async function setMemberRestaurants(
  deps: UseCaseDeps,
  _actor: Actor,
  input: { tenantId: number; uid: string; body: unknown },
): Promise<TenantMemberRow> {
  const { restaurantIds } = validateInput(memberRestaurantsInputSchema, input.body);
  await getTenantOrThrow(deps.db, input.tenantId);
  const member = (await listTenantMembers(deps.db, input.tenantId)).find((m) => m.uid === input.uid);
  if (!member) throw notFound(INVITATION_MESSAGES.notMember(input.uid), 'MEMBER_NOT_FOUND');
  if (restaurantIds !== null && !RESTAURANT_SCOPED_ROLES.includes(member.role))
    throw validationError(OWNERS_WORK_EVERYWHERE, [
      { path: 'restaurantIds', message: OWNERS_WORK_EVERYWHERE },
    ]);
  if (restaurantIds !== null) await refuseForeignRestaurants(deps.db, input.tenantId, restaurantIds);
  if (!(await setAssignmentRestaurants(deps.db, input.uid, input.tenantId, restaurantIds)))
    throw new BrigadeError('conflict', 'MEMBER_CHANGED', 'The member changed meanwhile; try again');
  return { ...member, restaurantIds };
}
