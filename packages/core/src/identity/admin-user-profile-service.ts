import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import { deriveDisplayName, type User } from '@brigade/domain/user';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { getUserOrThrow, refuseLastSiteAdmin } from './admin-users-service';
import { deleteAssignment, updateUserRow } from './user-repository';

/**
 * The "delete user document" delete (issue 17: the profile-only delete, distinct from the complete delete):
 * the profile goes — names (the display name becomes the email), phone, photo, site administrator and site
 * role, and every tenant assignment — while the account stays: its email, password, email verification,
 * active flag and sessions, so the person can still sign in, with no organisation to choose.
 */
export async function deleteUserProfile(
  deps: UseCaseDeps,
  actor: Actor,
  { uid }: { uid: string },
): Promise<User> {
  if (uid === userIdOf(actor)) {
    throw new BrigadeError('conflict', 'CANNOT_DELETE_SELF', 'You cannot delete your own profile');
  }
  return deps.db.transaction(async (tx) => {
    const user = await getUserOrThrow(tx, uid);
    await refuseLastSiteAdmin(tx, user, 'deleted');
    await updateUserRow(tx, uid, {
      displayName: deriveDisplayName({ email: user.email }),
      firstName: null,
      lastName: null,
      phoneNumber: null,
      photoUrl: null,
      isSiteAdmin: false,
      siteRole: null,
    });
    for (const assignment of user.tenantAssignments) await deleteAssignment(tx, uid, assignment.tenantId);
    return getUserOrThrow(tx, uid);
  });
}
