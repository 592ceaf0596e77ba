import { errorMessage } from '@brigade/api-client/problem-error';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type AdminUser, useUserMutations } from '../../queries';
import { Section } from './user-account';

type Confirm = 'deactivate' | 'deleteProfile' | 'delete';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What each confirmation says: its title, what is lost (and what stays), and its button. */
function confirmation(kind: Confirm, user: AdminUser) {
  const name = user.displayName || user.email;
  const assignments = plural(user.tenantAssignments.length, 'tenant assignment');
  switch (kind) {
    case 'deactivate':
      return {
        title: `Deactivate ${name}?`,
        message: `${name} is signed out everywhere and loses access to every tenant until reactivated. Their profile and tenant assignments are kept.`,
        confirmLabel: 'Deactivate',
        pendingLabel: 'Deactivating...',
      };
    case 'deleteProfile':
      return {
        title: `Delete ${name}'s profile?`,
        message: `This removes ${name}'s profile: their names, phone and photo, ${user.isSiteAdmin ? 'their site administrator access, ' : ''}and their ${assignments}. Their account stays: they can still sign in as ${user.email}, with no organisation to choose until one is assigned. It cannot be undone.`,
        confirmLabel: 'Delete profile',
        pendingLabel: 'Deleting...',
      };
    case 'delete':
      return {
        title: `Delete ${name} completely?`,
        message: `This permanently removes ${name}'s profile, their ${assignments}, their open sessions and their sign-in (${user.email}). It cannot be undone.`,
        confirmLabel: 'Delete user',
        pendingLabel: 'Deleting...',
      };
  }
}

/**
 * Deactivate or reactivate (sign-in refused while inactive); delete only the profile (the account stays,
 * "delete user document"); delete the user completely.
 */
export function StatusSection({ user }: { user: AdminUser }) {
  const { update, remove, removeProfile } = useUserMutations(user.uid);
  const toast = useToast();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const name = user.displayName || user.email;
  const mutation = confirm === 'deactivate' ? update : confirm === 'deleteProfile' ? removeProfile : remove;
  const close = () => setConfirm(null);
  const done = (message: string, then: () => void) => ({
    onSuccess: () => {
      toast.success(message);
      then();
    },
  });
  const run = () => {
    if (confirm === 'deactivate') update.mutate({ isActive: false }, done(`${name} deactivated`, close));
    else if (confirm === 'deleteProfile')
      removeProfile.mutate(undefined, done(`${name}'s profile deleted`, close));
    else
      remove.mutate(
        undefined,
        done(`${name} deleted`, () => navigate('/users')),
      );
  };
  const texts = confirm ? confirmation(confirm, user) : null;
  return (
    <Section
      id="account-title"
      title="Account"
      description="Deactivating keeps everything; deleting the profile keeps the sign-in; deleting the user keeps nothing."
    >
      <div className="admin-danger">
        {user.isActive ? (
          <Button variant="secondary" onClick={() => setConfirm('deactivate')}>
            Deactivate user
          </Button>
        ) : (
          <Button
            variant="secondary"
            loading={update.isPending}
            loadingText="Reactivating..."
            onClick={() =>
              update.mutate({ isActive: true }, { onSuccess: () => toast.success(`${name} reactivated`) })
            }
          >
            Reactivate user
          </Button>
        )}
        <Button variant="danger" onClick={() => setConfirm('deleteProfile')}>
          Delete profile only
        </Button>
        <Button variant="danger" onClick={() => setConfirm('delete')}>
          Delete user
        </Button>
      </div>
      <ConfirmDialog
        open={texts !== null}
        title={texts?.title ?? ''}
        message={texts?.message ?? ''}
        confirmLabel={texts?.confirmLabel}
        pendingLabel={texts?.pendingLabel}
        pending={mutation.isPending}
        error={mutation.error ? errorMessage(mutation.error) : null}
        onCancel={() => {
          mutation.reset();
          close();
        }}
        onConfirm={run}
      />
    </Section>
  );
}
