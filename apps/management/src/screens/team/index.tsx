import { errorMessage } from '@brigade/api-client/problem-error';
import { RESTAURANT_SCOPED_ROLES } from '@brigade/domain/access';
import { Badge } from '@brigade/ui/app-kit/badge';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useMyRestaurants } from '@brigade/ui/lib/queries';
import { useState } from 'react';
import { useCurrentRestaurant } from '../../restaurant-context';
import { InviteDialog, ROLE_LABELS } from './invite-dialog';
import { MemberRestaurantsDialog } from './member-restaurants-dialog';
import { type Invitation, type Member, useInvitationMutations, useInvitations, useMembers } from './queries';
import './team.css';

const dateOf = (value: string) => new Date(value).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** "Every restaurant", or the names of the ones a manager or employee works at. */
function useRestaurantNames() {
  const { tenantId } = useCurrentRestaurant();
  const restaurants = useMyRestaurants(tenantId);
  const names = new Map(restaurants.data?.map((r) => [r.restaurantId, r.name]));
  return (ids: readonly number[] | null) =>
    ids === null ? 'Every restaurant' : ids.map((id) => names.get(id) ?? `Restaurant ${id}`).join(', ');
}

const invitationColumns = (where: ReturnType<typeof useRestaurantNames>): Column<Invitation>[] => [
  { header: 'Email', primary: true, cell: (i) => i.email },
  { header: 'Role', cell: (i) => ROLE_LABELS[i.role] },
  { header: 'Restaurants', cell: (i) => where(i.restaurantIds), hideOnMobile: true },
  { header: 'Invited by', cell: (i) => i.invitedBy?.displayName ?? '—', hideOnMobile: true },
  {
    header: 'Link',
    cell: (i) =>
      i.status === 'expired' ? (
        <Badge tone="danger">Expired</Badge>
      ) : (
        <span>Valid until {dateOf(i.expiresAt)}</span>
      ),
  },
];

/**
 * The organization's team (issue 23): its members with their role, and the open invitations with resend and
 * revoke. For owners and admins (the sidebar hides it from the others; the server refuses them regardless).
 */
export default function TeamScreen() {
  const members = useMembers();
  const invitations = useInvitations();
  const [inviting, setInviting] = useState(false);
  const [placing, setPlacing] = useState<Member | null>(null);
  const where = useRestaurantNames();
  const roles = invitations.data?.grantableRoles ?? [];
  return (
    <>
      <PageHeader
        title="Team"
        description="Who can sign in to this organization's back office, and who is invited."
        actions={
          <Button onClick={() => setInviting(true)} disabled={roles.length === 0}>
            Invite member
          </Button>
        }
      />
      <h2 className="team__heading">Pending invitations</h2>
      <InvitationList
        rows={invitations.data?.invitations}
        isLoading={invitations.isPending}
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
        onInvite={() => setInviting(true)}
      />
      <h2 className="team__heading">Members</h2>
      <DataTable<Member>
        label="Members"
        rows={members.data}
        isLoading={members.isPending}
        error={members.error}
        onRetry={() => void members.refetch()}
        rowKey={(member) => member.uid}
        empty={{ title: 'No members yet' }}
        columns={[
          { header: 'Name', primary: true, cell: (m) => m.displayName },
          { header: 'Email', cell: (m) => m.email },
          { header: 'Role', cell: (m) => ROLE_LABELS[m.role] },
          { header: 'Restaurants', cell: (m) => where(m.restaurantIds), hideOnMobile: true },
          {
            header: 'Status',
            cell: (m) =>
              m.assignmentActive && m.isActive ? (
                <Badge tone="success">Active</Badge>
              ) : (
                <Badge tone="warning">Inactive</Badge>
              ),
          },
        ]}
        rowActions={(member) =>
          RESTAURANT_SCOPED_ROLES.includes(member.role) ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setPlacing(member)}
              aria-label={`Change the restaurants of ${member.displayName}`}
            >
              Restaurants
            </Button>
          ) : null
        }
      />
      {placing && <MemberRestaurantsDialog member={placing} onClose={() => setPlacing(null)} />}
      {inviting && <InviteDialog roles={roles} onClose={() => setInviting(false)} />}
    </>
  );
}

function InvitationList(props: {
  rows: readonly Invitation[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  onInvite: () => void;
}) {
  const { revoke } = useInvitationMutations();
  const where = useRestaurantNames();
  const toast = useToast();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);
  const withdraw = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.invitationId);
      toast.success(`The invitation of ${revoking.email} was withdrawn`);
      setRevoking(null);
    } catch (error) {
      setRevokeError(errorMessage(error));
    }
  };
  return (
    <>
      <DataTable<Invitation>
        label="Pending invitations"
        rows={props.rows}
        isLoading={props.isLoading}
        error={props.error}
        onRetry={props.onRetry}
        rowKey={(invitation) => invitation.invitationId}
        empty={{
          title: 'No pending invitations',
          message: 'Invite a manager or an employee to give them their own sign-in.',
          actions: <Button onClick={props.onInvite}>Invite member</Button>,
        }}
        columns={invitationColumns(where)}
        rowActions={(invitation) => (
          <InvitationActions
            invitation={invitation}
            onRevoke={() => {
              setRevokeError(null);
              setRevoking(invitation);
            }}
          />
        )}
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke the invitation?"
        message={revoking ? `The link sent to ${revoking.email} will stop working.` : ''}
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        error={revokeError}
        onConfirm={() => void withdraw()}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}

/** Resend (a new link, the old one dead) and Revoke (asks first) of one invitation. */
function InvitationActions({ invitation, onRevoke }: { invitation: Invitation; onRevoke: () => void }) {
  const { resend } = useInvitationMutations();
  const toast = useToast();
  const sendAgain = async () => {
    try {
      await resend.mutateAsync(invitation.invitationId);
      toast.success(`A new link was sent to ${invitation.email}`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  return (
    <div className="team__actions">
      <Button
        size="sm"
        variant="secondary"
        onClick={() => void sendAgain()}
        loading={resend.isPending}
        aria-label={`Resend the invitation of ${invitation.email}`}
      >
        Resend
      </Button>
      <Button
        size="sm"
        variant="ghost"
        onClick={onRevoke}
        aria-label={`Revoke the invitation of ${invitation.email}`}
      >
        Revoke
      </Button>
    </div>
  );
}
