import { errorMessage } from '@brigade/api-client/problem-error';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type AdminUser, useUserMutations } from '../../queries';
import { Section } from './user-account';

/** Deactivate or reactivate (sign-in refused while inactive), and delete the user completely. */
export function StatusSection({ user }: { user: AdminUser }) {
  const { update, remove } = useUserMutations(user.uid);
  const toast = useToast();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'deactivate' | 'delete' | null>(null);
  const name = user.displayName || user.email;
  const tenants = user.tenantAssignments.length;
  const deactivate = confirm === 'deactivate';
  const pending = deactivate ? update.isPending : remove.isPending;
  const failure = deactivate ? update.error : remove.error;
  return (
    <Section
      id="account-title"
      title="Account"
      description="Deactivating keeps everything; deleting does not."
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
        <Button variant="danger" onClick={() => setConfirm('delete')}>
          Delete user
        </Button>
      </div>
      <ConfirmDialog
        open={confirm !== null}
        title={deactivate ? `Deactivate ${name}?` : `Delete ${name} completely?`}
        message={
          deactivate
            ? `${name} is signed out everywhere and loses access to every tenant until reactivated. Their profile and tenant assignments are kept.`
            : `This permanently removes ${name}'s profile, their ${tenants} tenant assignment${tenants === 1 ? '' : 's'}, their open sessions and their sign-in (${user.email}). It cannot be undone.`
        }
        confirmLabel={deactivate ? 'Deactivate' : 'Delete user'}
        pendingLabel={deactivate ? 'Deactivating...' : 'Deleting...'}
        pending={pending}
        error={failure ? errorMessage(failure) : null}
        onCancel={() => setConfirm(null)}
        onConfirm={() =>
          deactivate
            ? update.mutate(
                { isActive: false },
                {
                  onSuccess: () => {
                    toast.success(`${name} deactivated`);
                    setConfirm(null);
                  },
                },
              )
            : remove.mutate(undefined, {
                onSuccess: () => {
                  toast.success(`${name} deleted`);
                  navigate('/users');
                },
              })
        }
      />
    </Section>
  );
}
